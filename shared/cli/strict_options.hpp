#pragma once
// Strict command-line values for every Spear Run tool (CLI11 validators), so a flag or a
// SPEAR_* variable is either exactly what it says or a clear error with exit code 2:
//   - numbers are finite (NaN and infinities refused) and inside their range, and the message
//     names the range in a few digits;
//   - integers do not wrap ("-1" for an unsigned value is an error, not 2^64 - 1);
//   - empty values are errors, never a default (`--port ''`, and `SPEAR_PORT=` via
//     reject_empty_env after parsing);
//   - files to write are checked at start (Writable), not after the run.
// Exit codes, the same for all tools (README "Tools"): 0 done, 1 runtime failure, 2 bad usage
// or configuration.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <string>
#include <string_view>

namespace spear::cli {

inline constexpr int kExitDone = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// A number in a message: up to 6 significant digits ("1e+300", "0.5"), never 300 digits.
inline std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// The whole text is a finite floating-point number.
inline bool parse_finite(const std::string& text, double& v) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return false;
  errno = 0;
  char* end = nullptr;
  v = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && errno != ERANGE && std::isfinite(v);
}

// A finite number from min to max (either bound may be ±infinity: no bound).
inline CLI::Validator FiniteRange(double min, double max) {
  std::string desc = "FLOAT";
  if (std::isfinite(min) || std::isfinite(max))
    desc += " in [" + number_text(min) + ", " + number_text(max) + "]";
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        double v = 0.0;
        if (text.empty()) return "an empty value is not a number";
        if (!parse_finite(text, v)) return "'" + text + "' is not a finite number";
        if (v < min || v > max)
          return number_text(v) + " is outside [" + number_text(min) + ", " + number_text(max) +
                 "]";
        return {};
      },
      desc, "FINITE");
}
// A finite number above 0 (and at most max).
inline CLI::Validator FinitePositive(double max = std::numeric_limits<double>::infinity()) {
  return CLI::Validator(
      [max](std::string& text) -> std::string {
        double v = 0.0;
        if (text.empty()) return "an empty value is not a number";
        if (!parse_finite(text, v)) return "'" + text + "' is not a finite number";
        if (!(v > 0.0)) return "must be more than 0, not " + number_text(v);
        if (v > max) return number_text(v) + " is more than " + number_text(max);
        return {};
      },
      "FLOAT > 0", "FINITE_POSITIVE");
}
inline const CLI::Validator Finite =
    FiniteRange(-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity());

// A whole decimal number from min to max, no wrapping and nothing after the digits.
inline CLI::Validator IntegerRange(long long min, long long max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        if (text.empty()) return "an empty value is not a number";
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(text.c_str(), &end, 10);
        if (std::isspace(static_cast<unsigned char>(text.front())) ||
            end != text.c_str() + text.size())
          return "'" + text + "' is not a whole number";
        if (errno == ERANGE || v < min || v > max)
          return text + " is outside [" + std::to_string(min) + ", " + std::to_string(max) + "]";
        return {};
      },
      "INT in [" + std::to_string(min) + ", " + std::to_string(max) + "]", "INTEGER");
}
// A whole number from 0 to 2^64 - 1 ("-1" is refused, not wrapped).
inline const CLI::Validator Unsigned64 = CLI::Validator(
    [](std::string& text) -> std::string {
      if (text.empty()) return "an empty value is not a number";
      if (text.find_first_not_of("0123456789") != std::string::npos)
        return "'" + text + "' is not a whole number from 0";
      errno = 0;
      (void)std::strtoull(text.c_str(), nullptr, 10);
      if (errno == ERANGE) return text + " is more than 2^64 - 1";
      return {};
    },
    "UINT", "UNSIGNED");

inline const CLI::Validator NonEmpty = CLI::Validator(
    [](std::string& text) -> std::string {
      return text.empty() ? std::string("an empty value is not allowed") : std::string();
    },
    "", "NON_EMPTY");

// At most max_bytes bytes.
inline CLI::Validator MaxBytes(std::size_t max_bytes) {
  return CLI::Validator(
      [max_bytes](std::string& text) -> std::string {
        if (text.size() <= max_bytes) return {};
        return std::to_string(text.size()) + " bytes; at most " + std::to_string(max_bytes) +
               " are allowed";
      },
      "", "MAX_BYTES");
}

// "" when a file could be written at `path` (it exists and is writable, or its folder is),
// else why not.
inline std::string why_not_writable(const std::string& path) {
  if (path.empty()) return "an empty file name";
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p(path);
  if (fs::is_directory(p, ec)) return path + " is a folder";
  if (fs::exists(p, ec)) return ::access(path.c_str(), W_OK) == 0 ? "" : path + " is not writable";
  fs::path dir = p.parent_path();
  if (dir.empty()) dir = ".";
  if (!fs::is_directory(dir, ec)) return "no folder " + dir.string() + " for " + path;
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    return "cannot create files in " + dir.string() + " for " + path;
  return {};
}
inline const CLI::Validator Writable = CLI::Validator(
    [](std::string& text) -> std::string { return why_not_writable(text); }, "FILE", "WRITABLE");

// A server's public key as spear-server prints it: 64 hex digits.
inline const CLI::Validator ServerKeyText = CLI::Validator(
    [](std::string& text) -> std::string {
      if (text.size() != 64 ||
          text.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
        return "a server key is 64 hex digits (spear-server prints its key when it starts)";
      return {};
    },
    "KEY", "SERVER_KEY");

// After app.parse: an option's environment variable that is set but empty is an error (CLI11
// skips it silently). Returns the message, or "" when there is none.
inline std::string empty_env_error(const CLI::App& app) {
  for (const CLI::Option* opt : app.get_options()) {
    const std::string name = opt->get_envname();
    if (name.empty()) continue;
    const char* value = std::getenv(name.c_str());
    if (value && !*value) return name + " is set but empty (unset it or give a value)";
  }
  return {};
}

// A parse error that came from an option's environment variable (the flag itself not on the
// command line) names the variable and its value: "SPEAR_BOTS=many (--bots): ...". Returns
// `message` unchanged when no variable is to blame.
inline std::string name_env_in_error(const CLI::App& app, const std::string& message, int argc,
                                     const char* const* argv) {
  for (const CLI::Option* opt : app.get_options()) {
    const std::string env = opt->get_envname();
    const char* value = env.empty() ? nullptr : std::getenv(env.c_str());
    if (!value || opt->get_lnames().empty()) continue;
    const std::string flag = "--" + opt->get_lnames().front();
    if (message.find(flag) == std::string::npos) continue;
    bool given = false;
    for (int i = 1; i < argc && !given; ++i) {
      const std::string_view a(argv[i]);
      given = a == flag || a.rfind(flag + "=", 0) == 0;
    }
    if (!given) return env + "=" + value + " (" + flag + "): " + message;
  }
  return message;
}

}  // namespace spear::cli
