#pragma once
// One connected client, as the server knows it.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "net/messages.hpp"
#include "net/peer_address.hpp"
#include "net/replay_window.hpp"
#include "net/session_crypto.hpp"
#include "net/snapshot_encoder.hpp"
#include "server/client_record.hpp"

namespace spear::server {

struct Session {
  net::ClientId id = 0;
  net::SessionKey key = 0;      // random: names the session in its Welcome
  net::SessionKeys keys;        // every datagram of the session is sealed with these
  net::PublicKey client_key{};  // its Hello's (a repeated Response must carry the same)
  net::Cookie cookie{};         // its Response's (a repeated Response must carry the same)
  net::PeerAddress address;     // the only address and port it may send from
  net::Role role = net::Role::Player;
  std::string name;
  std::optional<net::RunnerId> runner;  // players only
  double joined_at = 0.0;               // server time, seconds
  double last_heard = 0.0;              // last authenticated datagram
  net::Sequence next_sequence = 1;      // of our datagrams to it
  net::ReplayWindow replay;             // of its datagrams
  net::SnapshotEncoder encoder;         // its baselines
  std::optional<net::InputView> view;   // what it shows, from its newest Input that said
  net::Sequence view_sequence = 0;      // the sequence of that Input
  net::Welcome welcome;                 // sent again if its Response is repeated
  ClientRecord record;                  // for the summary; kept by the table when it leaves
  bool had_snapshot = false;            // sent at least one snapshot
  // Which of the staggered snapshot ticks it gets (SessionTable::send_snapshots): half the
  // sessions are sent theirs a tick after the other half, so no tick encodes for all of them.
  std::uint8_t snapshot_phase = 0;
};

}  // namespace spear::server
