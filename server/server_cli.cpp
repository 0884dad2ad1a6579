#include "server/server_cli.hpp"

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <ostream>

#include "cli/strict_options.hpp"
#include "server/replay_file_writer.hpp"

namespace spear::server {

namespace {

// Port from the Agones sidecar's environment, or the SDK's default.
bool agones_port_from_env(std::uint16_t& port, std::string& error) {
  const char* env = std::getenv("AGONES_SDK_HTTP_PORT");
  if (!env || !*env) return true;
  char* end = nullptr;
  const long v = std::strtol(env, &end, 10);
  if (*end != '\0' || v < 1 || v > 65535) {
    error = std::string("AGONES_SDK_HTTP_PORT is not a port number: ") + env;
    return false;
  }
  port = static_cast<std::uint16_t>(v);
  return true;
}

}  // namespace

ServerArgs parse_server_args(int argc, const char* const* argv, std::ostream& out,
                             std::ostream& err) {
  ServerArgs args;
  ServerConfig& c = args.config;
  CLI::App app{
      "spear-server: the authoritative Spear Run match server (UDP).\n"
      "Options marked ENV can also come from SPEAR_* environment variables.",
      "spear-server"};

  app.add_option("--bind", c.bind_address, "Address to bind the UDP socket to")
      ->check(cli::NonEmpty)
      ->capture_default_str()
      ->envname("SPEAR_BIND");
  app.add_option("--port", c.port, "UDP port (0 picks a free one)")
      ->check(cli::IntegerRange(0, 65535))
      ->capture_default_str()
      ->envname("SPEAR_PORT");
  app.add_option("--seed", c.seed, "Course seed")
      ->check(cli::Unsigned64)
      ->capture_default_str()
      ->envname("SPEAR_SEED");
  app.add_option("--tick-rate", c.tick_rate, "Simulation ticks per second")
      ->check(cli::IntegerRange(1, 1000))
      ->capture_default_str()
      ->envname("SPEAR_TICK_RATE");
  app.add_option("--snapshot-rate", c.snapshot_rate, "Snapshots per second to each client")
      ->check(cli::IntegerRange(1, 1000))
      ->capture_default_str()
      ->envname("SPEAR_SNAPSHOT_RATE");
  app.add_option("--bots", c.bots, "Bot runners in the match")
      ->check(cli::IntegerRange(0, 10000))
      ->capture_default_str()
      ->envname("SPEAR_BOTS");
  app.add_option("--bot-skill", c.bot_skill,
                 "Bot skill in [0, 1] (default 0.85: good, not perfect); 1 never fails")
      ->check(cli::FiniteRange(0.0, 1.0))
      ->capture_default_str()
      ->envname("SPEAR_BOT_SKILL");
  app.add_option("--rewind-ms", c.rewind_ms,
                 "Fair input timing: late inputs apply at the tick pressed when at most this many "
                 "ms late (0: when they arrive)")
      ->check(cli::FiniteRange(0.0, 2000.0))
      ->capture_default_str()
      ->envname("SPEAR_REWIND_MS");
  app.add_option("--max-players", c.max_players, "Player slots")
      ->check(cli::IntegerRange(0, 4096))
      ->capture_default_str()
      ->envname("SPEAR_MAX_PLAYERS");
  app.add_option("--max-spectators", c.max_spectators, "Spectator slots")
      ->check(cli::IntegerRange(0, 4096))
      ->capture_default_str()
      ->envname("SPEAR_MAX_SPECTATORS");
  app.add_option("--max-players-per-address", c.max_players_per_address,
                 "Player slots one address (IP, any port) may hold (0: no cap; a load test from "
                 "one host needs 0)")
      ->check(cli::IntegerRange(0, 4096))
      ->capture_default_str()
      ->envname("SPEAR_MAX_PLAYERS_PER_ADDRESS");
  app.add_option("--max-spectators-per-address", c.max_spectators_per_address,
                 "Spectator slots one address may hold (0: no cap)")
      ->check(cli::IntegerRange(0, 4096))
      ->capture_default_str()
      ->envname("SPEAR_MAX_SPECTATORS_PER_ADDRESS");
  app.add_option("--key-file", c.key_file,
                 "The server's lasting secret key: read from FILE, or created there (mode 0600) "
                 "when missing, so its public key (printed at start, for clients' --server-key) "
                 "stays the same across restarts. Without it: a new key each start")
      ->check(cli::NonEmpty)
      ->envname("SPEAR_KEY_FILE");
  app.add_option("--password", c.password, "Password players must give to join (at most 64 bytes)")
      ->check(cli::NonEmpty)
      ->check(cli::MaxBytes(64))
      ->envname("SPEAR_PASSWORD");
  app.add_option("--password-rate", c.password_rate,
                 "Password attempts per second per address (bursts of 5; 5 wrong in a row lock "
                 "the address out, 2 s doubling to 300 s)")
      ->check(cli::FinitePositive(1e6))
      ->capture_default_str();
  app.add_option("--password-total-rate", c.password_total_rate,
                 "Password attempts per second for the whole server")
      ->check(cli::FinitePositive(1e6))
      ->capture_default_str();
  bool no_spectators = false;
  app.add_flag("--no-spectators", no_spectators, "Refuse spectators");
  app.add_option("--timeout", c.client_timeout, "Seconds of silence before a client is freed")
      ->check(cli::FiniteRange(0.5, 600.0))
      ->capture_default_str();
  app.add_flag("--headless", c.headless, "Run the match without waiting for anyone (bot runs)");
  app.add_flag("--fast", c.fast,
               "With --headless: step as fast as the CPU allows instead of in real time");
  double duration = 0.0;
  auto* duration_opt =
      app.add_option("--duration", duration, "Match time in seconds; exit 0 after it")
          ->check(cli::FinitePositive(1e9));
  app.add_option("--warmup-seconds", c.warmup_seconds,
                 "Warm-up before each race's countdown: players join, the runners stand at the "
                 "start line (0: none)")
      ->check(cli::FiniteRange(0.0, 3600.0))
      ->capture_default_str()
      ->envname("SPEAR_WARMUP_SECONDS");
  app.add_option("--race-seconds", c.race_seconds, "Length of each race (after the 3-2-1)")
      ->check(cli::FiniteRange(1.0 / 60.0, 86400.0))
      ->capture_default_str()
      ->envname("SPEAR_RACE_SECONDS");
  app.add_option("--results-seconds", c.results_seconds,
                 "How long each race's results are shown before the next warm-up")
      ->check(cli::FiniteRange(1.0 / 60.0, 3600.0))
      ->capture_default_str()
      ->envname("SPEAR_RESULTS_SECONDS");
  app.add_option("--races", c.races,
                 "Stop after this many races (their results shown); 0: race forever")
      ->check(cli::IntegerRange(0, 1000000))
      ->capture_default_str()
      ->envname("SPEAR_RACES");
  app.add_option("--summary-json", c.summary_json,
                 "Write the match summary (and, without --fast, tick timings) to FILE at exit")
      ->check(cli::Writable);
  app.add_option("--db", c.db_file,
                 "Keep the leaderboard (every finished race) in this SQLite FILE, created when "
                 "missing; a file that is not a usable, writable leaderboard is refused (exit 2)")
      ->check(cli::NonEmpty)
      ->envname("SPEAR_DB");
  app.add_option("--record-dir", c.record_dir,
                 "Record every race as a replay file (.sprp) in DIR (a writable directory, "
                 "created when missing); spear-replay verifies and describes them")
      ->check(cli::NonEmpty);
  app.add_option("--finished-records", c.finished_records,
                 "Finished sessions (and departed players' runners) the summary lists one by one; "
                 "older ones are only counted")
      ->check(cli::IntegerRange(0, 1000000))
      ->capture_default_str();
  app.add_option("--health-file", c.health_file,
                 "Keep a heartbeat in FILE (rewritten every second, removed at exit) for "
                 "--health-probe")
      ->check(cli::NonEmpty)
      ->envname("SPEAR_HEALTH_FILE");
  app.add_flag("--health-probe", args.health_probe,
               "Check the server that keeps --health-file (fresh heartbeat, its /healthz "
               "answering 200) and exit: 0 healthy, 1 not. For container health checks");
  app.add_option("--log-level", args.log_level, "Log level")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
      ->capture_default_str()
      ->envname("SPEAR_LOG_LEVEL");
  std::uint16_t metrics_port = 0;
  auto* metrics_opt = app.add_option("--metrics-port", metrics_port,
                                     "TCP port for Prometheus /metrics and /healthz (0: any free)")
                          ->check(cli::IntegerRange(0, 65535))
                          ->envname("SPEAR_METRICS_PORT");
  auto* metrics_bind_opt =
      app.add_option("--metrics-bind", c.metrics_bind_address,
                     "Address for the metrics listener (default: loopback, or --bind when that is "
                     "a specific address)")
          ->check(cli::NonEmpty)
          ->envname("SPEAR_METRICS_BIND");
  app.add_flag("--agones", c.agones,
               "Report Ready/Health/Shutdown to the Agones SDK sidecar on "
               "localhost:$AGONES_SDK_HTTP_PORT (default 9358)");
  app.add_option("--handshake-rate", c.handshake_rate,
                 "Handshake packets per second allowed per source address")
      ->check(cli::FinitePositive(1e9))
      ->capture_default_str();
  app.add_option("--unknown-rate", c.unknown_rate,
                 "Datagrams per second allowed from an address with no session")
      ->check(cli::FinitePositive(1e9))
      ->capture_default_str();

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    args.exit_code = 0;
    return args;
  } catch (const CLI::ParseError& e) {
    err << "spear-server: " << cli::name_env_in_error(app, e.what(), argc, argv)
        << "\nRun with --help for the list of flags.\n";
    args.exit_code = 2;
    return args;
  }

