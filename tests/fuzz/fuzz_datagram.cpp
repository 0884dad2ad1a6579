// libFuzzer target: the datagram decoder every peer runs on every received buffer
// (flatbuffers::Verifier, then the field checks of net/codec.hpp).
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "net/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace spear::net;
  (void)fuzz_decode_packet(data, size);

  Packet packet;
  if (decode_packet({data, size}, packet) != DecodeError::None) return 0;
  // Whatever decodes must encode to a buffer that decodes again, and encoding is then a fixed
  // point (a re-encoded buffer may be laid out larger than a hand-packed one: TooLarge is fine).
  const auto encoded = encode_packet(packet);
  Packet again;
  const DecodeError e = decode_packet(encoded, again);
  if (e == DecodeError::TooLarge) return 0;
  if (e != DecodeError::None) {
    std::fprintf(stderr, "re-encoded packet does not decode: %s\n",
                 std::string(decode_error_name(e)).c_str());
    std::abort();
  }
  if (encode_packet(again) != encoded) {
    std::fprintf(stderr, "encode(decode(encode(p))) differs from encode(p)\n");
    std::abort();
  }
  return 0;
}
