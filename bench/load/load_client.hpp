#pragma once
// One simulated client of spear-load: its own UDP socket, the shared ClientConnection, and for
// players a bot that plays a local copy of its runner (client-side prediction, the same sim the
// server runs) and sends the inputs stamped for the tick they should apply at. Each tells the
// server what its view follows (set_view), as the real client does: a player its own runner, a
// spectator a runner picked by its index.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/crowd_rigs.hpp"
#include "core/interpolation_buffer.hpp"
#include "joint_motion_meter.hpp"
#include "net/client_connection.hpp"
#include "net/peer_address.hpp"
#include "net/udp_endpoint.hpp"
#include "sample_stats.hpp"
#include "sim/bot.hpp"
#include "sim/course.hpp"
#include "sim/runner.hpp"
#include "truth_pop_meter.hpp"
#include "truth_track.hpp"

namespace spear::load {

struct LoadClientConfig {
  net::Role role = net::Role::Player;
  std::string name;
  std::string password;
  std::optional<net::PublicKey> server_key;
  float bot_skill = 1.0f;
  std::uint64_t bot_seed = 1;
  // What a spectator's view follows: the follow_index-th runner id (ascending, wrapping) of the
  // first snapshot that lists a runner. A player's view follows its own runner.
  std::size_t follow_index = 0;
  bool interpolate = true;  // run an interpolation buffer and measure its joints (costs CPU)
  // --truth: the truth client records every snapshot it decodes here; interpolating clients
  // measure their pops against it. Owned by the caller, outliving the client.
  TruthTrack* record_truth = nullptr;
  // The truths of the two snapshot phases (a server at two ticks a snapshot sends half its
  // clients the even ticks, half the odd ones): each client is measured against the one that
  // holds its own ticks (`truth` when neither does yet).
  const TruthTrack* truth = nullptr;
  const TruthTrack* truth_other_phase = nullptr;
  // --trace-dir: this client's trace (what it received and showed, main.cpp); empty: none.
  std::string trace_path;
};

// What one client measured.
struct ClientFigures {
  std::string name;
  net::Role role = net::Role::Player;
  std::string final_state;  // connection state at the end
  std::string refusal;      // the server's text when refused
  std::optional<double> handshake_s;
  double connected_s = 0.0;  // time spent connected
  std::uint64_t bytes_down = 0, bytes_up = 0;
  std::uint64_t datagrams_down = 0, datagrams_up = 0;
  std::uint64_t snapshots_received = 0;
  std::uint64_t snapshots_lost = 0;  // missing ticks in the snapshot stride
  std::uint64_t snapshots_undecodable = 0;
  std::uint64_t dropped = 0;
  // One sample per snapshot: runner block bytes (its roll call included) / runners with a pose.
  SampleStats bytes_per_runner;
  // One sample each per decoded snapshot: the runners it listed (with a pose or in the roll
  // call), those with a pose (full) and those in the roll call only (reduced).
  SampleStats runners_per_snapshot, full_per_snapshot, reduced_per_snapshot;
  // Of the reduced, those with a rig cue a client draws them from (PROTOCOL.md "Rig cue").
  SampleStats cued_per_snapshot;
  // Distinct input ticks generated (one frame per tick, empty ones included, each handed to
  // the connection once): what the server's --summary-json counts as clients[].inputs.accepted
  // for this client's name when nothing is lost.
  std::uint64_t inputs_generated = 0;
  std::uint64_t inputs_pressed = 0;  // of which with a button
  bool interpolated = false;
  double worst_second_difference = 0.0;  // units, see JointMotionMeter (not a pop measure)
  double worst_step = 0.0;               // units per frame
  // With --truth: pops against the truth of the runners a client draws from its interpolation
  // buffer: for a spectator every runner, for a player every runner but its own, which the game
  // client draws predicted (own_truth_pops: that runner's buffer view, measured the same way).
  std::optional<TruthPopStats> truth_pops;
  std::optional<TruthPopStats> own_truth_pops;
  std::uint64_t extrapolated_frames = 0, held_frames = 0;
};

class LoadClient {
 public:
  // nullptr with *error when no socket could be bound.
  static std::unique_ptr<LoadClient> create(const LoadClientConfig& config,
                                            const net::PeerAddress& server, std::string* error);

  void start(double now);
  // Receives what is waiting, then sends what is due. Call often (every few milliseconds).
  void pump(double now);
  // One render frame: samples the interpolation buffer, steps the bot's runner.
  void frame(double now);
  // From now on no new input frames; pump() keeps resending the unapplied ones (before
  // disconnect(), so that the last frames arrive and the server's count can be compared).
  void stop_inputs() { inputs_stopped_ = true; }
  // Measures the frames still waiting for the truth (call once the run is over).
  void finish_measuring();
  void disconnect(double now);

  const net::ClientConnection& connection() const { return connection_; }
  bool failed() const;  // refused, timed out or disconnected by the server
  ClientFigures figures(double now) const;

 private:
  LoadClient(const LoadClientConfig& config, const net::PeerAddress& server,
             std::unique_ptr<net::UdpEndpoint> socket);
  void on_welcome(double now);
  void count_snapshot_bytes();
  void take_snapshots(double now);
  void play_bot(double now);
  void choose_followed(const net::Snapshot& s);

  LoadClientConfig config_;
  net::PeerAddress server_;
  std::unique_ptr<net::UdpEndpoint> socket_;
  net::ClientConnection connection_;
  std::vector<std::uint8_t> buffer_;
  client::InterpolationBuffer interpolation_;
  client::CrowdRigs crowd_;  // interpolating clients: a big race's runners without a pose
  JointMotionMeter motion_;
  std::optional<TruthPopMeter> truth_pops_;
  std::optional<TruthPopMeter> own_truth_pops_;   // a player's own runner (see ClientFigures)
  std::vector<client::RunnerFrame> drawn_, own_;  // a frame's runners, split between the two
  const TruthTrack* my_truth_ = nullptr;          // the truth of this client's phase, once known
  // nullptr while neither truth holds a tick this client received.
  const TruthTrack* truth_of_phase();
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> trace_{nullptr, &std::fclose};
  bool inputs_stopped_ = false;
  bool welcomed_ = false;
  double welcomed_at_ = 0.0;
  double ended_at_ = -1.0;

  // Snapshot accounting: ticks seen, to count losses from the stride.
  std::uint32_t tick_stride_ = 2;
  std::optional<std::uint32_t> first_tick_, newest_tick_;
  std::uint64_t unique_snapshots_ = 0;
  std::uint64_t seen_runner_bytes_ = 0, seen_runners_ = 0, seen_snapshots_ = 0;
  SampleStats bytes_per_runner_;
  SampleStats runners_per_snapshot_, full_per_snapshot_, reduced_per_snapshot_;
  SampleStats cued_per_snapshot_;

  // The runner this client's view follows (told to the server with set_view); none yet: a
  // spectator before its first snapshot with a runner.
  std::optional<net::RunnerId> followed_;

  // The bot's local runner: stepped at the ticks its inputs are stamped for.
  std::optional<sim::Course> course_;
  std::optional<sim::BotController> bot_;
  sim::RunnerState runner_{};
  std::uint32_t next_tick_ = 0;  // next tick the local runner simulates
  double tick_rate_ = 60.0;
  std::uint64_t inputs_generated_ = 0, inputs_pressed_ = 0;
};

}  // namespace spear::load
