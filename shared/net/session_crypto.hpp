#pragma once
// Sealed sessions (PROTOCOL.md "Sealed sessions"): the handshake exchanges X25519 keys (libsodium
// crypto_kx: the client's is fresh for each connection, the server's lasts, see --key-file), and
// from the Welcome on every datagram of the session is sealed with ChaCha20-Poly1305 (IETF), the
// datagram's sequence in the nonce and one key per direction. An observer reads no input and no
// snapshot, and a datagram that anyone without the keys made or changed does not open.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "net/messages.hpp"
#include "net/protocol.hpp"

namespace spear::net {

using SecretKey = std::array<std::uint8_t, 32>;
using SymmetricKey = std::array<std::uint8_t, 32>;

struct KeyPair {
  PublicKey public_key{};
  SecretKey secret_key{};
  static KeyPair generate();
  // The pair of a stored secret key (its public key is computed from it).
  static KeyPair from_secret(const SecretKey& secret);
};

// One key for each direction: rx opens what the other side sealed with its tx.
struct SessionKeys {
  SymmetricKey rx{};
  SymmetricKey tx{};
};
// A session's keys: the key exchange's, each hashed with the Challenge's cookie (keyed BLAKE2b),
// whose first half is fresh server randomness, so that no two sessions share keys even when a
// client key comes again (a recorded Response replayed). None when the other side's public key
// is unusable (a low-order point).
std::optional<SessionKeys> client_session_keys(const KeyPair& client, const PublicKey& server,
                                               const Cookie& cookie);
std::optional<SessionKeys> server_session_keys(const KeyPair& server, const PublicKey& client,
                                               const Cookie& cookie);

// A sealed datagram: sequence (uint32 little-endian), the identifier "SPRS", the sealed Packet
// buffer, the 16-byte tag. Plain datagrams (the handshake) carry "SPR1" at the same place.
inline constexpr char kSealedIdentifier[] = "SPRS";
inline constexpr std::size_t kSealedHeaderBytes = 8;
inline constexpr std::size_t kSealedTagBytes = 16;
inline constexpr std::size_t kSealedOverheadBytes = kSealedHeaderBytes + kSealedTagBytes;
// The largest Packet buffer that still fits a sealed datagram.
inline constexpr std::size_t kMaxSealedPacketBytes = kMaxDatagramBytes - kSealedOverheadBytes;

// A session's datagrams are numbered 1 .. kMaxSessionSequence − 1 (over a year at 60 a second); a
// session that got there sends nothing more (a nonce never repeats) and ends by timing out.
// Sealed Refusals (to a Response whose keys made no session) are numbered from
// kMaxSessionSequence up, so that they never share a nonce with a session's datagrams.
inline constexpr Sequence kMaxSessionSequence = Sequence{1} << 31;

bool is_sealed(std::span<const std::uint8_t> datagram);
// Seals one Packet buffer (its own sequence and key left 0) as datagram number `sequence` of
// this direction. A sequence must never repeat under one key.
std::vector<std::uint8_t> seal_datagram(const SymmetricKey& tx, Sequence sequence,
                                        std::span<const std::uint8_t> packet);
// Opens a sealed datagram: false when it is not one, or does not open under `rx` (forged,
// changed, sealed for another session or another protocol version).
[[nodiscard]] bool open_datagram(const SymmetricKey& rx, std::span<const std::uint8_t> datagram,
                                 Sequence& sequence, std::vector<std::uint8_t>& packet);

// What a Response carries sealed (net::Response::sealed): the player's choices and the proof
// that it knows the join password. Under the client's tx key, with a nonce from the cookie.
struct ResponseSecret {
  Role role = Role::Player;
  std::string name;  // ≤ kMaxResponseNameBytes
  PasswordProof password_proof{};
};
std::vector<std::uint8_t> seal_response(const SymmetricKey& tx, const Cookie& cookie,
                                        const PublicKey& client_key, const ResponseSecret& secret);
[[nodiscard]] bool open_response(const SymmetricKey& rx, const Cookie& cookie,
                                 const PublicKey& client_key, std::span<const std::uint8_t> sealed,
                                 ResponseSecret& out);
// Sizes of a Response's sealed secret: role, proof, a name of 0..kMaxResponseNameBytes, the tag.
inline constexpr std::size_t kMinResponseSealedBytes = 1 + sizeof(PasswordProof) + kSealedTagBytes;
inline constexpr std::size_t kMaxResponseSealedBytes =
    kMinResponseSealedBytes + kMaxResponseNameBytes;

// 64 lower-case hex digits, as the server prints its key and --server-key takes it.
std::string key_to_hex(std::span<const std::uint8_t, 32> key);
std::optional<PublicKey> key_from_hex(std::string_view hex);

}  // namespace spear::net
