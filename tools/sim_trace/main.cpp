// spear-sim-trace: steps one runner on a course with the shared sim (no network) at 60 Hz and
// writes one JSON object per tick, one per line: where its joints and the obstacles near it are
// and what happened (crash, clear, break). For tests of the collision rules and for tuning.
//   spear-sim-trace --seed 3 --press "2.7:jump,5.1:thrust" --seconds 8 [--out FILE]
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

#include "cli/strict_options.hpp"
#include "press_spec.hpp"
#include "sim/course.hpp"
#include "sim/runner.hpp"
#include "tool_cli.hpp"
#include "trace_line.hpp"

namespace {

constexpr std::string_view kTool = "spear-sim-trace";
constexpr double kMaxSeconds = 3600.0;

int usage_error(const std::string& message) { return spear::tools::usage_error(kTool, message); }

}  // namespace

int main(int argc, char** argv) {
  namespace sim = spear::sim;
  CLI::App app{
      "Steps one runner with the shared sim at 60 Hz and prints one JSON object per tick."};
  std::uint64_t seed = 1;
  std::string press_text;
  double seconds = 10.0;
  std::string out_path;
  app.add_option("--seed", seed, "course seed")
      ->check(spear::cli::Unsigned64)
      ->capture_default_str();
  app.add_option("--press", press_text,
                 "TIME:ACTION[,TIME:ACTION...]: press jump or thrust at TIME s (applied at tick "
                 "round(TIME*60))");
  app.add_option("--seconds", seconds, "how long to run, s (0..3600)")
      ->check(spear::cli::FiniteRange(0.0, kMaxSeconds))
      ->capture_default_str();
  app.add_option("--out", out_path, "write the lines to FILE instead of stdout")
      ->check(spear::cli::Writable);
  if (const auto done = spear::tools::parse_command_line(app, argc, argv, kTool)) return *done;
  if (!std::isfinite(seconds) || seconds < 0.0 || seconds > kMaxSeconds) {
    return usage_error("--seconds must be between 0 and 3600");
  }
  const spear::tools::PressParse presses = spear::tools::parse_presses(press_text);
  if (!presses.error.empty()) return usage_error("--press: " + presses.error);

  const double rate = sim::kDefaultTickRate;
  std::map<sim::Tick, std::uint16_t> buttons;  // tick -> buttons pressed in it
  for (const auto& p : presses.presses) {
    const double tick = std::round(p.seconds * rate);
    if (tick > kMaxSeconds * rate) continue;  // after the end: never applied
    buttons[static_cast<sim::Tick>(tick)] |= static_cast<std::uint16_t>(p.button);
  }

  std::ofstream file;
  if (!out_path.empty()) {
    file.open(out_path, std::ios::out | std::ios::trunc);
    if (!file) return usage_error("--out: cannot write '" + out_path + "'");
  }
  std::ostream& out = out_path.empty() ? std::cout : file;

  const sim::Course course(seed);
  sim::RunnerState state = sim::new_runner_state();
  const auto ticks = static_cast<sim::Tick>(std::llround(seconds * rate));
  for (sim::Tick tick = 0; tick < ticks; ++tick) {
    sim::Input in;
    in.tick = tick;
    if (auto it = buttons.find(tick); it != buttons.end()) in.buttons = it->second;
    const sim::RunnerEvents ev = sim::step_runner(state, &in, course);
    out << spear::tools::trace_line(tick, rate, state, ev, course).dump() << '\n';
    if (!out) return 1;
  }
  out.flush();
  return out ? 0 : 1;
}
