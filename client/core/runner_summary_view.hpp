#pragma once
// A runner the client does not draw this frame but knows of from the snapshots' summaries
// (net::RunnerSummary: a big race sends full poses only for the runners near the followed one),
// as the world view (core/world_view.hpp) hands it to the app for the scoreboard and the race
// strip: at the render time, its distance interpolated between the summaries around it.
#include <cstdint>
#include <string>

#include "net/messages.hpp"

namespace spear::client {

struct RunnerSummaryView {
  std::uint32_t id = 0;  // runner id (a drawn runner's lane)
  std::string name;      // from the roster ("runner <id>" before its entry arrives)
  bool bot = false;      // its flags or the roster say so
  bool own = false;      // the runner this client steers
  net::RunnerMode mode = net::RunnerMode::Running;  // of the newest summary at the render time
  std::uint8_t flags = 0;                           // net::runner_flags bits, the same summary's
  std::uint32_t score = 0;                          // the same summary's
  double distance = 0.0;  // course units at the render time (interpolated, never extrapolated)
};

}  // namespace spear::client
