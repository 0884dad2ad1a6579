#include "rig/motion.hpp"

#include <array>

namespace spear::rig {

namespace {
constexpr std::array<std::string_view, static_cast<std::size_t>(Motion::Count)> kNames = {
    "idle", "walk", "run", "throw", "jump", "form", "thrust", "fall", "leap", "fall_back"};
}

std::string_view motion_name(Motion m) {
  const auto i = static_cast<std::size_t>(m);
  return i < kNames.size() ? kNames[i] : std::string_view{"?"};
}

std::optional<Motion> motion_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<Motion>(i);
  }
  return std::nullopt;
}

bool motion_travels(Motion m) {
  switch (m) {
    case Motion::Walk:
    case Motion::Run:
    case Motion::Thrust:
    case Motion::Leap:
    case Motion::Fall:
      return true;
    default:
      return false;
  }
}

}  // namespace spear::rig
