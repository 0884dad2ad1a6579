#include "frame_json.hpp"

#include <cmath>
#include <cstdio>

namespace spear::tools {

namespace {

void num(std::string& out, double v, int decimals) {
  if (!std::isfinite(v)) v = 0.0;  // JSON has no NaN; the rig never makes one
  char buf[48];
  const int n = std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  out.append(buf, static_cast<std::size_t>(n));
}

void point(std::string& out, rig::Vec2 p) {
  out += '[';
  num(out, p.x, 3);
  out += ',';
  num(out, p.y, 3);
  out += ']';
}

}  // namespace

void append_frame_json(const DumpFrame& f, std::string& out) {
  out += "{\"t\":";
  num(out, f.t, 4);
  out += ",\"motion\":\"";
  out += rig::motion_name(f.motion);
  out += "\",\"scroll\":";
  num(out, f.scroll, 3);
  out += ",\"sx\":";
  num(out, f.pose.sx, 4);
  out += ",\"sy\":";
  num(out, f.pose.sy, 4);
  out += ",\"head_r\":";
  num(out, f.pose.head_r, 3);
  out += ",\"head_spring\":";
  point(out, f.secondary.head);
  out += ",\"joints\":{";
  for (std::size_t i = 0; i < rig::kJointCount; ++i) {
    const auto j = static_cast<rig::Joint>(i);
    out += '"';
    out += rig::joint_name(j);
    out += "\":";
    point(out, f.pose.joints[i]);
    out += ',';
  }
  out += "\"hair\":[";
  for (std::size_t i = 0; i < f.secondary.hair.size(); ++i) {
    if (i > 0) out += ',';
    point(out, f.secondary.hair[i]);
  }
  out += "]},\"contact\":{\"foot_near\":";
  out += f.pose.contact_near ? "true" : "false";
  out += ",\"foot_far\":";
  out += f.pose.contact_far ? "true" : "false";
  out += "}}\n";
}

}  // namespace spear::tools
