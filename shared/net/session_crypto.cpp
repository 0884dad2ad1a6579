#include "net/session_crypto.hpp"

#include <sodium.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace spear::net {
namespace {

static_assert(crypto_kx_PUBLICKEYBYTES == 32 && crypto_kx_SECRETKEYBYTES == 32);
static_assert(crypto_kx_SESSIONKEYBYTES == 32);
static_assert(crypto_aead_chacha20poly1305_ietf_KEYBYTES == 32);
static_assert(crypto_aead_chacha20poly1305_ietf_NPUBBYTES == 12);
static_assert(crypto_aead_chacha20poly1305_ietf_ABYTES == kSealedTagBytes);

void init_sodium() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
}

using Nonce = std::array<std::uint8_t, 12>;

// Datagrams: 4 zero bytes, then the sequence as 8 bytes little-endian.
Nonce datagram_nonce(Sequence sequence) {
  Nonce n{};
  for (int i = 0; i < 4; ++i) n[4 + i] = static_cast<std::uint8_t>(sequence >> (8 * i));
  return n;
}

// A Response's secret: 1, 0, 0, 0, then the first 8 bytes of its cookie (a new cookie, a new
// nonce; never one of a datagram's, whose first byte is 0).
Nonce response_nonce(const Cookie& cookie) {
  Nonce n{};
  n[0] = 1;
  std::copy_n(cookie.begin(), 8, n.begin() + 4);
  return n;
}

void put_version(std::uint8_t* out) {
  out[0] = static_cast<std::uint8_t>(kProtocolVersion & 0xff);
  out[1] = static_cast<std::uint8_t>(kProtocolVersion >> 8);
}

}  // namespace

KeyPair KeyPair::generate() {
  init_sodium();
  KeyPair k;
  crypto_kx_keypair(k.public_key.data(), k.secret_key.data());
  return k;
}

KeyPair KeyPair::from_secret(const SecretKey& secret) {
  init_sodium();
  KeyPair k;
  k.secret_key = secret;
  crypto_scalarmult_base(k.public_key.data(), k.secret_key.data());
  return k;
}

namespace {
// BLAKE2b-256 keyed with an exchanged key, over "spear-run session key" and the cookie.
void freshen(SymmetricKey& key, const Cookie& cookie) {
  static constexpr char kLabel[] = "spear-run session key";
  std::array<std::uint8_t, sizeof kLabel - 1 + std::tuple_size_v<Cookie>> msg{};
  std::memcpy(msg.data(), kLabel, sizeof kLabel - 1);
  std::copy(cookie.begin(), cookie.end(), msg.begin() + sizeof kLabel - 1);
  SymmetricKey out{};
  crypto_generichash(out.data(), out.size(), msg.data(), msg.size(), key.data(), key.size());
  key = out;
}
}  // namespace

std::optional<SessionKeys> client_session_keys(const KeyPair& client, const PublicKey& server,
                                               const Cookie& cookie) {
  init_sodium();
  SessionKeys k;
  if (crypto_kx_client_session_keys(k.rx.data(), k.tx.data(), client.public_key.data(),
                                    client.secret_key.data(), server.data()) != 0)
    return std::nullopt;
  freshen(k.rx, cookie);
  freshen(k.tx, cookie);
  return k;
}

std::optional<SessionKeys> server_session_keys(const KeyPair& server, const PublicKey& client,
                                               const Cookie& cookie) {
  init_sodium();
  SessionKeys k;
  if (crypto_kx_server_session_keys(k.rx.data(), k.tx.data(), server.public_key.data(),
                                    server.secret_key.data(), client.data()) != 0)
    return std::nullopt;
  freshen(k.rx, cookie);
  freshen(k.tx, cookie);
  return k;
}

bool is_sealed(std::span<const std::uint8_t> datagram) {
  return datagram.size() >= kSealedOverheadBytes &&
         std::memcmp(datagram.data() + 4, kSealedIdentifier, 4) == 0;
}

std::vector<std::uint8_t> seal_datagram(const SymmetricKey& tx, Sequence sequence,
                                        std::span<const std::uint8_t> packet) {
  std::vector<std::uint8_t> out(kSealedHeaderBytes + packet.size() + kSealedTagBytes);
  for (int i = 0; i < 4; ++i) out[i] = static_cast<std::uint8_t>(sequence >> (8 * i));
  std::memcpy(out.data() + 4, kSealedIdentifier, 4);
  // Additional data: the header and the protocol version (another version never opens).
  std::uint8_t ad[kSealedHeaderBytes + 2];
  std::memcpy(ad, out.data(), kSealedHeaderBytes);
  put_version(ad + kSealedHeaderBytes);
  const Nonce nonce = datagram_nonce(sequence);
  unsigned long long written = 0;
  crypto_aead_chacha20poly1305_ietf_encrypt(out.data() + kSealedHeaderBytes, &written,
                                            packet.data(), packet.size(), ad, sizeof ad, nullptr,
                                            nonce.data(), tx.data());
  out.resize(kSealedHeaderBytes + static_cast<std::size_t>(written));
  return out;
}

