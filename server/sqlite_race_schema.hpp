#pragma once
// The leaderboard file's schema (server/README.md, "Leaderboard database"): its version is the
// file's PRAGMA user_version, its owner the PRAGMA application_id. Versions only go up, by
// migrations that add (tables, columns, indexes) and never drop what holds records.
#include <cstdint>

namespace SQLite {
class Database;
}

namespace spear::server {

// "SpRn": marks the file as a Spear Run leaderboard (`sqlite3 FILE 'PRAGMA application_id'`).
inline constexpr std::int32_t kLeaderboardApplicationId = 0x5370526E;
// The version this build writes; migrations bring older files up to it.
inline constexpr int kLeaderboardSchemaVersion = 1;

// Brings the file from `from_version` (0: a new, empty file) to kLeaderboardSchemaVersion, one
// transaction per step, so an interrupted migration leaves the file at a whole version.
// Throws SQLite::Exception.
void migrate_leaderboard_schema(SQLite::Database& db, int from_version);

}  // namespace spear::server
