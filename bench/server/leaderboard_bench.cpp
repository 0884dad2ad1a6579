// The leaderboard's store (server/sqlite_race_store.hpp) with 100,000 stored results: the time
// of top() (what GET /leaderboard and a results screen cost: answered from memory), the time to
// open the file (integrity check + loading every result), the cost of save() on the calling
// thread (the tick's share), and how many races a second the writer puts on disk (one
// transaction per race, WAL, synchronous=FULL: each one an fsync).
//
// The 100,000 results (12,500 races of 8 on 500 course seeds, 200 results a seed) are written
// once to a scratch file in $TMPDIR by one bulk transaction (the store would fsync each race).
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "server/sqlite_race_store.hpp"
#include "support/synthetic_race.hpp"

namespace {

using spear::server::SqliteRaceStore;
namespace fs = std::filesystem;

constexpr std::uint32_t kRaces = 12500;  // x 8 results = 100,000
constexpr std::uint64_t kSeeds = 500;

fs::path scratch(const std::string& name) {
  const char* dir = std::getenv("TMPDIR");
  return fs::path(dir && *dir ? dir : "/tmp") /
         ("spear-leaderboard-bench-" + std::to_string(::getpid()) + "-" + name);
}

void remove_db(const fs::path& p) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(p.string() + suffix, ec);
}

// The file with 100,000 results, made once per process.
const std::string& full_file() {
  static const std::string path = [] {
    const fs::path p = scratch("full.db");
    remove_db(p);
    std::string error;
    { auto created = SqliteRaceStore::open(p.string(), error); }  // the schema
    SQLite::Database db(p.string(), SQLite::OPEN_READWRITE);
    SQLite::Transaction t(db);
    SQLite::Statement race(db,
                           "INSERT INTO races (number, seed, first_tick, last_tick, tick_rate, "
                           "finished_unix) VALUES (?, ?, 0, 10800, 60, ?)");
    SQLite::Statement result(db, "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (std::uint32_t n = 1; n <= kRaces; ++n) {
      const auto r = spear::test::synthetic_race(n, 1 + n % kSeeds);
      race.reset();
      race.bind(1, static_cast<std::int64_t>(n));
      race.bind(2, static_cast<std::int64_t>(r.seed));
      race.bind(3, std::int64_t{1700000000} + n);
      race.exec();
      const std::int64_t id = db.getLastInsertRowid();
      for (const auto& e : r.results) {
        result.reset();
        result.bind(1, id);
        result.bind(2, static_cast<std::int64_t>(e.place));
        result.bind(3, static_cast<std::int64_t>(e.runner));
        result.bind(4, e.name);
        result.bind(5, static_cast<std::int64_t>(e.bot));
        result.bind(6, static_cast<std::int64_t>(e.score));
        result.bind(7, e.distance_m);
        result.bind(8, static_cast<std::int64_t>(e.targets_broken));
        result.bind(9, static_cast<std::int64_t>(e.crashes));
        result.bind(10, static_cast<std::int64_t>(e.best_combo));
        result.exec();
      }
    }
    t.commit();
    std::atexit([] { remove_db(scratch("full.db")); });
    return p.string();
  }();
  return path;
}

SqliteRaceStore& full_store() {
  static std::unique_ptr<SqliteRaceStore> store = [] {
    std::string error;
    auto s = SqliteRaceStore::open(full_file(), error);
    if (!s) std::abort();
    return s;
  }();
  return *store;
}

void BM_OpenWith100kResults(benchmark::State& state) {
  const std::string& path = full_file();
  for (auto _ : state) {
    std::string error;
    auto store = SqliteRaceStore::open(path, error);
    if (!store) state.SkipWithError(error.c_str());
    benchmark::DoNotOptimize(store->results_at_open());
  }
}
BENCHMARK(BM_OpenWith100kResults)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_Top(benchmark::State& state) {
  SqliteRaceStore& store = full_store();
  const auto limit = static_cast<std::size_t>(state.range(0));
  const bool by_seed = state.range(1) != 0;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    auto top = store.top(limit, by_seed ? std::optional<std::uint64_t>(seed) : std::nullopt);
    benchmark::DoNotOptimize(top.data());
    seed = 1 + seed % kSeeds;
  }
  state.counters["results"] = static_cast<double>(store.results_at_open());
}
BENCHMARK(BM_Top)
    ->ArgNames({"limit", "by_seed"})
    ->Args({10, 0})
    ->Args({10, 1})
    ->Args({100, 0})
    ->Args({100, 1})
    ->Unit(benchmark::kMicrosecond);

// save() on the calling thread: ranks the race in memory and queues it (8 results a race).
// The queue is flushed outside the timing now and then so it stays short.
void BM_SaveCall(benchmark::State& state) {
  const fs::path p = scratch("save-call.db");
  remove_db(p);
  std::string error;
  auto store = SqliteRaceStore::open(p.string(), error);
  std::uint32_t n = 0;
  for (auto _ : state) {
    ++n;
    store->save(spear::test::synthetic_race(n, n % kSeeds));
    if (n % 64 == 0) {
      state.PauseTiming();
      store->flush();
      state.ResumeTiming();
    }
  }
  store.reset();
  remove_db(p);
}
BENCHMARK(BM_SaveCall)->Unit(benchmark::kMicrosecond)->Iterations(2000);

// Races on disk per second: save 200, time until the writer has committed them all.
void BM_SaveThroughput(benchmark::State& state) {
  const fs::path p = scratch("throughput.db");
  remove_db(p);
  std::string error;
  auto store = SqliteRaceStore::open(p.string(), error);
  std::uint32_t n = 0;
  constexpr int kBatch = 200;
  for (auto _ : state) {
    for (int i = 0; i < kBatch; ++i) {
      ++n;
      store->save(spear::test::synthetic_race(n, n % kSeeds));
    }
    store->flush();
  }
  state.SetItemsProcessed(state.iterations() * kBatch);
  state.counters["races_per_s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * kBatch), benchmark::Counter::kIsRate);
  store.reset();
  remove_db(p);
}
BENCHMARK(BM_SaveThroughput)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
