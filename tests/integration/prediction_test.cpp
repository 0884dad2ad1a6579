// Prediction and fair input timing end to end, in one process with injected time: the real
// server (MatchLoop) and a player's connection, its interpolation buffer (for the server clock
// and the time shown) and its own-runner predictor, over a link with 60 ms each way (120 ms
// round trip), a little jitter and 5% loss each way, decided by a seeded PRNG. A perfect bot
// presses at the perfect moments of the view it has: the prediction (at the present) with the
// feature on, the interpolated runner (at the time shown) with it off.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <deque>
#include <map>
#include <optional>

#include "core/interpolation_buffer.hpp"
#include "core/own_runner_predictor.hpp"
#include "net/client_connection.hpp"
#include "server/match_loop.hpp"
#include "sim/bot.hpp"
#include "sim/prng.hpp"

namespace spear {
namespace {

constexpr int kTickRate = 60;

// One direction of the impaired link.
class LossyDelayLine {
 public:
  LossyDelayLine(std::uint64_t seed, double delay, double jitter, double loss)
      : rng_(seed), delay_(delay), jitter_(jitter), loss_(loss) {}
  void send(std::vector<std::uint8_t> bytes, double now) {
    if (rng_.next_double() < loss_) return;
    const double at = now + delay_ + rng_.uniform(0.0, jitter_);
    auto pos = queue_.end();
    while (pos != queue_.begin() && std::prev(pos)->at > at) --pos;
    queue_.insert(pos, {at, std::move(bytes)});
  }
  std::vector<std::vector<std::uint8_t>> due(double now) {
    std::vector<std::vector<std::uint8_t>> out;
    while (!queue_.empty() && queue_.front().at <= now) {
      out.push_back(std::move(queue_.front().bytes));
      queue_.pop_front();
    }
    return out;
  }

