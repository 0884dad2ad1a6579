#include "sim/runner_check.hpp"

#include <algorithm>

#include "sim/state_hash.hpp"

namespace spear::sim {

namespace {
void put16(std::vector<std::uint8_t>& out, std::uint32_t v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xFFu));
  out.push_back(static_cast<std::uint8_t>((v >> 8) & 0xFFu));
}
std::uint32_t get16(std::span<const std::uint8_t> b, std::size_t at) {
  return static_cast<std::uint32_t>(b[at]) | (static_cast<std::uint32_t>(b[at + 1]) << 8);
}
}  // namespace

std::uint64_t check_hash(const RunnerState& state) { return hash_runner(state) & kCheckHashMask; }

std::vector<std::uint8_t> encode_runner_check(const RunnerCheck& check, Tick state_tick) {
  std::vector<InputMove> moves;
  for (const InputMove& m : check.moves) {
    if (m.applied > state_tick || m.applied <= m.stamp) continue;
    if (state_tick - m.applied > 0xFFFFu || m.applied - m.stamp > 0xFFFFu) continue;
    moves.push_back(m);
  }
  if (moves.size() > kMaxCheckMoves) moves.erase(moves.begin(), moves.end() - kMaxCheckMoves);
  std::vector<std::uint8_t> out;
  out.reserve(9 + 4 * moves.size());
  out.push_back(kRunnerCheckVersion);
  const Tick back =
      check.hash_tick > state_tick ? 0 : std::min<Tick>(state_tick - check.hash_tick, 255);
  out.push_back(static_cast<std::uint8_t>(back));
  for (int i = 0; i < 6; ++i)
    out.push_back(static_cast<std::uint8_t>((check.hash >> (8 * i)) & 0xFFu));
  out.push_back(static_cast<std::uint8_t>(moves.size()));
  for (const InputMove& m : moves) {
    put16(out, state_tick - m.applied);
    put16(out, m.applied - m.stamp);
  }
  return out;
}

std::optional<RunnerCheck> decode_runner_check(std::span<const std::uint8_t> b, Tick state_tick) {
  if (b.size() < 9 || b[0] != kRunnerCheckVersion) return std::nullopt;
  const std::size_t n = b[8];
  if (n > kMaxCheckMoves || b.size() != 9 + 4 * n || b[1] > state_tick) return std::nullopt;
  RunnerCheck c;
  c.hash_tick = state_tick - b[1];
  for (int i = 0; i < 6; ++i) c.hash |= static_cast<std::uint64_t>(b[2 + i]) << (8 * i);
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t age = get16(b, 9 + 4 * k);
    const std::uint32_t shift = get16(b, 11 + 4 * k);
    if (age > state_tick || shift == 0 || shift > state_tick - age) return std::nullopt;
    c.moves.push_back({state_tick - age - shift, state_tick - age});
  }
  return c;
}

}  // namespace spear::sim
