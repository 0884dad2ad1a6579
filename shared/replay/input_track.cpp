#include "replay/input_track.hpp"

#include "sim/lab.hpp"

namespace spear::replay {

namespace {

constexpr int kPickShift = 10;  // above sim::kButtonMask's bits
static_assert(sim::kButtonMask < (1u << kPickShift));

void put_varint(std::vector<std::uint8_t>& out, std::uint32_t v) {
  while (v >= 0x80u) {
    out.push_back(static_cast<std::uint8_t>(v | 0x80u));
    v >>= 7;
  }
  out.push_back(static_cast<std::uint8_t>(v));
}

// nullopt when the bytes end inside it or it does not fit in 32 bits.
std::optional<std::uint32_t> get_varint(std::span<const std::uint8_t> bytes, std::size_t& at) {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 35; shift += 7) {
    if (at >= bytes.size()) return std::nullopt;
    const std::uint8_t b = bytes[at++];
    v |= std::uint64_t{b & 0x7Fu} << shift;
    if ((b & 0x80u) == 0) {
      if (v > 0xFFFFFFFFull) return std::nullopt;
      return static_cast<std::uint32_t>(v);
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::uint8_t> pack_inputs(std::span<const sim::Input> inputs, sim::Tick join_tick) {
  std::vector<std::uint8_t> out;
  out.reserve(inputs.size() * 2);
  sim::Tick previous = join_tick;
  for (const sim::Input& in : inputs) {
    put_varint(out, in.tick - previous);
    put_varint(out, static_cast<std::uint32_t>(in.buttons) |
                        (static_cast<std::uint32_t>(in.lab_pick) << kPickShift));
    previous = in.tick;
  }
  return out;
}

UnpackedInputs unpack_inputs(std::span<const std::uint8_t> bytes, std::uint32_t count,
                             sim::Tick join_tick, sim::Tick end_tick) {
  UnpackedInputs r;
  // Each input takes two bytes at least: a count beyond that is a lie (and no allocation).
  if (count > bytes.size() / 2) {
    r.error = "input count larger than its bytes";
    return r;
  }
  r.inputs.reserve(count);
  std::size_t at = 0;
  std::uint64_t tick = join_tick;
  for (std::uint32_t i = 0; i < count; ++i) {
    const auto delta = get_varint(bytes, at);
    const auto value = delta ? get_varint(bytes, at) : std::nullopt;
    if (!delta || !value) {
      r.error = "input " + std::to_string(i) + " is cut short or too large";
      return r;
    }
    if (i > 0 && *delta == 0) {
      r.error = "input " + std::to_string(i) + " repeats the tick before it";
      return r;
    }
    tick += *delta;
    if (tick >= end_tick) {
      r.error = "input " + std::to_string(i) + " lies after the runner's last tick";
      return r;
    }
    const std::uint32_t buttons = *value & ((1u << kPickShift) - 1u);
    const std::uint32_t pick = *value >> kPickShift;
    if ((buttons & ~std::uint32_t{sim::kButtonMask}) != 0 || pick > sim::kLabMotionCount) {
      r.error = "input " + std::to_string(i) + " has unknown buttons or lab motion";
      return r;
    }
    sim::Input in;
    in.tick = static_cast<sim::Tick>(tick);
    in.buttons = static_cast<std::uint16_t>(buttons);
    in.lab_pick = static_cast<std::uint8_t>(pick);
    if (in.empty()) {
      r.error = "input " + std::to_string(i) + " is empty";
      return r;
    }
    r.inputs.push_back(in);
  }
  if (at != bytes.size()) r.error = "bytes left after the last input";
  return r;
}

}  // namespace spear::replay