  auto fail = [&](const std::string& message) {
    err << "spear-server: " << message << "\nRun with --help for the list of flags.\n";
    args.exit_code = 2;
    return args;
  };
  if (const std::string why = cli::empty_env_error(app); !why.empty()) return fail(why);
  // The metrics listener follows a specific --bind; with the wildcard it stays on loopback
  // (metrics and health are for the operator, not the internet) unless told otherwise.
  if (metrics_bind_opt->count() == 0)
    c.metrics_bind_address = c.bind_address == "0.0.0.0" || c.bind_address == "::"
                                 ? (c.bind_address == "::" ? "::1" : "127.0.0.1")
                                 : c.bind_address;
  if (args.health_probe) {
    if (c.health_file.empty())
      return fail("--health-probe needs --health-file or SPEAR_HEALTH_FILE");
    args.run = true;
    return args;
  }
  c.allow_spectators = !no_spectators;
  c.racing = true;  // the match server runs races (server/README.md, "Races")
  if (duration_opt->count() > 0) c.duration = duration;
  if (metrics_opt->count() > 0) c.metrics_port = metrics_port;
  if (c.snapshot_rate > c.tick_rate) return fail("--snapshot-rate cannot exceed --tick-rate");
  if (c.fast && !c.headless) return fail("--fast needs --headless");
  if (c.fast && !c.duration && c.races == 0)
    return fail("--fast needs --duration or --races (it would never end)");
  if (c.agones) {
    std::string error;
    if (!agones_port_from_env(c.agones_port, error)) return fail(error);
  }
  // Last, when every other flag is good: a missing directory is created.
  if (!c.record_dir.empty()) {
    if (const std::string why = ReplayFileWriter::prepare_directory(c.record_dir); !why.empty())
      return fail("--record-dir: " + why);
  }
  c.handle_signals = true;
  args.run = true;
  return args;
}

}  // namespace spear::server
