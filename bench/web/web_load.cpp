// bench_web_load: N stand-in browsers watching one spear-web gateway, and what they cost it.
//
//   bench_web_load --gateway 127.0.0.1:8080 --browsers 100 --hold 10 --pid $(pidof spear-web)
//
// First the gateway is watched idle (--idle seconds, no browser of ours): its CPU and memory
// then are the baseline. Then N WebSockets open on /stream (one thread, web/probe); once all are
// open and --settle seconds have passed, every browser's messages and bytes, the gateway's
// /stats.json and (with --pid) its CPU time and VmRSS are read, again every 0.25 s (memory) and
// after --hold seconds. Printed: the gateway's CPU % of one core and RSS idle and with N
// browsers, per browser above the baseline; each browser's message rate against the snapshot
// rate (a browser under --min-rate of it counts as starved); bytes per browser per second from
// the browsers' own counts and from the gateway's; the average frame size. This tool runs on the
// same machine and its CPU is printed too, as is the whole machine's.
// Exit status: 0 when all N opened, stayed open and none was starved; 1 otherwise; 2 on a usage
// error.
#include <sys/resource.h>
#include <sys/types.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "browser_probe.hpp"
#include "cli/strict_options.hpp"
#include "http/http_get.hpp"
#include "process_meter.hpp"
#include "tool_cli.hpp"

namespace {

using spear::bench::MachineReading;
using spear::bench::ProcessReading;
using spear::bench::steady_seconds;

constexpr const char* kTool = "bench_web_load";

struct Gateway {
  std::string host;
  std::uint16_t port = 0;
};

std::optional<nlohmann::json> gateway_stats(const Gateway& g, std::string* error) {
  const spear::http::GetResult r = spear::http::get(g.host, g.port, "/stats.json");
  if (r.status != 200) {
    *error =
        r.status == 0 ? r.error : "/stats.json: " + r.headers.substr(0, r.headers.find("\r\n"));
    return std::nullopt;
  }
  auto j = nlohmann::json::parse(r.body, nullptr, false);
  if (j.is_discarded()) {
    *error = "/stats.json is not JSON";
    return std::nullopt;
  }
  return j;
}

double own_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  auto s = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
  };
  return s(u.ru_utime) + s(u.ru_stime);
}

double machine_busy_percent(const std::optional<MachineReading>& a,
                            const std::optional<MachineReading>& b, double wall) {
  if (!a || !b || wall <= 0.0) return 0.0;
  return 100.0 * (b->busy_seconds - a->busy_seconds) / wall;  // % of one core
}

std::uint64_t at(const nlohmann::json& j, const char* group, const char* key) {
  return j.at(group).at(key).get<std::uint64_t>();
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const double rank = p / 100.0 * static_cast<double>(v.size());
  const std::size_t i = rank <= 1.0 ? 0 : static_cast<std::size_t>(rank + 0.999999) - 1;
  return v[std::min(i, v.size() - 1)];
}

// An idle or loaded stretch of the gateway's life.
struct Window {
  double seconds = 0.0;
  double cpu_percent = 0.0;   // the gateway's, of one core (with --pid)
  double rss_mean_kib = 0.0;  // VmRSS sampled every 0.25 s
  double rss_max_kib = 0.0;
  double rss_end_kib = 0.0;
  double server_cpu_percent = 0.0;  // the game server's (with --server-pid)
  double machine_busy_percent = 0.0;
  double own_cpu_percent = 0.0;  // this tool's
};

// Watches for `seconds`, sampling memory every 0.25 s.
Window watch(double seconds, pid_t pid, pid_t server_pid) {
  Window w;
  const auto p0 = pid > 0 ? spear::bench::read_process(pid) : std::nullopt;
  const auto s0 = server_pid > 0 ? spear::bench::read_process(server_pid) : std::nullopt;
  const auto m0 = spear::bench::read_machine();
  const double own0 = own_cpu_seconds();
  const double t0 = steady_seconds();
  double rss_sum = 0.0;
  int rss_n = 0;
  for (;;) {
    const double left = t0 + seconds - steady_seconds();
    if (left <= 0.0) break;
    std::this_thread::sleep_for(std::chrono::duration<double>(std::min(0.25, left)));
    if (pid > 0) {
      if (const auto r = spear::bench::read_process(pid)) {
        rss_sum += r->rss_kib;
        ++rss_n;
        w.rss_max_kib = std::max(w.rss_max_kib, r->rss_kib);
      }
    }
  }
  w.seconds = steady_seconds() - t0;
  if (pid > 0) {
    const auto p1 = spear::bench::read_process(pid);
    if (p0 && p1) {
      w.cpu_percent = spear::bench::cpu_percent(*p0, *p1);
      w.rss_end_kib = p1->rss_kib;
    }
    w.rss_mean_kib = rss_n > 0 ? rss_sum / rss_n : w.rss_end_kib;
  }
  if (server_pid > 0) {
    const auto s1 = spear::bench::read_process(server_pid);
    if (s0 && s1) w.server_cpu_percent = spear::bench::cpu_percent(*s0, *s1);
  }
  w.machine_busy_percent = machine_busy_percent(m0, spear::bench::read_machine(), w.seconds);
  w.own_cpu_percent = 100.0 * (own_cpu_seconds() - own0) / w.seconds;
  return w;
}

