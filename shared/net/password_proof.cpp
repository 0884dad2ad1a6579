#include "net/password_proof.hpp"

#include <sodium.h>

#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>

#include "net/protocol.hpp"

namespace spear::net {
namespace {

// Argon2id, 2 passes over 16 MiB: tens of milliseconds for a joining client, once.
constexpr unsigned long long kPasswordOps = 2;
constexpr std::size_t kPasswordMemory = std::size_t{16} << 20;
constexpr std::size_t kRemembered = 8;

PasswordKey stretch(std::string_view password, const PublicKey& server_key) {
  PasswordKey key{};
  if (password.empty()) return key;
  static_assert(crypto_pwhash_SALTBYTES == 16);
  // Salt: BLAKE2b-128 of "spear-run join password" and the server's public key.
  static constexpr std::string_view kContext = "spear-run join password";
  std::array<std::uint8_t, crypto_pwhash_SALTBYTES> salt{};
  crypto_generichash_state state;
  crypto_generichash_init(&state, nullptr, 0, salt.size());
  crypto_generichash_update(&state, reinterpret_cast<const unsigned char*>(kContext.data()),
                            kContext.size());
  crypto_generichash_update(&state, server_key.data(), server_key.size());
  crypto_generichash_final(&state, salt.data(), salt.size());
  if (crypto_pwhash(key.data(), key.size(), password.data(), password.size(), salt.data(),
                    kPasswordOps, kPasswordMemory, crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("not enough memory to stretch the join password");
  return key;
}

constexpr std::size_t kCookieBytes = std::tuple_size_v<Cookie>;

std::array<std::uint8_t, kCookieBytes + 32 + 32> proof_message(const Cookie& cookie,
                                                               const PublicKey& client,
                                                               const PublicKey& server) {
  std::array<std::uint8_t, kCookieBytes + 32 + 32> m{};
  std::copy(cookie.begin(), cookie.end(), m.begin());
  std::copy(client.begin(), client.end(), m.begin() + kCookieBytes);
  std::copy(server.begin(), server.end(), m.begin() + kCookieBytes + 32);
  return m;
}

}  // namespace

PasswordKey derive_password_key(std::string_view password, const PublicKey& server_key) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  if (password.size() > kMaxPasswordBytes) password = password.substr(0, kMaxPasswordBytes);
  struct Remembered {
    std::string password;
    PublicKey server;
    PasswordKey key;
  };
  static std::mutex mutex;
  static std::deque<Remembered> remembered;
  {
    const std::lock_guard lock(mutex);
    for (const Remembered& r : remembered)
      if (r.server == server_key && r.password == password) return r.key;
  }
  const PasswordKey key = stretch(password, server_key);
  const std::lock_guard lock(mutex);
  remembered.push_back({std::string(password), server_key, key});
  if (remembered.size() > kRemembered) {
    sodium_memzero(remembered.front().password.data(), remembered.front().password.size());
    remembered.pop_front();
  }
  return key;
}

PasswordProof make_password_proof(const PasswordKey& key, const Cookie& cookie,
                                  const PublicKey& client_key, const PublicKey& server_key) {
  const auto message = proof_message(cookie, client_key, server_key);
  PasswordProof out{};
  crypto_generichash(out.data(), out.size(), message.data(), message.size(), key.data(),
                     key.size());
  return out;
}

bool check_password_proof(const PasswordProof& proof, const PasswordKey& key, const Cookie& cookie,
                          const PublicKey& client_key, const PublicKey& server_key) {
  const PasswordProof expected = make_password_proof(key, cookie, client_key, server_key);
  return crypto_verify_16(proof.data(), expected.data()) == 0;
}

}  // namespace spear::net
