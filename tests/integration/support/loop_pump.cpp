#include "support/loop_pump.hpp"

namespace spear::test {

LoopPump::LoopPump(server::ServerConfig c) : config(std::move(c)) {
  loop = std::make_unique<server::MatchLoop>(config, stats);
}

namespace {
// Each client its own host (10.0.x.y), as on the internet: per-host budgets apply to each.
net::PeerAddress client_address(std::uint16_t n) {
  return net::PeerAddress::ipv4(10, 0, static_cast<std::uint8_t>(n / 250),
                                static_cast<std::uint8_t>(1 + n % 250),
                                static_cast<std::uint16_t>(40000 + n));
}
}  // namespace

PumpClient& LoopPump::add_client(net::ClientConfig c) {
  auto client = std::make_unique<PumpClient>(
      PumpClient{net::ClientConnection(std::move(c)), client_address(next_port_++), {}, false});
  client->connection.start(now);
  clients_.push_back(std::move(client));
  return *clients_.back();
}

PumpClient& LoopPump::add_client_at(net::ClientConfig c, const net::PeerAddress& address) {
  auto client = std::make_unique<PumpClient>(
      PumpClient{net::ClientConnection(std::move(c)), address, {}, false});
  client->connection.start(now);
  clients_.push_back(std::move(client));
  return *clients_.back();
}

void LoopPump::inject_reply(server::OutDatagram& d) {
  if (tap) tap->push_back(d.bytes);
  for (auto& c : clients_) {
    if (c->address == d.to) {
      c->connection.receive(d.bytes, now);
      for (auto& s : c->connection.take_snapshots()) c->snapshots.push_back(std::move(s));
      return;
    }
  }
  strays_.push_back(std::move(d));
}

void LoopPump::deliver() {
  for (server::OutDatagram& d : out_) inject_reply(d);
  out_.clear();
}

void LoopPump::exchange() {
  for (auto& c : clients_) {
    auto datagrams = c->connection.poll(now);
    if (c->silent) continue;
    for (const auto& bytes : datagrams) {
      if (tap) tap->push_back(bytes);
      loop->receive(c->address, bytes, now, out_);
    }
  }
  deliver();
}

void LoopPump::tick() {
  exchange();
  loop->tick(now, out_);
  deliver();
  now += 1.0 / config.tick_rate;
}

void LoopPump::inject(const net::PeerAddress& from, const std::vector<std::uint8_t>& bytes) {
  loop->receive(from, bytes, now, out_);
  deliver();
}

void LoopPump::connect_all(int max_ticks) {
  for (int i = 0; i < max_ticks; ++i) {
    bool handshaking = false;
    for (const auto& c : clients_) {
      const auto s = c->connection.state();
      handshaking = handshaking || s == net::ConnectionState::Connecting ||
                    s == net::ConnectionState::Challenged;
    }
    if (!handshaking) return;
    tick();
  }
}

}  // namespace spear::test