nlohmann::json window_json(const Window& w) {
  return {{"seconds", w.seconds},
          {"gateway_cpu_percent", w.cpu_percent},
          {"gateway_rss_mean_kib", w.rss_mean_kib},
          {"gateway_rss_max_kib", w.rss_max_kib},
          {"gateway_rss_end_kib", w.rss_end_kib},
          {"server_cpu_percent", w.server_cpu_percent},
          {"machine_busy_percent_of_one_core", w.machine_busy_percent},
          {"load_tool_cpu_percent", w.own_cpu_percent}};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"bench_web_load: N stand-in browsers on one spear-web gateway, and their cost"};
  std::string gateway_text = "127.0.0.1:8080";
  std::size_t browsers = 10;
  double idle = 3.0;
  double settle = 2.0;
  double hold = 10.0;
  double open_timeout = 20.0;
  double snapshot_rate = 30.0;
  double min_rate = 0.9;
  pid_t pid = 0;
  pid_t server_pid = 0;
  std::string json_path;
  app.add_option("--gateway", gateway_text, "HOST:PORT of spear-web's HTTP port")
      ->capture_default_str()
      ->check(spear::cli::NonEmpty);
  app.add_option("--browsers", browsers, "WebSockets to open on /stream")
      ->capture_default_str()
      ->check(spear::cli::IntegerRange(1, 10000));
  app.add_option("--pid", pid, "spear-web's process id: its CPU and memory are read from /proc")
      ->check(spear::cli::IntegerRange(1, 1 << 30));
  app.add_option("--server-pid", server_pid, "spear-server's process id (its CPU, for comparison)")
      ->check(spear::cli::IntegerRange(1, 1 << 30));
  app.add_option("--idle", idle, "Seconds the gateway is watched before any browser opens")
      ->capture_default_str()
      ->check(spear::cli::FiniteRange(0.5, 600.0));
  app.add_option("--settle", settle, "Seconds after the last browser opened, before measuring")
      ->capture_default_str()
      ->check(spear::cli::FiniteRange(0.0, 600.0));
  app.add_option("--hold", hold, "Seconds measured with all browsers open")
      ->capture_default_str()
      ->check(spear::cli::FiniteRange(1.0, 3600.0));
  app.add_option("--open-timeout", open_timeout, "Seconds to wait for all browsers to open")
      ->capture_default_str()
      ->check(spear::cli::FiniteRange(1.0, 600.0));
  app.add_option("--snapshot-rate", snapshot_rate, "The game server's snapshots per second")
      ->capture_default_str()
      ->check(spear::cli::FiniteRange(1.0, 1000.0));
  app.add_option("--min-rate", min_rate,
                 "A browser receiving fewer messages a second than this fraction of the snapshot "
                 "rate counts as starved")
      ->capture_default_str()
      ->check(spear::cli::FiniteRange(0.0, 1.0));
  app.add_option("--json", json_path, "Write the figures as JSON to this file")
      ->check(spear::cli::Writable);
  if (const auto done = spear::tools::parse_command_line(app, argc, argv, kTool)) return *done;

  Gateway gateway;
  const std::size_t colon = gateway_text.rfind(':');
  try {
    if (colon == std::string::npos || colon == 0) throw std::invalid_argument("no port");
    gateway.host = gateway_text.substr(0, colon);
    const unsigned long p = std::stoul(gateway_text.substr(colon + 1));
    if (p == 0 || p > 65535) throw std::out_of_range("port");
    gateway.port = static_cast<std::uint16_t>(p);
  } catch (const std::exception&) {
    return spear::tools::usage_error(kTool, "--gateway needs HOST:PORT, got " + gateway_text);
  }

  std::string error;
  const auto stats_before = gateway_stats(gateway, &error);
  if (!stats_before) {
    std::cerr << kTool << ": " << error << '\n';
    return 1;
  }
  if (!stats_before->at("server").at("connected").get<bool>()) {
    std::cerr << kTool << ": the gateway has no link to the game server yet\n";
    return 1;
  }
  if (stats_before->at("browsers").at("open").get<std::uint64_t>() != 0) {
    std::cerr << kTool << ": note: the gateway already has "
              << stats_before->at("browsers").at("open") << " browsers open\n";
  }

  // Idle: the baseline.
  const Window idle_window = watch(idle, pid, server_pid);
  const double idle_rss = idle_window.rss_mean_kib;

  // Open the browsers.
  spear::web::ProbeConfig pc;
  pc.host = gateway.host;
  pc.port = gateway.port;
  pc.connections = browsers;
  const double open_start = steady_seconds();
  auto probe = spear::web::BrowserProbe::start(pc, &error);
  if (!probe) {
    std::cerr << kTool << ": " << error << '\n';
    return 1;
  }
  std::size_t opened = 0;
  std::size_t failed = 0;
  for (;;) {
    const auto cs = probe->connections();
    opened = static_cast<std::size_t>(
        std::count_if(cs.begin(), cs.end(), [](const auto& c) { return c.opened; }));
    failed = static_cast<std::size_t>(
        std::count_if(cs.begin(), cs.end(), [](const auto& c) { return c.failed; }));
    if (opened + failed >= browsers || steady_seconds() - open_start > open_timeout) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const double open_seconds = steady_seconds() - open_start;
  std::this_thread::sleep_for(std::chrono::duration<double>(settle));

  // Loaded.
  const auto conns_before = probe->connections();
  const auto stats_a = gateway_stats(gateway, &error);
  const double t_a = steady_seconds();
  const Window load_window = watch(hold, pid, server_pid);
  const auto conns_after = probe->connections();
  const double t_b = steady_seconds();
  const auto stats_b = gateway_stats(gateway, &error);
  probe->stop();
  if (!stats_a || !stats_b) {
    std::cerr << kTool << ": " << error << '\n';
    return 1;
  }
  const double span = t_b - t_a;

  // Per browser.
  std::vector<double> rates, byte_rates;
  std::size_t closed = 0;
  std::size_t starved = 0;
  std::vector<std::string> close_reasons;
  for (std::size_t i = 0; i < browsers; ++i) {
    const auto& a = conns_before[i];
    const auto& b = conns_after[i];
    if (b.closed) {
      ++closed;
      close_reasons.push_back(std::to_string(b.close_code) + " " + b.close_reason);
    }
    if (!a.opened) continue;
    const double rate = static_cast<double>(b.messages - a.messages) / span;
    rates.push_back(rate);
    byte_rates.push_back(static_cast<double>(b.bytes - a.bytes) / span);
    if (rate < min_rate * snapshot_rate) ++starved;
  }
  starved += browsers - rates.size();  // never opened: nothing received
  double byte_sum = 0.0;
  for (double v : byte_rates) byte_sum += v;
  const double bytes_per_browser =
      byte_rates.empty() ? 0.0 : byte_sum / static_cast<double>(byte_rates.size());

  // The gateway's own counts over the same window.
  const double frames =
      static_cast<double>(at(*stats_b, "frames", "written") - at(*stats_a, "frames", "written"));
  const double frame_bytes =
      static_cast<double>(at(*stats_b, "frames", "bytes") - at(*stats_a, "frames", "bytes"));
  const double sent_bytes =
      static_cast<double>(at(*stats_b, "sent", "bytes") - at(*stats_a, "sent", "bytes"));
  const double sent_messages =
      static_cast<double>(at(*stats_b, "sent", "messages") - at(*stats_a, "sent", "messages"));
  const double frame_rate = frames / span;
  const double gateway_bytes_per_browser = sent_bytes / static_cast<double>(browsers) / span;
  const double mean_frame = frames > 0.0 ? frame_bytes / frames : 0.0;
  const std::uint64_t dropped_slow =
      at(*stats_b, "browsers", "dropped_slow") - at(*stats_before, "browsers", "dropped_slow");
  const std::uint64_t refused_full =
      at(*stats_b, "browsers", "refused_full") - at(*stats_before, "browsers", "refused_full");
  const std::uint64_t runners = at(*stats_b, "server", "runners");
  const bool server_connected = stats_b->at("server").at("connected").get<bool>();

  const double loaded_rss = load_window.rss_mean_kib;
  const double rss_per_browser =
      pid > 0 ? (loaded_rss - idle_rss) / static_cast<double>(browsers) : 0.0;
  const double cpu_above_idle = load_window.cpu_percent - idle_window.cpu_percent;

  std::cout.setf(std::ios::fixed);
  std::cout.precision(1);
  std::cout << "browsers " << browsers << ": " << opened << " opened in " << open_seconds << " s, "
            << failed << " failed, " << closed << " closed while watched, " << dropped_slow
            << " dropped slow, " << refused_full << " refused full\n";
  std::cout << "game: " << runners << " runners in the last frame; gateway frames " << frame_rate
            << "/s over " << span << " s (snapshot rate " << snapshot_rate << ")\n";
  std::cout << "per browser messages/s: min " << percentile(rates, 0.0) << " median "
            << percentile(rates, 50.0) << " max " << percentile(rates, 100.0) << "; under "
            << min_rate * snapshot_rate << "/s: " << starved << "\n";
  std::cout.precision(0);
  std::cout << "per browser bytes/s: mean " << bytes_per_browser << " min "
            << percentile(byte_rates, 0.0) << " max " << percentile(byte_rates, 100.0)
            << "; gateway sent.bytes / browsers / s: " << gateway_bytes_per_browser << "\n";
  std::cout << "frame: mean " << mean_frame << " B; messages sent " << sent_messages / span
            << "/s in all\n";
  if (pid > 0) {
    std::cout.precision(1);
    std::cout << "gateway CPU: idle " << idle_window.cpu_percent << " %, with " << browsers
              << " browsers " << load_window.cpu_percent << " % of one core (+" << cpu_above_idle
              << ", ";
    std::cout.precision(3);
    std::cout << cpu_above_idle / static_cast<double>(browsers) << " per browser)\n";
    std::cout.precision(1);
    std::cout << "gateway RSS: idle " << idle_rss / 1024.0 << " MiB, with " << browsers
              << " browsers " << loaded_rss / 1024.0 << " MiB (max "
              << load_window.rss_max_kib / 1024.0 << ", end " << load_window.rss_end_kib / 1024.0
              << "), " << rss_per_browser << " KiB per browser above idle\n";
  }
  std::cout.precision(1);
  if (server_pid > 0) {
    std::cout << "game server CPU: idle " << idle_window.server_cpu_percent << " %, loaded "
              << load_window.server_cpu_percent << " % of one core\n";
  }
  std::cout << "this tool CPU " << load_window.own_cpu_percent << " % of one core; machine busy "
            << load_window.machine_busy_percent << " % of one core (idle window "
            << idle_window.machine_busy_percent << " %)\n";
  for (std::size_t i = 0; i < close_reasons.size() && i < 5; ++i)
    std::cout << "closed: " << close_reasons[i] << "\n";
  if (!server_connected) std::cout << "the gateway lost its game server during the run\n";

  if (!json_path.empty()) {
    nlohmann::json j;
    j["browsers"] = {{"requested", browsers},
                     {"opened", opened},
                     {"failed", failed},
                     {"closed", closed},
                     {"open_seconds", open_seconds},
                     {"dropped_slow", dropped_slow},
                     {"refused_full", refused_full},
                     {"starved", starved}};
    j["runners"] = runners;
    j["snapshot_rate"] = snapshot_rate;
    j["gateway_frames_per_second"] = frame_rate;
    j["messages_per_browser_per_second"] = {{"min", percentile(rates, 0.0)},
                                            {"median", percentile(rates, 50.0)},
                                            {"max", percentile(rates, 100.0)}};
    j["bytes_per_browser_per_second"] = {{"mean", bytes_per_browser},
                                         {"min", percentile(byte_rates, 0.0)},
                                         {"max", percentile(byte_rates, 100.0)},
                                         {"gateway_sent", gateway_bytes_per_browser}};
    j["mean_frame_bytes"] = mean_frame;
    j["idle"] = window_json(idle_window);
    j["loaded"] = window_json(load_window);
    j["gateway_cpu_percent_above_idle"] = cpu_above_idle;
    j["gateway_rss_kib_per_browser_above_idle"] = rss_per_browser;
    std::ofstream out(json_path);
    out << j.dump(2) << '\n';
  }
  const bool ok = opened == browsers && failed == 0 && closed == 0 && starved == 0 &&
                  dropped_slow == 0 && server_connected;
  return ok ? 0 : 1;
}
