// Press windows: for each of the first ten hurdles and the first ten targets of seeds 1–5, the
// press times that get the runner past the obstacle (Jump for a hurdle, Thrust for a target)
// with no other input, at the start speed and at the top speed. Prints figures; asserts nothing.
//
//   build/bin/bench_press_window [--seeds N]
//
// Start speed: the course as generated (its first obstacles are met at ~2.55–2.6 cycles/s).
// Top speed: the same seed's obstacles (kinds and heights are drawn in the same order whatever
// the spacing) on a course that starts past the cadence ramp (start_clear + kRampDistance), run
// from kRampDistance: every obstacle is met at kTopCadence, spaced for that speed as the
// generator spaces it there.
//
// Each obstacle is approached as in play: a perfect bot (skill 1) runs the course and clears
// everything before it; about 1.2 s before the body reaches the obstacle the runner is copied
// and each press tick from then until the no-input crash is tried on a copy. The window is the
// widest run of consecutive clearing ticks (width = ticks / 60 s); its first and last press are
// given in seconds before the no-input contact (and, for obstacle 0, from the run start).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "sim/bot.hpp"
#include "sim/course.hpp"
#include "sim/pace.hpp"
#include "sim/press_timing.hpp"
#include "sim/runner.hpp"

namespace {

using namespace spear::sim;

constexpr int kPerKind = 10;
constexpr double kApproachSeconds = 1.2;
constexpr int kTrialTicks = 150;

struct Window {
  int ticks = 0;            // widest run of clearing press ticks
  int first = 0, last = 0;  // its press ticks, relative to the copy
  int contact = 0;          // ticks from the copy to the no-input crash
  // The press's lead (sim/press_timing.hpp) at the window's first and last tick, s.
  float lead_first = 0.f, lead_last = 0.f;
};

// The lead of a press after `k` idle ticks from `s` for obstacle `index`.
float lead_after(RunnerState s, const Course& c, std::uint32_t index, int k) {
  for (int t = 0; t < k; ++t) step_runner(s, nullptr, c);
  return press_lead(s.distance, s.pose, s.pace, c.obstacle(index));
}

// Does pressing `button` after `k` idle ticks from `s` get past obstacle `index`?
bool clears(RunnerState s, const Course& c, std::uint32_t index, int k, Button button) {
  Input press;
  press.press(button);
  for (int t = 0; t < k + kTrialTicks; ++t) {
    const RunnerEvents ev = step_runner(s, t == k ? &press : nullptr, c);
    if (ev.crashed) return false;
    if (s.next_obstacle > index) return true;
  }
  return false;
}

Window measure(const RunnerState& s, const Course& c, std::uint32_t index, Button button) {
  Window w;
  RunnerState idle = s;
  for (w.contact = 0; w.contact < 600; ++w.contact) {
    if (step_runner(idle, nullptr, c).crashed) break;
  }
  int run = 0;
  for (int k = 0; k <= w.contact; ++k) {
    if (clears(s, c, index, k, button)) {
      ++run;
      if (run > w.ticks) {
        w.ticks = run;
        w.last = k;
        w.first = k - run + 1;
      }
    } else {
      run = 0;
    }
  }
  w.lead_first = lead_after(s, c, index, w.first);
  w.lead_last = lead_after(s, c, index, w.last);
  return w;
}

struct Row {
  std::uint64_t seed;
  bool top;
  Obstacle o;
  Window w;
  int copy_tick;
};

void run_course(std::uint64_t seed, bool top, std::vector<Row>& rows) {
  CourseParams p;
  if (top) p.start_clear += kRampDistance;
  const Course c(seed, p);
  RunnerState s = new_runner_state();
  if (top) s.distance = kRampDistance;
  BotController bot(1.f, seed);
  int hurdles = 0, targets = 0;
  std::uint32_t measured = kNoObstacle;
  for (Tick tick = 0; tick < 60u * 600u && (hurdles < kPerKind || targets < kPerKind); ++tick) {
    const std::uint32_t next = s.next_obstacle;
    const Obstacle o = c.obstacle(next);
    const double ahead = o.x - (s.distance + static_cast<double>(body_front(s.pose)));
    const bool want = o.kind == ObstacleKind::Hurdle ? hurdles < kPerKind : targets < kPerKind;
    if (runner_alive(s) && next != measured && want &&
        ahead <= ground_speed_at(s.distance) * kApproachSeconds) {
      measured = next;
      const Button b = o.kind == ObstacleKind::Hurdle ? Button::Jump : Button::Thrust;
      rows.push_back({seed, top, o, measure(s, c, next, b), static_cast<int>(tick)});
      (o.kind == ObstacleKind::Hurdle ? hurdles : targets)++;
    }
    const Input in = bot.decide(s, c, tick);
    step_runner(s, &in, c);
    if (!runner_alive(s)) {
      std::fprintf(stderr, "seed %llu: the bot crashed at obstacle %u\n",
                   static_cast<unsigned long long>(seed), s.last_crash_obstacle);
      return;
    }
  }
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int seeds = 5;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--seeds") == 0 && i + 1 < argc) {
      seeds = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: bench_press_window [--seeds N]\n");
      return 2;
    }
  }
  if (seeds < 1 || seeds > 100) {
    std::fprintf(stderr, "bench_press_window: --seeds must be 1..100\n");
    return 2;
  }
  std::vector<Row> rows;
  for (int s = 1; s <= seeds; ++s) {
    for (bool top : {false, true}) run_course(static_cast<std::uint64_t>(s), top, rows);
  }
  constexpr double dt = 1.0 / 60.0;
  std::printf(
      "seed speed  idx kind    height  window_s  press_before_contact_s  lead_s (first..last)  "
      "(obstacle 0: from run start)\n");
  for (const Row& r : rows) {
    const bool hurdle = r.o.kind == ObstacleKind::Hurdle;
    std::printf("%4llu %-5s %4u %-7s %6.1f  %8.3f  %6.3f .. %6.3f",
                static_cast<unsigned long long>(r.seed), r.top ? "top" : "start", r.o.index,
                hurdle ? "hurdle" : "target", r.o.height, r.w.ticks * dt,
                (r.w.contact - r.w.first) * dt, (r.w.contact - r.w.last) * dt);
    std::printf("  %6.3f .. %6.3f", static_cast<double>(r.w.lead_first),
                static_cast<double>(r.w.lead_last));
    if (r.o.index == 0 && !r.top) {
      std::printf("   (%.3f .. %.3f s)", (r.copy_tick + r.w.first) * dt,
                  (r.copy_tick + r.w.last) * dt);
    }
    std::printf("\n");
  }
  std::printf(
      "\nsummary (window s): kind speed  n  min  median  max   middle lead s: median "
      "(grade at the window's middle, median)\n");
  for (bool hurdle : {true, false}) {
    for (bool top : {false, true}) {
      std::vector<double> v, middle, grade;
      for (const Row& r : rows) {
        if ((r.o.kind == ObstacleKind::Hurdle) == hurdle && r.top == top) {
          v.push_back(r.w.ticks * dt);
          const float mid = 0.5f * (r.w.lead_first + r.w.lead_last);
          middle.push_back(mid);
          grade.push_back(press_grade(mid, r.o.kind));
        }
      }
      if (v.empty()) continue;
      std::printf("  %-7s %-5s %3zu  %.3f  %.3f  %.3f   %.3f (%.0f)\n",
                  hurdle ? "hurdle" : "target", top ? "top" : "start", v.size(),
                  *std::min_element(v.begin(), v.end()), median(v),
                  *std::max_element(v.begin(), v.end()), median(middle), median(grade));
    }
  }
  return 0;
}
