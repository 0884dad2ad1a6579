// The relay over real loopback sockets: what arrives matches the configured impairment.
#include <gtest/gtest.h>

#include <asio/post.hpp>
#include <chrono>
#include <cstring>
#include <set>
#include <thread>

#include "netsim/relay.hpp"
#include "udp_test_socket.hpp"

namespace spear::netsim {
namespace {

using Clock = std::chrono::steady_clock;
using spear::test::UdpTestSocket;

// A datagram carrying a sequence number and its send time (steady clock, microseconds).
std::vector<std::uint8_t> stamped(std::uint32_t seq) {
  std::vector<std::uint8_t> out(12);
  const std::int64_t t =
      std::chrono::duration_cast<std::chrono::microseconds>(Clock::now().time_since_epoch())
          .count();
  std::memcpy(out.data(), &seq, 4);
  std::memcpy(out.data() + 4, &t, 8);
  return out;
}

struct Stamp {
  std::uint32_t seq;
  std::int64_t latency_us;
};

Stamp read_stamp(const std::vector<std::uint8_t>& d) {
  Stamp s{};
  std::int64_t sent = 0;
  std::memcpy(&s.seq, d.data(), 4);
  std::memcpy(&sent, d.data() + 4, 8);
  s.latency_us =
      std::chrono::duration_cast<std::chrono::microseconds>(Clock::now().time_since_epoch())
          .count() -
      sent;
  return s;
}

// Runs a relay on its own thread; stops it and joins on destruction, after which stats are stable.
class RunningRelay {
 public:
  explicit RunningRelay(RelayConfig config) : relay_(io_, with_loopback(std::move(config))) {
    thread_ = std::thread([this] { io_.run(); });
  }
  ~RunningRelay() { finish(); }

  asio::ip::udp::endpoint endpoint() const { return endpoint_; }

  const RelayStats& finish() {
    if (thread_.joinable()) {
      asio::post(io_, [this] { relay_.stop(); });
      thread_.join();
    }
    return relay_.stats();
  }

