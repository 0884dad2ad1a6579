#pragma once
// The server without its sockets and clock: a MatchHost, its SessionTable, and the rule of when
// snapshots go out. The caller owns time: it calls receive() for each datagram and tick() once
// per fixed step, and sends whatever lands in the Outbox. Tests pump it with injected time.
#include <cstdint>
#include <span>
#include <vector>

#include "server/match_host.hpp"
#include "server/match_summary.hpp"
#include "server/metrics_text.hpp"
#include "server/race_store.hpp"
#include "server/server_config.hpp"
#include "server/server_stats.hpp"
#include "server/session_table.hpp"

namespace spear::server {

class MatchLoop {
 public:
  // Throws std::invalid_argument when the config cannot make a match (tick rate, bot skill,
  // race lengths). `store` (may be null, not owned, must outlive the loop): where finished
  // races are saved (RaceStore::save from tick()) and the all-time board comes from.
  MatchLoop(const ServerConfig& config, ServerStats& stats, RaceStore* store = nullptr);

  void receive(const net::PeerAddress& from, std::span<const std::uint8_t> bytes, double now,
               Outbox& out) {
    sessions_.receive(from, bytes, now, out);
  }

  // One fixed step at server time `now`: frees silent clients, steps the match, and sends
  // snapshots when this tick is a snapshot tick (snapshot_rate of every tick_rate ticks,
  // spread evenly) to the sessions of its phase (SessionTable::sessions_in_phase).
  void tick(double now, Outbox& out);

  // A snapshot of the match as it stands to every session that has had none yet (a paused
  // match: who joins during the pause must see it). Sends nothing when there are none.
  void send_waiting_snapshots(Outbox& out);

  // Ticks the match has run.
  std::uint64_t ticks() const { return match_.tick(); }
  // True once --duration of match time has been simulated, or --races races have been run and
  // their results shown.
  bool finished() const {
    return (duration_ticks_ != 0 && match_.tick() >= duration_ticks_) ||
           (end_tick_ != 0 && match_.tick() >= end_tick_);
  }

  MatchHost& match() { return match_; }
  const MatchHost& match() const { return match_; }
  SessionTable& sessions() { return sessions_; }
  const SessionTable& sessions() const { return sessions_; }
  MetricsGauges gauges() const;
  // The match's summary with every client's record (those connected counted up to `now`).
  MatchSummary summary(double now) const;

  // With config.record_dir (or record_in_memory) every race is recorded (MatchHost::record_races);
  // each one finished waits in take_replays() for the file writer. end_recording() when the server
  // stops: without races the endless match is ended and waits there too; a race cut short is
  // dropped.
  void end_recording();
  std::vector<replay::Replay> take_replays();

 private:
  const ServerConfig& config_;
  MatchHost match_;
  SessionTable sessions_;
  std::uint64_t duration_ticks_ = 0;  // 0: no end
  std::uint64_t end_tick_ = 0;        // after the last race's results; 0: no end
  RaceStore* store_ = nullptr;
  std::size_t board_page_ = 0;     // the results board page of the next snapshot interval
  std::size_t snapshot_page_ = 0;  // the page of this interval's snapshots (both phases)
  net::Snapshot snapshot_;         // the tick's snapshot base, its storage kept between ticks
};

// The race cycle of a config (nullopt when it does not race). Throws std::invalid_argument for
// lengths that make no cycle.
std::optional<RaceSchedule> race_schedule(const ServerConfig& config);

}  // namespace spear::server
