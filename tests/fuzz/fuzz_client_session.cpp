// libFuzzer target: a whole client session fed by a hostile server. Everything the client does
// with what the network says — the handshake, snapshots into interpolation, the own-runner state
// into the prediction and its clock, the race status, rosters, broken obstacles, the follow,
// the instruments — from datagrams the input makes up (session_fixture.hpp: records of length,
// wait and bytes; the seed corpus is a real server's first seconds). The session must come
// back from every update (libFuzzer's -timeout catches a loop that never ends), and what it
// reports must stay within what it was given.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "core/client_session.hpp"
#include "session_fixture.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace spear;
  client::ClientSession session(fuzz::fuzzed_session_config());
  const double end = fuzz::feed_records(session, {data, size});
  const client::RunStats stats = session.stats(end);
  if (stats.snapshots_received > stats.datagrams_in) {
    std::fprintf(stderr, "%llu snapshots from %llu datagrams\n",
                 static_cast<unsigned long long>(stats.snapshots_received),
                 static_cast<unsigned long long>(stats.datagrams_in));
    std::abort();
  }
  client::Outbox out;
  session.quit(end, out);
  return 0;
}
