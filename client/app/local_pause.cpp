#include "app/local_pause.hpp"

namespace spear::client {

void LocalPause::start_paused(double now) {
  if (!local()) return;
  player_ = starting_ = true;
  apply(now);
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
  if (player_) {
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
