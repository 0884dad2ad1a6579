#include "net/password_proof.hpp"

#include <sodium.h>

#include "net/protocol.hpp"

namespace spear::net {

PasswordProof make_password_proof(const Cookie& cookie, std::string_view password) {
  // BLAKE2b keys are at most 64 bytes (kMaxPasswordBytes); an empty password means "no key".
  if (password.size() > kMaxPasswordBytes) password = password.substr(0, kMaxPasswordBytes);
  PasswordProof out{};
  crypto_generichash(out.data(), out.size(), cookie.data(), cookie.size(),
                     reinterpret_cast<const unsigned char*>(password.data()), password.size());
  return out;
}

bool check_password_proof(const PasswordProof& proof, const Cookie& cookie,
                          std::string_view password) {
  const PasswordProof expected = make_password_proof(cookie, password);
  return crypto_verify_16(proof.data(), expected.data()) == 0;
}

}  // namespace spear::net
