// Fair slots, password guessing, aggregated refusal logs and bounded records, through the
// server's sessions and match loop pumped with injected time (no sockets).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/match_summary.hpp"
#include "server/password_guard.hpp"
#include "server/refusal_log.hpp"
#include "support/client_configs.hpp"
#include "support/loop_pump.hpp"

namespace spear::test {
namespace {

using net::ConnectionState;
using server::HandshakeOutcome;

net::PeerAddress host(std::uint8_t last, std::uint16_t port) {
  return net::PeerAddress::ipv4(192, 0, 2, last, port);
}

std::uint64_t outcomes(const LoopPump& pump, HandshakeOutcome o) {
  return pump.stats.handshakes[static_cast<std::size_t>(o)];
}

TEST(FairSlots, OneHostFillingPlayerSlotsLeavesRoomForAnother) {
  server::ServerConfig c;
  c.max_players = 16;
  LoopPump pump(c);
  std::vector<PumpClient*> flood;
  for (std::uint16_t i = 0; i < 16; ++i)
    flood.push_back(&pump.add_client_at(player("f" + std::to_string(i)), host(1, 5000 + i)));
  pump.connect_all();
  int in = 0;
  for (PumpClient* f : flood) in += f->connection.state() == ConnectionState::Connected;
  EXPECT_EQ(in, 4);  // the default cap per address
  EXPECT_EQ(outcomes(pump, HandshakeOutcome::RefusedAddressFull), 12u);
  EXPECT_EQ(pump.loop->sessions().sessions_of(host(1, 0)).players, 4);

  PumpClient& real = pump.add_client_at(player("real"), host(2, 6000));
  pump.connect_all();
  EXPECT_EQ(real.connection.state(), ConnectionState::Connected);
}

TEST(FairSlots, SpectatorCapIsSeparateAndConfigurable) {
  server::ServerConfig c;
  c.max_spectators = 64;
  c.max_spectators_per_address = 3;
  c.max_players_per_address = 1;
  LoopPump pump(c);
  std::vector<PumpClient*> watchers;
  for (std::uint16_t i = 0; i < 10; ++i)
    watchers.push_back(&pump.add_client_at(spectator("s" + std::to_string(i)), host(1, 100 + i)));
  PumpClient& p1 = pump.add_client_at(player("p1"), host(1, 300));
  PumpClient& p2 = pump.add_client_at(player("p2"), host(1, 301));
  pump.connect_all();
  int in = 0;
  for (PumpClient* w : watchers) in += w->connection.state() == ConnectionState::Connected;
  EXPECT_EQ(in, 3);
  EXPECT_EQ(p1.connection.state() == ConnectionState::Connected ||
                p2.connection.state() == ConnectionState::Connected,
            true);
  EXPECT_NE(p1.connection.state(), p2.connection.state());
  PumpClient& other = pump.add_client_at(spectator("other"), host(9, 100));
  pump.connect_all();
  EXPECT_EQ(other.connection.state(), ConnectionState::Connected);
}

TEST(FairSlots, ZeroMeansNoCapAndALeavingSessionFreesItsAddressSlot) {
  server::ServerConfig c;
  c.max_players_per_address = 0;
  LoopPump pump(c);
  for (std::uint16_t i = 0; i < 10; ++i)
    pump.add_client_at(player("p" + std::to_string(i)), host(1, 100 + i));
  pump.connect_all();
  EXPECT_EQ(pump.loop->sessions().players(), 10);

  server::ServerConfig capped;
  capped.max_players_per_address = 1;
  LoopPump p2(capped);
  PumpClient& a = p2.add_client_at(player("a"), host(1, 1));
  p2.connect_all();
  ASSERT_EQ(a.connection.state(), ConnectionState::Connected);
  a.connection.disconnect(p2.now);
  p2.ticks(3);
  EXPECT_EQ(p2.loop->sessions().sessions_of(host(1, 0)).players, 0);
  PumpClient& b = p2.add_client_at(player("b"), host(1, 2));
  p2.connect_all();
  EXPECT_EQ(b.connection.state(), ConnectionState::Connected);
}

TEST(Names, TheServerRefusesControlCharactersAndInvalidUtf8WithBadName) {
  LoopPump pump(server::ServerConfig{});
  std::vector<PumpClient*> bad;
  for (const std::string name : {"a\nb", "\x1b[2Jx", "bad\xff", "\xc3", "c1\xc2\x85"})
    bad.push_back(&pump.add_client(player(name)));
  pump.connect_all();
  for (PumpClient* b : bad) {
    EXPECT_EQ(b->connection.state(), ConnectionState::Refused);
    ASSERT_TRUE(b->connection.refusal());
    EXPECT_EQ(b->connection.refusal()->reason, net::RefusalReason::BadName);
  }
  EXPECT_EQ(outcomes(pump, HandshakeOutcome::RefusedBadName), bad.size());
}

TEST(Names, TheClientCutsAnOverlongNameAtACharacterAndTheServerTakesIt) {
  LoopPump pump(server::ServerConfig{});
  std::string e13;
  for (int i = 0; i < 13; ++i) e13 += "é";  // 26 bytes
  PumpClient& c = pump.add_client(player(e13));
  pump.connect_all();
  ASSERT_EQ(c.connection.state(), ConnectionState::Connected);
  const auto clients = pump.loop->sessions().clients(pump.now);
  ASSERT_EQ(clients.size(), 1u);
  EXPECT_EQ(clients[0].name, e13.substr(0, 24));  // twelve whole "é"
}

TEST(PasswordGuessing, OneHostIsLockedOutAfterRepeatedFailures) {
  server::ServerConfig c;
  c.password = "swordfish";
  c.max_players = 64;
  c.max_players_per_address = 0;
  LoopPump pump(c);
  for (std::uint16_t i = 0; i < 40; ++i)
    pump.add_client_at(player("g" + std::to_string(i), "guess" + std::to_string(i)),
                       host(1, 1000 + i));
  pump.connect_all();
  // Five wrong proofs are checked, then the address is locked out: the rest are refused
  // without their proof being looked at.
  EXPECT_EQ(outcomes(pump, HandshakeOutcome::RefusedWrongPassword),
            static_cast<std::uint64_t>(server::PasswordGuard::kLockoutFailures));
  // (Some of the 40 never get that far: the handshake budget per address drops them.)
  EXPECT_GE(outcomes(pump, HandshakeOutcome::RefusedPasswordThrottled), 10u);
  EXPECT_EQ(pump.loop->sessions().players(), 0);

  // Even the right password is not checked from there while locked out...
  PumpClient& same_host = pump.add_client_at(player("right", "swordfish"), host(1, 2000));
  // ...but other hosts with it join at once. (Two hosts share limits only when their keyed
  // hashes land in one slot, about 1 time in 2048 for a pair here; of three friends, at least
  // two always join, so the check cannot fail by chance.)
  std::vector<PumpClient*> friends;
  for (std::uint8_t h = 2; h <= 4; ++h)
    friends.push_back(&pump.add_client_at(player("friend", "swordfish"), host(h, 2000)));
  pump.connect_all();
  EXPECT_EQ(same_host.connection.state(), ConnectionState::Refused);
  ASSERT_TRUE(same_host.connection.refusal());
  EXPECT_NE(same_host.connection.refusal()->text.find("too many password attempts"),
            std::string::npos);
  int joined = 0;
  for (PumpClient* f : friends) joined += f->connection.state() == ConnectionState::Connected;
  EXPECT_GE(joined, 2);

  // After the lockout (2 s for the fifth failure) and a refill, the right password works.
  pump.now += 10.0;
  PumpClient& later = pump.add_client_at(player("later", "swordfish"), host(1, 2001));
  pump.connect_all();
  EXPECT_EQ(later.connection.state(), ConnectionState::Connected);
}

TEST(PasswordGuessing, ManyHostsTogetherAreSlowedOverall) {
  server::ServerConfig c;
  c.password = "swordfish";
  c.max_players = 64;
  c.password_total_rate = 10.0;  // bursts of 20
  LoopPump pump(c);
  const auto guess_from_each = [&](std::uint16_t port) {
    for (std::uint16_t i = 0; i < 200; ++i)
      pump.add_client_at(
          player("g", "guess"),
          net::PeerAddress::ipv4(198, 51, 0, static_cast<std::uint8_t>(1 + i), port));
    pump.connect_all(3);  // the round of Responses arrives within a few ticks
  };
  // An address that has not been guessing has its proof checked: each host's first guess is.
  guess_from_each(7000);
  EXPECT_EQ(outcomes(pump, HandshakeOutcome::RefusedWrongPassword), 200u);
  // From then on they are guessing, and the whole server's budget holds them together.
  guess_from_each(7001);
  const auto checked = outcomes(pump, HandshakeOutcome::RefusedWrongPassword) - 200;
  EXPECT_GE(checked, 20u);
  EXPECT_LE(checked, 22u);  // the burst, plus the refill of a few ticks
  EXPECT_GE(outcomes(pump, HandshakeOutcome::RefusedPasswordThrottled), 170u);
}

TEST(PasswordGuard, AGuessingFloodFromManyAddressesNeverKeepsOutTheRightPassword) {
  // 2,048 addresses guessing 5 times a second each for 40 s (the server's defaults: 1 a second
  // per address in bursts of 5, 20 a second overall). A player with the right password, from an
  // address that has not been guessing, tries every 2 s: each try is checked (and so gets in).
  server::PasswordGuard g(65536, 1.0, 5.0, 20.0);
  const auto address = [](int network, int i) {
    return net::PeerAddress::ipv4(10, static_cast<std::uint8_t>(network),
                                  static_cast<std::uint8_t>(i / 256),
                                  static_cast<std::uint8_t>(i % 256), 9)
        .ip;
  };
  std::uint64_t guesses = 0, checked = 0;
  int players_in = 0, player_tries = 0;
  double retry = 0.0;
  for (int step = 0; step <= 200; ++step) {
    const double now = 0.2 * step;
    for (int i = 0; i < 2048; ++i) {
      ++guesses;
      if (g.may_check(address(1, i), now, retry)) {
        ++checked;
        g.failed(address(1, i), now);
      }
    }
    if (step > 0 && step % 10 == 0) {
      ++player_tries;
      const server::AddressBytes player = address(2, step);
      if (g.may_check(player, now, retry)) {
        ++players_in;
        g.succeeded(player);
      }
    }
  }
  EXPECT_EQ(player_tries, 20);
  EXPECT_EQ(players_in, 20);
  // The guessers together: one check per address before it counts as guessing, then the
  // server's budget (40 at once, 20 a second).
  EXPECT_EQ(guesses, 2048u * 201u);
  EXPECT_LE(checked, 2048u + 40u + 20u * 40u);
}

TEST(PasswordGuard, LockoutDoublesAndARightProofClearsIt) {
  server::PasswordGuard g(64, 100.0, 100.0, 1000.0);
  const server::AddressBytes a{1};
  double retry = 0.0;
  double t = 0.0;
  for (int i = 0; i < server::PasswordGuard::kLockoutFailures; ++i) {
    ASSERT_TRUE(g.may_check(a, t, retry));
    g.failed(a, t);
  }
  EXPECT_FALSE(g.may_check(a, t + 1.9, retry));
  EXPECT_TRUE(g.may_check(a, t + 2.1, retry));
  g.failed(a, t + 2.1);  // sixth failure: 4 s
  EXPECT_FALSE(g.may_check(a, t + 6.0, retry));
  EXPECT_GE(retry, 1.0);
  EXPECT_TRUE(g.may_check(a, t + 6.2, retry));
  g.succeeded(a);
  g.failed(a, t + 6.3);  // one failure after a success: no lockout
  EXPECT_TRUE(g.may_check(a, t + 6.3, retry));
}

TEST(RefusalLog, OneLinePerHostPerInterval) {
  server::RefusalLog log(10.0);
  int immediate = 0;
  for (int i = 0; i < 1000; ++i)
    immediate += log.note("192.0.2.1", net::RefusalReason::WrongPassword, "wrong password",
                          100.0 + i * 0.005)
                     .has_value();
  immediate += log.note("192.0.2.2", net::RefusalReason::ServerFull, "full", 101.0).has_value();
  EXPECT_EQ(immediate, 2);                // the first from each host
  EXPECT_TRUE(log.flush(105.0).empty());  // the interval is not over
  const auto lines = log.flush(110.0);
  ASSERT_EQ(lines.size(), 1u);  // the quiet second host needs no summary line
  EXPECT_NE(lines[0].find("192.0.2.1 999 more times"), std::string::npos);
  EXPECT_NE(lines[0].find("wrong password 999"), std::string::npos);
  // Still guessing in the next interval: counted, not logged, one line at its end.
  for (int i = 0; i < 50; ++i)
    EXPECT_FALSE(
        log.note("192.0.2.1", net::RefusalReason::WrongPassword, "wrong", 111.0).has_value());
  EXPECT_EQ(log.flush(120.0).size(), 1u);
  EXPECT_TRUE(log.flush(130.0).empty());  // quiet: forgotten
  EXPECT_EQ(log.hosts(), 0u);
}

TEST(RefusalLog, ManyHostsUseBoundedMemory) {
  server::RefusalLog log(10.0, 16);
  for (int i = 0; i < 1000; ++i)
    (void)log.note("h" + std::to_string(i), net::RefusalReason::ServerFull, "full", 1.0);
  EXPECT_EQ(log.hosts(), 16u);
  const auto lines = log.flush(20.0);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("984 more times"), std::string::npos);
}

TEST(BoundedRecords, ThousandsOfJoinLeaveCyclesKeepRecordsAndSummaryFlat) {
  server::ServerConfig c;
  c.finished_records = 32;
  c.max_players = 64;
  LoopPump pump(c);
  std::size_t summary_at_500 = 0;
  int cycles = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<PumpClient*> batch;
    for (int i = 0; i < 10; ++i) {
      const int n = round * 10 + i;
      batch.push_back(&pump.add_client_at(
          player("c" + std::to_string(n % 1000)),
          net::PeerAddress::ipv4(10, 1, static_cast<std::uint8_t>(n / 250 % 250),
                                 static_cast<std::uint8_t>(1 + n % 250), 9000)));
    }
    pump.connect_all();
    for (PumpClient* b : batch) {
      ASSERT_EQ(b->connection.state(), ConnectionState::Connected) << round;
      b->connection.disconnect(pump.now);
    }
    pump.ticks(2);
    pump.drop_clients();
    cycles += 10;
    EXPECT_LE(pump.loop->sessions().record_count(), 32u + 10u);
    EXPECT_LE(pump.loop->match().record_count(), 32u + 10u);
    const std::size_t size =
        server::summary_json(pump.loop->summary(pump.now), pump.stats, false).size();
    if (cycles == 500) summary_at_500 = size;
    if (cycles > 500) {
      // Only the totals' digits may grow.
      EXPECT_LE(size, summary_at_500 + 200) << cycles;
    }
  }
  EXPECT_EQ(cycles, 3000);
  const auto j =
      nlohmann::json::parse(server::summary_json(pump.loop->summary(pump.now), pump.stats, false));
  EXPECT_EQ(j["clients"].size(), 32u);
  EXPECT_EQ(j["earlier_clients"]["count"].get<int>(), 3000 - 32);
  EXPECT_EQ(j["earlier_clients"]["disconnected"].get<int>(), 3000 - 32);
  EXPECT_EQ(j["runners"].size(), 32u);
  EXPECT_EQ(j["earlier_runners"]["count"].get<int>(), 3000 - 32);
}

}  // namespace
}  // namespace spear::test
