// Prediction and fair input timing end to end, in one process with injected time: the real
// server core (MatchLoop) and a player's whole client session as spear-client runs it
// (ClientSession with --autoplay), pumped like the server core is: datagrams in, an outbox out,
// carried by a link with 60 ms each way (120 ms round trip), a little jitter and 5% loss each
// way, decided by a seeded PRNG. The perfect bot presses at the perfect moments of the view it
// has: the prediction (at the present) with the feature on, the interpolated runner (at the
// time shown) with it off.
#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <optional>
#include <tuple>
#include <variant>

#include "core/client_session.hpp"
#include "net/codec.hpp"
#include "net/session_crypto.hpp"
#include "server/match_loop.hpp"
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
  std::size_t goodbyes = 0;  // datagrams of the quit, each a Disconnect
  std::uint32_t races = 0;   // finished on the server
  bool left = false;         // the server counted the client's leaving on the first of them
};

struct RunOptions {
  bool prediction = true;  // the client predicts (else it acts on the time shown)
  bool rewind = true;      // the server applies inputs at their stamped ticks (lag compensation)
  float skill = 1.f;
  double seconds = 120.0;
  std::uint64_t seed = 21;
  double loss = 0.05;
  // Races (a short cycle, so a run crosses several race boundaries); off: one endless match.
  bool racing = false;
};

Outcome run_match(const RunOptions& o) {
  server::ServerConfig config;
  config.seed = o.seed;
  config.tick_rate = kTickRate;
  config.snapshot_rate = 30;
  config.bots = 2;
  config.rewind_ms = o.rewind ? 250.0 : 0.0;
  config.racing = o.racing;
  config.warmup_seconds = 2.0;
  config.race_seconds = 15.0;
  config.results_seconds = 3.0;
  server::ServerStats stats;
  server::MatchLoop loop(config, stats);
  server::Outbox to_client;
  const net::PeerAddress address = net::PeerAddress::ipv4(10, 0, 0, 1, 40000);

  client::SessionConfig sc;
  sc.server_label = "in-process";
  sc.name = "predicting";
  sc.autoplay = true;
  sc.autoplay_skill = o.skill;
  sc.prediction = o.prediction;
  client::ClientSession session(sc);
  client::Outbox to_server;
  LossyDelayLine up(o.seed * 3 + 1, 0.060, 0.004, o.loss),
      down(o.seed * 3 + 2, 0.060, 0.004, o.loss);
  Outcome result;

  double now = 1000.0;
  const double frame = 1.0 / kTickRate;
  const auto ticks = static_cast<int>(o.seconds * kTickRate) + 120;  // + the handshake
  for (int i = 0; i < ticks; ++i) {
    // Server: what arrived, one tick, its datagrams onto the link.
    for (auto& bytes : up.due(now)) loop.receive(address, bytes, now, to_client);
    loop.tick(now, to_client);
    for (server::OutDatagram& d : to_client) down.send(std::move(d.bytes), now);
    to_client.clear();
    const auto welcome = session.welcome();
    const net::RunnerId own_wire =
        welcome && welcome->runner_id ? *welcome->runner_id : net::RunnerId{0};
    const sim::MatchRunner* own_server = own_wire ? loop.match().runner(own_wire) : nullptr;
    const client::OwnRunnerPredictor* predictor = session.predictor();
    if (own_server && predictor && loop.match().tick() > 17) {
      const net::Tick t = loop.match().tick() - 17;  // past the 15-tick window: final
      const auto s = loop.match().match().state_after(own_server->id, t);
      const auto mine = predictor->state_after(t);
      if (s && mine) {
        ++result.compared_ticks;
        if (std::tuple{mine->distance, mine->score, mine->crashes} !=
            std::tuple{s->distance, s->score, s->crashes})
          ++result.disagreements;
      }
    }

    // Client frame, half a tick later: what arrived, one update, its outbox onto the link.
    const double cnow = now + frame / 2;
    for (auto& bytes : down.due(cnow)) session.receive(bytes, cnow);
    session.update(cnow, static_cast<float>(frame), to_server);
    session.on_frame(false);
    for (auto& bytes : to_server) up.send(std::move(bytes), cnow);
    to_server.clear();
    now += frame;
  }

  if (const client::OwnRunnerPredictor* p = session.predictor()) result.prediction = p->stats();
  result.races = static_cast<std::uint32_t>(loop.match().race_results().size());
  if (const auto w = session.welcome(); w && w->runner_id) {
    if (const sim::MatchRunner* r = loop.match().runner(*w->runner_id)) {
      result.server_crashes = r->state.crashes;
      result.server_distance = r->state.total_distance;
    }
  }
  // Leaving, after the server's runner was read (it goes with the session).
  session.quit(now, to_server);
  const std::uint64_t disconnects = stats.disconnects;
  // The session's keys, as the server holds them, to read what the client sealed.
  const server::Session* own = loop.sessions().find(address);
  const std::optional<net::SessionKeys> keys =
      own ? std::optional(own->keys) : std::optional<net::SessionKeys>();
  for (const auto& bytes : to_server) {
    net::Packet packet;
    std::vector<std::uint8_t> plain;
    net::Sequence sequence = 0;
    if (keys && net::open_datagram(keys->rx, bytes, sequence, plain) &&
        net::decode_packet(plain, packet) == net::DecodeError::None &&
        std::holds_alternative<net::Disconnect>(packet.message))
      ++result.goodbyes;
    if (&bytes == &to_server.front()) {
      loop.receive(address, bytes, now, to_client);
      result.left = stats.disconnects == disconnects + 1;
    }
  }
  if (result.goodbyes != to_server.size()) result.goodbyes = 0;
  const auto& p = result.prediction;
  std::printf(
      "[ prediction %s rewind %s skill %.1f %.0f s ] server crashes %u, distance %.0f; checks "
      "%llu (mismatches %llu), moves %llu (lost %llu), corrections %llu, worst %.2f units, worst "
      "step %.3f units/frame, compared ticks %llu (disagree %llu), gave up %d\n",
      o.prediction ? "on" : "off", o.rewind ? "on" : "off", o.skill, o.seconds,
      result.server_crashes, result.server_distance, (unsigned long long)p.checks,
      (unsigned long long)p.mismatches, (unsigned long long)p.moves,
      (unsigned long long)p.lost_moves, (unsigned long long)p.corrections, p.worst_correction,
      p.worst_correction_step, (unsigned long long)result.compared_ticks,
      (unsigned long long)result.disagreements, p.gave_up ? 1 : 0);
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
  EXPECT_GT(on.goodbyes, 0u);  // quit: Disconnects only, through the same outbox
  EXPECT_TRUE(on.left);
}

