#include "server/sqlite_race_store.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "server/sqlite_race_schema.hpp"

namespace spear::server {

namespace fs = std::filesystem;

struct SqliteRaceStore::Connection {
  explicit Connection(SQLite::Database database)
      : db(std::move(database)),
        insert_race(db,
                    "INSERT INTO races (number, seed, first_tick, last_tick, tick_rate, "
                    "finished_unix) VALUES (?, ?, ?, ?, ?, ?)"),
        insert_result(
            db,
            "INSERT INTO results (race_id, place, runner, name, bot, score, distance_m, "
            "targets_broken, crashes, best_combo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)") {}

  // One race and all its results, in one transaction. Throws SQLite::Exception.
  void write(const StoredRace& stored) {
    const sim::RaceResult& race = stored.race;
    SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
    insert_race.reset();
    insert_race.bind(1, static_cast<std::int64_t>(race.number));
    insert_race.bind(2, static_cast<std::int64_t>(race.seed));
    insert_race.bind(3, static_cast<std::int64_t>(race.first_tick));
    insert_race.bind(4, static_cast<std::int64_t>(race.last_tick));
    insert_race.bind(5, static_cast<std::int64_t>(race.tick_rate));
    insert_race.bind(6, stored.finished_unix);
    insert_race.exec();
    const std::int64_t race_id = db.getLastInsertRowid();
    for (const sim::RaceResultEntry& r : race.results) {
      insert_result.reset();
      insert_result.bind(1, race_id);
      insert_result.bind(2, static_cast<std::int64_t>(r.place));
      insert_result.bind(3, static_cast<std::int64_t>(r.runner));
      insert_result.bind(4, r.name);
      insert_result.bind(5, static_cast<std::int64_t>(r.bot ? 1 : 0));
      insert_result.bind(6, static_cast<std::int64_t>(r.score));
      insert_result.bind(7, r.distance_m);
      insert_result.bind(8, static_cast<std::int64_t>(r.targets_broken));
      insert_result.bind(9, static_cast<std::int64_t>(r.crashes));
      insert_result.bind(10, static_cast<std::int64_t>(r.best_combo));
      insert_result.exec();
    }
    transaction.commit();
  }

