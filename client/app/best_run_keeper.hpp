#pragma once
// In local play, the player's best run on each course seed, kept as a replay file of that run
// alone (replay/best_run.hpp) in a directory, best-seed-<seed>.sprp, and raced as a golden
// ghost: the stored one from the start, a better one as soon as it is run.
//
// The embedded server records the local match in memory (Server::ask_recording); each
// recording offered here goes to a thread of its own, which re-simulates it to find the
// player's crashed runs (the sim is deterministic, so they are the runs as played). When the
// best of them beats the stored best (further, then the higher score), it writes the file and
// makes its ghost, which take_new_best() hands over. The frame loop never waits for either.
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "core/ghost_runner.hpp"
#include "replay/best_run.hpp"
#include "replay/replay.hpp"

namespace spear::client {

class BestRunKeeper {
 public:
  // The keeper of `directory` (created when missing) for course seed `seed`; nullptr with
  // *error (one line) when the directory cannot be made or written.
  static std::unique_ptr<BestRunKeeper> open(const std::filesystem::path& directory,
                                             std::uint64_t seed, std::string* error);
  ~BestRunKeeper();  // finish()
  BestRunKeeper(const BestRunKeeper&) = delete;
  BestRunKeeper& operator=(const BestRunKeeper&) = delete;

  // The stored best run's file (it may not exist yet).
  const std::filesystem::path& file() const { return file_; }
  // The stored best run as a ghost (once, at the start); nullopt when there is none yet, or
  // with *warning when the file is there but cannot be raced (damaged, another sim version):
  // a better run then replaces it.
  std::optional<Ghost> stored(std::string* warning);
  // The local match recorded so far and the player's runner in it (the worker takes only the
  // newest recording offered: it holds all the older ones do).
  void offer(replay::Replay recording, sim::RunnerId runner);
  // A new best run's ghost, once it is written; nullopt when none came since the last call.
  std::optional<Ghost> take_new_best();
  // The best run kept so far (stored or new); nullopt when none.
  std::optional<replay::RunRecord> best() const;
  // Waits until every offered recording is looked at (and its file written), then stops the
  // worker.
  void finish();

 private:
  BestRunKeeper(std::filesystem::path file, std::uint64_t seed);
  void run();
  void look_at(const replay::Replay& recording, sim::RunnerId runner);

  std::filesystem::path file_;
  std::uint64_t seed_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<std::pair<replay::Replay, sim::RunnerId>> pending_;
  std::optional<replay::RunRecord> best_;
  std::optional<Ghost> new_best_;
  bool stopping_ = false;
  std::thread thread_;  // last: started once the rest is set
};

// The directory best runs are kept in when none is given: $XDG_DATA_HOME/spear-run/ghosts, or
// ~/.local/share/spear-run/ghosts; empty when neither is set.
std::filesystem::path default_ghost_directory();

}  // namespace spear::client
