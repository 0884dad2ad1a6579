// The net graph's ring keeps the newest samples in order.
#include "render/net_plot_history.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace spear::client {
namespace {

NetPlotSample ping(float ms) {
  NetPlotSample s;
  s.ping_ms = ms;
  return s;
}

TEST(NetPlotHistory, KeepsOrderBeforeItWraps) {
  NetPlotHistory h;
  EXPECT_TRUE(h.empty());
  for (int i = 0; i < 5; ++i) h.push(ping(static_cast<float>(i)));
  ASSERT_EQ(h.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(h.at(i).ping_ms, static_cast<float>(i));
  EXPECT_EQ(h.newest().ping_ms, 4.f);
}

TEST(NetPlotHistory, DropsTheOldestWhenFull) {
  NetPlotHistory h;
  const std::size_t n = NetPlotHistory::kCapacity + 30;
  for (std::size_t i = 0; i < n; ++i) h.push(ping(static_cast<float>(i)));
  ASSERT_EQ(h.size(), NetPlotHistory::kCapacity);
  EXPECT_EQ(h.at(0).ping_ms, 30.f);
  EXPECT_EQ(h.newest().ping_ms, static_cast<float>(n - 1));
  EXPECT_EQ(h.max_of(NetPlotSeries::Ping), static_cast<float>(n - 1));
  EXPECT_THROW((void)h.at(NetPlotHistory::kCapacity), std::out_of_range);
}

TEST(NetPlotHistory, UnknownPingPlotsAsZero) {
  NetPlotHistory h;
  h.push(ping(-1.f));
  EXPECT_EQ(series_value(h.newest(), NetPlotSeries::Ping), 0.f);
  EXPECT_EQ(h.max_of(NetPlotSeries::Ping), 0.f);
}

}  // namespace
}  // namespace spear::client
