#pragma once
// Everything the client does except drawing and the socket, as a few parts with one job each:
//   SessionLink         the connection's attempts and retries; datagrams in, datagrams out
//   InputPipeline       keys or the bot → the own runner's inputs, through one prediction
//   WorldView           snapshots → interpolated runners, the own one predicted, the follow
//   SessionInstruments  net graph, joint pops, reaction, counts (RunStats)
// plus the session's own time (wall time minus the paused spans), the key script, the status
// messages and the scripted actions for the app. It is pumped like the server core: whoever
// has the socket (core/server_socket.hpp) or a simulated network (tests) hands it the
// datagrams that arrived (receive) and sends what each update put in its outbox. The SFML app
// and the tests drive the same object.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/broken_obstacles.hpp"
#include "core/controls_hint.hpp"
#include "core/input_mapping.hpp"
#include "core/input_pipeline.hpp"
#include "core/key_script.hpp"
#include "core/pause_clock.hpp"
#include "core/run_stats.hpp"
#include "core/runner_summary_view.hpp"
#include "core/runner_view.hpp"
#include "core/session_instruments.hpp"
#include "core/session_link.hpp"
#include "core/session_status.hpp"
#include "core/world_view.hpp"

namespace spear::client {

struct SessionConfig {
  std::string server_label;  // how the user named the server, for messages
  net::Role role = net::Role::Player;
  std::string name = "runner";
  std::string password;
  std::optional<net::PublicKey> server_key;  // refuse a server that does not hold it
  bool autoplay = false;                     // the bot controller drives the own runner
  float autoplay_skill = 1.f;
  std::vector<ScriptedKey> script;  // presses relative to the first Welcome
  double timeout_s = net::kTimeoutSeconds;
  // The own runner predicted at the present (inputs take effect the frame they are pressed,
  // stamped with that tick). false: it is shown interpolated like the others and inputs are
  // stamped with the tick shown (the bot, too, decides on what is shown).
  bool prediction = true;
  // A real server (--connect): the match does not stop for one player, so set_away() parks the
  // own runner there. false for local play (the app pauses the embedded match instead).
  bool online = false;
  // Called with every snapshot the connection decoded, as it is taken in (`now`: the update's
  // time), for tools that record what this client received (the netsim soak test's pop meter).
  std::function<void(const net::Snapshot&, double now)> on_snapshot;
};

class ClientSession {
 public:
  // After kStallSeconds (core/session_status.hpp) without a snapshot the own runner is held
  // where it was (not predicted on): greyed, under "waiting for the server". Once the
  // connection is lost the last scene stays drawn, the own runner held, until a new connection
  // is welcomed.

  // `unreachable`: why there is no way to the server (a bad address, no socket); the session
  // then only says so.
  explicit ClientSession(SessionConfig config, std::string unreachable = {});

  // A datagram from the server's address that arrived by wall time `wall` (the caller drops
  // datagrams from anyone else). Taken in by the next update.
  void receive(std::span<const std::uint8_t> datagram, double wall);
  // One frame: connection, inputs, interpolation, follow, secondary motion (dt_cosmetic = 0
  // holds the hair and head still: a paused or hidden window); what is to be sent goes into
  // `out`. `wall` is monotonic wall seconds, as for every `wall` and `now` of this class;
  // inside, the session runs on session time (wall time minus the paused spans, see
  // set_paused), except the script, whose times are wall seconds.
  void update(double wall, float dt_cosmetic, Outbox& out);
  // Leaves politely: the Disconnect and its repeats go into `out`.
  void quit(double wall, Outbox& out);

