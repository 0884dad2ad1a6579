// spear-rig-dump: runs the motion lab's rig with no network and prints one JSON object per frame.
//   spear-rig-dump --sequence "walk@0,run@3,throw@6,jump@9,form@12" --seconds 40 --fps 60
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/strict_options.hpp"
#include "frame_json.hpp"
#include "rig/rig.hpp"
#include "rig/secondary.hpp"
#include "sequence.hpp"
#include "tool_cli.hpp"

namespace {

constexpr std::string_view kTool = "spear-rig-dump";

int usage_error(const std::string& message) { return spear::tools::usage_error(kTool, message); }

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Runs the motion lab's rig and prints one JSON object per frame on stdout."};
  std::string sequence_text = "walk@0";
  double seconds = 10.0;
  double fps = 60.0;
  app.add_option("--sequence", sequence_text,
                 "NAME@SECONDS[,NAME@SECONDS...]: switch to motion NAME at that time; names: idle "
                 "walk run throw jump form thrust fall leap fall_back (idle before the first)")
      ->check(spear::cli::NonEmpty)
      ->capture_default_str();
  app.add_option("--seconds", seconds, "how long to run, s")
      ->check(spear::cli::FiniteRange(0.0, 24.0 * 3600.0))
      ->capture_default_str();
  app.add_option("--fps", fps, "frames per second")
      ->check(spear::cli::FiniteRange(1.0, 1000.0))
      ->capture_default_str();
  if (const auto done = spear::tools::parse_command_line(app, argc, argv, kTool)) return *done;

  if (!std::isfinite(seconds) || seconds < 0.0 || seconds > 24.0 * 3600.0) {
    return usage_error("--seconds must be between 0 and 86400");
  }
  if (!std::isfinite(fps) || fps < 1.0 || fps > 1000.0) {
    return usage_error("--fps must be between 1 and 1000");
  }
  const spear::tools::SequenceParse seq = spear::tools::parse_sequence(sequence_text);
  if (!seq.error.empty()) return usage_error("--sequence: " + seq.error);

  namespace rig = spear::rig;
  rig::RigState state;
  rig::Secondary secondary;
  const float dt = static_cast<float>(1.0 / fps);
  const auto frames = static_cast<long long>(std::llround(seconds * fps));
  std::string line;
  line.reserve(1024);
  for (long long k = 0; k < frames; ++k) {
    const double t = static_cast<double>(k) / fps;
    rig::RigInput input;
    input.motion = spear::tools::motion_at(seq.entries, t);
    const float step = k == 0 ? 0.f : dt;
    const rig::Pose pose = rig::step_rig(state, input, step);
    const bool airborne =
        !pose.contact_near && !pose.contact_far &&
        std::fmax(pose[rig::Joint::FootNear].y, pose[rig::Joint::FootFar].y) < -3.f;
    spear::tools::DumpFrame f;
    f.t = t;
    f.motion = state.motion;
    f.scroll = state.scroll;
    f.pose = pose;
    f.secondary = rig::step_secondary(secondary, pose, state.scroll_speed, airborne, step);
    line.clear();
    spear::tools::append_frame_json(f, line);
    if (std::fwrite(line.data(), 1, line.size(), stdout) != line.size()) return 1;
  }
  return std::fflush(stdout) == 0 ? 0 : 1;
}
