#pragma once
// The command line of the project's tools (spear-rig-dump, spear-sim-trace, spear-netsim,
// spear-load): bad usage prints one line "<tool>: <why>" on stderr and exits with kBadUsage;
// --help prints the help on stdout and exits 0.
#include <CLI/CLI.hpp>
#include <optional>
#include <string_view>

namespace spear::tools {

inline constexpr int kBadUsage = 2;

// Prints "<tool>: <message>" on stderr; returns kBadUsage (for `return usage_error(...)`).
int usage_error(std::string_view tool, std::string_view message);

// Parses the command line into `app`'s options. nullopt: go on; otherwise main returns the code
// (0 after --help, kBadUsage after a parse error, which is printed as by usage_error).
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, std::string_view tool);

}  // namespace spear::tools
