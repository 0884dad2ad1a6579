#pragma once
// Real protocol traffic for the fuzz targets and their seed corpus: a bot match stepped by the
// shared sim, its snapshots encoded by the server's SnapshotEncoder, and a client connection
// brought to the connected state by the same datagrams a server sends. The corpus generator and
// the targets share this file, so the corpus always matches what the targets are primed with.
#include <cstdint>
#include <string>
#include <vector>

#include "net/client_connection.hpp"
#include "net/messages.hpp"
#include "net/runner_block.hpp"
#include "net/session_crypto.hpp"

namespace spear::fuzz {

inline constexpr net::SessionKey kSessionKey = 0x5EA55EA5C0FFEE11ull;

// The fixture server's lasting key pair (a fixed secret): a hostile server holds its session
// keys, so the targets seal what the input makes up with them and reach the code behind the seal.
const net::KeyPair& server_key_pair();
inline constexpr std::uint64_t kMatchSeed = 20240611;
inline constexpr int kRunners = 8;
inline constexpr int kTicksPerSnapshot = 2;  // 60 Hz sim, 30 Hz snapshots

// Snapshots of an 8-runner bot match, one every kTicksPerSnapshot ticks from `first_tick`.
std::vector<net::Snapshot> match_snapshots(int count, net::Tick first_tick = 120);

// A named datagram of the corpus.
struct Datagram {
  std::string name;
  std::vector<std::uint8_t> bytes;
};

// What the server sends a client from its first datagram on: Challenge, Welcome, then
// snapshots (the first full, the rest delta-coded against the first, as after one ack), as
// plain Packet buffers: after the Challenge a server seals each (the targets do, with the keys).
struct ServerTraffic {
  std::vector<std::uint8_t> challenge;
  std::vector<std::uint8_t> welcome;
  std::vector<std::uint8_t> baseline_snapshot;  // full; primes the client's history
  std::vector<Datagram> later;                  // deltas and other in-session datagrams
};
ServerTraffic server_traffic();

// A client that sent Hello and Response, got Welcome and decoded the baseline snapshot: what
// any later snapshot datagram from the server meets; with the server's side of its keys.
struct ConnectedClient {
  net::ClientConnection connection;
  net::SessionKeys server_keys;  // tx seals what the client opens
  net::Sequence next_sequence = 0;
};
ConnectedClient connected_client();

// The baseline the delta decoder target decodes against (the quantized first snapshot), and
// runner blocks (count byte + block) delta-coded against it.
const net::QuantizedSnapshot& delta_baseline();
std::vector<Datagram> delta_blocks();

// Every datagram kind, as a client or server would send it (codec target corpus).
std::vector<Datagram> all_message_kinds();

}  // namespace spear::fuzz
