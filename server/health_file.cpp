#include "server/health_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <asio.hpp>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

#include "server/http_request.hpp"

namespace spear::server {

namespace fs = std::filesystem;

bool write_health_file(const std::string& path, const HealthRecord& r, std::string* error) {
  nlohmann::json j{
      {"pid", r.pid}, {"port", r.port}, {"metrics_bind", r.metrics_bind}, {"tick", r.tick}};
  j["metrics_port"] = r.metrics_port ? nlohmann::json(*r.metrics_port) : nlohmann::json(nullptr);
  const std::string tmp = path + ".tmp";
  {
    // A new file of our own: whatever is at FILE.tmp (left by a crash, or a link planted there)
    // is removed, not followed, and one that comes back meanwhile fails the create.
    ::unlink(tmp.c_str());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    const std::string text = j.dump() + "\n";
    const bool written =
        fd >= 0 && ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    const bool closed = fd >= 0 && ::close(fd) == 0;
    if (!written || !closed) {
      if (fd >= 0) ::unlink(tmp.c_str());
      if (error) *error = "cannot write the health file " + tmp;
      return false;
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    if (error) *error = "cannot replace the health file " + path + ": " + ec.message();
    return false;
  }
  return true;
}

std::optional<HealthRecord> parse_health_record(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  const auto number = [&](const char* key) {
    return j.contains(key) && j[key].is_number_unsigned();
  };
  if (!number("pid") || !number("port") || !number("tick") || !j.contains("metrics_bind") ||
      !j["metrics_bind"].is_string() || !j.contains("metrics_port")) {
    return std::nullopt;
  }
  HealthRecord r;
  r.pid = j["pid"].get<long>();
  const auto port = j["port"].get<std::uint64_t>();
  if (port > 65535) return std::nullopt;
  r.port = static_cast<std::uint16_t>(port);
  r.tick = j["tick"].get<std::uint64_t>();
  r.metrics_bind = j["metrics_bind"].get<std::string>();
  if (!j["metrics_port"].is_null()) {
    if (!number("metrics_port") || j["metrics_port"].get<std::uint64_t>() > 65535) {
      return std::nullopt;
    }
    r.metrics_port = static_cast<std::uint16_t>(j["metrics_port"].get<std::uint64_t>());
  }
  return r;
}

namespace {

// Where to reach a listener bound to `bind` from this machine.
std::optional<asio::ip::address> reachable(const std::string& bind) {
  asio::error_code ec;
  const asio::ip::address a = asio::ip::make_address(bind, ec);
  if (ec) return std::nullopt;
  if (a.is_unspecified()) {
    return a.is_v6() ? asio::ip::address(asio::ip::address_v6::loopback())
                     : asio::ip::address(asio::ip::address_v4::loopback());
  }
  return a;
}

}  // namespace

HealthVerdict probe_health(const std::string& path, double max_age_seconds,
                           double timeout_seconds) {
  std::error_code ec;
  const auto written = fs::last_write_time(path, ec);
  if (ec) return {false, "no health file at " + path + " (is the server running?)"};
  const double age =
      std::chrono::duration<double>(fs::file_time_type::clock::now() - written).count();
  if (age > max_age_seconds) {
    std::ostringstream why;
    why << "the health file " << path << " is " << static_cast<long>(age)
        << " s old: the server stopped updating it";
    return {false, why.str()};
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const auto record = parse_health_record(text.str());
  if (!record) return {false, "the health file " + path + " is not one the server writes"};
  if (record->pid <= 0 || (::kill(static_cast<pid_t>(record->pid), 0) != 0 && errno == ESRCH)) {
    return {false, "the server process " + std::to_string(record->pid) + " is gone"};
  }
  if (!record->metrics_port) {
    return {true, "heartbeat fresh (tick " + std::to_string(record->tick) + "; metrics off)"};
  }
  const auto address = reachable(record->metrics_bind);
  if (!address) return {false, "the health file names a bad address: " + record->metrics_bind};
  asio::io_context io;
  int status = 0;
  async_http_request(io, {*address, *record->metrics_port}, "GET", "/healthz", "", timeout_seconds,
                     [&](int s) { status = s; });
  io.run();
  const std::string where =
      record->metrics_bind + ":" + std::to_string(*record->metrics_port) + "/healthz";
  if (status != 200) {
    return {false,
            where + (status == 0 ? " did not answer" : " answered " + std::to_string(status))};
  }
  return {true, where + " answered 200 (tick " + std::to_string(record->tick) + ")"};
}

}  // namespace spear::server
