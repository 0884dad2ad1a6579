// libFuzzer target: the client's handler for server datagrams once connected (the seal and
// replay checks, snapshot delta decode against the acknowledged baseline, roster and own-runner
// state), the path every snapshot from the network takes. The input is the Packet a hostile
// server seals (it holds the session's keys); it is also delivered as it is (unsealed).
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz_fixture.hpp"
#include "net/client_connection.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace spear::net;
  static const spear::fuzz::ConnectedClient primed = spear::fuzz::connected_client();
  ClientConnection client = primed.connection;
  const auto sealed = seal_datagram(primed.server_keys.tx, 1000, {data, size});
  client.receive({data, size}, 0.04);
  client.receive(sealed, 0.05);
  (void)client.poll(0.06);
  for (const Snapshot& s : client.take_snapshots()) {
    if (s.runners.size() > kMaxRunnersPerSnapshot) {
      std::fprintf(stderr, "snapshot with %zu runners\n", s.runners.size());
      std::abort();
    }
  }
  // A second copy of the same datagram is a replay or a duplicate: it changes nothing visible.
  const auto before = client.stats().snapshots;
  client.receive(sealed, 0.07);
  if (client.stats().snapshots != before) {
    std::fprintf(stderr, "the same datagram decoded twice\n");
    std::abort();
  }
  return 0;
}
