#pragma once
// Why the server threw a datagram away. Every drop is counted under exactly one reason; the
// counts go to the metrics endpoint, the periodic log line and the summary JSON.
#include <array>
#include <cstdint>
#include <string_view>

namespace spear::server {

enum class DropReason : std::uint8_t {
  TooSmall,        // shorter than any valid packet (dropped before the Verifier runs), or a
                   // Hello shorter than net::kHelloBytes
  TooLarge,        // longer than the 1200-byte payload limit
  Malformed,       // failed the FlatBuffers Verifier, the file identifier or field checks
  WrongVersion,    // a protocol version this server does not speak (non-Hello packets)
  RateLimited,     // over the per-address budget for handshakes or unknown-address datagrams
  BadCookie,       // a Response whose challenge cookie is forged, expired or for another address
  UnknownAddress,  // a session packet from an address and port that holds no session
  WrongKey,        // a session packet whose key is not the key of the session at that address
  Replayed,        // sequence number already seen or older than the replay window
  Unexpected,      // a message kind the server never receives (a snapshot, a welcome, ...)
  ShuttingDown,    // arrived while the server drains before exit
  Count
};
inline constexpr std::size_t kDropReasonCount = static_cast<std::size_t>(DropReason::Count);

// snake_case names used as metric labels and JSON keys: "too_small", "wrong_key", ...
std::string_view drop_reason_name(DropReason reason);

// Plain counters, one per reason; owned by the single thread that runs the server.
class DropCounters {
 public:
  void add(DropReason reason) { ++counts_[static_cast<std::size_t>(reason)]; }
  std::uint64_t count(DropReason reason) const { return counts_[static_cast<std::size_t>(reason)]; }
  std::uint64_t total() const;

 private:
  std::array<std::uint64_t, kDropReasonCount> counts_{};
};

}  // namespace spear::server
