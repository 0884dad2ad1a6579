#include "audio/mixer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace spear::audio {
namespace {

std::vector<std::int16_t> take(Mixer& m, double t) {
  const auto s = m.advance_to(t);
  return {s.begin(), s.end()};
}

TEST(Mixer, AVoiceStartsAtTheSampleOfItsFrameTime) {
  const SoundBank bank(44100);
  Mixer m({44100, 1.f, false});
  const double frame_t = 29.0 / 60.0;  // the frame the footstep was seen on
  std::vector<std::int16_t> out = take(m, frame_t);
  const auto start = static_cast<std::size_t>(std::llround(frame_t * 44100));  // 21315
  ASSERT_EQ(out.size(), start);
  const Clip& step = bank.clip(SoundKind::Footstep);
  m.play(step, 0.5f);
  for (double t = frame_t; t < 1.0;) {
    t += 1.0 / 60.0;
    const auto more = take(m, t);
    out.insert(out.end(), more.begin(), more.end());
  }
  // Silence (no wind: speed 0) before, then the clip sample for sample.
  EXPECT_TRUE(std::all_of(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(start),
                          [](std::int16_t s) { return s == 0; }));
  ASSERT_GE(out.size(), start + step.size());
  for (std::size_t k = 0; k < step.size(); ++k)
    ASSERT_EQ(out[start + k], static_cast<std::int16_t>(std::lround(step[k] * 0.5f * 32767.f)))
        << "sample " << k;
  EXPECT_EQ(m.voices_playing(), 0u);
}

TEST(Mixer, RendersExactlyTheTimeBetweenFrames) {
  Mixer m({48000, 1.f, false});
  std::size_t total = 0;
  double t = 0.0;
  for (int i = 0; i < 600; ++i) {
    t += 1.0 / 60.0 + (i % 3 == 0 ? 0.004 : -0.002);  // uneven frames
    total += m.advance_to(t).size();
  }
  EXPECT_EQ(total, static_cast<std::size_t>(std::llround(t * 48000)));
  EXPECT_TRUE(m.advance_to(t - 0.5).empty());  // time never runs back
  EXPECT_TRUE(m.advance_to(std::nan("")).empty());
}

TEST(Mixer, MutedIsSilentButKeepsTime) {
  const SoundBank bank(44100);
  Mixer m({44100, 1.f, true});
  m.set_wind_speed(500.f);
  m.advance_to(0.1);
  m.play(bank.clip(SoundKind::Thud), 1.f);
  m.play(bank.clip(SoundKind::Footstep), 1.f);
  const auto out = take(m, 2.0);
  EXPECT_EQ(out.size(), 88200u - 4410u);
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](std::int16_t s) { return s == 0; }));
}

double rms(const std::vector<std::int16_t>& s) {
  double sum = 0.0;
  for (std::int16_t v : s) sum += (v / 32768.0) * (v / 32768.0);
  return std::sqrt(sum / static_cast<double>(s.size()));
}

TEST(Mixer, WindRisesWithSpeedAndVolumeScales) {
  Mixer slow({44100, 1.f, false}), fast({44100, 1.f, false}), half({44100, 0.5f, false});
  slow.set_wind_speed(150.f);
  fast.set_wind_speed(500.f);
  half.set_wind_speed(500.f);
  take(slow, 1.0), take(fast, 1.0), take(half, 1.0);  // past the smoothing
  const double a = rms(take(slow, 3.0)), b = rms(take(fast, 3.0)), c = rms(take(half, 3.0));
  EXPECT_GT(a, 0.0);
  EXPECT_GT(b, 4.0 * a);  // quadratic in speed: (500/150)² ≈ 11
  EXPECT_NEAR(b, Wind::target_level(500.f), 0.35 * Wind::target_level(500.f));  // ± the gusts
  EXPECT_NEAR(c, 0.5 * b, 0.02 * b);
}

TEST(Mixer, VoicesAddAndClipInsteadOfWrapping) {
  Clip loud(100, 0.9f);
  Mixer m({44100, 1.f, false});
  m.play(loud, 1.f);
  m.play(loud, 1.f);
  const auto out = take(m, 0.001);
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out[0], 32767);
}

}  // namespace
}  // namespace spear::audio
