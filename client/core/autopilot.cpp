#include "core/autopilot.hpp"

#include <cmath>

namespace spear::client {

namespace {
constexpr double kMatchTolerance = 0.2;   // units: wire quantization is 1/16
constexpr std::size_t kHistory = 600;     // ticks of shadow history kept for the checks
constexpr int kMaxAlignSteps = 60 * 120;  // a runner seen more than 2 min in cannot be aligned
constexpr int kMaxStepsPerCall = 240;     // ticks stepped at most by one advance() (4 s)
}  // namespace

Autopilot::Autopilot(std::uint64_t course_seed, int tick_rate, float skill, std::uint64_t seed)
    : course_(course_seed),
      dt_(1.f / static_cast<float>(tick_rate > 0 ? tick_rate : 60)),
      bot_(skill, seed) {}

void Autopilot::on_snapshot(net::Tick tick, double distance, net::RunnerMode mode) {
  if (!aligned_) {
    if (mode != net::RunnerMode::Running) return;
    // A new runner runs from the course start without input: find how many steps reach this
    // distance. That many ticks of the server's runner lie before `tick`.
    sim::RunnerState s = sim::new_runner_state();
    int steps = 0;
    while (s.distance < distance - kMatchTolerance / 2 && steps < kMaxAlignSteps) {
      sim::step_runner(s, nullptr, course_, dt_);
      ++steps;
    }
    if (steps >= kMaxAlignSteps || std::abs(s.distance - distance) > kMatchTolerance) return;
    state_ = s;
    next_tick_ = tick;
    aligned_ = true;
    history_.clear();
    return;
  }
  for (const auto& p : history_) {
    if (p.tick == tick) {
      if (std::abs(p.distance - distance) > kMatchTolerance) ++mismatches_;
      break;
    }
  }
}

std::vector<net::InputFrame> Autopilot::advance(net::Tick first_sendable, net::Tick last_tick) {
  std::vector<net::InputFrame> out;
  if (!aligned_) return out;
  for (int steps = 0; static_cast<std::int32_t>(last_tick - next_tick_) >= 0; ++steps) {
    // A present far ahead (a hitch, or a hostile server's tick) is caught up over calls.
    if (steps == kMaxStepsPerCall) break;
    const net::Tick tick = next_tick_;
    history_.push_back({tick, state_.distance});
    while (history_.size() > kHistory) history_.pop_front();
    sim::Input in;
    if (static_cast<std::int32_t>(tick - first_sendable) >= 0)
      in = bot_.decide(state_, course_, tick, dt_);
    in.tick = tick;
    sim::step_runner(state_, in.empty() ? nullptr : &in, course_, dt_);
    ++next_tick_;
    if (static_cast<std::int32_t>(tick - first_sendable) < 0) continue;
    net::InputFrame f;
    f.tick = tick;
    if (in.has(sim::Button::Jump)) f.buttons |= net::buttons::kJump;
    if (in.has(sim::Button::Thrust)) f.buttons |= net::buttons::kThrust;
    out.push_back(f);
  }
  return out;
}

}  // namespace spear::client