  // A key press (window or script). Returns what the app has to do itself. (A script's
  // FocusLost / FocusGained are set_away(true) / set_away(false) and a LocalAction for the app.)
  LocalAction press(Key key);
  // The window went to the background (true) or came back (false). Online with a runner: the
  // server parks the runner (the away press goes with the next input tick) and, on return, runs
  // it on after a countdown (the back press). Otherwise (local play, spectators) nothing.
  void set_away(bool away) { inputs_.set_away(away); }
  // Course units the window shows across (the app's letterbox; headless: 16:9). The server hears
  // it with the followed runner and sends the runners nearest that one first.
  void set_view_width(std::uint16_t units) {
    view_width_ = units;
    world_.set_view_width(units);
  }
  // What scripted presses during the last updates asked of the app (net graph, quit), in order.
  std::vector<LocalAction> take_local_actions() { return std::exchange(local_actions_, {}); }
  // Pauses the session at wall time `now` (a local match paused with its embedded server):
  // session time stands still, so nothing advances, nothing times out, and on resume nothing
  // jumps. While paused, Space, Up and P resume (press() returns LocalAction::TogglePause).
  void set_paused(bool paused, double now) { pause_.set_paused(paused, now); }
  bool paused() const { return pause_.paused(); }
  // Session time at wall time `now` (for status messages drawn at `now`).
  double session_time(double now) const { return pause_.session_time(now); }
  // The time the own predicted runner is drawn at, server seconds (invalid before the clock).
  const PredictionClock& prediction_clock() const { return world_.prediction_clock(); }
  // A frame showing the current views was drawn (or, headless without a target, would have been).
  void on_frame(bool drawn) { instruments_.on_frame(drawn, now_, own(), followed()); }
  // From now on no new input frames (the own runner's prediction stops there); updates keep
  // acknowledging snapshots and resending the frames the server has not applied yet. A few
  // hundred milliseconds of that before quit() let the last frames arrive.
  void stop_inputs() { inputs_.stop(); }
  // Distinct input ticks generated for the server this run: one frame per tick, empty ones
  // included, each handed to the connection once. The server's summary counts the same ticks
  // on arrival ("clients"[].inputs.accepted, per session), so generated − accepted were lost.
  std::uint64_t inputs_generated() const { return inputs_.generated(); }

  const std::vector<RunnerView>& runners() const { return world_.runners(); }
  // The runners known only from the snapshots' summaries this frame (a big race: no pose for
  // the runners far from the followed one), none of them among runners().
  const std::vector<RunnerSummaryView>& others() const { return world_.others(); }
  const RunnerView* followed() const { return world_.followed(); }
  const RunnerView* own() const { return world_.own(); }
  double camera_x() const;
  // Where the ground under the followed runner is drawn (RunnerView::ground_x), course units.
  double ground_x() const;
  // Obstacles from `from` to `to` course units (the course from Welcome's seed).
  std::vector<ObstacleView> obstacles(double from, double to) const;
  ControlMode control_mode() const;
  bool skeleton_overlay() const;  // the followed runner's overlay flag, or the spectator's own

  const SessionStatus& status() const { return status_; }
  const InterpolationBuffer& buffer() const { return world_.buffer(); }
  // A reading closed during the last update (push it into the net graph), else nullopt.
  const std::optional<NetReading>& new_reading() const { return instruments_.new_reading(); }
  const std::optional<NetReading>& latest_reading() const { return instruments_.latest_reading(); }
  bool connected() const { return link_.connected(); }
  std::optional<net::Welcome> welcome() const { return welcome_; }
  double render_time() const { return world_.render_time(); }
  // The races as the newest snapshots tell them (phase, time left, results boards).
  const RaceView& race() const { return world_.race(); }
  RunStats stats(double wall) const;
  const OwnRunnerPredictor* predictor() const { return inputs_.predictor(); }
  // The controls the player has not used yet (none with --autoplay: the bot runs), for the HUD.
  const ControlsHint& controls() const { return controls_; }
  bool autoplay() const { return config_.autoplay; }

 private:
  void start_attempt(double now);
  void on_welcome(const net::Welcome& w, double wall);
  void take_snapshots(double now);
  void run_script(double wall);
  net::ClientConfig connection_config() const;

  SessionConfig config_;
  bool reachable_;
  PauseClock pause_;
  SessionStatus status_;
  SessionLink link_;
  KeyScript script_;
  InputPipeline inputs_;
  WorldView world_;
  SessionInstruments instruments_;
  std::optional<net::Welcome> welcome_;     // of the current attempt
  std::optional<double> welcomed_at_wall_;  // the first Welcome: the script's zero
  double now_ = 0.0;                        // session time of the last update
  bool held_ = false;                       // the own runner held (see kStallSeconds)
  bool frozen_ = false;                     // the connection was lost: the last scene stays
  double last_update_ = -1.0;               // session time of the update before
  bool local_skeleton_ = false;             // a spectator's own overlay (S)
  std::uint16_t view_width_ = net::kDefaultViewWidth;
  std::vector<LocalAction> local_actions_;
  ControlsHint controls_;
};

}  // namespace spear::client
