#include "frame_json.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace spear::tools {

namespace {

using Json = nlohmann::ordered_json;  // the fields in a fixed order, line after line

// Rounded to `decimals` places: the dump is for reading and diffing, not for bit-exactness.
double rounded(double v, int decimals) {
  if (!std::isfinite(v)) return 0.0;  // JSON has no NaN; the rig never makes one
  const double scale = std::pow(10.0, decimals);
  return std::round(v * scale) / scale;
}

Json point(rig::Vec2 p) { return Json::array({rounded(p.x, 3), rounded(p.y, 3)}); }

}  // namespace

void append_frame_json(const DumpFrame& f, std::string& out) {
  Json joints = Json::object();
  for (std::size_t i = 0; i < rig::kJointCount; ++i)
    joints[std::string(rig::joint_name(static_cast<rig::Joint>(i)))] = point(f.pose.joints[i]);
  Json hair = Json::array();
  for (const rig::Vec2& p : f.secondary.hair) hair.push_back(point(p));
  joints["hair"] = std::move(hair);
  const Json line{
      {"t", rounded(f.t, 4)},
      {"motion", std::string(rig::motion_name(f.motion))},
      {"scroll", rounded(f.scroll, 3)},
      {"sx", rounded(f.pose.sx, 4)},
      {"sy", rounded(f.pose.sy, 4)},
      {"head_r", rounded(f.pose.head_r, 3)},
      {"head_spring", point(f.secondary.head)},
      {"joints", std::move(joints)},
      {"contact", {{"foot_near", f.pose.contact_near}, {"foot_far", f.pose.contact_far}}}};
  out += line.dump();
  out += '\n';
}

}  // namespace spear::tools
