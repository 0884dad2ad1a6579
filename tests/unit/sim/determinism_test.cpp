// Determinism across builds: a match of seed 1 with 4 bots, stepped 10,000 ticks as the server's
// MatchHost steps it, must end in the state hash written below, whatever the compiler (g++,
// clang), the optimisation level (-O0, -O2) or the C library. This is what lets a replay recorded
// by one build verify on another, and the client's prediction match the server bit for bit.
//
// The hash is the sim's behaviour: any intended change to the sim or the rig (a tuning, a new
// state field) changes it. Then check that the other hashes in the suite still agree within
// one build (match_test), and write the new value printed by this test here, saying why in the
// commit. A change on one build only (a new compiler, other flags) is a determinism bug: look for
// a libm call in shared/sim or shared/rig (use rig/det_math.hpp), -ffast-math or contraction.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "sim/bot.hpp"
#include "sim/match.hpp"
#include "sim/prng.hpp"

namespace spear::sim {
namespace {

constexpr std::uint64_t kSeed = 1;
constexpr float kSkill = 0.8f;
constexpr int kTicks = 10000;
// The expected state hashes after 1,000 ticks (a divergence that early points at the course,
// the runner's basic motion or the rig) and after all 10,000.
constexpr std::uint64_t kHashAt1000 = 0xe5b7a9e28d8ae936ull;
constexpr std::uint64_t kHashAt10000 = 0x054ef0533a1e1ac7ull;

// Fixed characters, written here rather than drawn by bot_personality, so the expected hash does
// not move when the personality draw is retuned. Their traits span the drawn ranges.
std::vector<BotPersonality> personalities() {
  return {
      {.reaction_bias = 0.f,
       .reaction_spread = 1.f,
       .mistake_rate = 0.05f,
       .thrust_eagerness = 0.5f,
       .name = "Ada"},
      {.reaction_bias = 0.15f,
       .reaction_spread = 0.7f,
       .mistake_rate = 0.1f,
       .thrust_eagerness = 0.8f,
       .name = "Bo"},
      {.reaction_bias = -0.08f,
       .reaction_spread = 1.3f,
       .mistake_rate = 0.03f,
       .thrust_eagerness = 0.3f,
       .name = "Cy"},
      {.reaction_bias = 0.05f,
       .reaction_spread = 1.1f,
       .mistake_rate = 0.15f,
       .thrust_eagerness = 0.6f,
       .name = "Di"},
  };
}

struct BotMatch {
  Match match{kSeed};
  std::vector<RunnerId> ids;
  std::vector<BotController> bots;

  BotMatch() {
    for (BotPersonality& p : personalities()) {
      const RunnerId id = match.add_runner();
      ids.push_back(id);
      // As server/match_host.cpp: each bot's reaction-error stream from the seed and its id.
      bots.emplace_back(kSkill, mix_seed(kSeed, id), std::move(p));
    }
  }

  void step() {
    for (std::size_t i = 0; i < bots.size(); ++i) {
      const MatchRunner* r = match.runner(ids[i]);
      const Input in = bots[i].decide(r->state, match.course(), match.tick(), match.dt());
      if (!in.empty()) match.submit_input(ids[i], in);
    }
    match.step();
  }
};

TEST(Determinism, Seed1With4BotsHasTheFixedHashAfter10000Ticks) {
  BotMatch m;
  std::uint64_t at_1000 = 0;
  for (int t = 0; t < kTicks; ++t) {
    m.step();
    if (m.match.tick() == 1000) at_1000 = m.match.state_hash();
  }
  const std::uint64_t at_end = m.match.state_hash();
  std::printf("state hash after 1000 ticks 0x%016llx, after %d ticks 0x%016llx\n",
              static_cast<unsigned long long>(at_1000), kTicks,
              static_cast<unsigned long long>(at_end));
  EXPECT_EQ(at_1000, kHashAt1000);
  EXPECT_EQ(at_end, kHashAt10000);

  // The match really exercised the sim (so the hash covers crashes, restarts, breaks and
  // earned pace).
  std::uint32_t crashes = 0, broken = 0;
  bool paced = false;
  for (const MatchRunner& r : m.match.runners()) {
    crashes += r.state.crashes;
    broken += r.state.targets_broken;
    paced |= r.state.pace != 0;
    EXPECT_GT(r.state.total_distance, 2000.0) << "runner " << r.id;
  }
  EXPECT_GT(crashes, 0u);
  EXPECT_GT(broken, 0u);
  EXPECT_TRUE(paced);
}

}  // namespace
}  // namespace spear::sim
