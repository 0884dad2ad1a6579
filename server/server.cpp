#include "server/server.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <asio.hpp>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <stdexcept>

#include "net/name_text.hpp"
#include "net/protocol.hpp"
#include "net/session_crypto.hpp"
#include "net/udp_endpoint.hpp"
#include "server/agones_sdk.hpp"
#include "server/health_file.hpp"
#include "server/http_listener.hpp"
#include "server/leaderboard_endpoint.hpp"
#include "server/match_loop.hpp"
#include "server/metrics_text.hpp"
#include "server/refusal_log.hpp"
#include "server/replay_file_writer.hpp"
#include "server/server_key_file.hpp"
#include "server/tick_schedule.hpp"

namespace spear::server {

namespace {
// At most this many datagrams are read between two ticks, so a flood delays no tick for long
// (the rest wait in the kernel's buffer, which is bounded, and are read after the tick).
constexpr int kMaxDatagramsPerPass = 2048;
// The loop wakes at least this often to notice stop() and serve metrics (seconds).
constexpr double kMaxWait = 0.01;
// Seconds between heartbeats in the health file; probes allow several missed ones.
constexpr double kHealthBeatInterval = 1.0;
// Disconnect repeats during the shutdown drain are this far apart (seconds).
constexpr double kDisconnectRepeatInterval = 0.03;
// --fast: ticks between two looks at the socket and the Asio context.
constexpr int kFastTicksPerPass = 32;
// How long the Agones Shutdown call may hold the exit (seconds).
constexpr double kAgonesShutdownWait = 0.6;

void log_race(const sim::RaceResult& race) {
  if (race.results.empty()) {
    spdlog::info("race {} over (seed {}): nobody ran", race.number, race.seed);
    return;
  }
  const sim::RaceResultEntry& w = race.results.front();
  spdlog::info(
      "race {} over (seed {}, ticks {}-{}): {} runners, won by '{}' with {} points, {:.1f} m",
      race.number, race.seed, race.first_tick, race.last_tick, race.results.size(),
      net::printable_text(w.name), w.score, w.distance_m);
}

const char* role_name(net::Role r) { return r == net::Role::Player ? "player" : "spectator"; }

// "10.0.0.1" of "10.0.0.1:4000", "::1" of "[::1]:4000": the host a refusal counts against.
std::string host_of(const net::PeerAddress& a) {
  std::string s = a.to_string();
  s.erase(s.rfind(':'));
  if (!s.empty() && s.front() == '[') s = s.substr(1, s.size() - 2);
  return s;
}
}  // namespace

struct Server::Io {
  asio::io_context context;
  std::unique_ptr<net::UdpEndpoint> udp;
  std::unique_ptr<MatchLoop> loop;
  std::unique_ptr<HttpListener> metrics;
  std::unique_ptr<AgonesSdk> agones;
  std::unique_ptr<asio::signal_set> signals;
  Outbox out;
  std::optional<RefusalLog> refusals;
  std::unique_ptr<ReplayFileWriter> replays;  // with --record-dir
  std::string replay_prefix;                  // "race-<start time>-<pid>-"
  std::array<std::uint8_t, 2048> buffer{};
};

Server::Server(ServerConfig config, RaceStore* race_store)
    : config_(std::move(config)), race_store_(race_store), io_(std::make_unique<Io>()) {}

Server::~Server() = default;

double Server::now() const {
  const auto wall = std::chrono::steady_clock::now();
  std::lock_guard lock(pause_mutex_);
  auto paused = paused_total_;
  if (paused_) paused += wall - paused_at_;
  return std::chrono::duration<double>(wall - origin_ - paused).count();
}

void Server::set_paused(bool paused) {
  const auto wall = std::chrono::steady_clock::now();
  std::lock_guard lock(pause_mutex_);
  if (paused == paused_) return;
  if (paused)
    paused_at_ = wall;
  else
    paused_total_ += wall - paused_at_;
  paused_ = paused;
}

bool Server::paused() const {
  std::lock_guard lock(pause_mutex_);
  return paused_;
}

double Server::paused_seconds() const {
  const auto wall = std::chrono::steady_clock::now();
  std::lock_guard lock(pause_mutex_);
  auto paused = paused_total_;
  if (paused_) paused += wall - paused_at_;
  return std::chrono::duration<double>(paused).count();
}

bool Server::start(std::string& error) {
  if (started_) {
    error = "server already started";
    return false;
  }
  started_ = true;
  origin_ = std::chrono::steady_clock::now();
  if (config_.snapshot_rate < 1 || config_.snapshot_rate > config_.tick_rate) {
    error = "snapshot rate must be between 1 and the tick rate";
    return false;
  }
  if (config_.fast && !config_.headless) {
    error = "fast mode needs a headless match";
    return false;
  }
  if (!config_.record_dir.empty()) {
    if (std::string why = ReplayFileWriter::check_directory(config_.record_dir); !why.empty()) {
      error = "--record-dir: " + why;
      return false;
    }
    // Files of different servers and runs in one directory never share a name.
    const std::time_t wall = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&wall, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
    io_->replay_prefix = std::string("race-") + stamp + "-" + std::to_string(::getpid()) + "-";
    io_->replays = std::make_unique<ReplayFileWriter>(config_.record_dir);
  }
  if (!config_.key_file.empty() && !config_.secret_key) {
    const auto loaded = load_or_create_key_file(config_.key_file, error);
    if (!loaded) return false;
    config_.secret_key = loaded->secret;
    if (loaded->created) spdlog::info("new server key written to {}", config_.key_file);
    for (const std::string& w : loaded->warnings) spdlog::warn("{}", w);
  }
  try {
    io_->loop = std::make_unique<MatchLoop>(config_, stats_, race_store_);
  } catch (const std::exception& e) {
    error = std::string("cannot create the match: ") + e.what();
    return false;
  }

  io_->udp = net::UdpEndpoint::bind(config_.bind_address, config_.port, &error);
  if (!io_->udp) return false;
  port_ = io_->udp->local_port();

  if (config_.metrics_port) {
    io_->metrics = std::make_unique<HttpListener>(
        io_->context, [this](std::string_view path, std::string_view query) {
          HttpResponse r;
          if (path == "/metrics") {
            MetricsGauges g = io_->loop->gauges();
            g.uptime_seconds = now();
            r.content_type = kPrometheusContentType;
            r.body = render_metrics(stats_, g);
          } else if (path == "/healthz") {
            const bool stopping = stop_requested_.load() || io_->loop->sessions().shutting_down();
            r.status = stopping ? 503 : 200;
            r.body = stopping ? "shutting down\n" : "ok\n";
          } else if (path == "/leaderboard") {
            r = leaderboard_response(race_store_, query);  // from memory: safe on the tick thread
          } else {
            r.status = 404;
            r.body = "not found: try /metrics, /healthz or /leaderboard\n";
          }
          return r;
        });
    if (!io_->metrics->listen(config_.metrics_bind_address, *config_.metrics_port, error)) {
      return false;
    }
    metrics_port_ = io_->metrics->port();
  }

  if (!config_.health_file.empty() && !beat(now(), true, &error)) return false;

  if (config_.handle_signals) {
    // SIGHUP too: a closed terminal ends the match cleanly, summary written.
    io_->signals = std::make_unique<asio::signal_set>(io_->context, SIGINT, SIGTERM, SIGHUP);
    io_->signals->async_wait([this](const asio::error_code& ec, int signal) {
      if (ec) return;
      spdlog::info("signal {}: shutting down", signal == SIGINT    ? "SIGINT"
                                               : signal == SIGTERM ? "SIGTERM"
                                                                   : "SIGHUP");
      stop();
    });
  }

  spdlog::info("listening on udp {}:{} (tick {} Hz, snapshots {} Hz, seed {}, {} bots)",
               config_.bind_address, port_, config_.tick_rate, config_.snapshot_rate, config_.seed,
               config_.bots);
  spdlog::info("server key {} (clients check it with --server-key)",
               net::key_to_hex(io_->loop->sessions().public_key()));
  if (metrics_port_ != 0) {
    spdlog::info("metrics on http://{}:{}/metrics", config_.metrics_bind_address, metrics_port_);
  }
  if (config_.agones) {
    io_->agones = std::make_unique<AgonesSdk>(io_->context, config_.agones_port,
                                              config_.agones_health_interval);
    io_->agones->start();
  }
  return true;
}

void Server::flush() {
  for (OutDatagram& d : io_->out) {
    if (d.bytes.size() > net::kMaxDatagramBytes) {
      // The encoders never make one; if they did, the network would fragment it.
      spdlog::error("not sending a {}-byte datagram to {}", d.bytes.size(), d.to.to_string());
      ++stats_.send_errors;
      continue;
    }
    if (io_->udp->send_to(d.bytes, d.to)) {
      ++stats_.datagrams_out;
      stats_.bytes_out += d.bytes.size();
    } else {
      ++stats_.send_errors;
    }
  }
  io_->out.clear();
}

void Server::drain_socket(double t, bool shutting_down) {
  for (int i = 0; i < kMaxDatagramsPerPass; ++i) {
    const auto r = io_->udp->receive(io_->buffer);
    if (!r) break;
    ++stats_.datagrams_in;
    stats_.bytes_in += r->size;
    if (shutting_down) {
      stats_.drops.add(DropReason::ShuttingDown);
      continue;
    }
    if (r->truncated || r->size > net::kMaxDatagramBytes) {
      stats_.drops.add(DropReason::TooLarge);
      continue;
    }
    io_->loop->receive(r->from, std::span(io_->buffer.data(), r->size), t, io_->out);
  }
  flush();
}

void Server::ask_recording(net::RunnerId player) {
  recording_player_.store(player);
  recording_asked_.store(true);
}

std::optional<Server::Recording> Server::take_recording() {
  std::lock_guard lock(recording_mutex_);
  return std::exchange(recording_answer_, std::nullopt);
}

void Server::answer_recording() {
  if (!recording_asked_.exchange(false)) return;
  Recording r;
  r.replay = io_->loop->match().recording_so_far(recording_player_.load(), &r.runner);
  std::lock_guard lock(recording_mutex_);
  recording_answer_ = std::move(r);
}

void Server::hand_over_replays() {
  std::vector<replay::Replay> ended = io_->loop->take_replays();  // kept in memory only: dropped
  if (!io_->replays) return;
  for (replay::Replay& r : ended) {
    char number[16];
    std::snprintf(number, sizeof number, "%04u", r.result ? r.result->number : 0u);
    io_->replays->write(io_->replay_prefix + number + ".sprp", std::move(r));
  }
}

void Server::log_events() {
  if (!io_->refusals) io_->refusals.emplace(config_.stats_log_interval);
  const double t = now();
  for (const SessionEvent& e : io_->loop->sessions().take_events()) {
    // Names are checked at the handshake; printable_text is the second line of defence.
    const std::string name = net::printable_text(e.name);
    switch (e.kind) {
      case SessionEvent::Kind::Joined:
        spdlog::info("join: client {} '{}' as {} from {} {}", e.client, name, role_name(e.role),
                     e.address.to_string(), e.detail);
        break;
      case SessionEvent::Kind::Left:
        spdlog::info("leave: client {} '{}' ({})", e.client, name, e.detail);
        break;
      case SessionEvent::Kind::TimedOut:
        spdlog::info("timeout: client {} '{}' freed ({})", e.client, name, e.detail);
        break;
      case SessionEvent::Kind::Refused:
        // One line per host per interval, however many attempts (server/refusal_log.hpp).
        if (auto line = io_->refusals->note(host_of(e.address), e.refusal, e.detail, t))
          spdlog::info("{}", *line);
        break;
    }
  }
  for (const std::string& line : io_->refusals->flush(t)) spdlog::warn("{}", line);
}

void Server::log_drop_interval(double t) {
  if (t - last_drop_log_ < config_.stats_log_interval) return;
  last_drop_log_ = t;
  const std::uint64_t total = stats_.drops.total();
  if (total != drops_at_last_log_) {
    std::string parts;
    for (std::size_t i = 0; i < kDropReasonCount; ++i) {
      const auto r = static_cast<DropReason>(i);
      const std::uint64_t n = stats_.drops.count(r) - drops_snapshot_.count(r);
      if (n != 0) parts += fmt::format(" {}={}", drop_reason_name(r), n);
    }
    spdlog::warn("dropped {} datagrams in the last {:.0f} s:{}", total - drops_at_last_log_,
                 config_.stats_log_interval, parts);
  }
  drops_at_last_log_ = total;
  drops_snapshot_ = stats_.drops;
}

int Server::run() {
  if (!io_->loop || !io_->udp) {
    spdlog::error("run() without a successful start()");
    return 1;
  }
  running_.store(true);
  MatchLoop& loop = *io_->loop;
  TickSchedule schedule(config_.tick_rate, now());
  const bool fast = config_.fast && config_.headless;
  bool match_over = false;

  while (!stop_requested_.load() && !match_over) {
    drain_socket(now(), false);
    const bool paused = this->paused();
    if (paused) {
      loop.send_waiting_snapshots(io_->out);  // a client that joined during the pause
      flush();
    }
    std::uint64_t due = paused ? 0 : fast ? kFastTicksPerPass : schedule.due(now());
    for (std::uint64_t i = 0; i < due && !match_over; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      loop.tick(now(), io_->out);
      flush();
      stats_.tick_timings.record(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      if (!fast) schedule.consume();
      if (const auto& race = loop.match().finished_race()) log_race(*race);
      match_over = loop.finished();
    }
    stats_.tick_resyncs = schedule.resyncs();
    hand_over_replays();
    answer_recording();
    log_events();
    io_->context.poll();
    log_drop_interval(now());
    if (std::string error; !beat(now(), false, &error)) spdlog::warn("{}", error);
    if ((!fast || paused) && !match_over && !stop_requested_.load()) {
      const double wait =
          paused ? kMaxWait : std::clamp(schedule.next_due_time() - now(), 0.0, kMaxWait);
      if (wait > 0.0) io_->udp->wait_readable(wait);
    }
  }
  set_paused(false);  // the shutdown drain waits on the clock: it must run
  if (match_over) {
    spdlog::info("match over after {} ticks", loop.ticks());
  } else {
    spdlog::info("stopping after {} ticks", loop.ticks());
  }
  finish();
  loop.end_recording();
  hand_over_replays();
  if (io_->replays) io_->replays->finish();  // every file written before run() returns
  running_.store(false);

  int code = 0;
  if (!config_.summary_json.empty()) {
    std::string error;
    const std::string text = summary_json(summary(), stats_, !fast);
    if (!write_text_file(config_.summary_json, text, error)) {
      spdlog::error("{}", error);
      code = 1;
    } else {
      spdlog::info("summary written to {}", config_.summary_json);
    }
  }
  spdlog::default_logger()->flush();
  return code;
}

bool Server::beat(double t, bool force, std::string* error) {
  if (config_.health_file.empty() || (!force && t - last_beat_ < kHealthBeatInterval)) return true;
  last_beat_ = t;
  HealthRecord r;
  r.pid = static_cast<long>(::getpid());
  r.port = port_;
  if (metrics_port_ != 0) r.metrics_port = metrics_port_;
  r.metrics_bind = config_.metrics_bind_address;
  r.tick = io_->loop ? io_->loop->ticks() : 0;
  return write_health_file(config_.health_file, r, error);
}

void Server::finish() {
  if (!config_.health_file.empty()) {  // a stopped server is not healthy
    std::error_code ignored;
    std::filesystem::remove(config_.health_file, ignored);
  }
  // Stop accepting, then tell every client why, a few times (unacknowledged, like net.md says).
  MatchLoop& loop = *io_->loop;
  if (io_->metrics) io_->metrics->close();
  const std::size_t clients = loop.sessions().size();
  for (int repeat = 0; repeat < net::kDisconnectRepeats; ++repeat) {
    loop.sessions().begin_shutdown(net::DisconnectReason::ServerShutdown, io_->out);
    flush();
    if (repeat + 1 == net::kDisconnectRepeats) break;
    const double until = now() + kDisconnectRepeatInterval;
    while (now() < until) {
      drain_socket(now(), true);
      io_->udp->wait_readable(std::max(0.0, until - now()));
    }
  }
  if (clients > 0) spdlog::info("told {} clients the server is shutting down", clients);
  loop.sessions().clear(now());
  log_events();

  if (io_->agones) {
    bool done = false;
    io_->agones->shutdown([&done](bool) { done = true; });
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(static_cast<int>(kAgonesShutdownWait * 1000));
    while (!done && std::chrono::steady_clock::now() < deadline) {
      io_->context.run_one_until(deadline);
    }
  }
  if (io_->signals) {
    asio::error_code ignored;
    io_->signals->cancel(ignored);
  }
  io_->context.poll();
}

MatchSummary Server::summary() const {
  return io_->loop ? io_->loop->summary(now()) : MatchSummary{};
}

}  // namespace spear::server
