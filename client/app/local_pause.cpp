#include "app/local_pause.hpp"

#include <algorithm>
#include <cmath>

namespace spear::client {

void LocalPause::start_paused(double now) {
  if (!local()) return;
  player_ = starting_ = true;
  apply(now);
}

void LocalPause::start_countdown(double seconds, double now) {
  if (!local() || !(seconds > 0.0)) return;
  count_ = Count{seconds, std::nullopt};  // the match runs until the runner is on screen
  apply(now);
}

void LocalPause::tick(bool runner_shown, double now) {
  if (!count_) return;
  if (!count_->last) {
    // The count begins with the runner on screen: until then the session's clock runs, so its
    // first snapshots can be shown (a match paused from the first tick would show nothing).
    if (!runner_shown) return;
    count_->last = now;
    apply(now);
    return;
  }
  if (!focus_) count_->left -= std::max(0.0, now - *count_->last);
  count_->last = now;
  if (count_->left <= 0.0) {
    count_.reset();
    apply(now);
  }
}

int LocalPause::count_left() const {
  if (!count_ || !count_->last) return 0;
  return std::max(1, static_cast<int>(std::ceil(count_->left - 1e-9)));
}

void LocalPause::on_focus(bool focused, double now) {
  if (!local()) {
    session_.set_away(!focused);  // online: the server parks the runner instead
    return;
  }
  focus_ = !focused;
  apply(now);
}

void LocalPause::toggle(double now) {
  if (!local()) return;
  if (count_) {
    count_.reset();  // the run starts now
  } else if (player_) {
    player_ = starting_ = false;  // resume (a background window still holds its own pause)
  } else if (!focus_) {
    player_ = true;
  }
  apply(now);
}

std::string LocalPause::detail() const {
  if (starting_ && player_) return "reduced motion  ·  P or Space to start";
  if (focus_) return "window in the background  ·  back to it to resume";
  return "P or Space to resume";
}

void LocalPause::apply(double now) {
  // The server first: the session's clock stops for the same span, so their offset holds.
  server_->set_paused(paused());
  session_.set_paused(paused(), now);
}

}  // namespace spear::client
