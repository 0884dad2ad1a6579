#include "audio/game_audio.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace spear::audio {
namespace {

namespace fs = std::filesystem;

fs::path scratch_wav(const std::string& tag) {
  return fs::temp_directory_path() /
         ("spear_game_audio_" + tag + "_" + std::to_string(::getpid()) + ".wav");
}

std::vector<std::int16_t> wav_samples(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
  std::vector<std::int16_t> out(bytes.size() < 44 ? 0 : (bytes.size() - 44) / 2);
  if (!out.empty()) std::memcpy(out.data(), bytes.data() + 44, 2 * out.size());
  return out;
}

// A run's frames: a touch-down of the near foot every 12 frames (drawn on the ground line for
// 5 frames, 8 units up for 7; the far foot stays up).
client::RunnerView runner_at(int frame, float speed = 420.f) {
  client::RunnerView r;
  r.frame.id = 3;
  r.frame.speed = speed;
  const bool down = frame % 12 < 5;
  r.frame.pose.contact_near = down;
  r.frame.pose[rig::Joint::FootNear] = {0.f, down ? 0.f : -8.f};
  r.frame.pose[rig::Joint::FootFar] = {0.f, -8.f};
  return r;
}

TEST(GameAudio, HeadlessTheRunsOwnClockDrivesTheMix) {
  const fs::path file = scratch_wav("clock");
  {
    GameAudio audio({44100, 0.8f, false}, std::make_unique<WavWriter>(file.string(), 44100));
    for (int i = 0; i <= 180; ++i) {  // 3 s of 60 Hz frames
      const client::RunnerView r = runner_at(i);
      audio.frame(i / 60.0, &r, {});
    }
    EXPECT_EQ(audio.finish(3.25), "");
    EXPECT_EQ(audio.samples_rendered(), std::llround(3.25 * 44100));
    EXPECT_EQ(audio.events().size(), 15u);  // frames 12, 24, ..., 180
    client::RunStats stats;
    audio.report(stats);
    ASSERT_EQ(stats.sounds.size(), 15u);
    EXPECT_EQ(stats.sounds[0].kind, "footstep");
    EXPECT_NEAR(stats.sounds[0].t, 0.2, 1e-9);
  }
  EXPECT_EQ(wav_samples(file).size(), static_cast<std::size_t>(std::llround(3.25 * 44100)));
  fs::remove(file);
}

// Stands in for the sound device: the test pulls, as SFML's thread would.
class FakeDevice : public PcmPlayer {
 public:
  explicit FakeDevice(PcmSource& s) : source(s) {}
  PcmSource& source;
};

TEST(GameAudio, WithADeviceTheDevicePullsAndTheWavHoldsWhatItPlayed) {
  const fs::path file = scratch_wav("device");
  std::vector<std::int16_t> played;
  {
    GameAudio audio({44100, 1.f, false}, std::make_unique<WavWriter>(file.string(), 44100));
    FakeDevice* device = nullptr;
    audio.play_on([&](PcmSource& s) {
      auto d = std::make_unique<FakeDevice>(s);
      device = d.get();
      return d;
    });
    ASSERT_NE(device, nullptr);
    std::vector<std::int16_t> chunk(512);
    for (int i = 0; i <= 60; ++i) {
      const client::RunnerView r = runner_at(i, 0.f);  // standing: a faint breeze between steps
      audio.frame(i / 60.0, &r, {});                   // renders nothing itself
      EXPECT_EQ(audio.samples_rendered(), static_cast<std::int64_t>(played.size()));
      device->source.pull(chunk);
      played.insert(played.end(), chunk.begin(), chunk.end());
      if (i < 12) {
        EXPECT_TRUE(std::all_of(chunk.begin(), chunk.end(),
                                [](std::int16_t s) { return std::abs(s) < 1000; }));
      }
      if (i == 12) {  // the frame with the first touch-down: its step starts in this chunk
        EXPECT_EQ(audio.events().size(), 1u);
        EXPECT_TRUE(std::any_of(chunk.begin(), chunk.end(),
                                [](std::int16_t s) { return std::abs(s) > 3000; }));
      }
    }
    EXPECT_EQ(audio.finish(1.0), "");
  }
  EXPECT_EQ(wav_samples(file), played);
  fs::remove(file);
}

}  // namespace
}  // namespace spear::audio
