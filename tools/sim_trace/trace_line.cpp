#include "trace_line.hpp"

#include <cmath>

namespace spear::tools {

namespace {

using json = nlohmann::ordered_json;

// Three decimals are enough for anyone reading a trace and keep the lines short.
double r3(double v) {
  const double r = std::isfinite(v) ? std::round(v * 1000.0) / 1000.0 : 0.0;
  return r == 0.0 ? 0.0 : r;  // no "-0.0"
}

json event(const char* type, std::uint32_t obstacle) {
  return json{{"type", type}, {"obstacle", obstacle}};
}

}  // namespace

const char* mode_name(const sim::RunnerState& s) {
  switch (s.mode) {
    case sim::RunnerMode::Running:
      return s.rig.thrust_time >= 0.f ? "thrusting" : "running";
    case sim::RunnerMode::Leaping:
      return "jumping";
    case sim::RunnerMode::Falling:
      return "falling";
    case sim::RunnerMode::Down:
      return "down";
    case sim::RunnerMode::Lab:
      return "lab";
    case sim::RunnerMode::Parked:
      return "parked";
    case sim::RunnerMode::Countdown:
      return "countdown";
  }
  return "?";
}

nlohmann::ordered_json trace_line(sim::Tick tick, double tick_rate, const sim::RunnerState& s,
                                  const sim::RunnerEvents& ev, const sim::Course& course) {
  json line;
  line["tick"] = tick;
  line["t"] = r3(static_cast<double>(tick) / tick_rate);
  line["x"] = r3(s.distance);
  line["mode"] = mode_name(s);
  line["pace"] = static_cast<int>(s.pace);
  line["head_r"] = r3(s.pose.head_r);
  json joints = json::object();
  for (std::size_t i = 0; i < rig::kJointCount; ++i) {
    const rig::Vec2 p = s.pose.joints[i];
    joints[std::string(rig::joint_name(static_cast<rig::Joint>(i)))] =
        json::array({r3(s.distance + static_cast<double>(p.x)), r3(p.y)});
  }
  line["joints"] = std::move(joints);
  json obstacles = json::array();
  const double from = std::max(0.0, s.distance - kObstacleRange);
  for (const sim::Obstacle& o : course.obstacles_in(from, s.distance + kObstacleRange)) {
    const bool hurdle = o.kind == sim::ObstacleKind::Hurdle;
    const bool down = sim::obstacle_down(s, o.index);
    obstacles.push_back(json{{"id", o.index},
                             {"kind", hurdle ? "hurdle" : "target"},
                             {"x0", r3(o.x)},
                             {"x1", r3(o.far_x())},
                             {"top", r3(-static_cast<double>(o.height))},
                             {"state", !down ? "standing" : (hurdle ? "toppled" : "broken")}});
  }
  line["obstacles"] = std::move(obstacles);
  json events = json::array();
  if (ev.cleared != sim::kNoObstacle) events.push_back(event("clear", ev.cleared));
  if (ev.broke_target) events.push_back(event("break", ev.obstacle));
  if (ev.paced) {
    events.push_back(json{{"type", "pace"},
                          {"grade", static_cast<int>(ev.grade)},
                          {"earned", static_cast<int>(ev.earned_pace)},
                          {"pace", static_cast<int>(s.pace)}});
  }
  if (ev.crashed) {
    json e = event("crash", ev.obstacle);
    e["part"] = std::string(sim::body_part_name(ev.crash_part));
    events.push_back(std::move(e));
  }
  line["events"] = std::move(events);
  return line;
}

}  // namespace spear::tools
