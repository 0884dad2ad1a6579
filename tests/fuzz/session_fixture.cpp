#include "session_fixture.hpp"

#include <algorithm>
#include <optional>

#include "fuzz_fixture.hpp"
#include "net/codec.hpp"
#include "net/session_crypto.hpp"
#include "server/match_loop.hpp"
#include "server/server_config.hpp"
#include "server/server_stats.hpp"

namespace spear::fuzz {

namespace {
constexpr double kStep = 1.0 / 60.0;
constexpr float kCosmetic = 1.f / 60.f;

void append_record(std::vector<std::uint8_t>& out, std::span<const std::uint8_t> bytes,
                   double wait_s) {
  const auto n = static_cast<std::uint16_t>(std::min<std::size_t>(bytes.size(), 0xFFFF));
  const auto ms = static_cast<std::uint8_t>(std::clamp(wait_s * 1000.0 + 0.5, 0.0, 255.0));
  out.push_back(static_cast<std::uint8_t>(n & 0xFF));
  out.push_back(static_cast<std::uint8_t>(n >> 8));
  out.push_back(ms);
  out.insert(out.end(), bytes.begin(), bytes.begin() + n);
}

// The server's side of the session keys, once the client's Response went by.
struct ServerSide {
  std::optional<net::SessionKeys> keys;
  bool responded = false;  // the client sent its Response: from now on the server seals
  net::Sequence next_sequence = 1;

  void saw_from_client(std::span<const std::uint8_t> datagram) {
    net::Packet p;
    if (net::is_sealed(datagram) || net::decode_packet(datagram, p) != net::DecodeError::None)
      return;
    if (std::holds_alternative<net::Hello>(p.message)) {
      keys.reset();
      responded = false;
    } else if (const auto* r = std::get_if<net::Response>(&p.message)) {
      // The keys come from the cookie the client answered (net/session_crypto.hpp).
      keys = net::server_session_keys(server_key_pair(), r->client_key, r->cookie);
      responded = keys.has_value();
    }
  }
};
}  // namespace

client::SessionConfig fuzzed_session_config() {
  client::SessionConfig c;
  c.server_label = "fuzz";
  c.role = net::Role::Player;
  c.name = "fuzz";
  c.autoplay = true;
  c.prediction = true;
  c.online = true;
  return c;
}

std::vector<std::uint8_t> recorded_session(double seconds) {
  server::ServerConfig config;
  config.secret_key = server_key_pair().secret_key;
  config.seed = 5;
  config.bots = 3;
  server::ServerStats stats;
  server::MatchLoop loop(config, stats);
  client::ClientSession session(fuzzed_session_config());
  const net::PeerAddress client_address = net::PeerAddress::ipv4(10, 0, 0, 9, 50000);
  std::vector<std::uint8_t> records;
  ServerSide server_side;
  std::vector<std::uint8_t> opened;
  double last_record = 0.0;
  for (double t = 0.0; t < seconds; t += kStep) {
    client::Outbox up;
    session.update(t, kCosmetic, up);
    server::Outbox down;
    for (const auto& d : up) {
      server_side.saw_from_client(d);
      loop.receive(client_address, d, t, down);
    }
    loop.tick(t, down);
    for (const server::OutDatagram& d : down) {
      if (!(d.to == client_address)) continue;
      // Recorded as the Packet inside the seal: feed_records seals it again.
      net::Sequence sequence = 0;
      const bool sealed = net::is_sealed(d.bytes);
      if (sealed && !(server_side.keys &&
                      net::open_datagram(server_side.keys->tx, d.bytes, sequence, opened)))
        continue;
      append_record(records, sealed ? std::span<const std::uint8_t>(opened) : d.bytes,
                    t - last_record);
      last_record = t;
      session.receive(d.bytes, t);
    }
  }
  return records;
}

double feed_records(client::ClientSession& session, std::span<const std::uint8_t> records) {
  double t = 0.0;
  client::Outbox out;
  ServerSide server_side;
  session.update(t, kCosmetic, out);
  for (const auto& d : out) server_side.saw_from_client(d);
  std::size_t i = 0;
  for (std::size_t n = 0; n < kMaxRecords && i + 3 <= records.size(); ++n) {
    std::size_t length = records[i] | (std::size_t{records[i + 1]} << 8);
    const double wait = records[i + 2] / 1000.0;
    i += 3;
    length = std::min(length, records.size() - i);
    t += wait;
    const auto record = records.subspan(i, length);
    if (server_side.responded) {
      session.receive(net::seal_datagram(server_side.keys->tx, server_side.next_sequence++, record),
                      t);
    } else {
      session.receive(record, t);
    }
    i += length;
    out.clear();
    session.update(t, kCosmetic, out);
    for (const auto& d : out) server_side.saw_from_client(d);
  }
  // The session goes on after the server stops talking: its clocks, prediction and timeouts.
  for (int k = 0; k < 30; ++k) {
    t += 0.1;
    out.clear();
    session.update(t, kCosmetic, out);
  }
  return t;
}

}  // namespace spear::fuzz