TEST(Prediction, WithoutPredictionAndRewindTheSameBotCrashes) {
  RunOptions o;
  o.prediction = false;
  o.rewind = false;
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
  // With the server's rewind off every predicted input lands late, is moved, and the prediction
  // is corrected; the own runner drawn from it still moves by at most a few units per frame.
  RunOptions o;
  o.rewind = false;
  o.seconds = 30.0;
  const Outcome r = run_match(o);
  EXPECT_GT(r.prediction.corrections, 0u);
  EXPECT_LT(r.prediction.worst_correction_step, 3.0);
  EXPECT_EQ(r.prediction.mismatches, 0u);  // moved inputs are repaired exactly
}

TEST(Prediction, StaysExactAcrossRaceBoundaries) {
  // 23 s races (2 s warm-up, 3 s countdown, 15 s race, 3 s results): each race a new match on a
  // new course, the runner re-seated at the line at a tick the client knew ahead. The predictor
  // begins each new match there itself and keeps matching every check.
  RunOptions o;
  o.racing = true;
  o.seconds = 75.0;
  const Outcome r = run_match(o);
  EXPECT_GE(r.races, 3u);
  EXPECT_GE(r.prediction.restarts, 3u);  // begun by the predictor, not found again by probing
  EXPECT_GT(r.prediction.checks, 1000u);
  EXPECT_GT(r.compared_ticks, 3000u);
  EXPECT_EQ(r.disagreements, 0u);
  EXPECT_EQ(r.prediction.mismatches, 0u);
  EXPECT_FALSE(r.prediction.gave_up);
}

