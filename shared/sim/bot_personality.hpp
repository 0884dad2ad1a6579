#pragma once
// A bot's character: how it times its presses, how often it blunders, how early it thrusts, and
// its name. Drawn from the match seed and the bot's index with the sim's own PRNG, so a match is
// the same for a seed while bots of the same skill race differently. Every trait that can make a
// bot fail is scaled by (1 − skill): at skill 1 a bot of any character acts inside the clearing
// window and never fails.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "sim/tick.hpp"

namespace spear::sim {

struct BotPersonality {
  // s at skill 0: the bot's usual press offset from its aim (+ late, − early); × (1 − skill).
  float reaction_bias = 0.f;
  float reaction_spread = 1.f;  // × the skill's reaction error σ (kBotMaxErrorSeconds)
  // Chance per obstacle at skill 0 of a blunder (× (1 − skill)): a press far too early or too
  // late, or a thrust not pressed at all.
  float mistake_rate = 0.f;
  // Where in the clearing window it thrusts: 0 at its late edge, 1 at its early edge (0.5: the
  // middle, as a neutral bot). Jumps are aimed at the middle.
  float thrust_eagerness = 0.5f;
  // s it stands at the course start before its first run (getting going at the match's start):
  // bots that never fail still race apart, each its own distance behind the first. Not scaled
  // by skill (standing fails nothing); 0: it runs from the first tick.
  float start_wait = 0.f;
  std::string name;  // short and readable, distinct within a match for up to kBotNameCount bots
};

// Ranges the traits are drawn from (uniform).
inline constexpr float kBotBiasMin = -0.1f, kBotBiasMax = 0.2f;  // s at skill 0
inline constexpr float kBotSpreadMin = 0.6f, kBotSpreadMax = 1.4f;
inline constexpr float kBotMistakeMin = 0.03f, kBotMistakeMax = 0.15f;
inline constexpr float kBotEagernessMin = 0.2f, kBotEagernessMax = 0.9f;
// s: a blunder moves the press this far from the aim (far outside any clearing window's half
// width, 0.11–0.2 s).
inline constexpr float kBotBlunderMin = 0.2f, kBotBlunderMax = 0.35f;
// Start waits: kBotStartSlots of them, kBotStartStep apart from kBotStartWaitMin, dealt to the
// bots of a match in a seed-shuffled order: a person's reaction to the start, 2 ticks apart (the
// race is decided by the pace each bot earns, not by these).
inline constexpr float kBotStartWaitMin = 0.12f;   // s: a quick reaction to the start
inline constexpr float kBotStartStep = 0.03f;      // s
inline constexpr std::size_t kBotStartSlots = 12;  // the last: 0.45 s

inline constexpr std::size_t kBotNameCount = 24;
std::string_view bot_name_from_list(std::size_t i);  // i < kBotNameCount

// The character of bot `index` (0, 1, 2 ... in the order the match adds its bots). Names are a
// seed-shuffled walk of the list; past kBotNameCount bots they repeat with a number ("Ada 2").
// Start waits are a seed-shuffled walk of the slots, repeating past kBotStartSlots bots.
BotPersonality bot_personality(std::uint64_t match_seed, std::uint32_t index);

// The start wait in whole ticks of `dt` (Match::add_runner's start_wait_ticks); 0 for none.
inline std::uint32_t bot_start_wait_ticks(const BotPersonality& p, float dt) {
  return p.start_wait > 0.f ? ticks_for(p.start_wait, dt) : 0;
}

}  // namespace spear::sim