 private:
  struct Packet {
    double at;
    std::vector<std::uint8_t> bytes;
  };
  sim::SplitMix64 rng_;
  double delay_, jitter_, loss_;
  std::deque<Packet> queue_;
};

struct Outcome {
  std::uint32_t server_crashes = 0;
  double server_distance = 0.0;
  std::uint64_t compared_ticks = 0;  // ticks where prediction and server were compared
  std::uint64_t disagreements = 0;   // of those, ticks where distance, score or crashes differ
  client::PredictionStats prediction;
  double own_offset_max = 0.0;  // units: |shown − server| of the own runner at the snapshot tick
};

struct RunOptions {
  bool prediction =
      true;  // predictor at the present + server rewind; else the time shown, no rewind
  float skill = 1.f;
  double seconds = 120.0;
  std::uint64_t seed = 21;
  double loss = 0.05;
};

Outcome run_match(const RunOptions& o) {
  server::ServerConfig config;
  config.seed = o.seed;
  config.tick_rate = kTickRate;
  config.snapshot_rate = 30;
  config.bots = 2;
  config.rewind_ms = o.prediction ? 250.0 : 0.0;
  server::ServerStats stats;
  server::MatchLoop loop(config, stats);
  server::Outbox out;
  const net::PeerAddress address = net::PeerAddress::ipv4(10, 0, 0, 1, 40000);

  net::ClientConfig cc;
  cc.name = "predicting";
  net::ClientConnection conn(cc);
  LossyDelayLine up(o.seed * 3 + 1, 0.060, 0.004, o.loss),
      down(o.seed * 3 + 2, 0.060, 0.004, o.loss);
  client::InterpolationBuffer buffer;
  std::optional<client::OwnRunnerPredictor> predictor;
  std::optional<sim::BotController> bot;
  std::optional<net::Tick> last_sent;
  Outcome result;

  double now = 1000.0;
  const double frame = 1.0 / kTickRate;
  conn.start(now);
  const auto ticks = static_cast<int>(o.seconds * kTickRate) + 120;  // + the handshake
  for (int i = 0; i < ticks; ++i) {
    // Server: what arrived, one tick, its datagrams onto the link.
    for (auto& bytes : up.due(now)) loop.receive(address, bytes, now, out);
    loop.tick(now, out);
    for (server::OutDatagram& d : out) down.send(std::move(d.bytes), now);
    out.clear();
    const net::RunnerId own_wire =
        conn.welcome() && conn.welcome()->runner_id ? *conn.welcome()->runner_id : net::RunnerId{0};
    const sim::MatchRunner* own_server = own_wire ? loop.match().runner(own_wire) : nullptr;
    if (own_server && loop.match().tick() > 17) {
      const net::Tick t = loop.match().tick() - 17;  // past the 15-tick window: final
      const auto s = loop.match().match().state_after(own_server->id, t);
      const auto mine = predictor ? predictor->state_after(t) : std::nullopt;
      if (s && mine) {
        ++result.compared_ticks;
        if (std::tuple{mine->distance, mine->score, mine->crashes} !=
            std::tuple{s->distance, s->score, s->crashes})
          ++result.disagreements;
      }
    }

    // Client frame, half a tick later.
    const double cnow = now + frame / 2;
    for (auto& bytes : down.due(cnow)) conn.receive(bytes, cnow);
    if (conn.welcome() && !predictor && conn.welcome()->runner_id) {
      predictor.emplace(conn.welcome()->course_seed, conn.welcome()->tick_rate);
      bot.emplace(o.skill, 7);
      buffer.set_rates(conn.welcome()->tick_rate, conn.welcome()->snapshot_rate);
    }
    for (net::Snapshot& s : conn.take_snapshots()) {
      std::vector<client::RunnerFrame> frames;
      std::optional<double> distance;
      for (const auto& r : s.runners) {
        client::RunnerFrame f;
        f.id = r.id;
        f.distance = r.distance;
        f.pose = r.pose;
        frames.push_back(f);
        if (own_wire && r.id == own_wire) distance = r.distance;
      }
      if (predictor && s.own) {
        predictor->on_snapshot(*s.own, distance);
        // What the player is shown of its runner, against the server at the same tick.
        if (const auto mine = predictor->state_after(s.tick); mine && distance)
          result.own_offset_max =
              std::max(result.own_offset_max, std::abs(mine->distance - *distance));
      }
      buffer.push(s.tick, std::move(frames), cnow);
    }
    buffer.sample(cnow);
    if (predictor && buffer.clock().valid() && conn.state() == net::ConnectionState::Connected) {
      const double at =
          o.prediction ? buffer.clock().server_time_at(cnow) : buffer.view().render_time;
      const auto present = static_cast<net::Tick>(std::max(0.0, std::floor(at * kTickRate)));
      const auto frames = predictor->advance(present, [&](const sim::RunnerState& st, net::Tick t) {
        return bot->decide(st, predictor->course(), t, predictor->dt());
      });
      for (const auto& f : frames) {
        if (last_sent && f.tick <= *last_sent) continue;
        conn.push_input(f);
        last_sent = f.tick;
      }
      predictor->frame(own_wire, static_cast<float>(frame));
    }
    for (auto& bytes : conn.poll(cnow)) up.send(std::move(bytes), cnow);
    now += frame;
  }

  if (predictor) {
    result.prediction = predictor->stats();
  }
  if (const auto id = conn.welcome() ? conn.welcome()->runner_id : std::nullopt) {
    if (const sim::MatchRunner* r = loop.match().runner(*id)) {
      result.server_crashes = r->state.crashes;
      result.server_distance = r->state.total_distance;
    }
  }
  const auto& p = result.prediction;
  std::printf(
      "[ prediction %s skill %.1f %.0f s ] server crashes %u, distance %.0f; checks %llu "
      "(mismatches %llu), "
      "moves %llu (lost %llu), corrections %llu, worst %.2f units, worst step %.3f units/frame, "
      "compared ticks %llu (disagree %llu), gave up %d\n",
      o.prediction ? "on" : "off", o.skill, o.seconds, result.server_crashes,
      result.server_distance, (unsigned long long)p.checks, (unsigned long long)p.mismatches,
      (unsigned long long)p.moves, (unsigned long long)p.lost_moves,
      (unsigned long long)p.corrections, p.worst_correction, p.worst_correction_step,
      (unsigned long long)result.compared_ticks, (unsigned long long)result.disagreements,
      p.gave_up ? 1 : 0);
  return result;
}

TEST(Prediction, PerfectBotClearsTwoMinutesThrough120msAnd5PercentLoss) {
  const Outcome on = run_match({});
  EXPECT_EQ(on.server_crashes, 0u);
  EXPECT_GT(on.server_distance, 380.0 * 100);  // it ran the two minutes
  EXPECT_GT(on.prediction.checks, 1000u);
  EXPECT_EQ(on.prediction.mismatches, 0u);
  EXPECT_FALSE(on.prediction.gave_up);
  EXPECT_LT(on.prediction.worst_correction_step, 3.0);
}

TEST(Prediction, WithoutPredictionAndRewindTheSameBotCrashes) {
  RunOptions o;
  o.prediction = false;
  o.seconds = 60.0;
  const Outcome off = run_match(o);
  EXPECT_GT(off.server_crashes, 2u);
}

TEST(Prediction, PredictedRunnerAndServerAgreeOnDistanceScoreAndCrashTicks) {
  RunOptions o;
  o.skill = 0.4f;  // crashes and restarts now and then
  o.seconds = 60.0;
  o.seed = 33;
  const Outcome r = run_match(o);
  EXPECT_GT(r.server_crashes, 0u);
  EXPECT_GT(r.compared_ticks, 3000u);
  EXPECT_EQ(r.disagreements, 0u);
  EXPECT_EQ(r.prediction.mismatches, 0u);
}

TEST(Prediction, CorrectionsAfterMovedInputsFadeUnderAFewUnitsPerFrame) {
  // With the server's rewind off every input lands late, is moved, and the prediction is
  // corrected; what is shown still moves by at most a few units per frame.
  RunOptions o;
  o.prediction = false;
  o.seconds = 30.0;
  const Outcome r = run_match(o);
  EXPECT_GT(r.prediction.corrections, 0u);
  EXPECT_LT(r.prediction.worst_correction_step, 3.0);
  EXPECT_EQ(r.prediction.mismatches, 0u);  // moved inputs are repaired exactly
}

}  // namespace
}  // namespace spear
