// spear-client's sound as a user gets it: a real headless run with the autopilot writes the
// mixed sound to a WAV (--audio-wav); the footsteps heard in it (onsets found in the samples)
// must match the footsteps the client says it played (--stats-json "sounds"), one for one within
// a frame; --mute writes silence; bad sound flags exit 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "process_runner.hpp"
#include "scratch_files.hpp"

namespace spear::test {
namespace {

namespace fs = std::filesystem;

constexpr double kFrame = 1.0 / 60.0;

const ScratchDir scratch("spear_audio_cli");

struct Wav {
  int rate = 0, channels = 0, bits = 0;
  std::vector<std::int16_t> samples;
};

// A canonical 16-bit PCM file as spear-client writes it; empty samples and rate 0 if not one.
Wav read_wav(const fs::path& p) {
  const std::vector<std::uint8_t> b = file_bytes(p);
  Wav w;
  if (b.size() < 44 || std::memcmp(b.data(), "RIFF", 4) != 0 ||
      std::memcmp(b.data() + 8, "WAVE", 4) != 0 || std::memcmp(b.data() + 36, "data", 4) != 0 ||
      le_u32(b, 4) != b.size() - 8 || le_u32(b, 40) != b.size() - 44)
    return w;
  w.channels = le_u16(b, 22);
  w.rate = static_cast<int>(le_u32(b, 24));
  w.bits = le_u16(b, 34);
  w.samples.resize((b.size() - 44) / 2);
  for (std::size_t i = 0; i < w.samples.size(); ++i)
    w.samples[i] = static_cast<std::int16_t>(le_u16(b, 44 + 2 * i));
  return w;
}

// Onsets: a 2 ms block whose energy jumps above 6× the mean of the 30 ms before it (plus a floor
// of −26 dBFS, so the wind swelling from silence is no hit), at most one per 60 ms. Seconds.
std::vector<double> onsets(const Wav& w) {
  const std::size_t block = static_cast<std::size_t>(w.rate / 500);
  const std::size_t blocks = w.samples.size() / block;
  std::vector<double> energy(blocks, 0.0);
  for (std::size_t b = 0; b < blocks; ++b) {
    for (std::size_t i = 0; i < block; ++i) {
      const double s = w.samples[b * block + i] / 32768.0;
      energy[b] += s * s / static_cast<double>(block);
    }
  }
  constexpr std::size_t kBefore = 15;
  constexpr double kFloor = 0.05 * 0.05;
  std::vector<double> out;
  for (std::size_t b = kBefore; b < blocks; ++b) {
    double before = 0.0;
    for (std::size_t k = b - kBefore; k < b; ++k) before += energy[k] / kBefore;
    const double t = static_cast<double>(b * block) / w.rate;
    if (energy[b] > 6.0 * before + kFloor && (out.empty() || t - out.back() > 0.06))
      out.push_back(t);
  }
  return out;
}

struct Cue {
  std::string kind;
  double t;
};

std::vector<Cue> sounds(const fs::path& stats) {
  std::ifstream in(stats);
  const nlohmann::json j = nlohmann::json::parse(in);
  std::vector<Cue> out;
  for (const auto& s : j.at("sounds")) out.push_back({s.at("kind"), s.at("t")});
  return out;
}

std::string client(const std::string& args) {
  return std::string("'") + SPEAR_CLIENT_PATH + "' --headless --bots 0 --seed 11 " + args;
}

TEST(AudioWav, FootstepOnsetsMatchTheFootstepsPlayed) {
  const fs::path wav = scratch("run.wav"), stats = scratch("run.json");
  const ProcessResult r =
      run_process(client("--autoplay --duration 8 --audio-wav '" + wav.string() +
                         "' --stats-json '" + stats.string() + "'"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const Wav w = read_wav(wav);
  ASSERT_EQ(w.rate, 44100);
  ASSERT_EQ(w.channels, 1);
  ASSERT_EQ(w.bits, 16);
  // The run's own time: 8 s of frames is 8 s of sound (the last frame lands just past 8 s).
  EXPECT_GE(w.samples.size(), 8u * 44100u);
  EXPECT_LT(w.samples.size(), 8u * 44100u + 44100u / 10u);

  const std::vector<Cue> cues = sounds(stats);
  std::vector<double> steps;
  for (const Cue& c : cues)
    if (c.kind == "footstep") steps.push_back(c.t);
  ASSERT_GE(steps.size(), 25u) << "8 s of running at ~5 steps/s";

  // Every onset heard is a footstep played within a frame of it, unless another sound (a
  // crunch, a thud) started there.
  std::size_t step_onsets = 0;
  double worst_ms = 0.0;
  for (const double t : onsets(w)) {
    const auto within = [&](const Cue& c) { return std::abs(c.t - t) <= kFrame; };
    bool step = false, other = false;
    for (const Cue& c : cues) {
      if (!within(c)) continue;
      (c.kind == "footstep" ? step : other) = true;
    }
    EXPECT_TRUE(step || other) << "an onset at " << t << " s with no sound played near it";
    step_onsets += step;
    if (step) {
      double nearest = 1.0;
      for (const double s : steps) nearest = std::min(nearest, std::abs(s - t));
      worst_ms = std::max(worst_ms, nearest * 1000.0);
    }
  }
  // And the footsteps played are heard: count within 10 % (two feet landing together after a
  // jump are one onset).
  std::cout << "[ figures  ] " << step_onsets << " footstep onsets heard, " << steps.size()
            << " footsteps played, " << cues.size() << " sounds in all, worst onset offset "
            << worst_ms << " ms\n";
  EXPECT_GE(static_cast<double>(step_onsets), 0.9 * static_cast<double>(steps.size()));
  EXPECT_LE(static_cast<double>(step_onsets), 1.1 * static_cast<double>(steps.size()));
}

TEST(AudioWav, MuteWritesSilenceOfTheRunsLength) {
  const fs::path wav = scratch("mute.wav"), stats = scratch("mute.json");
  const ProcessResult r =
      run_process(client("--autoplay --duration 3 --mute --audio-wav '" + wav.string() +
                         "' --stats-json '" + stats.string() + "'"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const Wav w = read_wav(wav);
  ASSERT_EQ(w.rate, 44100);
  EXPECT_GE(w.samples.size(), 3u * 44100u);
  std::size_t loud = 0;
  for (std::int16_t s : w.samples) loud += s != 0;
  EXPECT_EQ(loud, 0u);
  // The footsteps still happened (the run was the same), they were just not heard.
  std::size_t steps = 0;
  for (const Cue& c : sounds(stats)) steps += c.kind == "footstep";
  EXPECT_GT(steps, 5u);
}

TEST(AudioWav, BadSoundFlagsExit2BeforeStarting) {
  for (const std::string bad : {"--volume nan", "--volume 101", "--volume -1", "--volume abc",
                                "--volume inf", "--audio-wav /nonexistent-dir/x.wav"}) {
    const ProcessResult r = run_process(client("--duration 20 " + bad));
    EXPECT_EQ(r.exit_code, 2) << bad << "\n" << r.output;
    EXPECT_NE(r.output.find(bad.substr(0, bad.find(' '))), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("listening"), std::string::npos) << "a server started: " << r.output;
  }
  EXPECT_FALSE(fs::exists("/nonexistent-dir/x.wav"));
}

}  // namespace
}  // namespace spear::test
