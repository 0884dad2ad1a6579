#include "app/best_run_keeper.hpp"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <utility>

#include "replay/replay_reader.hpp"
#include "replay/replay_writer.hpp"
#include "sim/sim_version.hpp"

namespace spear::client {

namespace {
// The run a best-run file holds, from its result (replay::run_replay).
std::optional<replay::RunRecord> run_of(const replay::Replay& r) {
  if (!r.result || r.result->results.empty()) return std::nullopt;
  const sim::RaceResultEntry& e = r.result->results.front();
  replay::RunRecord run;
  run.go = r.result->first_tick;
  run.crash = r.result->last_tick;
  run.score = static_cast<std::uint32_t>(e.score);
  run.distance_m = e.distance_m;
  run.targets_broken = static_cast<std::uint32_t>(e.targets_broken);
  run.best_combo = static_cast<std::uint32_t>(e.best_combo);
  run.crashed = e.crashes > 0;
  return run;
}
}  // namespace

std::filesystem::path default_ghost_directory() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
    return std::filesystem::path(xdg) / "spear-run" / "ghosts";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".local" / "share" / "spear-run" / "ghosts";
  return {};
}

std::unique_ptr<BestRunKeeper> BestRunKeeper::open(const std::filesystem::path& directory,
                                                   std::uint64_t seed, std::string* error) {
  std::error_code ec;
  std::filesystem::create_directories(directory, ec);
  if (ec || !std::filesystem::is_directory(directory, ec)) {
    if (error) *error = "cannot make the directory '" + directory.string() + "'";
    return nullptr;
  }
  const std::filesystem::path probe = directory / ".spear-write-check";
  {
    std::ofstream out(probe, std::ios::binary | std::ios::trunc);
    if (!out) {
      if (error) *error = "cannot create files in '" + directory.string() + "'";
      return nullptr;
    }
  }
  std::filesystem::remove(probe, ec);
  return std::unique_ptr<BestRunKeeper>(
      new BestRunKeeper(directory / ("best-seed-" + std::to_string(seed) + ".sprp"), seed));
}

BestRunKeeper::BestRunKeeper(std::filesystem::path file, std::uint64_t seed)
    : file_(std::move(file)), seed_(seed), thread_([this] { run(); }) {}

BestRunKeeper::~BestRunKeeper() { finish(); }

std::optional<Ghost> BestRunKeeper::stored(std::string* warning) {
  std::error_code ec;
  if (!std::filesystem::exists(file_, ec)) return std::nullopt;
  std::string why;
  const auto bytes = replay::read_file_bytes(file_.string(), why);
  std::optional<replay::Replay> r;
  if (bytes) {
    replay::ReadResult read = replay::read_replay(*bytes);
    if (read.replay && read.replay->sim_version != sim::kSimVersion)
      why = "it was run by another version of the game";
    else if (read.replay && read.replay->seed != seed_)
      why = "it is a run on another course";
    else if (read.replay)
      r = std::move(read.replay);
    else
      why = read.error;
  }
  std::optional<Ghost> g;
  std::optional<replay::RunRecord> run;
  if (r) {
    run = run_of(*r);
    g = make_ghost(std::move(*r), &why);
  }
  if (!g || !run) {
    if (warning) *warning = file_.string() + ": " + why + " (a better run replaces it)";
    return std::nullopt;
  }
  std::lock_guard lock(mutex_);
  if (!best_ || replay::better_run(*run, *best_)) best_ = run;
  return g;
}

void BestRunKeeper::offer(replay::Replay recording, sim::RunnerId runner) {
  {
    std::lock_guard lock(mutex_);
    pending_.emplace(std::move(recording), runner);
  }
  wake_.notify_one();
}

std::optional<Ghost> BestRunKeeper::take_new_best() {
  std::lock_guard lock(mutex_);
  return std::exchange(new_best_, std::nullopt);
}

std::optional<replay::RunRecord> BestRunKeeper::best() const {
  std::lock_guard lock(mutex_);
  return best_;
}

void BestRunKeeper::finish() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void BestRunKeeper::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || pending_.has_value(); });
    if (!pending_) return;  // stopping, and nothing left
    auto [recording, runner] = std::move(*pending_);
    pending_.reset();
    lock.unlock();
    look_at(recording, runner);
    lock.lock();
  }
}

void BestRunKeeper::look_at(const replay::Replay& recording, sim::RunnerId runner) {
  const std::optional<replay::RunRecord> run = replay::best_of(replay::runs_of(recording, runner));
  if (!run) return;
  {
    std::lock_guard lock(mutex_);
    if (best_ && !replay::better_run(*run, *best_)) return;
  }
  replay::Replay kept = replay::run_replay(recording, runner, *run);
  std::string error;
  if (!replay::write_replay_file(file_, replay::encode_replay(kept), &error))
    std::cerr << "spear-client: warning: your best run was not kept: " << error << "\n";
  std::optional<Ghost> g = make_ghost(std::move(kept), &error);  // primed here, off the frame loop
  std::lock_guard lock(mutex_);
  best_ = run;
  if (g) new_best_ = std::move(g);
}

}  // namespace spear::client
