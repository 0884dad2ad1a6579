#pragma once
// The join password never travels, and neither does anything a sniffer could test guesses
// against: the client proves it knows the password with a keyed hash that travels sealed inside
// the Response (net/session_crypto.hpp), bound to the cookie and to both sides' keys, so a proof
// is good for one handshake with one server. Its key is stretched from the password with
// Argon2id (salted with the server's public key), so that even an impostor who answered a
// client that gave no --server-key tests guesses slowly.
#include <array>
#include <cstdint>
#include <string_view>

#include "net/messages.hpp"

namespace spear::net {

using PasswordKey = std::array<std::uint8_t, 32>;

// The key of `password` for the server whose public key is `server_key` (≤ kMaxPasswordBytes
// are used). An empty password (a server without one) is a fixed key with no stretching: there is
// nothing to protect. The stretching takes some tens of milliseconds; results are remembered for
// the last few (password, server) pairs, so a process that joins one server many times pays once.
PasswordKey derive_password_key(std::string_view password, const PublicKey& server_key);

PasswordProof make_password_proof(const PasswordKey& key, const Cookie& cookie,
                                  const PublicKey& client_key, const PublicKey& server_key);
// Constant-time check of a received proof.
bool check_password_proof(const PasswordProof& proof, const PasswordKey& key, const Cookie& cookie,
                          const PublicKey& client_key, const PublicKey& server_key);

}  // namespace spear::net
