#include "audio/wav_writer.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "scratch_files.hpp"

namespace spear::audio {
namespace {

namespace fs = std::filesystem;

const test::ScratchDir scratch("spear_audio");
using test::file_bytes;
using test::le_u16;
using test::le_u32;

TEST(WavWriter, AValidHeaderAndDurationTimesRateSamples) {
  const fs::path file = scratch("run.wav");
  constexpr int kRate = 44100;
  constexpr double kSeconds = 1.5;
  {
    WavWriter w(file.string(), kRate);
    ASSERT_TRUE(w.ok()) << w.error();
    std::vector<std::int16_t> frame(735);  // one 60 Hz frame
    for (std::size_t i = 0; i < frame.size(); ++i)
      frame[i] = static_cast<std::int16_t>(i * 40 - 14000);
    for (int f = 0; f < 90; ++f) w.write(frame);
    EXPECT_TRUE(w.finish());
    EXPECT_EQ(w.frames_written(), static_cast<std::uint64_t>(kSeconds * kRate));
  }
  const auto b = file_bytes(file);
  const auto samples = static_cast<std::uint32_t>(kSeconds * kRate);
  ASSERT_EQ(b.size(), 44u + 2u * samples);
  EXPECT_EQ(std::memcmp(b.data(), "RIFF", 4), 0);
  EXPECT_EQ(le_u32(b, 4), b.size() - 8);
  EXPECT_EQ(std::memcmp(b.data() + 8, "WAVEfmt ", 8), 0);
  EXPECT_EQ(le_u32(b, 16), 16u);
  EXPECT_EQ(le_u16(b, 20), 1u);  // PCM
  EXPECT_EQ(le_u16(b, 22), 1u);  // mono
  EXPECT_EQ(le_u32(b, 24), static_cast<std::uint32_t>(kRate));
  EXPECT_EQ(le_u32(b, 28), static_cast<std::uint32_t>(kRate * 2));
  EXPECT_EQ(le_u16(b, 32), 2u);
  EXPECT_EQ(le_u16(b, 34), 16u);
  EXPECT_EQ(std::memcmp(b.data() + 36, "data", 4), 0);
  EXPECT_EQ(le_u32(b, 40), 2u * samples);
  EXPECT_EQ(static_cast<std::int16_t>(le_u16(b, 44)), -14000);  // little-endian samples
  EXPECT_EQ(static_cast<std::int16_t>(le_u16(b, 46)), -13960);
}

TEST(WavWriter, StereoHeaderCountsFrames) {
  const auto h = wav_header(48000, 2, 1000);
  const std::vector<std::uint8_t> b(h.begin(), h.end());
  EXPECT_EQ(le_u16(b, 22), 2u);
  EXPECT_EQ(le_u32(b, 28), 48000u * 4u);
  EXPECT_EQ(le_u16(b, 32), 4u);
  EXPECT_EQ(le_u32(b, 40), 4000u);
  EXPECT_EQ(le_u32(b, 4), 4036u);
}

TEST(WavWriter, AnUnwritablePathIsAnErrorAndCheckingChangesNothing) {
  WavWriter w("/nonexistent-dir/x.wav", 44100);
  EXPECT_FALSE(w.ok());
  EXPECT_NE(w.error().find("/nonexistent-dir/x.wav"), std::string::npos);
  EXPECT_FALSE(check_writable("/nonexistent-dir/x.wav").empty());
  EXPECT_FALSE(check_writable(scratch("").string()).empty());  // a directory
  const fs::path fresh = scratch("fresh.wav");
  EXPECT_TRUE(check_writable(fresh.string()).empty());
  EXPECT_FALSE(fs::exists(fresh));  // the probe leaves no file behind
  const fs::path kept = scratch("kept.wav");
  std::ofstream(kept) << "old";
  EXPECT_TRUE(check_writable(kept.string()).empty());
  EXPECT_EQ(fs::file_size(kept), 3u);
}

}  // namespace
}  // namespace spear::audio
