#include "sim/bot_personality.hpp"

#include <array>
#include <numeric>

#include "sim/prng.hpp"

namespace spear::sim {

namespace {

// Short names that read at a glance on a scoreboard (≤ 5 letters, distinct first letters where
// possible).
constexpr std::array<std::string_view, kBotNameCount> kNames = {
    "Ada",  "Bo",   "Cleo", "Dax", "Esme", "Finn", "Gus",  "Hana", "Ivo", "Juno", "Kit",  "Lark",
    "Milo", "Nell", "Otto", "Pia", "Quin", "Rex",  "Suki", "Tove", "Uma", "Vik",  "Wren", "Yara"};

constexpr std::uint64_t kTraitsSalt = 0x706572736F6Eull;  // "person"
constexpr std::uint64_t kNamesSalt = 0x6E616D6573ull;     // "names"
constexpr std::uint64_t kStartSalt = 0x7374617274ull;     // "start"

// A Fisher–Yates shuffle of 0 … N − 1 from the seed and a salt.
template <std::size_t N>
std::array<std::size_t, N> shuffled(std::uint64_t match_seed, std::uint64_t salt) {
  std::array<std::size_t, N> order{};
  std::iota(order.begin(), order.end(), std::size_t{0});
  SplitMix64 rng(mix_seed(match_seed, salt));
  for (std::size_t i = N - 1; i > 0; --i) {
    const auto j = static_cast<std::size_t>(rng.below(i + 1));
    std::swap(order[i], order[j]);
  }
  return order;
}

}  // namespace

std::string_view bot_name_from_list(std::size_t i) { return kNames.at(i); }

BotPersonality bot_personality(std::uint64_t match_seed, std::uint32_t index) {
  SplitMix64 rng(mix_seed(mix_seed(match_seed, kTraitsSalt), index));
  BotPersonality p;
  p.reaction_bias = rng.uniform(kBotBiasMin, kBotBiasMax);
  p.reaction_spread = rng.uniform(kBotSpreadMin, kBotSpreadMax);
  p.mistake_rate = rng.uniform(kBotMistakeMin, kBotMistakeMax);
  p.thrust_eagerness = rng.uniform(kBotEagernessMin, kBotEagernessMax);
  const auto starts = shuffled<kBotStartSlots>(match_seed, kStartSalt);
  p.start_wait =
      kBotStartWaitMin + kBotStartStep * static_cast<float>(starts[index % kBotStartSlots]);
  const auto order = shuffled<kBotNameCount>(match_seed, kNamesSalt);
  p.name = std::string(kNames[order[index % kBotNameCount]]);
  if (const std::uint32_t lap = index / kBotNameCount; lap > 0)
    p.name += " " + std::to_string(lap + 1);
  return p;
}

}  // namespace spear::sim
