#include "net/secure_random.hpp"

#include <sodium.h>

#include <stdexcept>

namespace spear::net {
namespace {
void ensure_sodium() {
  // sodium_init is thread-safe and idempotent; < 0 means no usable entropy source.
  static const int status = sodium_init();
  if (status < 0) throw std::runtime_error("libsodium could not be initialised");
}
}  // namespace

void secure_random_bytes(std::span<std::uint8_t> out) {
  ensure_sodium();
  randombytes_buf(out.data(), out.size());
}

SessionKey random_session_key() {
  SessionKey key = 0;
  while (key == 0) {
    std::uint8_t b[sizeof key];
    secure_random_bytes(b);
    for (std::uint8_t byte : b) key = (key << 8) | byte;
  }
  return key;
}

}  // namespace spear::net
