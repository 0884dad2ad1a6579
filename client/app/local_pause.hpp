#pragma once
// A pause that pauses (client.md "A polite loop"): in local play the window going to the
// background (SFML reports minimizing as a focus loss too), P, and a reduced-motion start pause
// the match itself — the embedded server stops stepping (bots too) and the session's time stands
// still for the same span, so on resume nothing jumps and nobody times out. Online the world
// cannot stop: a focus loss parks the player's runner on the server instead
// (ClientSession::set_away), and P outside the lab does nothing.
#include <optional>
#include <string>

#include "app/embedded_server.hpp"
#include "core/client_session.hpp"

namespace spear::client {

class LocalPause {
 public:
  // `server`: the embedded server, nullptr online.
  LocalPause(EmbeddedServer* server, ClientSession& session) : server_(server), session_(session) {}

  bool local() const { return server_ != nullptr; }
  // Reduced motion: paused from the start on one static frame until P or Space.
  void start_paused(double now);
  // Local play's start: once a frame shows the own runner (its first steps: the match runs until
  // then, or nothing could be shown), the match is held still (paused, the bots too) for
  // `seconds` in the window's foreground while the screen counts 3-2-1; then it runs on. P or
  // Space during the count starts the run at once.
  void start_countdown(double seconds, double now);
  // Each frame, at wall time `now`: `runner_shown` when the frame shows the own runner. Counts
  // down (not while the window is in the background) and lets the match run at the end.
  void tick(bool runner_shown, double now);
  // Counting down (or waiting for the runner to count down for).
  bool counting() const { return count_.has_value(); }
  // Whole seconds still to count, 1..; 0 when not counting, or not begun (no runner yet).
  int count_left() const;
  // The window's focus (or a scripted FocusLost / FocusGained) at wall time `now`.
  void on_focus(bool focused, double now);
  // P outside the lab, or P / Space while paused.
  void toggle(double now);

  bool paused() const { return focus_ || player_ || (count_ && count_->last); }
  // What the screen says under "paused": how to resume.
  std::string detail() const;

 private:
  void apply(double now);

  EmbeddedServer* server_;
  ClientSession& session_;
  bool focus_ = false;     // paused because the window is in the background
  bool player_ = false;    // paused by P (or the reduced-motion start)
  bool starting_ = false;  // the reduced-motion start: the run has not begun yet
  struct Count {
    double left = 0.0;           // seconds
    std::optional<double> last;  // wall time of the last tick since the runner showed
  };
  std::optional<Count> count_;
};

}  // namespace spear::client
