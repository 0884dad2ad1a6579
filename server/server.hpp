#pragma once
// The Spear Run match server: one UDP socket, a match stepped at a fixed tick in real time (or
// as fast as possible for --headless --fast runs), snapshots to every client, the metrics
// endpoint, Agones and signal handling at the edges. The logic lives in MatchLoop; this class
// owns the socket, the clock and the Asio context.
//
// Usage (spear-server's main, or a client hosting a local game on a background thread):
//   Server server(config);              // or Server server(config, race_store) (the leaderboard)
//   std::string error;
//   if (!server.start(error)) { ... }   // binds; port() is valid from here
//   std::thread t([&] { server.run(); });
//   ...
//   server.stop();                      // from any thread: clients are told, run() returns
//   t.join();
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "net/protocol.hpp"
#include "replay/replay.hpp"
#include "server/match_summary.hpp"
#include "server/race_store.hpp"
#include "server/server_config.hpp"
#include "server/server_stats.hpp"

namespace spear::server {

class Server {
 public:
  // `race_store` (may be null: no leaderboard) keeps finished races (saved as each race ends,
  // its top 10 shown with the results) and answers GET /leaderboard; not owned, it must outlive
  // the server. spear-server opens it from --db.
  explicit Server(ServerConfig config, RaceStore* race_store = nullptr);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Checks the config, creates the match, binds the UDP socket (and the metrics listener,
  // signal handling, Agones when configured). False with a message on failure; call once.
  [[nodiscard]] bool start(std::string& error);

  // The bound UDP port (the one chosen when config.port was 0). Valid after start().
  std::uint16_t port() const { return port_; }
  // The bound metrics TCP port, 0 when there is none. Valid after start().
  std::uint16_t metrics_port() const { return metrics_port_; }

  // Runs until the match reaches its duration or stop() is called, then tells every client
  // (Disconnect sent kDisconnectRepeats times), writes the summary and returns. Returns 0, or
  // 1 when the summary file could not be written.
  int run();

  // Asks run() to shut down cleanly. Thread-safe and async-signal-safe (an atomic store).
  void stop() { stop_requested_.store(true); }
  // True while run() is inside its loop (for embedding programs that wait for it).
  bool running() const { return running_.load(); }

  // Pauses or resumes the match, from any thread (a local game whose player paused: only the
  // embedded server calls it; spear-server never pauses). While paused no tick runs, so the
  // match and its bots stand still, and the clock the match loop and the sessions see stands
  // still too: nobody times out during the pause and no ticks are caught up on resume (the
  // client pauses its own session time for the same span, so their clocks keep their offset).
  // Datagrams are still read and answered, and a client that joins during the pause gets one
  // snapshot of the match as it stands, so it has something to show. Repeating the current
  // state changes nothing. Callable before run().
  void set_paused(bool paused);
  bool paused() const;
  // Seconds spent paused so far.
  double paused_seconds() const;

  // The recording under way (config.record_in_memory or record_dir) as it stands, for an
  // embedding program, from any thread: ask_recording() asks, run() answers after its next pass
  // through the loop (paused too), and take_recording() hands the answer over once. `player`:
  // the wire id of a runner whose sim id (its id in the replay) comes with it.
  struct Recording {
    std::optional<replay::Replay> replay;  // nullopt: nothing is being recorded
    std::optional<sim::RunnerId> runner;   // the player's runner in it; nullopt: not in the match
  };
  void ask_recording(net::RunnerId player);
  std::optional<Recording> take_recording();

  // After run() returned (or from run()'s own thread): the figures.
  const ServerStats& stats() const { return stats_; }
  MatchSummary summary() const;
  const ServerConfig& config() const { return config_; }
  RaceStore* race_store() const { return race_store_; }

 private:
  struct Io;
  double now() const;  // server seconds since start(), the paused spans left out
  void flush();
  void drain_socket(double now, bool shutting_down);
  void log_events();
  void hand_over_replays();  // ended recordings to the file writer
  void log_drop_interval(double now);
  void finish();
  // Rewrites the health file when a second has passed since the last time (or `force`).
  bool beat(double now, bool force, std::string* error);

  ServerConfig config_;
  RaceStore* race_store_ = nullptr;
  ServerStats stats_;
  std::unique_ptr<Io> io_;
  std::chrono::steady_clock::time_point origin_;
  std::uint16_t port_ = 0;
  std::uint16_t metrics_port_ = 0;
  std::atomic<bool> stop_requested_{false};
  std::atomic<bool> running_{false};
  bool started_ = false;
  double last_beat_ = 0.0;

  // The pause (see set_paused); now() excludes the paused spans.
  mutable std::mutex pause_mutex_;
  bool paused_ = false;
  std::chrono::steady_clock::time_point paused_at_;
  std::chrono::steady_clock::duration paused_total_{};

  // ask_recording / take_recording.
  std::atomic<bool> recording_asked_{false};
  std::atomic<net::RunnerId> recording_player_{0};
  std::mutex recording_mutex_;
  std::optional<Recording> recording_answer_;
  void answer_recording();

  // For the periodic "drops in the last interval" log line.
  double last_drop_log_ = 0.0;
  std::uint64_t drops_at_last_log_ = 0;
  DropCounters drops_snapshot_;
};

}  // namespace spear::server
