#pragma once
// The leaderboard in a SQLite file (--db FILE): the RaceStore of a single server. WAL mode,
// synchronous=FULL: a race is on disk when its transaction commits, a kill -9 or a power cut
// loses at most races still queued, never part of one, and never harms the file.
//
// save() ranks the race in memory at once (RaceRanking) and queues its write for the writer
// thread (RaceWriteQueue); top() answers from memory only. Every result of the file is loaded
// at open. Destruction writes every queued race before it returns (a clean shutdown loses
// nothing).
//
// open() refuses, with a one-line reason, a file it must not touch: not a regular file, not a
// SQLite database, failing PRAGMA integrity_check, another program's database, a newer schema,
// read-only (no write permission bit, or not writable by this process; the same for its
// directory, where SQLite keeps the -wal and -shm files). A missing file is created when its
// directory exists.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/race_ranking.hpp"
#include "server/race_store.hpp"
#include "server/race_write_queue.hpp"

namespace spear::server {

class SqliteRaceStore final : public RaceStore {
 public:
  // nullptr and `error` set when the file cannot be used (see above).
  static std::unique_ptr<SqliteRaceStore> open(const std::string& path, std::string& error);
  ~SqliteRaceStore() override;

  void save(const sim::RaceResult& race) override;
  std::vector<LeaderboardEntry> top(std::size_t limit,
                                    std::optional<std::uint64_t> seed) const override;

  // Waits until every race saved so far is written.
  void flush();
  // Races and results in the file when it was opened.
  std::uint64_t races_at_open() const { return races_at_open_; }
  std::uint64_t results_at_open() const { return results_at_open_; }
  // Races written since open, and those given up (see RaceWriteQueue).
  std::uint64_t races_written() const;
  std::uint64_t races_lost() const;

  // The writer's SQLite connection (its prepared statements); public for the .cpp's helpers.
  struct Connection;

 private:
  SqliteRaceStore(std::unique_ptr<Connection> connection, RaceRanking ranking);

  std::unique_ptr<Connection> connection_;  // used by the writer thread only
  mutable std::mutex ranking_mutex_;
  RaceRanking ranking_;
  std::uint64_t races_at_open_ = 0;
  std::uint64_t results_at_open_ = 0;
  std::unique_ptr<RaceWriteQueue> queue_;  // last: its thread stops before the connection goes
};

}  // namespace spear::server
