#include "app/crash_distances.hpp"

namespace spear::client {

bool crashed_mode(net::RunnerMode mode) {
  return mode == net::RunnerMode::Falling || mode == net::RunnerMode::Down;
}

void CrashDistances::observe(const std::vector<RunnerView>& runners) {
  for (const RunnerView& r : runners) {
    Entry& e = entries_[r.lane];
    if (!crashed_mode(r.frame.mode)) {
      e = {true, r.frame.distance, false, 0.0};
    } else if (!e.down) {
      e.down = true;
      // First seen already down (joined or switched to it mid-fall): nothing to hold to.
      e.at_crash = e.seen_up ? e.last_up : r.frame.distance;
    }
  }
  if (entries_.size() > 4 * runners.size() + 16) {  // runners that left
    std::unordered_map<int, Entry> kept;
    for (const RunnerView& r : runners) kept[r.lane] = entries_[r.lane];
    entries_ = std::move(kept);
  }
}

double CrashDistances::shown(int id, double distance, net::RunnerMode mode) const {
  if (!crashed_mode(mode)) return distance;
  const auto it = entries_.find(id);
  if (it == entries_.end() || !it->second.down) return distance;
  return it->second.at_crash;
}

}  // namespace spear::client
