#include "audio/sound_bank.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace spear::audio {
namespace {

float peak(const Clip& c) {
  float p = 0.f;
  for (float s : c) p = std::max(p, std::abs(s));
  return p;
}

// Seconds until the clip first reaches half its peak.
double attack(const Clip& c, int rate) {
  const float half = 0.5f * peak(c);
  for (std::size_t i = 0; i < c.size(); ++i)
    if (std::abs(c[i]) >= half) return static_cast<double>(i) / rate;
  return 1e9;
}

TEST(SoundBank, EverySoundIsThereNormalisedAndShort) {
  const SoundBank bank(44100);
  for (SoundKind k : {SoundKind::Footstep, SoundKind::Whoosh, SoundKind::Crunch, SoundKind::Thud,
                      SoundKind::TakeOff, SoundKind::Landing}) {
    const Clip& c = bank.clip(k);
    ASSERT_FALSE(c.empty()) << sound_kind_name(k);
    EXPECT_NEAR(peak(c), 1.f, 1e-6) << sound_kind_name(k);
    EXPECT_LT(c.size(), 44100u) << sound_kind_name(k);
    EXPECT_TRUE(std::all_of(c.begin(), c.end(), [](float s) { return std::isfinite(s); }));
  }
  // A footstep is over before the next one at the top cadence (6.8 steps/s: 147 ms).
  EXPECT_LT(bank.clip(SoundKind::Footstep).size(), static_cast<std::size_t>(0.147 * 44100));
}

TEST(SoundBank, FootstepsAreThumpsWithASharpOnsetAndVary) {
  const SoundBank bank(48000);
  const Clip& a = bank.clip(SoundKind::Footstep, 0);
  const Clip& b = bank.clip(SoundKind::Footstep, 1);
  EXPECT_LT(attack(a, 48000), 0.004);  // the onset a listener (and the WAV test) can place
  EXPECT_GT(attack(bank.clip(SoundKind::Whoosh), 48000), 0.03);  // a swell, not a hit
  EXPECT_NE(a, b);
  EXPECT_EQ(&bank.clip(SoundKind::Footstep, SoundBank::kFootstepVariants), &a);
}

TEST(SoundBank, TheSameEveryTime) {
  EXPECT_EQ(SoundBank(44100).clip(SoundKind::Crunch), SoundBank(44100).clip(SoundKind::Crunch));
}

}  // namespace
}  // namespace spear::audio
