#include "sim/state_hash.hpp"

#include <bit>

namespace spear::sim {

namespace {

constexpr std::uint64_t kFnvPrime = 0x100000001B3ull;

struct Hasher {
  std::uint64_t h;
  void bytes(std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) {
      h ^= (v >> (8 * i)) & 0xFFu;
      h *= kFnvPrime;
    }
  }
  void u8(std::uint8_t v) { bytes(v, 1); }
  void u32(std::uint32_t v) { bytes(v, 4); }
  void b(bool v) { bytes(v ? 1u : 0u, 1); }
  void f(float v) { bytes(std::bit_cast<std::uint32_t>(v), 4); }
  void d(double v) { bytes(std::bit_cast<std::uint64_t>(v), 8); }
  void v2(rig::Vec2 v) {
    f(v.x);
    f(v.y);
  }
};

}  // namespace

std::uint64_t hash_pose(const rig::Pose& p, std::uint64_t h) {
  Hasher x{h};
  for (const rig::Vec2& j : p.joints) x.v2(j);
  x.f(p.sx);
  x.f(p.sy);
  x.f(p.head_r);
  x.b(p.contact_near);
  x.b(p.contact_far);
  return x.h;
}

// hash_rig lists RigState's fields one by one: a new field must be added here too.
static_assert(sizeof(rig::RigState) == 480, "RigState changed: update hash_rig");

std::uint64_t hash_rig(const rig::RigState& r, std::uint64_t h) {
  Hasher x{h};
  x.u8(static_cast<std::uint8_t>(r.motion));
  x.f(r.motion_time);
  x.f(r.phase);
  x.f(r.gait);
  x.f(r.cadence);
  x.f(r.scroll_speed);
  x.d(r.scroll);
  x.f(r.thrust_time);
  x.f(r.thrust_cooldown);
  x.h = hash_pose(r.blend_from, x.h);
  x.f(r.blend_time);
  for (float v : r.blend_offset) x.f(v);
  for (float v : r.blend_velocity) x.f(v);
  x.f(r.blend_scroll_offset);
  x.f(r.entry_scroll_speed);
  for (int i = 0; i < 2; ++i) {
    x.b(r.foot_locked[i]);
    x.v2(r.foot_lock[i]);
  }
  x.h = hash_pose(r.last, x.h);
  x.b(r.started);
  return x.h;
}

// hash_runner lists RunnerState's fields one by one: a new field must be added here too.
static_assert(sizeof(RunnerState) == 728, "RunnerState changed: update hash_runner");

std::uint64_t hash_runner(const RunnerState& s, std::uint64_t h) {
  Hasher x{hash_pose(s.pose, hash_rig(s.rig, h))};
  x.u8(static_cast<std::uint8_t>(s.mode));
  x.u32(s.mode_ticks);
  x.u32(s.hold_ticks);
  x.d(s.distance);
  x.d(s.best_distance);
  x.d(s.total_distance);
  x.u32(s.next_obstacle);
  x.u32(s.broken_bits);
  x.u32(s.score);
  x.u32(s.bonus);
  x.u32(s.best);
  x.u32(s.combo);
  x.u32(s.best_combo);
  x.u32(s.crashes);
  x.u32(s.targets_broken);
  x.u32(s.runs);
  x.u32(s.last_crash_obstacle);
  x.u32(static_cast<std::uint32_t>(static_cast<std::int32_t>(s.pace)));
  x.u8(s.pace_ticks);
  x.u8(s.jump_grade);
  x.u8(s.thrust_grade);
  x.u32(s.jump_obstacle);
  x.u32(s.thrust_obstacle);
  x.b(s.restart_pressed);
  x.u8(s.lab_motion);
  x.b(s.skeleton);
  x.b(s.lab_paused);
  x.b(s.away);
  return x.h;
}

std::uint64_t hash_tick(std::uint32_t tick, std::uint64_t h) {
  Hasher x{h};
  x.u32(tick);
  return x.h;
}

std::uint64_t hash_match_runner(std::uint32_t id, const RunnerState& state, std::uint64_t h) {
  Hasher x{h};
  x.u32(id);
  return hash_runner(state, x.h);
}

}  // namespace spear::sim
