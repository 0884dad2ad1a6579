#pragma once
// The distance the HUD shows after a crash. The sim freezes a run's score at the crash, but the
// fall (and the slide of the body along the ground) carries the runner's anchor on for several
// metres: SCORE 111 next to DISTANCE 121 m read as a bug. From the crash until the runner is up
// again the HUD shows the distance the run reached instead: the runner's drawn distance on the
// last frame before its fall. The sim, the prediction and the drawn figure are untouched; this
// only remembers, per runner, what was already drawn.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/client_session.hpp"

namespace spear::client {

class CrashDistances {
 public:
  // Once a frame, with every runner the session shows.
  void observe(const std::vector<RunnerView>& runners);
  // What the HUD shows for runner `id` (its lane) with this drawn distance and mode: the
  // distance at its crash while falling or lying (if its crash was seen), else `distance`.
  double shown(int id, double distance, net::RunnerMode mode) const;

 private:
  struct Entry {
    bool seen_up = false;  // a frame with it on its feet was seen
    double last_up = 0.0;  // its distance on the last such frame, units
    bool down = false;
    double at_crash = 0.0;
  };
  std::unordered_map<int, Entry> entries_;
};

// Falling or lying after a crash.
bool crashed_mode(net::RunnerMode mode);

}  // namespace spear::client
