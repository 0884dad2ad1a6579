// The leaderboard's storage: the in-memory ranking, the write queue, and the SQLite file
// (round trip, ordering, the seed filter, reopening, and the files it must refuse).
#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>

#include "scratch_files.hpp"
#include "server/race_ranking.hpp"
#include "server/race_write_queue.hpp"
#include "server/sqlite_race_schema.hpp"
#include "server/sqlite_race_store.hpp"
#include "support/synthetic_race.hpp"

namespace spear::server {
namespace {

namespace fs = std::filesystem;
const test::ScratchDir scratch("spear-race-store");

// A fresh path per test (nothing there yet).
std::string fresh_path(const std::string& name) {
  const fs::path p = scratch(name);
  std::error_code ec;
  fs::remove(p, ec);
  fs::remove(p.string() + "-wal", ec);
  fs::remove(p.string() + "-shm", ec);
  return p.string();
}

sim::RaceResult race_of(std::uint32_t number, std::uint64_t seed,
                        const std::vector<std::pair<std::string, std::uint64_t>>& scores) {
  sim::RaceResult race;
  race.number = number;
  race.seed = seed;
  std::uint32_t place = 0;
  for (const auto& [name, score] : scores) {
    sim::RaceResultEntry e;
    e.place = ++place;
    e.runner = place;
    e.name = name;
    e.score = score;
    e.distance_m = 100.0;
    race.results.push_back(e);
  }
  return race;
}

std::vector<std::string> names(const std::vector<LeaderboardEntry>& entries) {
  std::vector<std::string> out;
  for (const auto& e : entries) out.push_back(e.name);
  return out;
}

void write_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

// ---- the ranking ----------------------------------------------------------------------------

TEST(RaceRanking, HigherScoreThenLongerDistanceThenEarlierThenPlace) {
  RaceRanking ranking;
  auto race = race_of(1, 7, {{"a", 50}, {"b", 50}, {"c", 80}, {"d", 50}});
  race.results[1].distance_m = 200.0;  // b: same score as a and d, further
  ranking.add(race, 1000);
  ranking.add(race_of(2, 7, {{"early", 50}}), 999);  // a's score and distance, saved earlier
  EXPECT_EQ(names(ranking.top(10, std::nullopt)),
            (std::vector<std::string>{"c", "b", "early", "a", "d"}));
  EXPECT_EQ(names(ranking.top(2, std::nullopt)), (std::vector<std::string>{"c", "b"}));
  EXPECT_TRUE(ranking.top(0, std::nullopt).empty());
}

TEST(RaceRanking, SeedFilterKeepsOnlyThatCourse) {
  RaceRanking ranking;
  ranking.add(race_of(1, 7, {{"a7", 10}, {"b7", 5}}), 0);
  ranking.add(race_of(2, 8, {{"a8", 30}, {"b8", 1}}), 0);
  ranking.add(race_of(3, 7, {{"c7", 20}}), 0);
  EXPECT_EQ(names(ranking.top(10, 7)), (std::vector<std::string>{"c7", "a7", "b7"}));
  EXPECT_EQ(names(ranking.top(10, 8)), (std::vector<std::string>{"a8", "b8"}));
  EXPECT_TRUE(ranking.top(10, 9).empty());
  EXPECT_EQ(names(ranking.top(2, std::nullopt)), (std::vector<std::string>{"a8", "c7"}));
  const auto e = ranking.top(1, 8).front();
  EXPECT_EQ(e.seed, 8u);
  EXPECT_EQ(e.race_number, 2u);
  EXPECT_EQ(e.place, 1u);
}

// ---- the write queue ------------------------------------------------------------------------

TEST(RaceWriteQueue, AFailedWriteIsRetriedUntilItGoesThrough) {
  std::atomic<int> calls{0};
  RaceWriteQueue queue(
      [&](const StoredRace&, std::string& error) {
        if (++calls <= 2) {
          error = "disk full";
          return false;
        }
        return true;
      },
      0.01);
  queue.push(StoredRace{race_of(1, 1, {{"a", 1}}), 0});
  queue.flush();
  EXPECT_EQ(queue.written(), 1u);
  EXPECT_EQ(queue.failed_tries(), 2u);
  EXPECT_EQ(queue.lost(), 0u);
}

TEST(RaceWriteQueue, WritesInOrderAndCloseWritesWhatIsQueued) {
  std::vector<std::uint32_t> order;
  {
    RaceWriteQueue queue([&](const StoredRace& r, std::string&) {
      order.push_back(r.race.number);
      return true;
    });
    for (std::uint32_t i = 1; i <= 50; ++i) queue.push(StoredRace{race_of(i, 1, {}), 0});
  }  // destruction: close
  ASSERT_EQ(order.size(), 50u);
  for (std::uint32_t i = 0; i < 50; ++i) EXPECT_EQ(order[i], i + 1);
}

TEST(RaceWriteQueue, AWriteThatStillFailsAtCloseIsCountedLost) {
  RaceWriteQueue queue(
      [](const StoredRace&, std::string& error) {
        error = "read-only file system";
        return false;
      },
      30.0);  // close() must not wait out the retry delay
  queue.push(StoredRace{race_of(1, 1, {}), 0});
  queue.close();
  EXPECT_EQ(queue.written(), 0u);
  EXPECT_EQ(queue.lost(), 1u);
}

// ---- the SQLite file ------------------------------------------------------------------------

TEST(SqliteRaceStore, SaveThenTopRoundTripsEveryField) {
  const std::string path = fresh_path("roundtrip.db");
  sim::RaceResult race = race_of(3, 0xFEDCBA9876543210ULL, {{"Ünïcode ☃", 120}, {"bot-2", 90}});
  race.results[0].distance_m = 1234.5;
  race.results[0].targets_broken = 17;
  race.results[0].crashes = 2;
  race.results[0].best_combo = 6;
  race.results[1].bot = true;
  race.results[1].score = 0xFFFFFFFFFFFFFF00ULL;  // beyond the signed range: stored bit for bit
  std::vector<LeaderboardEntry> before;
  {
    std::string error;
    auto store = SqliteRaceStore::open(path, error);
    ASSERT_TRUE(store) << error;
    EXPECT_EQ(store->races_at_open(), 0u);
    store->save(race);
    before = store->top(10, std::nullopt);  // still queued, perhaps: listed all the same
    ASSERT_EQ(before.size(), 2u);
  }
  std::string error;
  auto store = SqliteRaceStore::open(path, error);
  ASSERT_TRUE(store) << error;
  EXPECT_EQ(store->races_at_open(), 1u);
  EXPECT_EQ(store->results_at_open(), 2u);
  const auto after = store->top(10, std::nullopt);
  ASSERT_EQ(after.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(after[i].name, before[i].name);
    EXPECT_EQ(after[i].bot, before[i].bot);
    EXPECT_EQ(after[i].score, before[i].score);
    EXPECT_EQ(after[i].distance_m, before[i].distance_m);
    EXPECT_EQ(after[i].targets_broken, before[i].targets_broken);
    EXPECT_EQ(after[i].crashes, before[i].crashes);
    EXPECT_EQ(after[i].best_combo, before[i].best_combo);
    EXPECT_EQ(after[i].place, before[i].place);
    EXPECT_EQ(after[i].seed, 0xFEDCBA9876543210ULL);
    EXPECT_EQ(after[i].race_number, 3u);
    EXPECT_EQ(after[i].finished_unix, before[i].finished_unix);
    EXPECT_GT(after[i].finished_unix, 1700000000);  // a real date
  }
  EXPECT_EQ(after[0].name, "bot-2");  // the huge score ranks first
  EXPECT_EQ(after[1].name, "Ünïcode ☃");
  EXPECT_EQ(after[1].distance_m, 1234.5);
  EXPECT_EQ(after[1].best_combo, 6u);
}

TEST(SqliteRaceStore, TopListsRacesSavedButNotYetWritten) {
  std::string error;
  auto store = SqliteRaceStore::open(fresh_path("queued.db"), error);
  ASSERT_TRUE(store) << error;
  for (std::uint32_t i = 1; i <= 200; ++i) store->save(test::synthetic_race(i, i % 4));
  // No flush: whatever the writer has done so far, all 200 races are there.
  EXPECT_EQ(store->top(100, std::nullopt).size(), 100u);
  std::size_t on_seeds = 0;
  for (std::uint64_t s = 0; s < 4; ++s) on_seeds += store->top(1000, s).size();
  EXPECT_EQ(on_seeds, 200u * 8u);
}

TEST(SqliteRaceStore, OrderAndSeedFilterSurviveAReopen) {
  const std::string path = fresh_path("order.db");
  {
    std::string error;
    auto store = SqliteRaceStore::open(path, error);
    ASSERT_TRUE(store) << error;
    store->save(race_of(1, 7, {{"a7", 10}, {"b7", 5}}));
    store->save(race_of(2, 8, {{"a8", 30}, {"b8", 1}}));
    store->save(race_of(3, 7, {{"c7", 20}, {"d7", 10}}));  // d7 ties a7 later: after it
  }
  std::string error;
  auto store = SqliteRaceStore::open(path, error);
  ASSERT_TRUE(store) << error;
  EXPECT_EQ(names(store->top(10, std::nullopt)),
            (std::vector<std::string>{"a8", "c7", "a7", "d7", "b7", "b8"}));
  EXPECT_EQ(names(store->top(10, 7)), (std::vector<std::string>{"c7", "a7", "d7", "b7"}));
  EXPECT_EQ(names(store->top(1, 8)), (std::vector<std::string>{"a8"}));
  EXPECT_TRUE(store->top(10, 99).empty());
}

TEST(SqliteRaceStore, ClosingWritesEveryQueuedRaceAndAReopenKeepsThemAll) {
  const std::string path = fresh_path("many.db");
  {
    std::string error;
    auto store = SqliteRaceStore::open(path, error);
    ASSERT_TRUE(store) << error;
    for (std::uint32_t i = 1; i <= 300; ++i) store->save(test::synthetic_race(i, i % 5));
  }  // no flush: the destructor writes the queue (what a clean shutdown relies on)
  for (int round = 0; round < 2; ++round) {
    std::string error;
    auto store = SqliteRaceStore::open(path, error);
    ASSERT_TRUE(store) << error;
    EXPECT_EQ(store->races_at_open(), 300u + static_cast<unsigned>(round));
    EXPECT_EQ(store->results_at_open(), (300u + static_cast<unsigned>(round)) * 8u);
    store->save(test::synthetic_race(301, 0));
  }
  SQLite::Database db(path);
  EXPECT_EQ(db.execAndGet("SELECT count(DISTINCT number) FROM races").getInt(), 301);
  EXPECT_EQ(db.execAndGet("PRAGMA integrity_check").getString(), "ok");
  EXPECT_EQ(db.execAndGet("PRAGMA journal_mode").getString(), "wal");
}

TEST(SqliteRaceStore, ANewFileGetsTheVersionedSchema) {
  const std::string path = fresh_path("schema.db");
  {
    std::string error;
    ASSERT_TRUE(SqliteRaceStore::open(path, error)) << error;
  }
  SQLite::Database db(path);
  EXPECT_EQ(db.execAndGet("PRAGMA user_version").getInt(), kLeaderboardSchemaVersion);
  EXPECT_EQ(db.execAndGet("PRAGMA application_id").getInt(), kLeaderboardApplicationId);
  EXPECT_TRUE(db.tableExists("races"));
  EXPECT_TRUE(db.tableExists("results"));
}

TEST(SqliteRaceStore, AnEmptyFileIsANewLeaderboard) {
  const std::string path = fresh_path("empty.db");
  write_bytes(path, {});
  std::string error;
  auto store = SqliteRaceStore::open(path, error);
  ASSERT_TRUE(store) << error;
  EXPECT_EQ(store->races_at_open(), 0u);
}

// Every refusal leaves the file as it was and says why in one line.
void expect_refused(const std::string& path, const std::string& why) {
  const auto bytes = fs::exists(path) ? test::file_bytes(path) : std::vector<std::uint8_t>{};
  std::string error;
  EXPECT_FALSE(SqliteRaceStore::open(path, error));
  EXPECT_NE(error.find(why), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  if (fs::exists(path)) {
    EXPECT_EQ(test::file_bytes(path), bytes) << "a refused file was changed";
  }
  EXPECT_FALSE(fs::exists(path + "-wal"));
}

TEST(SqliteRaceStore, RefusesRandomBytes) {
  const std::string path = fresh_path("random.db");
  std::mt19937 rng(5);
  std::vector<std::uint8_t> bytes(8192);
  for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
  write_bytes(path, bytes);
  expect_refused(path, "not a SQLite database");
}

TEST(SqliteRaceStore, RefusesATruncatedDatabase) {
  const std::string path = fresh_path("truncated.db");
  {
    std::string error;
    auto store = SqliteRaceStore::open(path, error);
    ASSERT_TRUE(store) << error;
    for (std::uint32_t i = 1; i <= 400; ++i) store->save(test::synthetic_race(i, i));
  }
  {
    // Fold the WAL into the file so that cutting the file cuts records.
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.exec("PRAGMA journal_mode = DELETE");
  }
  const auto size = fs::file_size(path);
  ASSERT_GT(size, 16384u);
  fs::resize_file(path, size / 2);
  expect_refused(path, "integrity check");
}

TEST(SqliteRaceStore, RefusesAReadOnlyFile) {
  const std::string path = fresh_path("readonly.db");
  {
    std::string error;
    auto store = SqliteRaceStore::open(path, error);
    ASSERT_TRUE(store) << error;
    store->save(test::synthetic_race(1, 1));
  }
  fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  expect_refused(path, "read-only");
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
}

TEST(SqliteRaceStore, RefusesAReadOnlyDirectory) {
  const fs::path dir = scratch("readonly-dir");
  fs::create_directories(dir);
  const std::string path = (dir / "board.db").string();
  fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec);
  expect_refused(path, "read-only");
  EXPECT_FALSE(fs::exists(path));
  fs::permissions(dir, fs::perms::owner_all);
}

TEST(SqliteRaceStore, RefusesAMissingDirectory) {
  expect_refused(scratch("no-such-dir").string() + "/board.db", "does not exist");
}

TEST(SqliteRaceStore, RefusesAnotherProgramsDatabase) {
  const std::string path = fresh_path("foreign.db");
  {
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)");
    db.exec("INSERT INTO invoices (total) VALUES (12.5)");
  }
  expect_refused(path, "another program");
}

TEST(SqliteRaceStore, RefusesANewerSchema) {
  const std::string path = fresh_path("newer.db");
  {
    std::string error;
    ASSERT_TRUE(SqliteRaceStore::open(path, error)) << error;
  }
  {
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA journal_mode = DELETE");
    db.exec("PRAGMA user_version = " + std::to_string(kLeaderboardSchemaVersion + 1));
  }
  expect_refused(path, "newer than this server");
}

TEST(SqliteRaceStore, RefusesADirectoryInPlaceOfTheFile) {
  const fs::path dir = scratch("a-directory.db");
  fs::create_directories(dir);
  std::string error;
  EXPECT_FALSE(SqliteRaceStore::open(dir.string(), error));
  EXPECT_NE(error.find("not a regular file"), std::string::npos) << error;
}

}  // namespace
}  // namespace spear::server
