#include "tool_cli.hpp"

#include <iostream>

#include "cli/strict_options.hpp"

namespace spear::tools {

int usage_error(std::string_view tool, std::string_view message) {
  std::cerr << tool << ": " << message << "\n";
  return kBadUsage;
}

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, std::string_view tool) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help (or --version): printed, success
    return usage_error(tool, e.what());
  }
  // An empty SPEAR_* variable is an error, never a default (as an empty flag is).
  if (const std::string why = cli::empty_env_error(app); !why.empty())
    return usage_error(tool, why);
  return std::nullopt;
}

}  // namespace spear::tools
