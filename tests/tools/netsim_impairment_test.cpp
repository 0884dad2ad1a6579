#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "netsim/impairment.hpp"

namespace spear::netsim {
namespace {

constexpr int kDatagrams = 100'000;
constexpr std::int64_t kGapUs = 16'667;  // 60 Hz

struct Tally {
  int lost = 0, duplicated = 0, reordered = 0, delivered = 0;
};

Tally run(const ImpairmentConfig& config, std::uint64_t seed) {
  LinkImpairment link(config, seed);
  Tally t;
  for (int i = 0; i < kDatagrams; ++i) {
    const DatagramFate f = link.decide(i * kGapUs);
    if (f.copies == 0) ++t.lost;
    if (f.copies == 2) ++t.duplicated;
    if (f.reordered) ++t.reordered;
    t.delivered += f.copies;
  }
  return t;
}

ImpairmentConfig bad_link() {
  ImpairmentConfig c;
  c.loss = 0.10;
  c.delay_ms = 60;
  c.jitter_ms = 20;
  c.duplicate = 0.02;
  c.reorder = 0.05;
  return c;
}

TEST(LinkImpairment, RatesMatchTheConfiguration) {
  const Tally t = run(bad_link(), 42);
  // 100k Bernoulli draws: one standard deviation is < 0.1% of the count, bounds are ~5 sigma.
  EXPECT_NEAR(t.lost, 10'000, 500);
  // Duplicates and reordering are drawn for delivered datagrams only.
  EXPECT_NEAR(t.duplicated, 0.02 * 90'000, 250);
  EXPECT_NEAR(t.reordered, 0.05 * 90'000, 350);
  EXPECT_EQ(t.delivered, kDatagrams - t.lost + t.duplicated);
}

TEST(LinkImpairment, SameSeedSameFatesOtherSeedOtherFates) {
  LinkImpairment a(bad_link(), 7), b(bad_link(), 7), c(bad_link(), 8);
  int differences = 0;
  for (int i = 0; i < 1000; ++i) {
    const auto fa = a.decide(i * kGapUs), fb = b.decide(i * kGapUs), fc = c.decide(i * kGapUs);
    ASSERT_EQ(fa.copies, fb.copies);
    ASSERT_EQ(fa.due_us[0], fb.due_us[0]);
    ASSERT_EQ(fa.reordered, fb.reordered);
    if (fa.copies != fc.copies || fa.due_us[0] != fc.due_us[0]) ++differences;
  }
  EXPECT_GT(differences, 500);
}

TEST(LinkImpairment, LatencyStaysWithinDelayPlusMinusJitter) {
  ImpairmentConfig c = bad_link();
  c.reorder = 0;
  c.duplicate = 0;
  // Gap larger than 2 x jitter: order preservation never lifts a datagram's latency.
  LinkImpairment link(c, 3);
  std::int64_t min_latency = INT64_MAX, max_latency = INT64_MIN;
  for (int i = 0; i < 10'000; ++i) {
    const std::int64_t arrival = i * 50'000;
    const auto f = link.decide(arrival);
    if (f.copies == 0) continue;
    min_latency = std::min(min_latency, f.due_us[0] - arrival);
    max_latency = std::max(max_latency, f.due_us[0] - arrival);
  }
  EXPECT_GE(min_latency, 40'000);
  EXPECT_LE(max_latency, 80'000);
  EXPECT_LT(min_latency, 42'000);  // the whole range is used
  EXPECT_GT(max_latency, 78'000);
}

TEST(LinkImpairment, OnlyReorderedDatagramsLeaveOutOfOrder) {
  LinkImpairment link(bad_link(), 11);
  std::int64_t last_in_order = INT64_MIN;
  int overtaken = 0;
  for (int i = 0; i < 10'000; ++i) {
    const auto f = link.decide(i * kGapUs);
    if (f.copies == 0) continue;
    if (f.reordered) {
      // Held 50 ms beyond its latency: the next datagrams (16.7 ms apart, latency varying by at
      // most 40 ms) leave before it.
      const auto next = f.due_us[0];
      if (next > i * kGapUs + 60'000 + 20'000) ++overtaken;
      continue;
    }
    EXPECT_GE(f.due_us[0], last_in_order);
    last_in_order = f.due_us[f.copies - 1];
  }
  EXPECT_GT(overtaken, 300);
}

TEST(LinkImpairment, PerfectLinkDeliversEverythingOnce) {
  const Tally t = run(ImpairmentConfig{}, 1);
  EXPECT_EQ(t.lost, 0);
  EXPECT_EQ(t.duplicated, 0);
  EXPECT_EQ(t.reordered, 0);
  EXPECT_EQ(t.delivered, kDatagrams);
}

TEST(ImpairmentConfig, RejectsOutOfRangeValues) {
  EXPECT_EQ(validate(bad_link()), "");
  ImpairmentConfig c;
  c.loss = 1.5;
  EXPECT_NE(validate(c), "");
  c = {};
  c.duplicate = -0.1;
  EXPECT_NE(validate(c), "");
  c = {};
  c.reorder = 2;
  EXPECT_NE(validate(c), "");
  c = {};
  c.delay_ms = -1;
  EXPECT_NE(validate(c), "");
  c = {};
  c.jitter_ms = 1e9;
  EXPECT_NE(validate(c), "");
  c = {};
  c.loss = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(validate(c), "");
}

}  // namespace
}  // namespace spear::netsim
