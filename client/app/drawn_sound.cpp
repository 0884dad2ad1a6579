#include "app/drawn_sound.hpp"

#include <vector>

namespace spear::client {

void sound_of_frame(audio::GameAudio& sound, double t, const FrameData& shown) {
  const FigureView* figure = nullptr;
  for (const FigureView& f : shown.figures)
    if (f.followed) figure = &f;
  if (!shown.has_followed || figure == nullptr) {
    sound.frame(t, nullptr, {});
    return;
  }
  RunnerView followed;  // what the sound reads of it: who, mode, the drawn pose, the speed
  followed.frame.id = static_cast<std::uint32_t>(figure->id);
  followed.frame.mode = shown.followed_mode;
  followed.frame.pose = figure->pose;
  followed.frame.speed = shown.hud.speed_mps * 10.f;  // m/s to units/s
  followed.frame.distance = shown.followed_distance;
  followed.followed = true;
  std::vector<ObstacleView> obstacles;
  obstacles.reserve(shown.obstacles.size());
  for (const SceneObstacle& o : shown.obstacles) {
    ObstacleView v;
    v.obstacle.index = o.id;
    v.obstacle.kind =
        o.kind == ObstacleKind::Hurdle ? sim::ObstacleKind::Hurdle : sim::ObstacleKind::Target;
    v.obstacle.x = o.x;
    v.obstacle.width = o.width;
    v.obstacle.height = o.height;
    v.broken = o.broken;
    v.broken_age = o.broken_age;
    obstacles.push_back(v);
  }
  sound.frame(t, &followed, obstacles);
}

}  // namespace spear::client
