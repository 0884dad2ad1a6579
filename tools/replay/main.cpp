// spear-replay: checks and describes replay files (spear-server --record-dir).
//   spear-replay verify FILE   re-simulates the race and compares every state-hash checkpoint:
//                              exit 0 when all match, 1 naming the first tick that differs
//   spear-replay info FILE     prints the replay's versions, roster, result and size as JSON
// A file that is not a replay, is cut short or corrupted, or that this build cannot re-simulate
// (another sim version) gives one line on stderr and exit 2, as does bad usage.
#include <CLI/CLI.hpp>
#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <string>

#include "replay/replay_reader.hpp"
#include "replay/resimulation.hpp"
#include "replay_json.hpp"
#include "sim/sim_version.hpp"
#include "tool_cli.hpp"

namespace {

constexpr std::string_view kTool = "spear-replay";

int refuse(const std::string& path, const std::string& why) {
  return spear::tools::usage_error(kTool, path + ": " + why);
}

int verify(const spear::replay::Replay& replay, const std::string& path) {
  namespace rp = spear::replay;
  if (replay.sim_version != spear::sim::kSimVersion) {
    return refuse(path, "recorded by sim version " + std::to_string(replay.sim_version) +
                            ", this build's sim is version " +
                            std::to_string(spear::sim::kSimVersion) + ": cannot re-simulate it");
  }
  const std::clock_t c0 = std::clock();
  rp::VerifyReport report;
  try {
    report = rp::verify_replay(replay);
  } catch (const std::exception& e) {
    return refuse(path, std::string("cannot re-create the match: ") + e.what());
  }
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  const double race_seconds = static_cast<double>(report.ticks) / replay.config.tick_rate;
  if (!report.ok) {
    std::fprintf(stderr,
                 "%s: %s: the state differs at tick %" PRIu32
                 " (checkpoint %zu: recorded hash 0x%016" PRIx64 ", re-simulated 0x%016" PRIx64
                 ")\n",
                 std::string(kTool).c_str(), path.c_str(), report.expected->tick,
                 report.checkpoints_checked, report.expected->hash, report.actual_hash);
    return 1;
  }
  std::printf("%s: %zu checkpoints match over %" PRIu32
              " ticks (%.1f s of race, %.0f race-s per "
              "CPU-s)\n",
              path.c_str(), report.checkpoints_checked, report.ticks, race_seconds,
              cpu > 0.0 ? race_seconds / cpu : 0.0);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Checks (verify) and describes (info) Spear Run replay files."};
  app.require_subcommand(1);
  std::string path;
  auto* verify_cmd = app.add_subcommand(
      "verify", "Re-simulate the race: exit 0 when every checkpoint matches, 1 when one differs");
  verify_cmd->add_option("FILE", path, "replay file (.sprp)")->required();
  auto* info_cmd = app.add_subcommand("info", "Print the replay's roster, result and size as JSON");
  info_cmd->add_option("FILE", path, "replay file (.sprp)")->required();
  if (const auto done = spear::tools::parse_command_line(app, argc, argv, kTool)) return *done;

  std::string error;
  const auto bytes = spear::replay::read_file_bytes(path, error);
  if (!bytes) return spear::tools::usage_error(kTool, error);
  const spear::replay::ReadResult read = spear::replay::read_replay(*bytes);
  if (!read.replay) return refuse(path, read.error);
  if (verify_cmd->parsed()) return verify(*read.replay, path);
  std::cout << spear::tools::replay_info_json(*read.replay, bytes->size()).dump(2) << '\n';
  (void)info_cmd;
  return std::cout ? 0 : 1;
}
