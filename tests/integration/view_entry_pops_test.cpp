// A big race seen through the real client buffer, against the truth: 256 bots, a spectator
// whose view follows one of them, every snapshot it gets interpolated at 60 frames a second as
// the client does, and every drawn runner compared with what a client holding every runner's
// pose at every one of its snapshot ticks would show (bench/load's truth meter). The field is
// close together (over a hundred runners in the view; a snapshot carries poses for about five,
// and rig cues for the rest, which the client draws from rigs of its own) and spreads, so
// runners leave the view: nobody appears or vanishes in the middle of the view, a runner is
// drawn right the first frame it shows, and nobody pops.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "core/crowd_rigs.hpp"
#include "core/interpolation_buffer.hpp"
#include "core/runner_frame.hpp"
#include "net/snapshot_frame.hpp"
#include "support/client_configs.hpp"
#include "support/loop_pump.hpp"
#include "truth_pop_meter.hpp"
#include "truth_track.hpp"

namespace spear::test {
namespace {

TEST(ViewEntryPops, TwoHundredFiftySixRunnersComeAndGoWithoutAPop) {
  server::ServerConfig c;
  c.port = 0;
  c.seed = 42;
  c.max_players = 2;
  c.max_spectators = 2;
  c.bots = 256;
  c.bot_skill = 0.6f;  // they crash now and then: the field spreads, runners pass the view
  LoopPump pump(c);
  PumpClient& fan = pump.add_client(spectator("fan"));
  pump.connect_all();
  ASSERT_EQ(fan.connection.state(), net::ConnectionState::Connected);

  constexpr std::uint16_t kWidth = 1027;
  constexpr net::RunnerId kFollowed = 200;
  fan.connection.set_view(net::InputView{kFollowed, kWidth}, pump.now);

  // The truth: every runner's pose as a client would rebuild it, at every tick.
  std::map<std::uint32_t, std::vector<client::RunnerFrame>> truth_at;
  client::InterpolationConfig ic;
  ic.tick_rate = c.tick_rate;
  ic.snapshot_rate = c.snapshot_rate;
  client::InterpolationBuffer buffer(ic);
  client::CrowdRigs crowd;
  crowd.set_tick_rate(c.tick_rate);
  std::size_t crowd_figures = 0, posed_figures = 0;  // over the fan's snapshots
  load::TruthPopMeter meter;
  std::size_t fed = fan.snapshots.size();
  struct Shown {
    double render_tick = 0.0;
    std::vector<client::RunnerFrame> runners;
  };
  std::vector<Shown> frames;
  for (int i = 0; i < 60 * 20; ++i) {  // 20 s
    pump.tick();
    const net::Snapshot all = pump.loop->match().snapshot();
    const net::SnapshotFrame quantized(all, nullptr, net::PoseCodecMode::BoneAngles, false);
    auto& t = truth_at[static_cast<std::uint32_t>(all.tick)];
    for (std::size_t k = 0; k < quantized.size(); ++k)
      t.push_back(client::runner_frame(net::rebuild_runner(quantized.runner(k))));
    for (; fed < fan.snapshots.size(); ++fed) {
      const net::Snapshot& s = fan.snapshots[fed];
      std::vector<client::RunnerFrame> runners;
      std::vector<std::uint32_t> drawn, others;
      client::buffer_input(s, crowd, client::crowd_zone(s, kFollowed, std::nullopt, kWidth),
                           runners, drawn, others);
      crowd_figures += drawn.size();
      posed_figures += s.runners.size();
      buffer.push(static_cast<std::uint32_t>(s.tick), std::move(runners), pump.now,
                  std::move(others));
    }
    const client::InterpolatedView& v = buffer.sample(pump.now);
    if (v.kind == client::SampleKind::Empty) continue;
    frames.push_back({v.render_time * c.tick_rate, v.runners});
  }
  ASSERT_GT(fan.snapshots.size(), 500u);
  // The truth at the fan's own snapshot ticks (its phase), as a client with every pose has it.
  const std::uint32_t phase = static_cast<std::uint32_t>(fan.snapshots.back().tick % 2);
  load::TruthTrackConfig tc;
  tc.tick_rate = c.tick_rate;
  tc.snapshot_rate = c.snapshot_rate;
  load::TruthTrack truth(tc);
  for (const auto& [tick, runners] : truth_at)
    if (tick % 2 == phase) truth.add(tick, runners);

  // From 12 s: the view request on its way, and the buffer's delay risen (0.5 interval a
  // second) to cover the turns the crowded view's runners take for their poses.
  int entries = 0, exits = 0, mid_view_entries = 0, mid_view_exits = 0;
  double worst_entry_error = 0.0;
  std::set<std::uint32_t> previous;
  double previous_centre = 0.0;
  bool have_previous = false;
  for (const Shown& f : frames) {
    if (f.render_tick < 12.0 * c.tick_rate) continue;
    meter.add_frame(f.render_tick, f.runners);
    const client::RunnerFrame* followed = nullptr;
    for (const auto& r : f.runners)
      if (r.id == kFollowed) followed = &r;
    ASSERT_NE(followed, nullptr) << "render tick " << f.render_tick;
    const double centre = followed->distance;
    // What a window kWidth wide shows: 0.3 W behind the followed runner to 0.7 W ahead; the
    // inner band leaves a runner's own length at either edge.
    const auto inside = [&](double x, double at) {
      return x > at - 0.3 * kWidth + 60.0 && x < at + 0.7 * kWidth - 60.0;
    };
    std::set<std::uint32_t> now;
    for (const auto& r : f.runners) {
      now.insert(r.id);
      if (!have_previous || previous.contains(r.id)) continue;
      ++entries;
      if (inside(r.distance, centre)) ++mid_view_entries;
      if (const auto ideal = truth.at(r.id, f.render_tick)) {
        double err = std::abs(ideal->distance - r.distance);
        for (std::size_t j = 0; j < rig::kJointCount; ++j) {
          const rig::Vec2 a = ideal->pose.joints[j], b = r.pose.joints[j];
          err = std::max(err, std::hypot(a.x - b.x + ideal->distance - r.distance, a.y - b.y));
        }
        worst_entry_error = std::max(worst_entry_error, err);
      }
    }
    if (have_previous) {
      for (const std::uint32_t id : previous) {
        if (now.contains(id)) continue;
        ++exits;
        // Where the truth has it now: a runner may only go once it is out of the view.
        if (const auto ideal = truth.at(id, f.render_tick);
            ideal && inside(ideal->distance, centre))
          ++mid_view_exits;
      }
    }
    previous = std::move(now);
    previous_centre = centre;
    have_previous = true;
  }
  (void)previous_centre;
  meter.measure(truth, true);
  const load::TruthPopStats& s = meter.stats();
  std::printf(
      "%llu frames, %llu runner-frames: worst error step %.2f units (runner %u, tick %.1f), mean "
      "%.3f, pops %llu; %d came into view (%d inside it), %d left (%d inside it); worst error on "
      "a first frame %.2f units\n",
      (unsigned long long)s.frames, (unsigned long long)s.samples, s.worst_step, s.worst_runner,
      s.worst_tick, s.mean_step(), (unsigned long long)s.pops, entries, mid_view_entries, exits,
      mid_view_exits, worst_entry_error);
  std::printf("per snapshot: %.1f runners with a pose, %.1f drawn from their rigs\n",
              static_cast<double>(posed_figures) / static_cast<double>(fan.snapshots.size()),
              static_cast<double>(crowd_figures) / static_cast<double>(fan.snapshots.size()));
  // Runners leave the view (the field spreads) and none comes or goes inside it.
  EXPECT_GT(exits, 20);
  EXPECT_GT(s.samples, 20000u);
  EXPECT_EQ(mid_view_entries, 0);
  EXPECT_EQ(mid_view_exits, 0);
  EXPECT_LT(worst_entry_error, 8.0);
  // The runners without a pose are drawn from their rigs, in step with the server's: no pop,
  // and the error against the truth moves by a few units a frame at most (7.3 measured; turns
  // of poses drawn along their chords stepped by 24–36 units, one runner-frame in 250 a pop).
  EXPECT_EQ(s.pops, 0u);
  EXPECT_LT(s.worst_step, 12.0);
  EXPECT_LT(s.mean_step(), 0.5);
  EXPECT_GT(crowd_figures, 100u * fan.snapshots.size());
}

}  // namespace
}  // namespace spear::test
