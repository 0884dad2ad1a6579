// Every tool's numeric and text flags refuse NaN, infinities, empty and out-of-range values with
// exit code 2 and a message (never an abort, never a silent default), table-driven over the
// real executables. Exit codes follow the convention of the README's tools section.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "process_runner.hpp"

namespace spear::test {
namespace {

struct Tool {
  std::string path;
  std::string base_args;  // what the tool needs besides the flag under test
  std::vector<std::string> numeric_flags;
  std::vector<std::string> text_flags;  // an empty value is an error
};

std::vector<Tool> tools() {
  std::vector<Tool> t;
  t.push_back(
      {SPEAR_SERVER_PATH,
       "",
       {"--port", "--seed", "--tick-rate", "--snapshot-rate", "--bots", "--bot-skill",
        "--rewind-ms", "--max-players", "--max-spectators", "--max-players-per-address",
        "--max-spectators-per-address", "--password-rate", "--password-total-rate", "--timeout",
        "--duration", "--finished-records", "--metrics-port", "--handshake-rate", "--unknown-rate"},
       {"--bind", "--password", "--summary-json", "--health-file", "--metrics-bind",
        "--log-level"}});
  t.push_back({SPEAR_NETSIM_PATH,
               "--listen 127.0.0.1:0 --to 127.0.0.1:9",
               {"--loss", "--delay-ms", "--jitter-ms", "--dup", "--reorder", "--reorder-hold-ms",
                "--seed", "--duration", "--max-clients"},
               {"--listen", "--to"}});
  t.push_back({SPEAR_SIM_TRACE_PATH, "", {"--seed", "--seconds"}, {"--out"}});
  t.push_back({SPEAR_RIG_DUMP_PATH, "", {"--seconds", "--fps"}, {"--sequence"}});
#ifdef SPEAR_LOAD_PATH
  t.push_back({SPEAR_LOAD_PATH,
               "",
               {"--clients", "--spectators", "--duration", "--bot-skill", "--seed",
                "--interp-clients", "--join-spread"},
               {"--connect", "--json", "--password", "--truth"}});
#endif
#ifdef SPEAR_CLIENT_PATH
  t.push_back({SPEAR_CLIENT_PATH,
               "--headless",
               {"--duration", "--autoplay-skill", "--screenshot-frames", "--width", "--height",
                "--frame-rate", "--frame-jitter-ms", "--bots", "--bot-skill", "--seed", "--volume"},
               {"--connect", "--name", "--password", "--stats-json", "--screenshot",
                "--frame-trace", "--audio-wav"}});
#endif
  return t;
}

ProcessResult run(const Tool& tool, const std::string& flag, const std::string& value) {
  return run_process("timeout 20 " + tool.path + " " + tool.base_args + " " + flag + " " + value +
                     " </dev/null");
}

void expect_usage_error(const ProcessResult& r, const std::string& what) {
  EXPECT_EQ(r.exit_code, 2) << what << "\n" << r.output;
  EXPECT_EQ(r.output.find("terminate"), std::string::npos) << what << "\n" << r.output;
  EXPECT_FALSE(r.output.empty()) << what << ": no message";
}

TEST(StrictFlags, NumbersRefuseNanInfinityEmptyAndGarbage) {
  for (const Tool& tool : tools()) {
    for (const std::string& flag : tool.numeric_flags) {
      for (const std::string value : {"nan", "NaN", "inf", "1e999", "''", "x", "1.5x"}) {
        // Integers refuse fractions too; floats take 1.5: only test that value where it fails.
        expect_usage_error(run(tool, flag, value), tool.path + " " + flag + " " + value);
      }
    }
  }
}

TEST(StrictFlags, TextFlagsRefuseEmptyValues) {
  for (const Tool& tool : tools())
    for (const std::string& flag : tool.text_flags)
      expect_usage_error(run(tool, flag, "''"), tool.path + " " + flag + " ''");
}

TEST(StrictFlags, UnsignedValuesDoNotWrap) {
  for (const Tool& tool : tools()) {
    for (const std::string& flag : tool.numeric_flags) {
      if (flag != "--seed" && flag != "--port") continue;
      const ProcessResult r = run(tool, flag, "-1");
      expect_usage_error(r, tool.path + " " + flag + " -1");
    }
  }
}

TEST(StrictFlags, ServerMessagesAreShortAndExact) {
  const Tool server = tools().front();
  ProcessResult r = run(server, "--duration", "0");
  expect_usage_error(r, "--duration 0");
  EXPECT_NE(r.output.find("must be more than 0, not 0"), std::string::npos) << r.output;
  r = run(server, "--bot-skill", "1e300");
  expect_usage_error(r, "--bot-skill 1e300");
  EXPECT_NE(r.output.find("1e+300 is outside [0, 1]"), std::string::npos) << r.output;
  EXPECT_LT(r.output.size(), 400u) << r.output;
  r = run(server, "--password", std::string(65, 'x'));
  expect_usage_error(r, "--password of 65 bytes");
  EXPECT_NE(r.output.find("65 bytes; at most 64"), std::string::npos) << r.output;
  EXPECT_EQ(run(server, "--password", std::string(64, 'x') + " --help").exit_code, 0);
  r = run(server, "--summary-json", "/nonexistent-folder/summary.json");
  expect_usage_error(r, "--summary-json in a missing folder");
  EXPECT_NE(r.output.find("no folder"), std::string::npos) << r.output;
}

TEST(StrictFlags, EmptyOrBadEnvironmentVariablesAreErrors) {
  for (const std::string env : {"SPEAR_PORT=", "SPEAR_BOT_SKILL=nan", "SPEAR_SEED=-1",
                                "SPEAR_PASSWORD=", "SPEAR_TICK_RATE=inf", "SPEAR_BIND="}) {
    const ProcessResult r =
        run_process("env " + env + " timeout 20 " + std::string(SPEAR_SERVER_PATH) + " </dev/null");
    expect_usage_error(r, env);
  }
}

TEST(StrictFlags, OutputFilesAreCheckedBeforeTheRun) {
  std::vector<std::pair<std::string, std::string>> cases = {
      {SPEAR_SIM_TRACE_PATH, "--out /nonexistent-folder/t.jsonl"},
      {SPEAR_SERVER_PATH, "--headless --fast --duration 5 --summary-json /nonexistent-folder/s"},
  };
#ifdef SPEAR_LOAD_PATH
  cases.push_back({SPEAR_LOAD_PATH, "--json /nonexistent-folder/l.json"});
#endif
#ifdef SPEAR_CLIENT_PATH
  cases.push_back(
      {SPEAR_CLIENT_PATH, "--headless --duration 1 --stats-json /nonexistent-folder/x"});
  cases.push_back(
      {SPEAR_CLIENT_PATH, "--headless --duration 1 --frame-trace /nonexistent-folder/x"});
#endif
  for (const auto& [path, args] : cases)
    expect_usage_error(run_process("timeout 20 " + path + " " + args), path + " " + args);
}

#ifdef SPEAR_CLIENT_PATH
// Drawing offscreen still needs an X display: without one the client says so and exits 2
// (before, SFML aborted the process on its first context).
TEST(StrictFlags, AScreenshotWithoutADisplayIsAClearError) {
  const ProcessResult r =
      run_process("env -u DISPLAY timeout 20 " + std::string(SPEAR_CLIENT_PATH) +
                  " --headless --autoplay --duration 1 --mute --screenshot " +
                  ::testing::TempDir() + "no_display.png </dev/null");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("no X display"), std::string::npos) << r.output;
}
#endif

}  // namespace
}  // namespace spear::test
