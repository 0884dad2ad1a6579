#include "audio/game_audio.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace spear::audio {
namespace {

namespace fs = std::filesystem;

// Stands in for the sound device: keeps what it was given.
class RecordingSink : public PcmSink {
 public:
  explicit RecordingSink(std::vector<std::int16_t>* into) : into_(into) {}
  void push(std::span<const std::int16_t> s) override {
    into_->insert(into_->end(), s.begin(), s.end());
  }

 private:
  std::vector<std::int16_t>* into_;
};

TEST(GameAudio, TheWavHoldsWhatTheDeviceGetsAndTheRunsOwnTime) {
  const fs::path file =
      fs::temp_directory_path() / ("spear_game_audio_" + std::to_string(::getpid()) + ".wav");
  std::vector<std::int16_t> device;
  {
    GameAudio audio({44100, 0.8f, false}, std::make_unique<WavWriter>(file.string(), 44100),
                    std::make_unique<RecordingSink>(&device));
    client::RunnerView r;
    r.frame.id = 3;
    r.frame.speed = 420.f;
    for (int i = 0; i <= 180; ++i) {  // 3 s of 60 Hz frames, a touch-down every 12
      r.frame.pose.contact_near = i % 12 < 5;
      audio.frame(i / 60.0, &r, {});
    }
    EXPECT_EQ(audio.finish(3.25), "");
    EXPECT_EQ(audio.events().size(), 15u);  // frames 12, 24, ..., 180
    client::RunStats stats;
    audio.report(stats);
    ASSERT_EQ(stats.sounds.size(), 15u);
    EXPECT_EQ(stats.sounds[0].kind, "footstep");
    EXPECT_NEAR(stats.sounds[0].t, 0.2, 1e-9);
  }
  std::ifstream in(file, std::ios::binary);
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
  ASSERT_EQ(device.size(), static_cast<std::size_t>(3.25 * 44100));
  ASSERT_EQ(bytes.size(), 44 + 2 * device.size());
  EXPECT_EQ(std::memcmp(bytes.data() + 44, device.data(), 2 * device.size()), 0);
  fs::remove(file);
}

}  // namespace
}  // namespace spear::audio
