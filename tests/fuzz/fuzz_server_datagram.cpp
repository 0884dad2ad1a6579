// libFuzzer target: the server's datagram handler (SessionTable::receive) with a live session:
// cheap size checks, rate limits, the Verifier, the handshake, key, address and replay checks,
// inputs into the match, acks into the snapshot encoder.
#include <cstdint>

#include "server_fixture.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // A fresh server each run: the outcome depends on this input alone.
  spear::fuzz::ServerUnderFuzz server;
  server.feed({data, size});
  return 0;
}
