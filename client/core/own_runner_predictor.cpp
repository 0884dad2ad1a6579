#include "core/own_runner_predictor.hpp"

#include <algorithm>
#include <cmath>

#include "core/pose_blend.hpp"
#include "core/treadmill.hpp"
#include "net/sim_wire.hpp"
#include "sim/lab.hpp"
#include "sim/race_start.hpp"

namespace spear::client {

namespace {
constexpr std::size_t kProbeRecent = 64;  // probe states kept: the hash may name an older tick
constexpr double kMaxTickTravel = 100.0;  // units: a larger move in one tick is a restart (a cut)

}  // namespace

OwnRunnerPredictor::OwnRunnerPredictor(std::uint64_t course_seed, int tick_rate,
                                       PredictionConfig config)
    : config_(config),
      course_(course_seed),
      dt_(1.f / static_cast<float>(tick_rate > 0 ? tick_rate : sim::kDefaultTickRate)),
      history_(config.history_ticks),
      probe_(sim::new_runner_state()) {}

OwnRunnerPredictor::OwnRunnerPredictor(std::uint64_t course_seed, int tick_rate,
                                       PredictionConfig config, net::Tick first_tick,
                                       std::optional<std::uint32_t> line_wait)
    : OwnRunnerPredictor(course_seed, tick_rate, config) {
  first_tick_ = first_tick;
  if (line_wait) line_probe_ = sim::race_start_state(*line_wait, dt_);
}

void OwnRunnerPredictor::restart_at(net::Tick tick, std::uint64_t course_seed, std::uint32_t wait) {
  if (first_tick_ && static_cast<std::int32_t>(tick - *first_tick_) <= 0) return;  // begun
  restart_ = Restart{tick, course_seed, wait};
  if (!aligned_ || static_cast<std::int32_t>(next_tick_ - tick) <= 0) return;  // in advance()
  // Stepped past it already (the news came late): begin there and step again to where it was,
  // with the own inputs stamped since (the server applies them in the new match too).
  const net::Tick until = next_tick_;
  restart_now();
  std::uint32_t budget = config_.max_steps_per_call;
  while (static_cast<std::int32_t>(until - next_tick_) > 0 && budget-- > 0) {
    sim::Input in = applied_at(next_tick_);
    history_.push(next_tick_, state_, &in);
    sim::step_runner(state_, in.empty() ? nullptr : &in, course_, dt_);
    ++next_tick_;
  }
}

void OwnRunnerPredictor::restart_now() {
  const Restart r = *restart_;
  restart_.reset();
  ++stats_.restarts;
  course_ = sim::Course(r.seed);
  state_ = sim::race_start_state(r.wait, dt_, state_.away);
  next_tick_ = r.tick;
  first_tick_ = r.tick;
  history_.clear();
  std::erase_if(stamped_, [&](const auto& kv) { return kv.first < r.tick; });
  moved_.clear();
  distance_offset_ = 0.0;  // a new course: a cut, nothing to fade
  joint_offset_ = {};
  mismatch_run_ = 0;
  line_probe_.reset();
}
void OwnRunnerPredictor::on_snapshot(const net::OwnRunnerState& own,
                                     std::optional<double> distance) {
  const auto check = sim::decode_runner_check(own.sim_state, own.state_tick);
  if (!check) {
    ++stats_.bad_checks;
    return;
  }
  checks_seen_ = true;
  if (stats_.gave_up) return;
  if (!aligned_) {
    // Checks of an older match (snapshots still on their way from before the restart): none.
    if (first_tick_ && check->hash_tick < *first_tick_) return;
    if (line_probe_) try_align_standing(*check);
    if (!aligned_ && distance) try_align(*check, *distance);
    return;
  }
  if (first_tick_ && check->hash_tick < *first_tick_) return;
  // A check of the next race's match, before this predictor has stepped to its start.
  if (restart_ && static_cast<std::int32_t>(check->hash_tick - restart_->tick) >= 0) return;
  reconcile(*check, own.last_input_tick);
}

void OwnRunnerPredictor::try_align(const sim::RunnerCheck& check, double distance) {
  // The runner joined at some tick ≥ 0, so it has been stepped at most hash_tick + 1 times; it
  // has not run further than the snapshot shows.
  std::uint32_t budget = config_.max_steps_per_call;
  while (probe_steps_ < check.hash_tick + 1 && probe_.distance <= distance + 1.0) {
    if (budget-- == 0) {
      ++stats_.capped_calls;  // the next snapshot's check goes on from here
      break;
    }
    sim::step_runner(probe_, nullptr, course_, dt_);
    ++probe_steps_;
    probe_recent_.push_back(probe_);
    if (probe_recent_.size() > kProbeRecent) probe_recent_.pop_front();
  }
  for (const sim::RunnerState& s : probe_recent_) {
    if (sim::check_hash(s) != check.hash) continue;
    aligned_at(s, check.hash_tick);
    return;
  }
}

void OwnRunnerPredictor::aligned_at(const sim::RunnerState& s, net::Tick hash_tick) {
  state_ = s;
  next_tick_ = hash_tick + 1;
  history_.clear();
  aligned_ = true;
  probe_recent_.clear();
  line_recent_.clear();
  line_probe_.reset();
}

void OwnRunnerPredictor::try_align_standing(const sim::RunnerCheck& check) {
  // Seated with those at the line: the line's state, stepped without input since the match
  // began, is the runner's after tick first_tick_ + steps − 1. Only while it may still stand.
  const net::Tick first = *first_tick_;
  const std::uint64_t wanted = std::uint64_t{check.hash_tick} - first + 1;
  std::uint32_t budget = config_.max_steps_per_call;
  while (line_steps_ < wanted && line_probe_->mode == sim::RunnerMode::Countdown) {
    if (budget-- == 0) {
      ++stats_.capped_calls;
      break;
    }
    sim::step_runner(*line_probe_, nullptr, course_, dt_);
    ++line_steps_;
    line_recent_.push_back(*line_probe_);
    if (line_recent_.size() > kProbeRecent) line_recent_.pop_front();
  }
  // line_recent_[i] is the state after tick first + line_steps_ − size + i.
  const std::uint64_t newest = std::uint64_t{first} + line_steps_ - 1;
  if (check.hash_tick > newest) return;
  const std::uint64_t back = newest - check.hash_tick;
  if (back >= line_recent_.size()) return;
  const sim::RunnerState s = line_recent_[line_recent_.size() - 1 - back];
  if (sim::check_hash(s) == check.hash) aligned_at(s, check.hash_tick);
}

void OwnRunnerPredictor::reconcile(const sim::RunnerCheck& check, net::Tick acked) {
  // Inputs the server applied later than stamped: move them in the history.
  std::optional<net::Tick> from;
  for (const sim::InputMove& m : check.moves) {
    if (moved_.contains(m.stamp) || m.stamp >= next_tick_) continue;  // done, or not stepped yet
    moved_[m.stamp] = m.applied;
    if (!stamped_.contains(m.stamp)) continue;  // nothing of ours there
    if (!history_.at(m.stamp) || (m.applied < next_tick_ && !history_.at(m.applied))) {
      ++stats_.lost_moves;
      continue;
    }
    ++stats_.moves;
    history_.at(m.stamp)->input = applied_at(m.stamp);
    if (m.applied < next_tick_) history_.at(m.applied)->input = applied_at(m.applied);
    from = std::min(from.value_or(m.stamp), m.stamp);
  }
  if (const auto oldest = history_.oldest()) {
    std::erase_if(moved_,
                  [&](const auto& kv) { return kv.first < *oldest && kv.second < *oldest; });
    std::erase_if(stamped_,
                  [&](const auto& kv) { return kv.first < *oldest && !moved_.contains(kv.first); });
  }

  if (from) {
    const RunnerFrame before = blended_frame(alpha_);
    history_.resimulate(*from, state_, course_, dt_);
    ++stats_.resimulations;
    const RunnerFrame after = blended_frame(alpha_);
    double size = std::abs(before.distance - after.distance);
    for (std::size_t j = 0; j < rig::kJointCount; ++j)
      size = std::max(
          size, static_cast<double>(rig::length(before.pose.joints[j] - after.pose.joints[j])));
    if (size > 0.0) {
      ++stats_.corrections;
      stats_.worst_correction = std::max(stats_.worst_correction, size);
      if (std::abs(before.distance - after.distance) > config_.snap_distance) {
        distance_offset_ = 0.0;  // a restart or the like: a jump either way
        joint_offset_ = {};
      } else {
        // Keep showing what was shown; the offset fades in frame().
        distance_offset_ += before.distance - after.distance;
        for (std::size_t j = 0; j < rig::kJointCount; ++j)
          joint_offset_[j] += before.pose.joints[j] - after.pose.joints[j];
      }
    }
  }

  // Compare, when every input up to the hashed tick has reached the server.
  if (check.hash_tick > acked) return;
  const auto mine = state_after(check.hash_tick);
  if (!mine) return;
  ++stats_.checks;
  if (sim::check_hash(*mine) == check.hash) {
    ++stats_.matches;
    mismatch_run_ = 0;
  } else {
    ++stats_.mismatches;
    if (++mismatch_run_ >= config_.give_up_after) stats_.gave_up = true;
  }
}

std::vector<sim::Input> OwnRunnerPredictor::advance(net::Tick present, const Decide& decide) {
  std::vector<sim::Input> out;
  if (!active()) return out;
  while (static_cast<std::int32_t>(present - next_tick_) >= 0) {
    if (restart_ && restart_->tick == next_tick_) restart_now();  // the next race's match
    if (out.size() == config_.max_steps_per_call) {
      ++stats_.capped_calls;  // the rest on the next call
      break;
    }
    const net::Tick tick = next_tick_;
    sim::Input decided = decide ? decide(state_, tick) : sim::Input{};
    decided.tick = tick;
    if (!decided.empty()) stamped_[tick] = decided;
    sim::Input in = applied_at(tick);  // with inputs moved here by the server
    in.tick = tick;
    history_.push(tick, state_, &in);
    sim::step_runner(state_, in.empty() ? nullptr : &in, course_, dt_);
    ++next_tick_;
    out.push_back(decided);
  }
  return out;
}

sim::Input OwnRunnerPredictor::applied_at(net::Tick tick) const {
  // Merged in stamp order, as the server's match merges inputs due at one tick.
  sim::Input merged;
  bool any = false;
  for (const auto& [stamp, input] : stamped_) {
    const auto m = moved_.find(stamp);
    if ((m == moved_.end() ? stamp : m->second) != tick) continue;
    merged = any ? sim::merge_inputs(merged, input) : input;
    any = true;
  }
  merged.tick = tick;
  return merged;
}

std::optional<sim::RunnerState> OwnRunnerPredictor::state_after(net::Tick tick) const {
  if (!aligned_ || static_cast<std::int32_t>(next_tick_ - tick) <= 0) return std::nullopt;
  if (tick + 1 == next_tick_) return state_;
  if (const sim::RunnerHistoryEntry* e = history_.at(tick + 1)) return e->before;
  return std::nullopt;
}

RunnerFrame OwnRunnerPredictor::raw_frame() const {
  // Exactly what the server would send for this state (before quantization).
  return runner_frame(net::runner_snapshot(0, state_, false, dt_));
}

const sim::RunnerState& OwnRunnerPredictor::previous_state() const {
  if (const sim::RunnerHistoryEntry* e = history_.at(next_tick_ - 1)) return e->before;
  return state_;
}

RunnerFrame OwnRunnerPredictor::blended_frame(double alpha) const {
  RunnerFrame b = raw_frame();
  const sim::RunnerState& p = previous_state();
  if (&p == &state_) return b;
  const RunnerFrame a = runner_frame(net::runner_snapshot(0, p, false));
  if (std::abs(b.distance - a.distance) > kMaxTickTravel) return b;  // a restart: cut to it
  const auto t = static_cast<float>(alpha);
  RunnerFrame out = t < 0.5f ? a : b;  // discrete fields from the nearer tick
  if ((a.flags | b.flags) & net::runner_flags::kLab) {
    // The lab answers a key on the next frame drawn: what plays (and whether it is paused, in
    // the lab at all) is the newest tick's, the pose still blending towards it.
    out.mode = b.mode;
    out.flags = b.flags;
    out.lab_motion = b.lab_motion;
    out.lab_phase = b.lab_phase;
    out.lab_gait = b.lab_gait;
  }
  out.pose = lerp_pose(a.pose, b.pose, t);
  out.distance = a.distance + (b.distance - a.distance) * alpha;
  if (a.ik && b.ik) out.ik = lerp_rig_debug(*a.ik, *b.ik, t);
  out.speed = static_cast<float>(std::max(0.0, b.distance - a.distance) / dt_);
  // The lab runner stands: its speed is the treadmill's, the rig's ground speed.
  if (out.flags & net::runner_flags::kLab)
    out.speed = static_cast<float>(std::max(0.0, state_.rig.scroll - p.rig.scroll) / dt_);
  return out;
}

RunnerFrame OwnRunnerPredictor::frame(std::uint32_t id, float dt_frame, double display_tick) {
  // Fade the correction: exponentially, but never faster than max_correction_step per frame.
  if (dt_frame > 0.f) {
    const double keep = std::exp(-dt_frame / config_.correction_time);
    const double cap = config_.max_correction_step;
    const auto fade = [&](double v) {
      const double step = std::clamp(v - v * keep, -cap, cap);
      stats_.worst_correction_step = std::max(stats_.worst_correction_step, std::abs(step));
      return std::abs(v - step) < 1e-3 ? 0.0 : v - step;
    };
    distance_offset_ = fade(distance_offset_);
    for (rig::Vec2& o : joint_offset_) {
      o.x = static_cast<float>(fade(o.x));
      o.y = static_cast<float>(fade(o.y));
    }
  }
  // The last stepped tick is next_tick_ − 1; display_tick within it blends from the one before.
  const double last = static_cast<double>(next_tick_) - 1.0;
  alpha_ = std::isfinite(display_tick) ? std::clamp(display_tick - last, 0.0, 1.0) : 1.0;
  RunnerFrame f = blended_frame(alpha_);
  const sim::RunnerState& p = previous_state();
  drawn_rig_scroll_ = std::abs(state_.distance - p.distance) > kMaxTickTravel
                          ? state_.rig.scroll
                          : p.rig.scroll + (state_.rig.scroll - p.rig.scroll) * alpha_;
  f.id = id;
  // The treadmill under the lab runner moves with the rig's travel as drawn, evenly.
  if (f.flags & net::runner_flags::kLab) f.lab_scroll = wrap_treadmill(drawn_rig_scroll_);
  f.distance += distance_offset_;
  for (std::size_t j = 0; j < rig::kJointCount; ++j) f.pose.joints[j] += joint_offset_[j];
  return f;
}

}  // namespace spear::client
