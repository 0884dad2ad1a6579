// spear-server: parses the flags, sets up logging, runs the Server until the match ends or a
// signal arrives. Exit codes: 0 clean end, 1 runtime failure (bind, summary file), 2 bad flags
// or a --db file that cannot be used.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <csignal>
#include <iostream>
#include <memory>

#include "server/health_file.hpp"
#include "server/open_race_store.hpp"
#include "server/server.hpp"
#include "server/server_cli.hpp"

namespace {
// A SIGINT/SIGTERM/SIGHUP that arrives before the server's own signal handling is up (the first
// milliseconds: flags, binding) is remembered here and honoured as soon as it is, so the
// summary is still written.
volatile std::sig_atomic_t early_signal = 0;
extern "C" void remember_signal(int signal) { early_signal = signal; }
}  // namespace

int main(int argc, char** argv) {
  using namespace spear::server;
  // A stdout reader that went away must not kill the server: writes fail, the match goes on.
  std::signal(SIGPIPE, SIG_IGN);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) std::signal(s, remember_signal);
  ServerArgs args = parse_server_args(argc, argv, std::cout, std::cerr);
  if (!args.run) return args.exit_code;
  if (args.health_probe) {
    // Heartbeats come every second: 5 s allows a few missed ones on a loaded machine.
    const HealthVerdict v = probe_health(args.config.health_file, 5.0, 2.0);
    (v.healthy ? std::cout : std::cerr) << "spear-server: " << v.reason << "\n";
    return v.healthy ? 0 : 1;
  }

  // One line per event, to stdout (containers collect it), flushed at warnings and at exit.
  auto logger = spdlog::stdout_color_mt("spear-server");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  spdlog::set_level(spdlog::level::from_str(args.log_level));
  spdlog::flush_on(spdlog::level::info);

  // The leaderboard, before the server: a file that cannot be used ends the start here, with
  // nothing written to it.
  std::unique_ptr<RaceStore> race_store;
  if (!args.config.db_file.empty()) {
    std::string error;
    race_store = open_race_store(args.config.db_file, error);
    if (!race_store) {
      spdlog::error("--db: {}", error);
      std::cerr << "spear-server: --db: " << error << "\n";
      return 2;
    }
  }

  Server server(args.config, race_store.get());
  std::string error;
  if (!server.start(error)) {
    spdlog::error("{}", error);
    std::cerr << "spear-server: " << error << "\n";
    return 1;
  }
  if (early_signal != 0) {
    spdlog::info("signal {} before the start: shutting down", static_cast<int>(early_signal));
    server.stop();
  }
  const int code = server.run();
  race_store.reset();  // writes every race still queued first (a SIGTERM loses none)
  spdlog::shutdown();
  return code;
}
