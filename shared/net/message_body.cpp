#include "net/message_body.hpp"

#include <algorithm>
#include <limits>

#include "net/bit_stream.hpp"
#include "net/roll_call.hpp"

namespace spear::net {
namespace {

constexpr std::int64_t kTickLimit = std::int64_t{1} << 32;

// An optional byte: one bit when it is 0, nine otherwise (buttons and lab motions are rare).
void write_sparse_byte(BitWriter& w, std::uint8_t v) {
  w.write_bool(v != 0);
  if (v != 0) w.write_bits(v, 8);
}

std::uint8_t read_sparse_byte(BitReader& r) {
  return r.read_bool() ? static_cast<std::uint8_t>(r.read_bits(8)) : std::uint8_t{0};
}

// `base − delta` as a tick, or false when it falls outside [0, 2^32).
bool tick_back(Tick base, std::int64_t delta, Tick& out) {
  const std::int64_t t = static_cast<std::int64_t>(base) - delta;
  if (t < 0 || t >= kTickLimit) return false;
  out = static_cast<Tick>(t);
  return true;
}

std::int64_t diff(Tick a, Tick b) {
  return static_cast<std::int64_t>(a) - static_cast<std::int64_t>(b);
}

}  // namespace

std::vector<std::uint8_t> write_input_body(const Input& input) {
  // Strictly ascending ticks only (a frame not after the one before it is left out), and the
  // newest kMaxInputFrames of those.
  std::vector<const InputFrame*> frames;
  for (const InputFrame& f : input.frames)
    if (frames.empty() || f.tick > frames.back()->tick) frames.push_back(&f);
  if (frames.size() > kMaxInputFrames)
    frames.erase(frames.begin(), frames.end() - static_cast<std::ptrdiff_t>(kMaxInputFrames));
  BitWriter w;
  w.write_exp_golomb(frames.size(), 1);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const InputFrame& f = *frames[i];
    if (i == 0)
      w.write_bits(f.tick, 32);
    else
      w.write_exp_golomb(static_cast<std::uint64_t>(diff(f.tick, frames[i - 1]->tick) - 1), 0);
    write_sparse_byte(w, f.buttons);
    write_sparse_byte(w, f.lab_motion);
  }
  w.write_bool(input.ack_tick.has_value());
  if (input.ack_tick) {
    if (!frames.empty())
      w.write_signed(diff(frames.front()->tick, *input.ack_tick), 5);
    else
      w.write_bits(*input.ack_tick, 32);
  }
  w.write_bool(input.view.has_value());
  if (input.view) {
    w.write_bool(input.view->followed.has_value());
    if (input.view->followed) w.write_exp_golomb(*input.view->followed, 4);
    const std::uint16_t width = std::clamp<std::uint16_t>(input.view->width, 1, kMaxViewWidth);
    w.write_exp_golomb(width - 1u, 6);
  }
  return w.take();
}

bool read_input_body(std::span<const std::uint8_t> body, Input& out) {
  BitReader r(body);
  out = Input{};
  const std::uint64_t n = r.read_exp_golomb(1);
  if (!r.ok() || n > kMaxInputFrames) return false;
  std::int64_t tick = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    tick = i == 0 ? static_cast<std::int64_t>(r.read_bits(32))
                  : tick + 1 + static_cast<std::int64_t>(r.read_exp_golomb(0));
    if (tick >= kTickLimit) return false;
    InputFrame f;
    f.tick = static_cast<Tick>(tick);
    f.buttons = read_sparse_byte(r);
    f.lab_motion = read_sparse_byte(r);
    out.frames.push_back(f);
  }
  if (r.read_bool()) {
    Tick ack = 0;
    if (n > 0) {
      if (!tick_back(out.frames.front().tick, r.read_signed(5), ack)) return false;
    } else {
      ack = static_cast<Tick>(r.read_bits(32));
    }
    out.ack_tick = ack;
  }
  if (r.read_bool()) {
    InputView view;
    if (r.read_bool()) {
      const std::uint64_t id = r.read_exp_golomb(4);
      if (id > std::numeric_limits<RunnerId>::max()) return false;
      view.followed = static_cast<RunnerId>(id);
    }
    const std::uint64_t width = r.read_exp_golomb(6) + 1;
    if (!r.ok() || width > kMaxViewWidth) return false;
    view.width = static_cast<std::uint16_t>(width);
    out.view = view;
  }
  // Only the zero padding of the last byte may follow.
  return r.ok() && r.bits_left() < 8 && r.read_bits(static_cast<unsigned>(r.bits_left())) == 0;
}

