// spear-server: parses the flags, sets up logging, runs the Server until the match ends or a
// signal arrives. Exit codes: 0 clean end, 1 runtime failure (bind, summary file), 2 bad flags.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <iostream>

#include "server/server.hpp"
#include "server/server_cli.hpp"

int main(int argc, char** argv) {
  using namespace spear::server;
  ServerArgs args = parse_server_args(argc, argv, std::cout, std::cerr);
  if (!args.run) return args.exit_code;

  // One line per event, to stdout (containers collect it), flushed at warnings and at exit.
  auto logger = spdlog::stdout_color_mt("spear-server");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  spdlog::set_level(spdlog::level::from_str(args.log_level));
  spdlog::flush_on(spdlog::level::info);

  Server server(args.config);
  std::string error;
  if (!server.start(error)) {
    spdlog::error("{}", error);
    std::cerr << "spear-server: " << error << "\n";
    return 1;
  }
  const int code = server.run();
  spdlog::shutdown();
  return code;
}
