// The buffer coming back from a guess, judged with bench/load's truth pop meter against what the
// client knew.
#include <gtest/gtest.h>

#include "buffer_playback.hpp"
#include "truth_pop_meter.hpp"
#include "truth_track.hpp"

namespace spear::client {
namespace {

using namespace test;
using load::TruthPopConfig;
using load::TruthPopMeter;
using load::TruthTrack;
using load::TruthTrackConfig;

TEST(InterpolationBuffer, ComingBackFromExtrapolationKeepsMovingWithTheTruth) {
  // Three snapshots lost in a row: playback runs past the newest, extrapolates, and picks up the
  // next one. On that frame the figure must go on moving with the motion (the guess's error
  // carried and faded), not stop where the guess left it for a frame and then go on: a freeze
  // of one frame is a pop of one frame's travel. Judged against what the client knew (the
  // snapshots it received, the lost ones bridged) with the truth pop meter.
  std::vector<Arrival> arrivals;
  for (const Arrival& a : network(0, 240, {}))
    if (a.tick < 122 || a.tick > 126) arrivals.push_back(a);
  auto buf = make_buffer();
  const Playback run = play(buf, arrivals, 0.0, 4.0, 0.0);
  ASSERT_GT(run.extrapolated, 0);
  TruthTrackConfig tc;
  tc.tick_rate = kTickRate;
  tc.snapshot_rate = kTickRate / kStride;
  tc.bridge_gaps = true;
  TruthTrack known(tc);
  for (const Arrival& a : arrivals) known.add(a.tick, {truth(a.tick / kTickRate)});
  TruthPopConfig strict;
  strict.pop_threshold = 2.0;  // the reference holds every snapshot the buffer had: no excuse
  TruthPopMeter meter(strict);
  bool was_guessing = false, recovered = false;
  for (std::size_t i = 1; i < run.views.size(); ++i) {
    const InterpolatedView& v = run.views[i];
    if (v.runners.empty() || run.views[i - 1].runners.empty()) continue;
    meter.add_frame(v.render_time * kTickRate, v.runners);
    const bool guessing = v.kind == SampleKind::Extrapolated || v.kind == SampleKind::Held;
    if (was_guessing && !guessing) {
      recovered = true;
      // The anchor keeps running (6.3 units a frame), it does not stand for a frame.
      EXPECT_GT(v.runners[0].distance - run.views[i - 1].runners[0].distance,
                0.5 * kSpeed * kFrame);
    }
    was_guessing = guessing;
  }
  ASSERT_TRUE(recovered);
  meter.measure(known, true);
  EXPECT_GT(meter.stats().samples, 200u);
  EXPECT_EQ(meter.stats().pops, 0u)
      << "worst " << meter.stats().worst_step << " at tick " << meter.stats().worst_tick;
}

}  // namespace
}  // namespace spear::client