bool open_datagram(const SymmetricKey& rx, std::span<const std::uint8_t> datagram,
                   Sequence& sequence, std::vector<std::uint8_t>& packet) {
  if (!is_sealed(datagram) || datagram.size() > kMaxDatagramBytes) return false;
  Sequence seq = 0;
  for (int i = 0; i < 4; ++i) seq |= static_cast<Sequence>(datagram[i]) << (8 * i);
  std::uint8_t ad[kSealedHeaderBytes + 2];
  std::memcpy(ad, datagram.data(), kSealedHeaderBytes);
  put_version(ad + kSealedHeaderBytes);
  const Nonce nonce = datagram_nonce(seq);
  const std::size_t sealed = datagram.size() - kSealedHeaderBytes;
  packet.resize(sealed - kSealedTagBytes);
  unsigned long long written = 0;
  if (crypto_aead_chacha20poly1305_ietf_decrypt(packet.data(), &written, nullptr,
                                                datagram.data() + kSealedHeaderBytes, sealed, ad,
                                                sizeof ad, nonce.data(), rx.data()) != 0) {
    packet.clear();
    return false;
  }
  packet.resize(static_cast<std::size_t>(written));
  sequence = seq;
  return true;
}

namespace {
// Additional data of a Response's secret: the cookie, the client's key and the version.
constexpr std::size_t kCookieBytes = std::tuple_size_v<Cookie>;
std::array<std::uint8_t, kCookieBytes + 32 + 2> response_ad(const Cookie& cookie,
                                                            const PublicKey& client) {
  std::array<std::uint8_t, kCookieBytes + 32 + 2> ad{};
  std::copy(cookie.begin(), cookie.end(), ad.begin());
  std::copy(client.begin(), client.end(), ad.begin() + kCookieBytes);
  put_version(ad.data() + kCookieBytes + 32);
  return ad;
}
}  // namespace

std::vector<std::uint8_t> seal_response(const SymmetricKey& tx, const Cookie& cookie,
                                        const PublicKey& client_key, const ResponseSecret& secret) {
  // role (1 byte), password proof (16), name (the rest, ≤ kMaxResponseNameBytes).
  std::vector<std::uint8_t> plain;
  plain.push_back(static_cast<std::uint8_t>(secret.role));
  plain.insert(plain.end(), secret.password_proof.begin(), secret.password_proof.end());
  const std::size_t name = std::min(secret.name.size(), kMaxResponseNameBytes);
  plain.insert(plain.end(), secret.name.begin(),
               secret.name.begin() + static_cast<std::ptrdiff_t>(name));
  const auto ad = response_ad(cookie, client_key);
  const Nonce nonce = response_nonce(cookie);
  std::vector<std::uint8_t> out(plain.size() + kSealedTagBytes);
  unsigned long long written = 0;
  crypto_aead_chacha20poly1305_ietf_encrypt(out.data(), &written, plain.data(), plain.size(),
                                            ad.data(), ad.size(), nullptr, nonce.data(), tx.data());
  out.resize(static_cast<std::size_t>(written));
  return out;
}

bool open_response(const SymmetricKey& rx, const Cookie& cookie, const PublicKey& client_key,
                   std::span<const std::uint8_t> sealed, ResponseSecret& out) {
  constexpr std::size_t kFixed = 1 + sizeof(PasswordProof);
  if (sealed.size() < kFixed + kSealedTagBytes || sealed.size() > kMaxResponseSealedBytes)
    return false;
  const auto ad = response_ad(cookie, client_key);
  const Nonce nonce = response_nonce(cookie);
  std::vector<std::uint8_t> plain(sealed.size() - kSealedTagBytes);
  unsigned long long written = 0;
  if (crypto_aead_chacha20poly1305_ietf_decrypt(plain.data(), &written, nullptr, sealed.data(),
                                                sealed.size(), ad.data(), ad.size(), nonce.data(),
                                                rx.data()) != 0)
    return false;
  if (plain[0] > 1) return false;
  out.role = static_cast<Role>(plain[0]);
  std::copy_n(plain.begin() + 1, out.password_proof.size(), out.password_proof.begin());
  out.name.assign(plain.begin() + kFixed, plain.begin() + static_cast<std::ptrdiff_t>(written));
  return true;
}

std::string key_to_hex(std::span<const std::uint8_t, 32> key) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(64);
  for (std::uint8_t b : key) {
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 0xf]);
  }
  return out;
}

std::optional<PublicKey> key_from_hex(std::string_view hex) {
  if (hex.size() != 64) return std::nullopt;
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  PublicKey key{};
  for (std::size_t i = 0; i < 32; ++i) {
    const int hi = digit(hex[2 * i]);
    const int lo = digit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    key[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return key;
}

}  // namespace spear::net
