#pragma once
// The join password never travels: the client sends a keyed hash of the cookie under the
// password (BLAKE2b), so a proof is bound to one address and window and cannot be reused.
#include <string_view>

#include "net/messages.hpp"

namespace spear::net {

PasswordProof make_password_proof(const Cookie& cookie, std::string_view password);
// Constant-time check of a received proof.
bool check_password_proof(const PasswordProof& proof, const Cookie& cookie,
                          std::string_view password);

}  // namespace spear::net
