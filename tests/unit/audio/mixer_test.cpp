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
  Mixer m({44100, 1.f, false}), bed({44100, 1.f, false});  // bed: the same without the step
  const double frame_t = 29.0 / 60.0;                      // the frame the footstep was seen on
  std::vector<std::int16_t> out = take(m, frame_t);
  const std::vector<std::int16_t> still = take(bed, 1.0 + 1.0 / 60.0);
  const auto start = static_cast<std::size_t>(std::llround(frame_t * 44100));  // 21315
  ASSERT_EQ(out.size(), start);
  const Clip& step = bank.clip(SoundKind::Footstep);
  m.play(step, 0.5f);
  for (double t = frame_t; t < 1.0;) {
    t += 1.0 / 60.0;
    const auto more = take(m, t);
    out.insert(out.end(), more.begin(), more.end());
  }
  // The faint breeze of a standing runner alone before, then the clip on it sample for sample
  // (± 1 of rounding: the two are rounded together).
  ASSERT_GE(out.size(), start + step.size());
  ASSERT_GE(still.size(), out.size());
  for (std::size_t k = 0; k < start; ++k) ASSERT_EQ(out[k], still[k]) << "sample " << k;
  for (std::size_t k = 0; k < step.size(); ++k)
    ASSERT_LE(std::abs(out[start + k] - still[start + k] -
                       static_cast<int>(std::lround(step[k] * 0.5f * 32767.f))),
              1)
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

// Sounds meeting never clip: the sum is limited below −1 dBFS (a peak of 29205 of 32768), and
// what stays under the knee passes untouched.
TEST(Mixer, VoicesAddAndStayBelowMinusOneDbfs) {
  Clip loud(100, 0.9f), soft(100, 0.25f);
  Mixer m({44100, 1.f, false}), q({44100, 1.f, false});
  for (int i = 0; i < 4; ++i) m.play(loud, 1.f);
  m.play(soft, 1.f);
  q.play(soft, 1.f);
  const auto out = take(m, 0.001), quiet = take(q, 0.001);
  ASSERT_FALSE(out.empty());
  const double ceiling = std::pow(10.0, -1.0 / 20.0) * 32768.0;
  EXPECT_LT(out[0], ceiling);
  EXPECT_GT(out[0], 0.85 * 32767);  // limited, not cut down
  EXPECT_NEAR(quiet[0], 0.25 * 32767, 4.0);
  EXPECT_FLOAT_EQ(Mixer::limit(0.3f), 0.3f);
  EXPECT_FLOAT_EQ(Mixer::limit(-0.5f), -0.5f);
  for (float s : {0.61f, 0.9f, 1.5f, 40.f, -40.f, 1e30f})
    EXPECT_LE(std::fabs(Mixer::limit(s)), Mixer::kCeiling) << s;
  EXPECT_LT(Mixer::kCeiling, std::pow(10.f, -1.f / 20.f));
  EXPECT_LT(Mixer::limit(0.7f), Mixer::limit(0.8f));  // a curve, not a wall
}

// A runner standing (a crash, the start line, nobody followed) still hears a breeze: no stretch
// of the mix is digital silence.
TEST(Mixer, TheBedIsNeverSilent) {
  Mixer m({44100, 1.f, false});
  m.set_wind_speed(0.f);
  const auto out = take(m, 3.0);
  const std::size_t block = 441;  // 10 ms
  for (std::size_t b = 0; b + block <= out.size(); b += block) {
    std::vector<std::int16_t> part(out.begin() + static_cast<std::ptrdiff_t>(b),
                                   out.begin() + static_cast<std::ptrdiff_t>(b + block));
    ASSERT_GT(20.0 * std::log10(rms(part) + 1e-12), -70.0) << "silent at sample " << b;
  }
  EXPECT_LT(20.0 * std::log10(rms(out)), -40.0);  // a breeze, not a gale
}

}  // namespace
}  // namespace spear::audio
