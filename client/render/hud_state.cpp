#include "render/hud_state.hpp"

namespace spear::client {

std::string_view state_message_text(StateMessage m) {
  switch (m) {
    case StateMessage::None:
      return "";
    case StateMessage::Connecting:
      return "connecting\u2026";
    case StateMessage::ServerFull:
      return "server full";
    case StateMessage::WrongPassword:
      return "wrong password";
    case StateMessage::ConnectionLost:
      return "connection lost";
    case StateMessage::PressSpaceToRun:
      return "press Space to run again";
    case StateMessage::Paused:
      return "paused";
    case StateMessage::Custom:
      return "";
  }
  return "";
}

std::string_view message_headline(const HudState& hud) {
  return hud.message == StateMessage::Custom ? std::string_view(hud.message_headline)
                                             : state_message_text(hud.message);
}

}  // namespace spear::client
