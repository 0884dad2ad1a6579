#pragma once
// Which obstacles stand broken (a target knocked down, a hurdle toppled) for the runner the view
// follows, at the time shown. Snapshots list what each runner knocked down and at which tick;
// an entry is kept after the server stops listing it. A runner's run restarts when its
// distance falls back, and what it knocked down in an earlier run stands again.
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/runner_view.hpp"
#include "net/messages.hpp"
#include "sim/course.hpp"
#include "sim/obstacle.hpp"
#include "sim/runner.hpp"

namespace spear::client {

struct ObstacleView {
  sim::Obstacle obstacle;
  bool broken = false;     // knocked down by the followed runner in its run shown: a target
                           // broken, a hurdle toppled, by the time shown
  float broken_age = 0.f;  // seconds since it broke or toppled, at the time shown
};

// The followed runner drawn from the prediction, at the predicted present: what it knocks down
// is timed on that clock, and the hurdle it trips over is known from the predicted state at once
// (the server's entry comes a round trip later, for the same tick).
struct PredictedShown {
  const sim::RunnerState* state = nullptr;
  net::Tick tick = 0;  // the tick shown (the last one stepped)
};

class BrokenObstacles {
 public:
  // The course of a Welcome: a different seed forgets everything.
  void set_course(std::uint64_t seed);
  // A snapshot as it is taken in (any order).
  void on_snapshot(const net::Snapshot& snapshot);

  // Obstacles from `from` to `to` course units, the followed runner's breakage marked as of
  // `shown_time` (server seconds), or `predicted`'s tick when it is set.
  std::vector<ObstacleView> in_view(double from, double to, const RunnerView* followed,
                                    double tick_rate, double shown_time,
                                    std::optional<PredictedShown> predicted) const;

 private:
  std::optional<sim::Course> course_;
  // (runner, obstacle) -> tick it broke (a target) or toppled (a hurdle), the newest.
  std::map<std::pair<std::uint32_t, std::uint32_t>, net::Tick> broken_;
  // Per runner: the newest snapshot seen of it and the ticks its recent runs started.
  struct RunTrack {
    net::Tick tick = 0;
    double distance = 0.0;
    std::vector<net::Tick> starts;  // ascending, the last few
  };
  std::unordered_map<std::uint32_t, RunTrack> runs_;
};

}  // namespace spear::client
