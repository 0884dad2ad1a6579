#pragma once
// Packet <-> bytes, the one place FlatBuffers is read or written (schemas/spear.fbs).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "net/messages.hpp"

namespace spear::net {

enum class DecodeError : std::uint8_t {
  None,
  TooShort,        // fewer than kMinDatagramBytes
  TooLarge,        // more than kMaxDatagramBytes
  BadIdentifier,   // not a Spear Run datagram
  VerifyFailed,    // flatbuffers::Verifier refused the buffer
  WrongVersion,    // verified, but another protocol version
  UnknownMessage,  // no or unknown message in the union
  BadField,        // a field out of range (enum value, count, string length, ...)
  Count
};

// Stable lower-case names for logs and metrics labels ("too_short", "verify_failed", ...).
std::string_view decode_error_name(DecodeError e);

// Encodes a packet. Hello is padded to kHelloBytes. Strings longer than their cap are cut at
// the cap. The result may exceed kMaxDatagramBytes only if the caller put too much in a
// snapshot (SnapshotEncoder never does); check with fits_datagram().
std::vector<std::uint8_t> encode_packet(const Packet& packet);

inline bool fits_datagram(std::span<const std::uint8_t> bytes) {
  return bytes.size() <= kMaxDatagramBytes;
}

// Verifies and decodes one datagram. On any error, returns it and leaves `out` unspecified;
// never throws, never reads outside `bytes`, allocates at most O(bytes.size()).
[[nodiscard]] DecodeError decode_packet(std::span<const std::uint8_t> bytes, Packet& out);

// For version refusals: the protocol version of a verified buffer, or 0 if it does not verify.
std::uint16_t peek_protocol_version(std::span<const std::uint8_t> bytes);

// libFuzzer entry point for the datagram decoder (call from LLVMFuzzerTestOneInput).
int fuzz_decode_packet(const std::uint8_t* data, std::size_t size);

}  // namespace spear::net
