#pragma once
// Randomness for keys and secrets (libsodium randombytes; initialises libsodium once).
#include <cstdint>
#include <span>

#include "net/protocol.hpp"

namespace spear::net {

void secure_random_bytes(std::span<std::uint8_t> out);
SessionKey random_session_key();  // never 0

}  // namespace spear::net
