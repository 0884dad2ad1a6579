// The leaderboard file through the real programs: spear-server refusing files it must not touch
// (exit 2, one line, the file unchanged), creating a missing one, serving /leaderboard from a
// file after a restart; and a writer killed with SIGKILL in the middle of its writes losing no
// race it had committed, the file passing its integrity check. SPEAR_SERVER_BIN and
// SPEAR_RACE_STORE_DRIVER_BIN are the built programs.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "scratch_files.hpp"
#include "server/sqlite_race_store.hpp"
#include "support/child_process.hpp"
#include "support/http_get.hpp"
#include "support/synthetic_race.hpp"

namespace spear::test {
namespace {

namespace fs = std::filesystem;
const std::string kServer = SPEAR_SERVER_BIN;
const std::string kDriver = SPEAR_RACE_STORE_DRIVER_BIN;
const ScratchDir scratch("spear-race-store-bin");

std::string fresh_path(const std::string& name) {
  const fs::path p = scratch(name);
  std::error_code ec;
  for (const std::string suffix : {"", "-wal", "-shm"}) fs::remove(p.string() + suffix, ec);
  return p.string();
}

const std::vector<std::string> kQuickRun = {"--headless", "--duration", "0.2",      "--port",
                                            "0",          "--bind",     "127.0.0.1"};

std::vector<std::string> with_db(const std::string& path) {
  auto args = kQuickRun;
  args.insert(args.end(), {"--db", path});
  return args;
}

// spear-server refuses `path`: exit 2, the reason on one line, the file's bytes unchanged.
void expect_server_refuses(const std::string& path, const std::string& why) {
  const auto before = fs::exists(path) ? file_bytes(path) : std::vector<std::uint8_t>{};
  std::string out;
  const auto code = run_to_exit(kServer, with_db(path), 20.0, &out);
  ASSERT_TRUE(code.has_value()) << out;
  EXPECT_EQ(*code, 2) << out;
  const auto at = out.find("spear-server: --db: ");
  ASSERT_NE(at, std::string::npos) << out;
  const std::string line = out.substr(at, out.find('\n', at) - at);
  EXPECT_NE(line.find(why), std::string::npos) << line;
  EXPECT_EQ(out.find("listening on udp"), std::string::npos) << "it started: " << out;
  if (fs::exists(path)) {
    EXPECT_EQ(file_bytes(path), before) << "a refused file was changed";
  }
}

TEST(RaceStoreBinary, ServerRefusesRandomBytes) {
  const std::string path = fresh_path("random.db");
  std::mt19937 rng(11);
  std::ofstream out(path, std::ios::binary);
  for (int i = 0; i < 4096; ++i) out.put(static_cast<char>(rng()));
  out.close();
  expect_server_refuses(path, "not a SQLite database");
}

TEST(RaceStoreBinary, ServerRefusesATruncatedDatabase) {
  const std::string path = fresh_path("truncated.db");
  std::string out;
  ASSERT_EQ(run_to_exit(kDriver, {path, "fill", "400", "50"}, 60.0, &out), 0) << out;
  {
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.exec("PRAGMA journal_mode = DELETE");
  }
  fs::resize_file(path, fs::file_size(path) / 2);
  expect_server_refuses(path, "integrity check");
}

TEST(RaceStoreBinary, ServerRefusesAReadOnlyFile) {
  const std::string path = fresh_path("readonly.db");
  std::string out;
  ASSERT_EQ(run_to_exit(kDriver, {path, "fill", "3"}, 60.0, &out), 0) << out;
  fs::permissions(path, fs::perms::owner_read | fs::perms::group_read);
  expect_server_refuses(path, "read-only");
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
}

TEST(RaceStoreBinary, ServerRefusesAMissingDirectory) {
  expect_server_refuses(scratch("nowhere").string() + "/board.db", "does not exist");
}

TEST(RaceStoreBinary, ServerCreatesAMissingFileAndRunsWithoutOneAsBefore) {
  const std::string path = fresh_path("created.db");
  std::string out;
  ASSERT_EQ(run_to_exit(kServer, with_db(path), 20.0, &out), 0) << out;
  ASSERT_TRUE(fs::exists(path)) << out;
  SQLite::Database db(path);
  EXPECT_TRUE(db.tableExists("races"));
  EXPECT_NE(out.find("leaderboard: 0 races"), std::string::npos) << out;
  // No --db: nothing about a leaderboard.
  ASSERT_EQ(run_to_exit(kServer, kQuickRun, 20.0, &out), 0) << out;
  EXPECT_EQ(out.find("leaderboard"), std::string::npos) << out;
}

TEST(RaceStoreBinary, AnEmptyDbFlagOrVariableIsABadUsage) {
  std::string out;
  EXPECT_EQ(run_to_exit(kServer, with_db(""), 20.0, &out), 2) << out;
  EXPECT_NE(out.find("--db"), std::string::npos) << out;
  EXPECT_EQ(run_to_exit("/usr/bin/env", {"SPEAR_DB=", kServer, "--headless", "--duration", "0.2"},
                        20.0, &out),
            2)
      << out;
  EXPECT_NE(out.find("SPEAR_DB"), std::string::npos) << out;
}

nlohmann::json leaderboard_of(std::uint16_t metrics_port, const std::string& query) {
  const auto r = http_get(metrics_port, "/leaderboard" + query);
  if (r.status != 200) return {{"status", r.status}, {"body", r.body}};
  return nlohmann::json::parse(r.body);
}

TEST(RaceStoreBinary, ARestartedServerServesEveryStoredResult) {
  const std::string path = fresh_path("restart.db");
  std::string out;
  ASSERT_EQ(run_to_exit(kDriver, {path, "fill", "40", "4"}, 60.0, &out), 0) << out;
  // What the file holds, best first, as the store itself ranks it.
  std::vector<std::string> expected, expected_seed2;
  {
    std::string error;
    auto store = server::SqliteRaceStore::open(path, error);
    ASSERT_TRUE(store) << error;
    for (const auto& e : store->top(100, std::nullopt)) expected.push_back(e.name);
    for (const auto& e : store->top(100, 2)) expected_seed2.push_back(e.name);
  }
  ASSERT_EQ(expected.size(), 100u);
  ASSERT_EQ(expected_seed2.size(), 80u);  // 10 races of 8 on seed 2
  for (int restart = 0; restart < 2; ++restart) {
    ChildProcess server(
        kServer, {"--port", "0", "--bind", "127.0.0.1", "--metrics-port", "0", "--db", path});
    const auto line = server.wait_for_line("metrics on http://", 10.0);
    ASSERT_TRUE(line) << server.output();
    const std::uint16_t metrics_port = port_after(*line, "127.0.0.1:");
    const auto all = leaderboard_of(metrics_port, "?limit=100");
    ASSERT_TRUE(all.contains("entries")) << all.dump() << server.output();
    std::vector<std::string> got;
    for (const auto& e : all["entries"]) got.push_back(e["name"]);
    EXPECT_EQ(got, expected);
    const auto seed2 = leaderboard_of(metrics_port, "?seed=2&limit=100");
    std::vector<std::string> got2;
    for (const auto& e : seed2["entries"]) got2.push_back(e["name"]);
    EXPECT_EQ(got2, expected_seed2);
    EXPECT_NE(server.output().find("leaderboard: 40 races, 320 results"), std::string::npos)
        << server.output();
    server.send_signal(SIGTERM);
    EXPECT_EQ(server.wait_exit(10.0), 0) << server.output();
  }
}

// Every race number the driver said was committed is in the file with all its results, and no
// race in the file is partial.
void expect_complete(const std::string& path, std::uint32_t committed) {
  SQLite::Database db(path, SQLite::OPEN_READWRITE);  // replays the WAL the kill left
  EXPECT_EQ(db.execAndGet("PRAGMA integrity_check").getString(), "ok");
  SQLite::Statement per_race(
      db,
      "SELECT r.number, count(s.place) FROM races r LEFT JOIN results s ON s.race_id = r.id "
      "GROUP BY r.id ORDER BY r.number");
  std::uint32_t expected_number = 1;
  while (per_race.executeStep()) {
    EXPECT_EQ(per_race.getColumn(0).getUInt(), expected_number) << "a race missing or repeated";
    EXPECT_EQ(per_race.getColumn(1).getInt(), 8) << "race " << expected_number << " is partial";
    ++expected_number;
  }
  EXPECT_GE(expected_number - 1, committed) << "committed races were lost";
}

TEST(RaceStoreBinary, KillNineWhileWritingLosesNoCommittedRace) {
  const std::string path = fresh_path("killed.db");
  std::uint32_t committed = 0;
  for (int round = 0; round < 3; ++round) {
    ChildProcess driver(kDriver, {path, "loop"});
    // Some races in, then SIGKILL at an arbitrary point of the next write.
    const std::string want = "committed " + std::to_string(committed + 15);
    ASSERT_TRUE(driver.wait_for_line(want, 60.0)) << driver.output();
    driver.send_signal(SIGKILL);
    EXPECT_FALSE(driver.wait_exit(10.0).has_value()) << "it ended by itself";
    // The last number it reported.
    const std::string& out = driver.output();
    const auto at = out.rfind("committed ");
    ASSERT_NE(at, std::string::npos);
    committed = static_cast<std::uint32_t>(std::stoul(out.substr(at + 10)));
    expect_complete(path, committed);
    // And spear-server accepts the file as it is.
    std::string server_out;
    EXPECT_EQ(run_to_exit(kServer, with_db(path), 20.0, &server_out), 0) << server_out;
  }
}

}  // namespace
}  // namespace spear::test
