#pragma once
// spear-web's side of the game server: one spectator session (the client's own ClientSession
// over its UDP socket, so it connects, retries and decodes exactly like spear-client) whose every
// snapshot becomes one viewer Frame (net/viewer_message.hpp), written once for all browsers.
// It also keeps what a browser needs first (the Hello and the whole roster) and says when the
// link to the server changes. It runs on the calling thread; `sink` gets the messages.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/client_session.hpp"
#include "core/crowd_rigs.hpp"
#include "core/server_socket.hpp"
#include "net/viewer_message.hpp"
#include "sim/course.hpp"

namespace spear::web {

struct FeedConfig {
  std::string server;  // HOST[:PORT], as given
  std::string name = "web viewer";
  std::string password;
  std::optional<net::PublicKey> server_key;
};

using Encoded = std::shared_ptr<const std::vector<std::uint8_t>>;

class FeedSink {
 public:
  virtual ~FeedSink() = default;
  // Every browser open now gets `message`.
  virtual void broadcast(Encoded message) = 0;
  // Every browser that opens from now on gets these first (the Hello, the whole roster).
  virtual void set_greeting(std::vector<Encoded> messages) = 0;
};

struct FeedStats {
  std::atomic<std::uint64_t> frames{0};       // viewer Frames written (one per snapshot)
  std::atomic<std::uint64_t> frame_bytes{0};  // their bytes
  std::atomic<std::uint64_t> hellos{0};
  std::atomic<std::uint64_t> rosters{0};
  std::atomic<std::uint64_t> server_bytes_in{0};  // from the game server (all attempts)
  std::atomic<bool> connected{false};
  std::atomic<std::uint64_t> last_tick{0};
  std::atomic<std::uint32_t> last_runners{0};  // with a pose, in the newest frame
};

class SpectatorFeed {
 public:
  // nullptr with *error when the address is bad or no socket opens.
  static std::unique_ptr<SpectatorFeed> open(const FeedConfig& config, FeedSink& sink,
                                             std::string* error);

  // Pumps the session until `stop` is set or `duration` seconds passed (0: no end), then leaves
  // the server politely. Returns why a run must end in failure (a refusal that cannot pass, a
  // wrong server key), or nullopt.
  std::optional<std::string> run(const std::atomic<bool>& stop, double duration);

  const FeedStats& stats() const { return stats_; }

 private:
  SpectatorFeed(const FeedConfig& config, FeedSink& sink,
                std::unique_ptr<client::ServerSocket> socket);
  void on_snapshot(const net::Snapshot& s);
  void publish_status(double now, bool force);
  void send_frames();
  void greet();
  const sim::Course& course_for(std::uint64_t seed);

  FeedConfig config_;
  FeedSink& sink_;
  std::unique_ptr<client::ServerSocket> socket_;
  std::unique_ptr<client::ClientSession> session_;
  std::vector<net::Snapshot> pending_;  // taken in by the last update
  // A big race's runners without a pose, drawn from their rig cues for the browsers (which
  // draw poses only), within the gateway's wide view.
  client::CrowdRigs crowd_;
  std::vector<client::RunnerFrame> crowd_frames_;  // scratch
  std::vector<std::uint32_t> crowd_drawn_;         // scratch
  std::map<net::RunnerId, net::RosterEntry> roster_;
  std::vector<net::RosterEntry> roster_news_;
  std::optional<net::viewer::Hello> hello_;
  Encoded hello_bytes_, roster_bytes_;
  double hello_sent_at_ = -1e9;
  double stats_at_ = -1e9;
  net::SessionKey session_key_ = 0;
  std::unique_ptr<sim::Course> course_;
  std::vector<sim::Obstacle> obstacles_;  // scratch
  FeedStats stats_;
};

}  // namespace spear::web
