#include "static_files.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace spear::web {
namespace {

constexpr std::uintmax_t kMaxFileBytes = 16u << 20;
constexpr std::size_t kMaxFiles = 64;

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

std::string content_type_of(const std::string& name) {
  if (ends_with(name, ".html")) return "text/html; charset=utf-8";
  if (ends_with(name, ".js")) return "text/javascript; charset=utf-8";
  if (ends_with(name, ".css")) return "text/css; charset=utf-8";
  if (ends_with(name, ".map") || ends_with(name, ".json")) return "application/json";
  if (ends_with(name, ".svg")) return "image/svg+xml";
  if (ends_with(name, ".png")) return "image/png";
  if (ends_with(name, ".ico")) return "image/x-icon";
  if (ends_with(name, ".woff2")) return "font/woff2";
  return "application/octet-stream";
}

StaticFiles load_static_files(const std::string& dir, std::string* error) {
  namespace fs = std::filesystem;
  StaticFiles files;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    *error = "cannot read the web root " + dir + ": " + ec.message();
    return {};
  }
  for (const fs::directory_entry& e : it) {
    if (!e.is_regular_file(ec)) continue;
    const std::string name = e.path().filename().string();
    const std::uintmax_t size = e.file_size(ec);
    if (ec || size > kMaxFileBytes) continue;
    if (files.size() >= kMaxFiles) {
      *error = "the web root " + dir + " holds more than " + std::to_string(kMaxFiles) + " files";
      return {};
    }
    std::ifstream in(e.path(), std::ios::binary);
    std::ostringstream body;
    body << in.rdbuf();
    if (!in && !in.eof()) continue;
    files["/" + name] = {content_type_of(name), body.str()};
  }
  const auto index = files.find("/index.html");
  if (index == files.end()) {
    *error = "no index.html in the web root " + dir + " (is the page built?)";
    return {};
  }
  files["/"] = index->second;
  return files;
}

}  // namespace spear::web
