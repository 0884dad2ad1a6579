#pragma once
// The spear-server command line (CLI11). Bad flags give a clear message and exit code 2.
#include <iosfwd>
#include <string>

#include "server/server_config.hpp"

namespace spear::server {

struct ServerArgs {
  bool run = false;   // false: exit now with exit_code (help printed, or an error)
  int exit_code = 0;  // 0 for --help, 2 for bad flags
  ServerConfig config;
  std::string log_level = "info";  // trace, debug, info, warn, error, critical, off
  // --health-probe: check the running server named by config.health_file and exit (0 healthy,
  // 1 not), instead of running one.
  bool health_probe = false;
};

// Parses argv. `out` receives --help, `err` the error message. Reads AGONES_SDK_HTTP_PORT
// from the environment when --agones is given.
ServerArgs parse_server_args(int argc, const char* const* argv, std::ostream& out,
                             std::ostream& err);

}  // namespace spear::server