TEST(Prediction, AClumsyBotStaysExactAcrossRaceBoundariesWithoutRewind) {
  // Crashes, restarts and moved inputs near the switches: inputs sent ahead for the new match
  // are carried into it by the server, those of the old one are void on both sides.
  RunOptions o;
  o.racing = true;
  o.rewind = false;
  o.skill = 0.4f;
  o.seed = 33;
  o.seconds = 75.0;
  const Outcome r = run_match(o);
  EXPECT_GE(r.races, 3u);
  EXPECT_GT(r.server_crashes + r.prediction.moves, 0u);
  EXPECT_EQ(r.disagreements, 0u);
  EXPECT_EQ(r.prediction.mismatches, 0u);
}

// Losing the server (its datagrams stop arriving at 4 s): the own runner stops advancing within
// about half a second (held, under "waiting for the server"), never runs on through the
// silence; once the connection is declared lost the last scene stays drawn under "connection
// lost", the runner still held, through the retries.
TEST(Prediction, LosingTheServerHoldsTheOwnRunnerAndKeepsTheScene) {
  server::ServerConfig config;
  config.seed = 5;
  config.tick_rate = kTickRate;
  config.snapshot_rate = 30;
  config.bots = 1;
  config.racing = false;  // one endless match: the runner runs from the start
  server::ServerStats stats;
  server::MatchLoop loop(config, stats);
  server::Outbox to_client;
  const net::PeerAddress address = net::PeerAddress::ipv4(10, 0, 0, 1, 40000);
  client::SessionConfig sc;
  sc.server_label = "in-process";
  sc.autoplay = true;
  client::ClientSession session(sc);
  client::Outbox to_server;
  LossyDelayLine up(3, 0.030, 0.002, 0.0), down(4, 0.030, 0.002, 0.0);
  const double start = 1000.0, cut = start + 4.0;
  double now = start;
  const double frame = 1.0 / kTickRate;
  double at_cut = 0.0, last = 0.0, held_from = -1.0, worst_after = 0.0;
  bool waited = false, lost_drawn = true, lost_said = false;
  for (int i = 0; i < 12 * kTickRate; ++i) {
    for (auto& bytes : up.due(now)) loop.receive(address, bytes, now, to_client);
    loop.tick(now, to_client);
    for (server::OutDatagram& d : to_client)
      if (now < cut) down.send(std::move(d.bytes), now);
    to_client.clear();
    const double cnow = now + frame / 2;
    for (auto& bytes : down.due(cnow)) session.receive(bytes, cnow);
    session.update(cnow, static_cast<float>(frame), to_server);
    for (auto& bytes : to_server) up.send(std::move(bytes), cnow);
    to_server.clear();
    now += frame;
    const client::RunnerView* own = session.own();
    if (cnow < cut) {
      if (own == nullptr) continue;  // not welcomed yet
      EXPECT_FALSE(own->held) << cnow - start;
      at_cut = own->frame.distance;
      continue;
    }
    const auto st = session.status().message(cnow);
    if (own == nullptr) {
      lost_drawn = false;
      continue;
    }
    last = own->frame.distance;
    if (own->held && held_from < 0.0) held_from = cnow - cut;
    if (cnow - cut > 0.6) {
      EXPECT_TRUE(own->held) << cnow - cut;
      worst_after = std::max(worst_after, last - at_cut);
    }
    waited = waited || st.headline.rfind("waiting for the server", 0) == 0;
    lost_said = lost_said || st.headline == "connection lost";
  }
  std::printf(
      "[ figures  ] server silent at 4 s: held after %.3f s, %.0f units run on past the "
      "silence (%.0f by the end)\n",
      held_from, worst_after, last - at_cut);
  EXPECT_GT(at_cut, 500.0) << "the runner ran before the silence";
  EXPECT_GE(held_from, 0.0);
  EXPECT_LE(held_from, 0.6);
  // At the run's 400–510 units/s, 0.6 s is at most ~300 units; the old client ran 4.5 s on.
  EXPECT_LT(worst_after, 320.0);
  EXPECT_EQ(last - at_cut, worst_after) << "moved again after it was held";
  EXPECT_TRUE(waited);
  EXPECT_TRUE(lost_said);
  EXPECT_TRUE(lost_drawn) << "the scene went empty after the loss";
  EXPECT_FALSE(session.runners().empty());
}

}  // namespace
}  // namespace spear
