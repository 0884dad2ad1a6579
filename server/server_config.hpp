#pragma once
// Everything a server needs to know before it starts. Filled by the spear-server flags
// (server_cli.hpp) or directly by a program that embeds the server (the client's local game).
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "sim/bot.hpp"

namespace spear::server {

struct ServerConfig {
  // Network.
  std::string bind_address = "0.0.0.0";  // IPv4 or IPv6 literal
  std::uint16_t port = 27600;            // UDP; 0 picks a free port (see Server::port())

  // Simulation.
  std::uint64_t seed = 1;                   // course seed
  int tick_rate = 60;                       // sim ticks per second
  int snapshot_rate = 30;                   // snapshots per second to each client (≤ tick_rate)
  int bots = 0;                             // bot runners added at start
  float bot_skill = sim::kDefaultBotSkill;  // [0, 1]; 1 never fails
  // Fair input timing: a player's input applies at the tick it was pressed when it arrives at
  // most this late (the runner re-simulated from there); later ones apply at the window's edge.
  // 0: inputs apply when they arrive.
  double rewind_ms = 250.0;

  // Sessions.
  // The server's lasting X25519 secret key (net/session_crypto.hpp), which clients may check
  // with --server-key. key_file: read from there, or created there (mode 0600) when missing;
  // secret_key: given directly (an embedder, a test). Neither: a fresh key for this run.
  std::string key_file;
  std::optional<std::array<std::uint8_t, 32>> secret_key;
  int max_players = 16;
  int max_spectators = 64;
  std::string password;  // required of players when not empty; spectators need none
  bool allow_spectators = true;
  double client_timeout = 5.0;  // seconds of silence before a client is freed
  // Fair slots: sessions one address (IP, any port) may hold at once; 0: no cap. A load test or
  // a relay that brings many clients from one address needs 0 (or a higher cap).
  int max_players_per_address = 4;
  int max_spectators_per_address = 8;
  // Password guessing (server/password_guard.hpp): proof checks per second per address (bursts
  // of password_burst) and for the whole server; repeated failures lock an address out.
  double password_rate = 1.0;
  double password_burst = 5.0;
  double password_total_rate = 20.0;
  std::size_t password_addresses = 65536;  // addresses the password guard tracks at once
  // Records of finished sessions (and runners of players who left) kept one by one for the
  // summary; older ones are folded into totals, so a long-running server's memory stays flat.
  std::size_t finished_records = 256;

  // Run mode.
  bool headless = false;  // a bot/headless run: no one needs to join
  bool fast = false;      // with headless: step as fast as the CPU allows, not in real time
  std::optional<double> duration;  // match time in seconds; the server stops after it
  // Races (server/race_schedule.hpp): a warm-up at the start line, the 3-2-1 countdown, the
  // race, the results, then the next race on the next course (sim::race_course_seed). false
  // (the default for embedders: the client's local game, the tests): one endless match on
  // `seed`, as before races. spear-server always races (parse_server_args).
  bool racing = false;
  double warmup_seconds = 10.0;  // players join; the runners stand at the start line
  double race_seconds = 180.0;   // the race proper
  double results_seconds = 8.0;  // the results shown before the next race's warm-up
  std::uint32_t races = 0;       // the server stops after this many races' results; 0: never

  // Flood limits (per source IP, token buckets; see AddressRateLimiter).
  double handshake_rate = 20.0;  // Hello/Response per second per address
  double handshake_burst = 40.0;
  double unknown_rate = 50.0;  // other datagrams from addresses with no session
  double unknown_burst = 100.0;
  // Handshake packets per second for the whole server, all addresses together: Challenges
  // hold no state (the cookie), so this bounds the handshakes in flight in total.
  double handshake_total_rate = 2000.0;
  double handshake_total_burst = 4000.0;
  std::size_t rate_limit_buckets = 4096;

  // Operations.
  std::string summary_json;  // file written at exit; empty: none
  // The leaderboard's SQLite file (--db); empty: no leaderboard. Opened by spear-server's main
  // (server/open_race_store.hpp), which hands the store to the Server.
  std::string db_file;
  // Every race recorded as a replay file in this directory (server/race_recorder.hpp); empty:
  // none.
  std::string record_dir;
  // The match recorded as with record_dir, but kept in memory only: for an embedding program
  // that asks for it (Server::ask_recording; a local game keeps its player's best runs).
  bool record_in_memory = false;
  // Heartbeat for health probes (server/health_file.hpp): rewritten about once a second while
  // running, removed at a clean exit; empty: none.
  std::string health_file;
  std::optional<std::uint16_t> metrics_port;       // Prometheus /metrics and /healthz over TCP
  std::string metrics_bind_address = "127.0.0.1";  // loopback: for the operator only
  bool agones = false;                             // talk to the Agones SDK sidecar over HTTP
  std::uint16_t agones_port = 9358;                // $AGONES_SDK_HTTP_PORT
  double agones_health_interval = 2.0;  // seconds; below the fleet's health.periodSeconds
  bool handle_signals = false;          // SIGINT/SIGTERM start a clean shutdown (the executable)
  double stats_log_interval = 10.0;     // seconds between "drops in the last interval" log lines
};

}  // namespace spear::server
