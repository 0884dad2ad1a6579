#include "core/input_pipeline.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "sim/race_start.hpp"

namespace spear::client {

namespace {
constexpr int kMinInputLeadTicks = 3;   // stamped this far ahead of the estimated server tick
constexpr int kMaxInputLeadTicks = 30;  // never more (half a second)

// A server clock that says nonsense (a hostile or broken server) gives tick 0 or the last tick,
// never a conversion out of range.
net::Tick tick_at(double seconds, int rate) {
  const double t = std::floor(seconds * rate);
  if (!(t > 0.0)) return 0;
  constexpr auto kLast = std::numeric_limits<net::Tick>::max();
  return t >= static_cast<double>(kLast) ? kLast : static_cast<net::Tick>(t);
}
}  // namespace

void InputPipeline::reset() {
  runner_.reset();
  predictor_.reset();
  bot_.reset();
  last_tick_.reset();
  last_applied_.reset();
  round_trip_ = InputRoundTrip{};
}

void InputPipeline::on_welcome(const net::Welcome& w) {
  runner_ = w.runner_id;
  tick_rate_ = w.tick_rate;
  base_seed_ = w.course_seed;
  predictor_.reset();
  bot_.reset();
  if (!w.runner_id) return;
  predictor_.emplace(w.course_seed, w.tick_rate);
  if (config_.autoplay) bot_.emplace(config_.autoplay_skill, 7);
}

void InputPipeline::on_snapshot(const net::Snapshot& s) {
  if (!predictor_ || !s.own) return;
  if (s.race) {
    const net::RaceStatus& r = *s.race;
    const bool results = r.phase == net::RacePhase::Results;
    const auto known = predictor_->first_tick();
    // A snapshot of a match before the predicted one: still on its way; its check is void.
    if (known && static_cast<std::int32_t>(r.match_first_tick - *known) < 0) return;
    // The match the predictor begins itself when it gets there (it may trail the snapshots).
    const bool coming = predictor_->active() && predictor_->pending_restart() == r.match_first_tick;
    if (!coming && (!known || *known != r.match_first_tick)) {
      // Outside the race phase the match's runners stood at the line from its first tick.
      const std::optional<std::uint32_t> line =
          r.phase == net::RacePhase::Race ? std::nullopt : std::optional<std::uint32_t>(r.wait);
      const PredictionStats earlier = predictor_->stats();
      predictor_.emplace(sim::race_course_seed(base_seed_, results ? r.race + 1 : r.race),
                         tick_rate_, PredictionConfig{}, r.match_first_tick, line);
      predictor_->carry_stats(earlier);
    }
    if (r.phase == net::RacePhase::Race)
      predictor_->restart_at(s.tick + 1 + r.ticks_left,
                             sim::race_course_seed(base_seed_, r.race + 1), r.wait);
  }
  std::optional<double> distance;
  for (const auto& r : s.runners)
    if (r.id == s.own->id) distance = r.distance;
  predictor_->on_snapshot(*s.own, distance);
}

void InputPipeline::on_applied(std::optional<net::Tick> applied, double now) {
  if (!applied || applied == last_applied_) return;
  round_trip_.on_applied(*applied, now);
  last_applied_ = applied;
}

InputPress InputPipeline::press(Key key, ControlMode mode, std::uint8_t lab_motion) {
  // The bot owns the runner's buttons: a stray key would put it out of step.
  if (bot_ && mode != ControlMode::Spectator) return {map_key(key, mode, lab_motion).local, false};
  InputPress p;
  p.jump = mode == ControlMode::Runner &&
           (map_key(key, mode, lab_motion).buttons & static_cast<std::uint16_t>(sim::Button::Jump));
  p.local = keys_.press(key, mode, lab_motion);
  return p;
}

void InputPipeline::set_away(bool away) {
  if (!config_.parks_when_away || away == away_) return;
  away_ = away;
  // Back before the away press went out (or the reverse): the server never needs to know.
  if (away_press_ != 0) {
    away_press_ = 0;
    return;
  }
  away_press_ = static_cast<std::uint16_t>(away ? sim::Button::Away : sim::Button::Back);
}

std::vector<sim::Input> InputPipeline::take_inputs(double now, double server_time,
                                                   double acting_time) {
  if (!runner_ || stopped_) return {};
  std::vector<sim::Input> inputs;
  if (predicting()) {
    inputs = predicted(tick_at(acting_time, tick_rate_));
  } else {
    const double rtt = round_trip_.round_trip().value_or(0.1);
    const int lead = std::clamp(kMinInputLeadTicks + static_cast<int>(std::ceil(rtt * tick_rate_)),
                                kMinInputLeadTicks, kMaxInputLeadTicks);
    inputs = unpredicted(tick_at(server_time, tick_rate_) + static_cast<net::Tick>(lead));
  }
  const auto is_new = [&](const sim::Input& in) {
    return !last_tick_ || static_cast<std::int32_t>(in.tick - *last_tick_) > 0;
  };
  std::erase_if(inputs, [&](const sim::Input& in) { return !is_new(in); });
  for (const sim::Input& in : inputs) {
    round_trip_.on_sent(in.tick, now);
    last_tick_ = in.tick;
    ++generated_;
  }
  return inputs;
}

std::vector<sim::Input> InputPipeline::predicted(net::Tick present) {
  if (!predictor_->active()) return {};  // aligning: presses wait in the accumulator
  bool first = true;
  return predictor_->advance(present, [&](const sim::RunnerState& state, net::Tick tick) {
    sim::Input in;
    if (bot_)
      in = bot_->decide(state, predictor_->course(), tick, predictor_->dt());
    else if (first)
      in = keys_.take(tick);
    if (first && away_press_ != 0) {
      // The away or back press at the tick it happened, predicted like any other.
      in.buttons = static_cast<std::uint16_t>(in.buttons | take_away_press());
      in.tick = tick;
    }
    first = false;
    return in;
  });
}

std::vector<sim::Input> InputPipeline::unpredicted(net::Tick target) {
  // The keys at the first tick not sent yet, empty ticks after it up to the target.
  net::Tick from = last_tick_ ? *last_tick_ + 1 : target;
  if (static_cast<std::int32_t>(target - from) > kMaxInputLeadTicks)
    from = target - kMaxInputLeadTicks;
  std::vector<sim::Input> inputs;
  for (net::Tick t = from; static_cast<std::int32_t>(target - t) >= 0; ++t)
    inputs.push_back(t == from && !bot_ ? keys_.take(t) : sim::Input{t, 0, 0});
  // The away or back press goes with the first input.
  if (away_press_ != 0 && !inputs.empty())
    inputs.front().buttons = static_cast<std::uint16_t>(inputs.front().buttons | take_away_press());
  return inputs;
}

}  // namespace spear::client
