#include "core/net_graph_sampler.hpp"

#include <gtest/gtest.h>

#include "core/input_round_trip.hpp"

namespace spear::client {
namespace {

TEST(NetGraphSampler, RatesOverTheLastSecond) {
  NetGraphSampler s(0.1, 2.0);
  NetTotals t;
  std::optional<NetReading> last;
  float worst_gap = 0.f;
  // 30 snapshots/s of 200 bytes, 60 inputs/s of 50 bytes; every fourth snapshot lost.
  std::uint32_t tick = 0;
  for (int frame = 0; frame <= 240; ++frame) {
    const double now = frame / 60.0;
    t.bytes_out += 50;
    if (frame % 2 == 0) {
      tick += 2;
      t.newest_tick = tick;
      if ((tick / 2) % 4 != 0) {
        t.bytes_in += 200;
        ++t.snapshots;
        s.on_snapshot(now);
      }
    }
    if (auto r = s.record(now, t, 80.f, 70.f)) {
      last = r;
      worst_gap = std::max(worst_gap, r->snapshot_gap_ms);
    }
  }
  ASSERT_TRUE(last);
  EXPECT_NEAR(last->bytes_out_per_s, 3000.f, 200.f);
  EXPECT_NEAR(last->bytes_in_per_s, 200.f * 22.5f, 400.f);
  EXPECT_NEAR(last->snapshots_per_s, 22.5f, 2.f);
  EXPECT_NEAR(last->loss_percent, 25.f, 5.f);
  EXPECT_NEAR(worst_gap, 66.7f, 2.f);  // the gap around a lost one
  EXPECT_LT(worst_gap, 70.f);
  EXPECT_EQ(last->ping_ms, 80.f);
  EXPECT_EQ(last->interp_delay_ms, 70.f);
}

TEST(NetGraphSampler, SilenceShowsAsAGrowingGap) {
  NetGraphSampler s(0.1, 2.0);
  NetTotals t;
  s.on_snapshot(0.0);
  s.record(0.0, t, std::nullopt, 0.f);
  std::optional<NetReading> r;
  for (double now = 0.0; now <= 2.0; now += 1.0 / 60)
    r = s.record(now, t, std::nullopt, 0.f).value_or(*s.latest());
  ASSERT_TRUE(r);
  EXPECT_GT(r->snapshot_gap_ms, 1800.f);
  EXPECT_EQ(r->snapshots_per_s, 0.f);
  EXPECT_FALSE(r->ping_ms);
}

TEST(InputRoundTrip, MeasuresSendToApplied) {
  InputRoundTrip rt;
  EXPECT_FALSE(rt.round_trip());
  for (std::uint32_t tick = 0; tick < 120; ++tick) {
    rt.on_sent(tick, tick / 60.0);
    if (tick >= 6) rt.on_applied(tick - 6, tick / 60.0);  // the server confirms 100 ms later
  }
  ASSERT_TRUE(rt.round_trip());
  EXPECT_NEAR(*rt.round_trip(), 0.1, 1e-6);
  rt.on_applied(500, 3.0);  // unknown tick: no sample, nothing breaks
  EXPECT_NEAR(*rt.round_trip(), 0.1, 1e-6);
}

}  // namespace
}  // namespace spear::client
