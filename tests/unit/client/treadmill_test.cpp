// The motion lab's treadmill as a client draws it: a lab runner stepped by the shared sim (the
// server), its snapshots through the real codec and the interpolation buffer, and the ground
// position the client draws under it. The treadmill must move at the rig's own ground speed
// (rig::RigState::scroll) at walk, run, the blends between them and a switch to the throw (where
// it stops), and a planted foot must stay on the drawn ground.
#include "core/treadmill.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "core/interpolation_buffer.hpp"
#include "net/runner_block.hpp"
#include "net/sim_wire.hpp"
#include "sim/course.hpp"
#include "sim/runner.hpp"

namespace spear::client {
namespace {

constexpr double kTickRate = 60.0;
constexpr int kStride = 2;             // 30 Hz snapshots
constexpr double kFrame = 1.0 / 75.0;  // frames fall between snapshots and between ticks

// The lab programme: from `at` seconds (after entering the lab) the runner plays lab motion
// `pick` (1 walk, 2 run, 3 throw).
struct Pick {
  double at;
  std::uint8_t pick;
};
const std::vector<Pick> kProgramme = {{0.0, 1}, {2.5, 2}, {5.5, 1}, {8.0, 3}, {10.0, 1}};
constexpr double kLabSeconds = 11.5;

// What the server knew after each tick: the rig's total scroll, the snapshot it sent.
struct ServerRun {
  std::vector<double> scroll;             // after tick i (i = 0: entering the lab)
  std::vector<float> scroll_speed;        // units/s, the rig's, during tick i
  std::vector<net::RunnerSnapshot> sent;  // every tick's snapshot (sent every kStride ticks)
};

ServerRun run_the_lab() {
  const sim::Course course(7);
  sim::RunnerState s = sim::new_runner_state();
  // A few seconds of running first: the rig's scroll is far from 0 and the runner enters the
  // lab at full speed.
  for (int i = 0; i < 200; ++i) (void)sim::step_runner(s, nullptr, course);
  sim::Input enter;
  enter.press(sim::Button::LabToggle);
  (void)sim::step_runner(s, &enter, course);
  EXPECT_EQ(s.mode, sim::RunnerMode::Lab);
  ServerRun run;
  const int ticks = static_cast<int>(kLabSeconds * kTickRate);
  std::size_t next_pick = 0;
  for (int i = 0; i <= ticks; ++i) {
    if (i > 0) {
      sim::Input in;
      if (next_pick < kProgramme.size() && i >= kProgramme[next_pick].at * kTickRate)
        in.lab_pick = kProgramme[next_pick++].pick;
      (void)sim::step_runner(s, &in, course);
    }
    run.scroll.push_back(s.rig.scroll);
    run.scroll_speed.push_back(s.rig.scroll_speed);
    run.sent.push_back(net::runner_snapshot(3, s, false));
  }
  return run;
}

// The rig's scroll at server time t (ticks since entering the lab / tick rate), linear between
// ticks, as the interpolation shows every other quantity.
double scroll_at(const ServerRun& run, double t) {
  const double x = std::clamp(t * kTickRate, 0.0, static_cast<double>(run.scroll.size() - 1));
  const auto i = static_cast<std::size_t>(std::floor(x));
  if (i + 1 >= run.scroll.size()) return run.scroll.back();
  return run.scroll[i] + (run.scroll[i + 1] - run.scroll[i]) * (x - static_cast<double>(i));
}

struct DrawnFrame {
  double render_time;
  double ground_x;  // the treadmill's drawn position
  double camera_x;  // the figure's distance
  RunnerFrame runner;
};

// The client: snapshots over a network with `latency` (± jitter, some lost), through the codec
// (quantized as on the wire) into the buffer; frames at kFrame sampled and drawn.
std::vector<DrawnFrame> watch(const ServerRun& run, double latency, double jitter, double loss) {
  InterpolationConfig c;
  c.tick_rate = kTickRate;
  c.snapshot_rate = kTickRate / kStride;
  InterpolationBuffer buf(c);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  struct Arrival {
    double at;
    std::uint32_t tick;
  };
  std::vector<Arrival> arrivals;
  for (std::uint32_t tick = 0; tick < run.sent.size(); tick += kStride) {
    if (u(rng) < loss) continue;
    arrivals.push_back({tick / kTickRate + latency + (2.0 * u(rng) - 1.0) * jitter, tick});
  }
  std::sort(arrivals.begin(), arrivals.end(),
            [](const Arrival& a, const Arrival& b) { return a.at < b.at; });
  Treadmill treadmill;
  std::vector<DrawnFrame> out;
  std::size_t next = 0;
  for (double now = 0.0; now < kLabSeconds + latency; now += kFrame) {
    for (; next < arrivals.size() && arrivals[next].at <= now; ++next) {
      const net::RunnerSnapshot wire =
          net::rebuild_runner(net::quantize_runner(run.sent[arrivals[next].tick]));
      buf.push(arrivals[next].tick, {runner_frame(wire)}, arrivals[next].at);
    }
    const InterpolatedView& v = buf.sample(now);
    if (v.runners.empty()) continue;
    const RunnerFrame& r = v.runners.front();
    out.push_back({v.render_time, treadmill.update(r), r.distance, r});
  }
  return out;
}

// Over windows of `window` seconds of render time: the drawn ground's travel against the rig's.
struct Window {
  double from, to;
  double ground;  // units the drawn ground moved
  double rig;     // units the rig scrolled
};

std::vector<Window> windows(const ServerRun& run, const std::vector<DrawnFrame>& frames,
                            double window) {
  std::vector<Window> out;
  std::size_t start = 0;
  for (std::size_t i = 1; i < frames.size(); ++i) {
    if (frames[i].render_time < 0.3) {  // the buffer settling in
      start = i;
      continue;
    }
    if (frames[i].render_time - frames[start].render_time < window) continue;
    out.push_back(
        {frames[start].render_time, frames[i].render_time,
         frames[i].ground_x - frames[start].ground_x,
         scroll_at(run, frames[i].render_time) - scroll_at(run, frames[start].render_time)});
    start = i;
  }
  return out;
}

// Which part of the programme a render time is in.
std::string segment(double t) {
  if (t < 2.5) return "walk";
  if (t < 4.0) return "walk to run";
  if (t < 5.5) return "run";
  if (t < 7.0) return "run to walk";
  if (t < 8.0) return "walk";
  if (t < 8.6) return "walk to throw";
  if (t < 10.0) return "throw";
  return "throw to walk";
}

// max_frame_error: units the drawn ground may be off the rig's at any one frame.
void expect_ground_speed_is_the_rigs(const ServerRun& run, const std::vector<DrawnFrame>& frames,
                                     double max_frame_error) {
  std::vector<std::string> seen;
  int moving = 0, still = 0;
  double worst_ratio = 0.0, worst_still = 0.0;
  for (const Window& w : windows(run, frames, 0.2)) {
    SCOPED_TRACE(segment(w.from) + " at " + std::to_string(w.from) + " s");
    if (std::find(seen.begin(), seen.end(), segment(w.from)) == seen.end())
      seen.push_back(segment(w.from));
    const double rig_speed = w.rig / (w.to - w.from);
    if (rig_speed > 5.0) {
      ++moving;
      worst_ratio = std::max(worst_ratio, std::abs(w.ground / w.rig - 1.0));
      EXPECT_NEAR(w.ground / w.rig, 1.0, 0.02)
          << "ground " << w.ground / (w.to - w.from) << " units/s, rig " << rig_speed;
    } else {
      ++still;  // the throw: the rig's ground stands, and so does the drawn one
      worst_still = std::max(worst_still, std::abs(w.ground - w.rig));
      EXPECT_LE(std::abs(w.ground - w.rig), 0.1) << "ground moved " << w.ground;
    }
  }
  EXPECT_EQ(seen.size(), 7u);  // every part of the programme was measured
  EXPECT_GT(moving, 30);
  EXPECT_GT(still, 4);
  // And frame by frame the drawn ground is where the rig's is (no freeze and catch-up, no
  // drift), against the rig's scroll at the time the frame shows.
  const DrawnFrame& first = frames[frames.size() / 20];
  double worst_frame = 0.0;
  for (const DrawnFrame& f : frames) {
    if (f.render_time < first.render_time) continue;
    const double error = (f.ground_x - first.ground_x) -
                         (scroll_at(run, f.render_time) - scroll_at(run, first.render_time));
    worst_frame = std::max(worst_frame, std::abs(error));
  }
  EXPECT_LT(worst_frame, max_frame_error);
  const DrawnFrame& last = frames.back();
  const double drawn = last.ground_x - first.ground_x;
  const double rig = scroll_at(run, last.render_time) - scroll_at(run, first.render_time);
  EXPECT_GT(rig, 1500.0);
  EXPECT_NEAR(drawn, rig, 0.5);
  std::printf(
      "treadmill: %d windows moving, worst |ground/rig - 1| %.4f; %d standing, worst "
      "%.3f units; %.1f units drawn against %.1f scrolled; worst frame %.3f units off\n",
      moving, worst_ratio, still, worst_still, drawn, rig, worst_frame);
}

TEST(Treadmill, UnwrapsTheWireTravelTheShortWay) {
  EXPECT_DOUBLE_EQ(treadmill_gap(10.f, 25.5f), 15.5);
  EXPECT_DOUBLE_EQ(treadmill_gap(4090.f, 6.f), 12.0);  // across the wrap
  EXPECT_DOUBLE_EQ(treadmill_gap(6.f, 4090.f), -12.0);
  EXPECT_EQ(wrap_treadmill(4100.0), 4.f);
  EXPECT_EQ(wrap_treadmill(-4.0), 4092.f);
  EXPECT_EQ(wrap_treadmill(std::nan("")), 0.f);

  Treadmill t;
  RunnerFrame f;
  f.distance = 500.0;
  EXPECT_EQ(t.update(f), 500.0);  // running: the ground is the course
  f.flags = net::runner_flags::kLab;
  f.lab_scroll = 4000.f;
  EXPECT_EQ(t.update(f), 500.0);  // the lab starts where the runner stood: no jump
  f.lab_scroll = 4090.f;
  EXPECT_EQ(t.update(f), 590.0);
  f.lab_scroll = 10.f;
  EXPECT_EQ(t.update(f), 606.0);  // across the wrap
  EXPECT_EQ(t.travel(), 106.0);
  f.flags = 0;
  f.distance = 0.0;  // left the lab: a new run
  EXPECT_EQ(t.update(f), 0.0);
  EXPECT_EQ(t.travel(), 0.0);
}

// A travel that steps back (a late snapshot after the prediction, a correction) holds the ground
// still: it never slides backwards, and it moves on once the travel passes where it stood.
TEST(Treadmill, NeverRunsBackwards) {
  Treadmill t;
  RunnerFrame f;
  f.distance = 100.0;
  f.flags = net::runner_flags::kLab;
  f.lab_scroll = 50.f;
  EXPECT_EQ(t.update(f), 100.0);
  f.lab_scroll = 60.f;
  EXPECT_EQ(t.update(f), 110.0);
  f.lab_scroll = 57.f;  // 3 units back
  EXPECT_EQ(t.update(f), 110.0);
  f.lab_scroll = 59.f;
  EXPECT_EQ(t.update(f), 110.0);
  f.lab_scroll = 64.f;
  EXPECT_EQ(t.update(f), 114.0);
  f.lab_scroll = 4094.f;  // back across the wrap (a short step back, not a lap on)
  EXPECT_EQ(t.update(f), 114.0);
}

TEST(Treadmill, MovesAtTheRigsGroundSpeedAtWalkRunBlendsAndThrow) {
  const ServerRun run = run_the_lab();
  // The server side: the articles' speeds, and the throw stands still.
  EXPECT_NEAR(run.scroll_speed[static_cast<std::size_t>(2.0 * kTickRate)], 44.0 * 1.5 / 0.62, 1.0);
  EXPECT_NEAR(run.scroll_speed[static_cast<std::size_t>(5.0 * kTickRate)], 60.0 * 2.55 / 0.40, 1.0);
  EXPECT_EQ(run.scroll_speed[static_cast<std::size_t>(9.5 * kTickRate)], 0.f);

  const auto frames = watch(run, 0.05, 0.0, 0.0);
  ASSERT_GT(frames.size(), 700u);
  // The figure does not travel in the lab: the camera stands, the ground moves.
  for (const DrawnFrame& f : frames) EXPECT_EQ(f.camera_x, frames.front().camera_x);
  expect_ground_speed_is_the_rigs(run, frames, 0.5);
  // The treadmill's speed (the lab HUD's readout, the hair's wind) is the rig's.
  for (const DrawnFrame& f : frames) {
    const auto tick = static_cast<std::size_t>(std::round(f.render_time * kTickRate));
    const bool steady = (f.render_time > 1.5 && f.render_time < 2.4) ||
                        (f.render_time > 4.8 && f.render_time < 5.4);
    if (!steady) continue;
    EXPECT_NEAR(f.runner.speed / run.scroll_speed[tick], 1.0, 0.02) << "at " << f.render_time;
  }
}

TEST(Treadmill, KeepsTheRigsGroundSpeedOverABadNetwork) {
  // 60 ms, ±15 ms jitter, 10 % loss: extrapolation, holds and their corrections.
  const ServerRun run = run_the_lab();
  expect_ground_speed_is_the_rigs(run, watch(run, 0.06, 0.015, 0.10), 1.0);
}

TEST(Treadmill, PlantedFootStaysOnTheDrawnGround) {
  const ServerRun run = run_the_lab();
  const auto frames = watch(run, 0.05, 0.0, 0.0);
  // The drawn foot's x on screen is the figure's place plus the pose's foot (the camera follows
  // the figure); a ground dot's is k·spacing − ground_x. Their difference, foot.x + ground_x,
  // must not change while the foot is planted.
  int stances = 0, planted_frames = 0;
  double worst = 0.0;
  for (int side = 0; side < 2; ++side) {
    const rig::Joint foot = side == 0 ? rig::Joint::FootNear : rig::Joint::FootFar;
    double lo = 0.0, hi = 0.0;
    int run_length = 0;
    double last_time = 0.0;
    const auto close = [&] {
      if (run_length >= 4) {
        ++stances;
        worst = std::max(worst, hi - lo);
        EXPECT_LE(hi - lo, 0.5) << "foot " << side << " slid over a stance ending at " << last_time;
      }
      run_length = 0;
    };
    for (const DrawnFrame& f : frames) {
      // Planted as drawn, between two snapshots that both had it planted (a frame between a
      // swing and a stance shows the foot arriving, not standing).
      const auto a = static_cast<std::size_t>(std::floor(f.render_time * kTickRate / kStride)) *
                     static_cast<std::size_t>(kStride);
      const auto planted_in = [&](std::size_t tick) {
        if (tick >= run.sent.size()) return false;
        const rig::Pose& p = run.sent[tick].pose;
        return side == 0 ? p.contact_near : p.contact_far;
      };
      const bool drawn = side == 0 ? f.runner.pose.contact_near : f.runner.pose.contact_far;
      const bool planted = drawn && planted_in(a) && planted_in(a + kStride);
      if (!planted || f.render_time < 0.3) {
        close();
        continue;
      }
      // (ground_x − camera_x: the treadmill's travel, small numbers.)
      const double on_ground =
          static_cast<double>(f.runner.pose[foot].x) + (f.ground_x - f.camera_x);
      if (run_length == 0) lo = hi = on_ground;
      lo = std::min(lo, on_ground);
      hi = std::max(hi, on_ground);
      ++run_length;
      ++planted_frames;
      last_time = f.render_time;
    }
    close();
  }
  EXPECT_GT(stances, 20);  // walk and run stances of both feet
  EXPECT_GT(planted_frames, 300);
  std::printf("planted feet: %d stances, worst slide %.3f units\n", stances, worst);
}

}  // namespace
}  // namespace spear::client
