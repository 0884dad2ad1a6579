#pragma once
// A pause that pauses (client.md "A polite loop"): in local play the window going to the
// background (SFML reports minimizing as a focus loss too), P, and a reduced-motion start pause
// the match itself — the embedded server stops stepping (bots too) and the session's time stands
// still for the same span, so on resume nothing jumps and nobody times out. Online the world
// cannot stop: a focus loss parks the player's runner on the server instead
// (ClientSession::set_away), and P outside the lab does nothing.
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
  // The window's focus (or a scripted FocusLost / FocusGained) at wall time `now`.
  void on_focus(bool focused, double now);
  // P outside the lab, or P / Space while paused.
  void toggle(double now);

  bool paused() const { return focus_ || player_; }
  // What the screen says under "paused": how to resume.
  std::string detail() const;

 private:
  void apply(double now);

  EmbeddedServer* server_;
  ClientSession& session_;
  bool focus_ = false;     // paused because the window is in the background
  bool player_ = false;    // paused by P (or the reduced-motion start)
  bool starting_ = false;  // the reduced-motion start: the run has not begun yet
};

}  // namespace spear::client
