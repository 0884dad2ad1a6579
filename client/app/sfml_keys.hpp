#pragma once
// SFML's key codes to the client's keys.
#include <SFML/Window/Keyboard.hpp>
#include <optional>

#include "core/key.hpp"

namespace spear::client {

std::optional<Key> key_from_sfml(sf::Keyboard::Key code);

}  // namespace spear::client