  SQLite::Database db;
  SQLite::Statement insert_race;
  SQLite::Statement insert_result;
};

namespace {

constexpr int kBusyTimeoutMs = 5000;  // another connection's write lock (a second server)

// True when the file's permission bits allow nobody to write it: marked read-only on purpose,
// so it is refused even by root (who could write it anyway).
bool marked_read_only(const fs::path& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return false;
  return (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0;
}

bool writable(const fs::path& p) { return ::access(p.c_str(), W_OK) == 0 && !marked_read_only(p); }

// The checks that need no SQLite: what the path is, its permissions, its first bytes.
bool check_path(const fs::path& path, bool& exists, std::string& error) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  exists = fs::exists(st);
  if (ec && exists) {
    error = fmt::format("cannot read {}: {}", path.string(), ec.message());
    return false;
  }
  fs::path dir = path.parent_path();
  if (dir.empty()) dir = ".";
  if (!exists) {
    if (!fs::is_directory(dir, ec)) {
      error = fmt::format("the directory {} of {} does not exist", dir.string(), path.string());
      return false;
    }
  } else {
    if (!fs::is_regular_file(st)) {
      error = fmt::format("{} is not a regular file", path.string());
      return false;
    }
    if (!writable(path)) {
      error = fmt::format("{} is read-only: the leaderboard must be writable", path.string());
      return false;
    }
    // An empty file is an empty database (SQLite's own rule); anything else must start with
    // SQLite's header string.
    std::array<char, 16> head{};
    std::ifstream in(path, std::ios::binary);
    in.read(head.data(), head.size());
    const auto got = in.gcount();
    if (got > 0 && (got < 16 || std::memcmp(head.data(), "SQLite format 3", 16) != 0)) {
      error = fmt::format("{} is not a SQLite database", path.string());
      return false;
    }
  }
  if (!writable(dir)) {
    error = fmt::format("the directory {} of {} is read-only: SQLite keeps its -wal file there",
                        dir.string(), path.string());
    return false;
  }
  return true;
}

// The checks and set-up on the open connection. Throws SQLite::Exception.
bool prepare(SQLite::Database& db, const std::string& path, std::string& error) {
  if (sqlite3_db_readonly(db.getHandle(), "main") == 1) {
    error = fmt::format("{} could only be opened read-only", path);
    return false;
  }
  std::string verdict;  // the first line of the check's report
  try {
    SQLite::Statement check(db, "PRAGMA integrity_check");
    int rows = 0;
    while (check.executeStep()) {
      if (rows++ == 0) verdict = check.getColumn(0).getString();
    }
    if (rows != 1) verdict += fmt::format(" (and {} more problems)", rows - 1);
  } catch (const SQLite::Exception& e) {
    verdict = e.what();  // "file is not a database", "database disk image is malformed"
  }
  if (verdict != "ok") {
    error = fmt::format("{} fails its integrity check: {}", path, verdict);
    return false;
  }
  const int application_id = db.execAndGet("PRAGMA application_id").getInt();
  const int version = db.execAndGet("PRAGMA user_version").getInt();
  if (application_id != kLeaderboardApplicationId) {
    const int tables = db.execAndGet("SELECT count(*) FROM sqlite_master").getInt();
    if (application_id != 0 || version != 0 || tables != 0) {
      error = fmt::format(
          "{} is another program's database (application_id {:#x}), not a "
          "Spear Run leaderboard",
          path, static_cast<std::uint32_t>(application_id));
      return false;
    }
  }
  if (version > kLeaderboardSchemaVersion) {
    error = fmt::format("{} has schema version {}, newer than this server's {}", path, version,
                        kLeaderboardSchemaVersion);
    return false;
  }
  if (db.execAndGet("PRAGMA journal_mode = WAL").getString() != "wal") {
    error = fmt::format("{}: SQLite refused WAL mode", path);
    return false;
  }
  db.exec("PRAGMA synchronous = FULL");
  db.exec("PRAGMA foreign_keys = ON");
  migrate_leaderboard_schema(db, version);
  // Takes the write lock once: a file some other process holds locked fails here, at start.
  db.exec("BEGIN IMMEDIATE; COMMIT;");
  return true;
}

void load(SQLite::Database& db, RaceRanking& ranking, std::uint64_t& races) {
  races = static_cast<std::uint64_t>(db.execAndGet("SELECT count(*) FROM races").getInt64());
  SQLite::Statement all(db,
                        "SELECT r.seed, r.number, r.finished_unix, s.place, s.name, s.bot, "
                        "s.score, s.distance_m, s.targets_broken, s.crashes, s.best_combo "
                        "FROM results s JOIN races r ON r.id = s.race_id "
                        "ORDER BY r.id, s.place");
  while (all.executeStep()) {
    LeaderboardEntry e;
    e.seed = static_cast<std::uint64_t>(all.getColumn(0).getInt64());
    e.race_number = static_cast<std::uint32_t>(all.getColumn(1).getInt64());
    e.finished_unix = all.getColumn(2).getInt64();
    e.place = static_cast<std::uint32_t>(all.getColumn(3).getInt64());
    e.name = all.getColumn(4).getString();
    e.bot = all.getColumn(5).getInt64() != 0;
    e.score = static_cast<std::uint64_t>(all.getColumn(6).getInt64());
    e.distance_m = all.getColumn(7).getDouble();
    e.targets_broken = static_cast<std::uint64_t>(all.getColumn(8).getInt64());
    e.crashes = static_cast<std::uint64_t>(all.getColumn(9).getInt64());
    e.best_combo = static_cast<std::uint64_t>(all.getColumn(10).getInt64());
    ranking.add(e);
  }
}

}  // namespace

std::unique_ptr<SqliteRaceStore> SqliteRaceStore::open(const std::string& path,
                                                       std::string& error) {
  bool exists = false;
  if (!check_path(path, exists, error)) return nullptr;
  try {
    const int flags = SQLite::OPEN_READWRITE | (exists ? 0 : SQLite::OPEN_CREATE);
    SQLite::Database db(path, flags, kBusyTimeoutMs);
    if (!prepare(db, path, error)) return nullptr;
    RaceRanking ranking;
    std::uint64_t races = 0;
    load(db, ranking, races);
    const std::uint64_t results = ranking.size();
    auto connection = std::make_unique<Connection>(std::move(db));
    std::unique_ptr<SqliteRaceStore> store(
        new SqliteRaceStore(std::move(connection), std::move(ranking)));
    store->races_at_open_ = races;
    store->results_at_open_ = results;
    return store;
  } catch (const SQLite::Exception& e) {
    error = fmt::format("{} is not a usable leaderboard database: {}", path, e.what());
    return nullptr;
  }
}

SqliteRaceStore::SqliteRaceStore(std::unique_ptr<Connection> connection, RaceRanking ranking)
    : connection_(std::move(connection)), ranking_(std::move(ranking)) {
  queue_ = std::make_unique<RaceWriteQueue>([this](const StoredRace& race, std::string& error) {
    try {
      connection_->write(race);
      return true;
    } catch (const SQLite::Exception& e) {
      error = e.what();
      return false;
    }
  });
}

SqliteRaceStore::~SqliteRaceStore() {
  queue_->close();
  spdlog::info("leaderboard: {} races written since the start, {} lost", queue_->written(),
               queue_->lost());
}

void SqliteRaceStore::save(const sim::RaceResult& race) {
  const auto now = static_cast<std::int64_t>(std::time(nullptr));
  {
    std::lock_guard lock(ranking_mutex_);
    ranking_.add(race, now);
  }
  queue_->push(StoredRace{race, now});
}

std::vector<LeaderboardEntry> SqliteRaceStore::top(std::size_t limit,
                                                   std::optional<std::uint64_t> seed) const {
  std::lock_guard lock(ranking_mutex_);
  return ranking_.top(limit, seed);
}

void SqliteRaceStore::flush() { queue_->flush(); }
std::uint64_t SqliteRaceStore::races_written() const { return queue_->written(); }
std::uint64_t SqliteRaceStore::races_lost() const { return queue_->lost(); }

}  // namespace spear::server
