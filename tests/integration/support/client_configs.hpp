#pragma once
// The client configurations the integration tests join with: a player (with the server's
// password, if any) and a spectator.
#include <string>
#include <utility>

#include "net/client_connection.hpp"

namespace spear::test {

inline net::ClientConfig player(std::string name = "ada", std::string password = "") {
  net::ClientConfig c;
  c.role = net::Role::Player;
  c.name = std::move(name);
  c.password = std::move(password);
  return c;
}

inline net::ClientConfig spectator(std::string name = "eve") {
  net::ClientConfig c;
  c.role = net::Role::Spectator;
  c.name = std::move(name);
  return c;
}

}  // namespace spear::test
