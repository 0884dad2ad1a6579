#pragma once
// Everything the client does except drawing: the connection (with retries), the snapshot buffer
// and interpolation, the own runner's inputs (keys or the autopilot), who is followed, the
// secondary motion of every figure, which targets are broken, the status messages, the net
// graph readings and the run statistics. The SFML app and the tests drive the same object.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/autopilot.hpp"
#include "core/follow_selection.hpp"
#include "core/input_mapping.hpp"
#include "core/input_round_trip.hpp"
#include "core/interpolation_buffer.hpp"
#include "core/key_script.hpp"
#include "core/net_graph_sampler.hpp"
#include "core/own_runner_predictor.hpp"
#include "core/pop_meter.hpp"
#include "core/reaction_meter.hpp"
#include "core/run_stats.hpp"
#include "core/server_link.hpp"
#include "core/session_status.hpp"
#include "rig/secondary.hpp"
#include "sim/course.hpp"

namespace spear::client {

struct SessionConfig {
  std::string server_label;  // how the user named the server, for messages
  net::Role role = net::Role::Player;
  std::string name = "runner";
  std::string password;
  bool autoplay = false;  // the bot controller drives the own runner
  float autoplay_skill = 1.f;
  std::vector<ScriptedKey> script;  // presses relative to the first Welcome
  double timeout_s = net::kTimeoutSeconds;
  // The own runner predicted at the present (inputs take effect the frame they are pressed,
  // stamped with that tick). false: it is shown interpolated like the others and inputs are
  // stamped with the tick shown (the autopilot, too, decides on what is shown).
  bool prediction = true;
  // A real server (--connect): the match does not stop for one player, so set_away() parks the
  // own runner there. false for local play (the app pauses the embedded match instead).
  bool online = false;
  // Called with every snapshot the connection decoded, as it is taken in (`now`: the update's
  // time), for tools that record what this client received (the netsim soak test's pop meter).
  std::function<void(const net::Snapshot&, double now)> on_snapshot;
};

// One runner ready to draw.
struct RunnerView {
  RunnerFrame frame;               // interpolated
  rig::SecondaryPose secondary{};  // sprung head, hair (anchor-relative)
  int lane = 0;                    // its own lane (runner id)
  bool followed = false;
  bool own = false;
  bool bot = false;
  std::string name;
};

struct ObstacleView {
  sim::Obstacle obstacle;
  bool broken = false;     // broken by the followed runner, by the time shown
  float broken_age = 0.f;  // seconds since it broke, at the time shown
};

class ClientSession {
 public:
  // `link` may be null when the address was bad (then `bad_address` says why).
  ClientSession(SessionConfig config, std::unique_ptr<ServerLink> link,
                std::string bad_address = {});

  // A key press (window or script). Returns what the app has to do itself. Key::FocusLost and
  // Key::FocusGained (scripts) are set_away(true) and set_away(false).
  LocalAction press(Key key);
  // The window went to the background (true) or came back (false). Online with a runner: the
  // server parks the runner (the away press goes with the next input tick) and, on return, runs
  // it on after a countdown (the back press). Otherwise (local play, spectators) nothing.
  void set_away(bool away);
  // What scripted presses during the last updates asked of the app (net graph, quit), in order.
  std::vector<LocalAction> take_local_actions() { return std::exchange(local_actions_, {}); }
  // One frame: network, inputs, interpolation, follow, secondary motion (dt_cosmetic = 0 holds
  // the hair and head still: a paused or hidden window). `now` is monotonic seconds.
  void update(double now, float dt_cosmetic);
  // A frame showing the current views was drawn (or, headless without a target, would have been).
  void on_frame(bool drawn);
  // Leaves politely (Disconnect repeats).
  void quit(double now);
  // From now on no new input frames (the own runner's prediction stops there); updates keep
  // acknowledging snapshots and resending the frames the server has not applied yet. A few
  // hundred milliseconds of that before quit() let the last frames arrive.
  void stop_inputs() { inputs_stopped_ = true; }
  // Distinct input ticks generated for the server this run: one frame per tick, empty ones
  // included, each handed to the connection once. The server's summary counts the same ticks
  // on arrival ("clients"[].inputs.accepted, per session), so generated − accepted were lost.
  std::uint64_t inputs_generated() const { return inputs_generated_; }