 private:
  RelayConfig with_loopback(RelayConfig c) {
    c.listen = asio::ip::udp::endpoint(asio::ip::address_v4::loopback(), 0);
    return c;
  }
  asio::io_context io_;
  Relay relay_;
  asio::ip::udp::endpoint endpoint_ = relay_.local_endpoint();
  std::thread thread_;
};

struct ArrivalTally {
  std::set<std::uint32_t> unique;
  int duplicates = 0;
  int late = 0;  // arrived after a higher sequence number
  std::int64_t min_latency_us = INT64_MAX;
};

ArrivalTally collect(UdpTestSocket& socket, std::chrono::milliseconds quiet,
                     std::vector<asio::ip::udp::endpoint>* senders = nullptr) {
  ArrivalTally t;
  std::int64_t highest = -1;
  while (auto r = socket.receive(quiet)) {
    if (r->data.size() != 12) continue;
    const Stamp s = read_stamp(r->data);
    if (senders) senders->push_back(r->from);
    t.min_latency_us = std::min(t.min_latency_us, s.latency_us);
    if (!t.unique.insert(s.seq).second) {
      ++t.duplicates;
      continue;
    }
    if (static_cast<std::int64_t>(s.seq) < highest) ++t.late;
    highest = std::max<std::int64_t>(highest, s.seq);
  }
  return t;
}

RelayConfig bad_link(const asio::ip::udp::endpoint& server) {
  RelayConfig c;
  c.upstream = server;
  c.seed = 2024;
  c.impairment.loss = 0.10;
  c.impairment.delay_ms = 5;
  c.impairment.jitter_ms = 2;
  c.impairment.duplicate = 0.02;
  c.impairment.reorder = 0.05;
  c.impairment.reorder_hold_ms = 20;
  return c;
}

constexpr int kDatagrams = 2000;

void send_paced(UdpTestSocket& from, const asio::ip::udp::endpoint& to, int count) {
  for (int i = 0; i < count; ++i) {
    from.send_to(stamped(static_cast<std::uint32_t>(i)), to);
    // 2 kHz: far below what loopback absorbs, so every loss seen is the relay's.
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
}

TEST(NetsimRelay, ImpairsClientToServerWithTheConfiguredRates) {
  asio::io_context io;
  UdpTestSocket server(io), client(io);
  RunningRelay relay(bad_link(server.endpoint()));
  send_paced(client, relay.endpoint(), kDatagrams);
  const ArrivalTally t = collect(server, std::chrono::milliseconds(500));
  const RelayStats& s = relay.finish();

  const int lost = kDatagrams - static_cast<int>(t.unique.size());
  // Binomial(2000, 0.1): mean 200, sd 13.4. Binomial(1800, 0.02): mean 36, sd 6.
  EXPECT_GE(lost, 130);
  EXPECT_LE(lost, 270);
  EXPECT_GE(t.duplicates, 10);
  EXPECT_LE(t.duplicates, 70);
  // About 90 datagrams are held 20 ms while others (0.5 ms apart) overtake them.
  EXPECT_GE(t.late, 45);
  EXPECT_LE(t.late, 140);
  // Timers never fire early: nothing beats delay - jitter = 3 ms (minus clock granularity).
  EXPECT_GE(t.min_latency_us, 2900);

  // The relay's own counts agree with what the server saw.
  EXPECT_EQ(s.to_server.received, static_cast<std::uint64_t>(kDatagrams));
  EXPECT_EQ(s.to_server.lost, static_cast<std::uint64_t>(lost));
  EXPECT_EQ(s.to_server.duplicated, static_cast<std::uint64_t>(t.duplicates));
  EXPECT_EQ(s.to_server.sent, t.unique.size() + t.duplicates);
  EXPECT_EQ(s.to_server.overflowed, 0u);
  EXPECT_EQ(s.flows_opened, 1u);
}

TEST(NetsimRelay, ImpairsServerToClientToo) {
  asio::io_context io;
  UdpTestSocket server(io), client(io);
  RunningRelay relay(bad_link(server.endpoint()));
  // The client speaks first so the relay knows whom the server's datagrams are for.
  auto flow_address = [&]() -> std::optional<asio::ip::udp::endpoint> {
    for (int attempt = 0; attempt < 50; ++attempt) {  // the hello itself may be lost
      client.send_to(stamped(0), relay.endpoint());
      if (auto r = server.receive(std::chrono::milliseconds(100))) return r->from;
    }
    return std::nullopt;
  }();
  ASSERT_TRUE(flow_address.has_value());
  while (server.receive(std::chrono::milliseconds(50))) {
  }
  send_paced(server, *flow_address, kDatagrams);
  const ArrivalTally t = collect(client, std::chrono::milliseconds(500));
  const RelayStats& s = relay.finish();

  const int lost = kDatagrams - static_cast<int>(t.unique.size());
  EXPECT_GE(lost, 130);
  EXPECT_LE(lost, 270);
  EXPECT_GE(t.duplicates, 10);
  EXPECT_LE(t.duplicates, 70);
  EXPECT_GE(t.late, 45);
  EXPECT_LE(t.late, 140);
  EXPECT_EQ(s.to_client.received, static_cast<std::uint64_t>(kDatagrams));
  EXPECT_EQ(s.to_client.lost, static_cast<std::uint64_t>(lost));
}

TEST(NetsimRelay, EachClientGetsItsOwnUpstreamPortAndItsOwnReplies) {
  asio::io_context io;
  UdpTestSocket server(io), a(io), b(io), c(io);
  RelayConfig config;
  config.upstream = server.endpoint();
  RunningRelay relay(config);
  UdpTestSocket* clients[] = {&a, &b, &c};
  for (std::uint32_t i = 0; i < 3; ++i) clients[i]->send_to(stamped(i), relay.endpoint());

  std::vector<asio::ip::udp::endpoint> senders(3);
  std::set<unsigned short> ports;
  for (int i = 0; i < 3; ++i) {
    auto r = server.receive(std::chrono::milliseconds(1000));
    ASSERT_TRUE(r.has_value());
    const Stamp s = read_stamp(r->data);
    ASSERT_LT(s.seq, 3u);
    senders[s.seq] = r->from;
    ports.insert(r->from.port());
  }
  EXPECT_EQ(ports.size(), 3u);
  EXPECT_EQ(ports.count(relay.endpoint().port()), 0u);

  // A reply to each upstream address reaches exactly the client behind it.
  for (std::uint32_t i = 0; i < 3; ++i) server.send_to(stamped(100 + i), senders[i]);
  for (std::uint32_t i = 0; i < 3; ++i) {
    auto r = clients[i]->receive(std::chrono::milliseconds(1000));
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(read_stamp(r->data).seq, 100 + i);
    EXPECT_EQ(r->from, relay.endpoint());
    EXPECT_FALSE(clients[i]->receive(std::chrono::milliseconds(20)).has_value());
  }
  EXPECT_EQ(relay.finish().flows_opened, 3u);
}

TEST(NetsimRelay, RefusesClientsBeyondTheCap) {
  asio::io_context io;
  UdpTestSocket server(io), a(io), b(io);
  RelayConfig config;
  config.upstream = server.endpoint();
  config.max_clients = 1;
  RunningRelay relay(config);
  a.send_to(stamped(1), relay.endpoint());
  ASSERT_TRUE(server.receive(std::chrono::milliseconds(1000)).has_value());
  b.send_to(stamped(2), relay.endpoint());
  EXPECT_FALSE(server.receive(std::chrono::milliseconds(100)).has_value());
  const RelayStats& s = relay.finish();
  EXPECT_EQ(s.flows_opened, 1u);
  EXPECT_EQ(s.flows_refused, 1u);
}

TEST(NetsimRelay, QueueIsBoundedUnderAFlood) {
  asio::io_context io;
  UdpTestSocket server(io), client(io);
  RelayConfig config;
  config.upstream = server.endpoint();
  config.impairment.delay_ms = 300;  // everything waits in the queue
  config.max_queued_datagrams = 10;
  RunningRelay relay(config);
  for (std::uint32_t i = 0; i < 50; ++i) {
    client.send_to(stamped(i), relay.endpoint());
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  const ArrivalTally t = collect(server, std::chrono::milliseconds(800));
  const RelayStats& s = relay.finish();
  EXPECT_EQ(t.unique.size(), 10u);
  EXPECT_EQ(s.to_server.received, 50u);
  EXPECT_EQ(s.to_server.overflowed, 40u);
  EXPECT_EQ(s.to_server.sent, 10u);
}

}  // namespace
}  // namespace spear::netsim
