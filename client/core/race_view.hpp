#pragma once
// The races as the client knows them from snapshots (net::RaceStatus, net::BoardPage): the
// phase of the newest snapshot, the time left in it, the start of the race, and the boards of
// the results phase assembled from their pages. Everything comes from the network already
// bounded by the decoder; this class only keeps the newest of it. No clock: times are ticks.
#include <cstdint>
#include <optional>
#include <vector>

#include "net/messages.hpp"

namespace spear::client {

struct RaceBoardView {
  std::uint32_t race = 0;                                // the race the boards belong to
  std::vector<std::optional<net::BoardEntry>> results;   // by place (a missing page: nullopt)
  std::vector<std::optional<net::BoardEntry>> all_time;  // the all-time top 10 (none: empty)
};

class RaceView {
 public:
  void reset();
  // A decoded snapshot (any order: only a newer tick than the newest changes the status).
  void on_snapshot(const net::Snapshot& s);

  bool racing() const { return status_.has_value(); }
  const std::optional<net::RaceStatus>& status() const { return status_; }
  net::Tick status_tick() const { return tick_; }
  // Ticks until the phase ends as of server tick `now` (fractional ticks allowed), ≥ 0.
  double ticks_left(double now_tick) const;
  // The tick the race proper begins at (the countdown's end) when known: the current race's
  // while standing, the one that began during the race.
  std::optional<net::Tick> go_tick() const;
  // The start of the race now running, when a snapshot before it said (for a moment's "GO!").
  std::optional<net::Tick> last_go_tick() const { return last_go_; }
  const RaceBoardView& boards() const { return boards_; }

 private:
  std::optional<net::RaceStatus> status_;
  net::Tick tick_ = 0;
  RaceBoardView boards_;
  std::optional<net::Tick> last_go_;
};

}  // namespace spear::client