  const std::vector<RunnerView>& runners() const { return runners_; }
  const RunnerView* followed() const;
  const RunnerView* own() const;
  double camera_x() const;
  // Obstacles from `from` to `to` course units (the course from Welcome's seed).
  std::vector<ObstacleView> obstacles(double from, double to) const;
  ControlMode control_mode() const;
  bool skeleton_overlay() const;  // the followed runner's overlay flag, or the spectator's own

  const SessionStatus& status() const { return status_; }
  const InterpolationBuffer& buffer() const { return buffer_; }
  // A reading closed during the last update (push it into the net graph), else nullopt.
  const std::optional<NetReading>& new_reading() const { return new_reading_; }
  const std::optional<NetReading>& latest_reading() const { return sampler_.latest(); }
  bool connected() const;
  std::optional<net::Welcome> welcome() const;
  double render_time() const { return buffer_.view().render_time; }
  RunStats stats(double now) const;
  const Autopilot* autopilot() const { return autopilot_ ? &*autopilot_ : nullptr; }
  const OwnRunnerPredictor* predictor() const { return predictor_ ? &*predictor_ : nullptr; }

 private:
  void start_attempt(double now);
  void on_welcome(const net::Welcome& w, double now);
  void take_snapshots(double now);
  void send_inputs(double now);
  std::vector<net::InputFrame> predicted_inputs(net::Tick present);
  void build_views(float dt_cosmetic);
  net::ClientConfig connection_config() const;

  SessionConfig config_;
  std::unique_ptr<ServerLink> link_;
  SessionStatus status_;
  InterpolationBuffer buffer_;
  NetGraphSampler sampler_;
  std::optional<NetReading> new_reading_;
  InputAccumulator keys_;
  InputRoundTrip round_trip_;
  FollowSelection follow_;
  PopMeter pops_;
  ReactionMeter reaction_;
  bool press_pending_ = false;   // a Jump pressed since the last update (for reaction_)
  bool away_ = false;            // as last set_away()
  std::uint8_t away_press_ = 0;  // net::buttons::kAway or kBack not yet in an input frame
  std::uint8_t take_away_press() { return std::exchange(away_press_, std::uint8_t{0}); }
  KeyScript script_;
  std::optional<Autopilot> autopilot_;
  std::optional<OwnRunnerPredictor> predictor_;
  std::optional<sim::BotController> predictor_bot_;  // autoplay with the predictor
  double last_update_ = -1.0;
  std::optional<sim::Course> course_;
  std::optional<net::Welcome> welcome_;
  std::optional<double> welcomed_at_;
  std::optional<net::Tick> last_input_tick_;
  std::optional<net::Tick> last_applied_seen_;
  std::map<std::uint32_t, net::RosterEntry> roster_;
  // (runner, obstacle) -> tick it broke; kept after the server stops listing it.
  std::map<std::pair<std::uint32_t, std::uint32_t>, net::Tick> broken_;
  std::unordered_map<std::uint32_t, rig::Secondary> secondary_;
  std::unordered_map<std::uint32_t, rig::SecondaryPose> secondary_pose_;
  std::vector<RunnerView> runners_;
  std::vector<std::uint32_t> ids_;
  bool local_skeleton_ = false;
  std::vector<LocalAction> local_actions_;
  double now_ = 0.0;
  double started_at_ = -1.0;
  std::uint64_t frames_ = 0;
  std::uint64_t frames_sampled_ = 0;
  double delay_sum_ = 0.0;
  std::uint64_t delay_samples_ = 0;
  std::uint64_t inputs_generated_ = 0;
  bool inputs_stopped_ = false;
  std::uint64_t snapshots_ = 0;
  std::set<std::uint32_t> followed_seen_, runners_seen_;
};

}  // namespace spear::client