std::vector<std::uint8_t> write_snapshot_body(const SnapshotMessage& s) {
  BitWriter w;
  const std::int64_t age =
      s.baseline_tick && *s.baseline_tick < s.tick ? diff(s.tick, *s.baseline_tick) : 0;
  w.write_exp_golomb(static_cast<std::uint64_t>(age), 2);
  w.write_exp_golomb(s.runner_count, 3);
  w.write_exp_golomb(s.roll_count, 4);
  w.write_bool(s.own.has_value());
  if (s.own) {
    const OwnRunnerState& o = *s.own;
    w.write_exp_golomb(o.id, 4);
    w.write_signed(diff(s.tick, o.state_tick), 0);
    w.write_signed(diff(o.state_tick, o.last_input_tick), 3);
    const std::size_t n = std::min(o.sim_state.size(), kMaxSimStateBytes);
    w.write_exp_golomb(n, 3);
    for (std::size_t i = 0; i < n; ++i) w.write_bits(o.sim_state[i], 8);
  }
  const std::size_t broken = std::min(s.broken.size(), kMaxBrokenTargets);
  w.write_exp_golomb(broken, 0);
  for (std::size_t i = 0; i < broken; ++i) {
    const BrokenTarget& b = s.broken[i];
    w.write_exp_golomb(b.runner, 4);
    w.write_exp_golomb(b.obstacle, 6);
    w.write_signed(diff(s.tick, b.tick), 3);
  }
  w.write_bool(s.race.has_value());
  if (s.race) {
    const RaceStatus& race = *s.race;
    w.write_bits(static_cast<std::uint64_t>(race.phase) & 3u, 2);
    w.write_exp_golomb(race.race > 0 ? race.race - 1 : 0, 0);
    w.write_exp_golomb(race.ticks_left, 8);
    w.write_exp_golomb(race.match_first_tick <= s.tick ? s.tick - race.match_first_tick : 0, 10);
    w.write_exp_golomb(race.wait, 8);
  }
  std::vector<std::uint8_t> bytes = w.take();  // the header, padded to a byte
  bytes.insert(bytes.end(), s.runner_block.begin(), s.runner_block.end());
  return bytes;
}

bool read_snapshot_body(std::span<const std::uint8_t> body, SnapshotMessage& out) {
  BitReader r(body);
  const std::uint64_t age = r.read_exp_golomb(2);
  if (!r.ok() || age > out.tick) return false;
  out.baseline_tick.reset();
  if (age != 0) out.baseline_tick = out.tick - static_cast<Tick>(age);
  const std::uint64_t count = r.read_exp_golomb(3);
  if (!r.ok() || count > kMaxRunnersPerSnapshot) return false;
  out.runner_count = static_cast<std::uint16_t>(count);
  const std::uint64_t roll = r.read_exp_golomb(4);
  if (!r.ok() || roll > kMaxRollCall) return false;
  out.roll_count = static_cast<std::uint16_t>(roll);
  out.own.reset();
  if (r.read_bool()) {
    OwnRunnerState o;
    const std::uint64_t id = r.read_exp_golomb(4);
    if (id > std::numeric_limits<RunnerId>::max()) return false;
    o.id = static_cast<RunnerId>(id);
    if (!tick_back(out.tick, r.read_signed(0), o.state_tick)) return false;
    if (!tick_back(o.state_tick, r.read_signed(3), o.last_input_tick)) return false;
    const std::uint64_t n = r.read_exp_golomb(3);
    if (!r.ok() || n > kMaxSimStateBytes || n * 8 > r.bits_left()) return false;
    o.sim_state.resize(n);
    for (auto& b : o.sim_state) b = static_cast<std::uint8_t>(r.read_bits(8));
    out.own = std::move(o);
  }
  const std::uint64_t broken = r.read_exp_golomb(0);
  if (!r.ok() || broken > kMaxBrokenTargets) return false;
  out.broken.clear();
  for (std::uint64_t i = 0; i < broken; ++i) {
    BrokenTarget b;
    const std::uint64_t runner = r.read_exp_golomb(4);
    const std::uint64_t obstacle = r.read_exp_golomb(6);
    if (runner > std::numeric_limits<RunnerId>::max() ||
        obstacle > std::numeric_limits<std::uint32_t>::max())
      return false;
    b.runner = static_cast<RunnerId>(runner);
    b.obstacle = static_cast<std::uint32_t>(obstacle);
    if (!tick_back(out.tick, r.read_signed(3), b.tick)) return false;
    out.broken.push_back(b);
  }
  out.race.reset();
  if (r.read_bool()) {
    RaceStatus race;
    race.phase = static_cast<RacePhase>(r.read_bits(2));  // 2 bits: every value is a phase
    const std::uint64_t number = r.read_exp_golomb(0);
    const std::uint64_t left = r.read_exp_golomb(8);
    const std::uint64_t match_age = r.read_exp_golomb(10);
    const std::uint64_t wait = r.read_exp_golomb(8);
    if (!r.ok() || number >= kMaxWireRace || left > kMaxPhaseTicks || match_age > out.tick ||
        wait > kMaxPhaseTicks)
      return false;
    race.wait = static_cast<Tick>(wait);
    race.race = static_cast<std::uint32_t>(number + 1);
    race.ticks_left = static_cast<Tick>(left);
    race.match_first_tick = out.tick - static_cast<Tick>(match_age);
    out.race = race;
  }
  if (!r.ok()) return false;
  // The header's padding bits are zero; the runner block starts at the next byte.
  const std::size_t header_bytes = body.size() - r.bits_left() / 8;
  if (r.bits_left() % 8 != 0 && r.read_bits(static_cast<unsigned>(r.bits_left() % 8)) != 0)
    return false;
  out.runner_block.assign(body.begin() + static_cast<std::ptrdiff_t>(header_bytes), body.end());
  return true;
}

}  // namespace spear::net
