#include "app/impact_presenter.hpp"

#include <algorithm>

namespace spear::client {

ImpactPresenter::ImpactPresenter(ImpactConfig config)
    : config_(config), history_(config.hit_stop.max_lag + 0.1), clock_(config.hit_stop) {}

const FrameData& ImpactPresenter::present(const FrameData& live, double now, double dt) {
  if (!config_.effects) {
    shown_ = live;
    for (SceneObstacle& o : shown_.obstacles)
      if (o.kind == ObstacleKind::Hurdle && o.broken)
        o.broken_age = std::max(o.broken_age, kHurdleTipSeconds);  // lying, no tipping motion
    return shown_;
  }
  history_.push(now, live);
  const double lag = clock_.advance(dt);
  const double display_t = now - lag;
  if (lag > 0.0)
    shown_ = history_.sample(display_t);
  else
    shown_ = live;
  if (effects_.observe(shown_, display_t, now)) clock_.trigger();
  effects_.decorate(shown_, display_t, now);
  if (!config_.kick) shown_.camera_offset = {};
  shown_.hit_stop = clock_.active() || lag > 0.0;
  return shown_;
}

}  // namespace spear::client
