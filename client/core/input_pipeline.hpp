#pragma once
// The own runner's inputs, from keys (or the bot of --autoplay) to the ticks the server gets:
// one shadow simulation, the predictor (core/own_runner_predictor.hpp), steps the runner at the
// tick the player acts at with each input applied at the tick it was pressed; the bot decides
// on that same predicted state. Until the predictor can predict (no check from the server yet,
// or it gave up after repeated mismatches) the keys go out unpredicted, stamped a lead ahead of
// the server's estimated tick (the bot, which has no state of its own to decide on, then presses
// nothing). Inputs are sim::Input throughout: the link converts them to the
// wire once (core/session_link.hpp). No socket and no clock: time and the server clock's
// readings are passed in.
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/input_mapping.hpp"
#include "core/input_round_trip.hpp"
#include "core/own_runner_predictor.hpp"
#include "net/messages.hpp"
#include "sim/bot.hpp"

namespace spear::client {

struct InputPipelineConfig {
  bool autoplay = false;  // the bot drives the own runner (keys then only do local actions)
  float autoplay_skill = 1.f;
  // Online as a player: going away parks the runner on the server (set_away), else nothing.
  bool parks_when_away = false;
};

// What one key press did to the own runner's inputs.
struct InputPress {
  LocalAction local = LocalAction::None;  // for the session or the app to handle
  bool jump = false;  // a Jump for the running own runner (the reaction meter times it)
};

class InputPipeline {
 public:
  explicit InputPipeline(InputPipelineConfig config) : config_(config) {}

  // A new connection attempt: no runner until the next Welcome (pending presses are kept).
  void reset();
  // Welcome: a runner to predict (and the bot to drive it with --autoplay), or none.
  void on_welcome(const net::Welcome& welcome);
  // A decoded snapshot: the own runner's check goes to the predictor. With a race status the
  // predictor follows the races: a match it does not know (joined, or a restart it missed)
  // gets a new predictor, and the next race's start is named to it ahead (restart_at).
  void on_snapshot(const net::Snapshot& snapshot);
  // The newest input tick the server says it applied, seen at `now` (the round trip).
  void on_applied(std::optional<net::Tick> applied, double now);

  // A key press in control mode `mode`; `lab_motion` is the rig::Motion the own runner's lab
  // plays (as drawn).
  InputPress press(Key key, ControlMode mode, std::uint8_t lab_motion);
  // The window went to the background or came back (see InputPipelineConfig::parks_when_away).
  void set_away(bool away);
  // From now on no new inputs (the prediction stops there).
  void stop() { stopped_ = true; }
  bool stopped() const { return stopped_; }

  // This frame's input ticks not yet handed out, ascending, at local time `now`: `server_time`
  // is the server clock's estimate now and `acting_time` the time the player acts at (the
  // predicted present, or the time shown), both server seconds. Steps the prediction.
  std::vector<sim::Input> take_inputs(double now, double server_time, double acting_time);

  // Distinct input ticks handed out this run, one per tick, empty ones included.
  std::uint64_t generated() const { return generated_; }
  std::optional<double> round_trip() const { return round_trip_.round_trip(); }
  bool has_runner() const { return runner_.has_value(); }
  const OwnRunnerPredictor* predictor() const { return predictor_ ? &*predictor_ : nullptr; }
  // For drawing the own runner from the prediction (frame() fades the correction).
  OwnRunnerPredictor* predictor() { return predictor_ ? &*predictor_ : nullptr; }

 private:
  bool predicting() const {
    return predictor_ && predictor_->server_checks() && !predictor_->stats().gave_up;
  }
  std::vector<sim::Input> predicted(net::Tick present);
  std::vector<sim::Input> unpredicted(net::Tick target);
  std::uint16_t take_away_press() { return std::exchange(away_press_, std::uint16_t{0}); }

  InputPipelineConfig config_;
  InputAccumulator keys_;
  bool away_ = false;                    // as last set_away()
  std::uint16_t away_press_ = 0;         // sim::Button::Away or Back not yet in an input
  std::optional<net::RunnerId> runner_;  // from Welcome
  int tick_rate_ = 60;
  std::uint64_t base_seed_ = 0;  // Welcome's: race n runs on sim::race_course_seed(base, n)
  std::optional<OwnRunnerPredictor> predictor_;
  std::optional<sim::BotController> bot_;  // --autoplay
  std::optional<net::Tick> last_tick_;     // the newest tick handed out
  InputRoundTrip round_trip_;
  std::optional<net::Tick> last_applied_;
  std::uint64_t generated_ = 0;
  bool stopped_ = false;
};

}  // namespace spear::client
