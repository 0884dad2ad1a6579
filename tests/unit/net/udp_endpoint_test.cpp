#include "net/udp_endpoint.hpp"

#include <gtest/gtest.h>

#include "net/protocol.hpp"

namespace spear::net {
namespace {

TEST(UdpEndpoint, LoopbackSendAndReceive) {
  std::string error;
  auto a = UdpEndpoint::bind("127.0.0.1", 0, &error);
  auto b = UdpEndpoint::bind("127.0.0.1", 0, &error);
  ASSERT_TRUE(a && b) << error;
  ASSERT_NE(b->local_port(), 0);
  std::vector<std::uint8_t> buf(kMaxDatagramBytes + 1);
  EXPECT_FALSE(b->receive(buf));  // nothing yet, and it does not block
  const std::uint8_t msg[] = {1, 2, 3};
  ASSERT_TRUE(a->send_to(msg, PeerAddress::ipv4(127, 0, 0, 1, b->local_port())));
  ASSERT_TRUE(b->wait_readable(2.0));
  const auto got = b->receive(buf);
  ASSERT_TRUE(got);
  EXPECT_EQ(got->size, 3u);
  EXPECT_EQ(got->from.port, a->local_port());
  EXPECT_EQ(got->from.to_string(), "127.0.0.1:" + std::to_string(a->local_port()));
}

TEST(UdpEndpoint, BadAddressIsAnErrorNotACrash) {
  std::string error;
  EXPECT_FALSE(UdpEndpoint::bind("not-an-ip", 0, &error));
  EXPECT_FALSE(error.empty());
}

TEST(UdpEndpoint, ParsesHostPort) {
  auto p = parse_udp_peer("127.0.0.1:4000");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->port, 4000);
  p = parse_udp_peer("localhost");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->port, kDefaultPort);
  std::string error;
  EXPECT_FALSE(parse_udp_peer("127.0.0.1:99999", kDefaultPort, &error));
  EXPECT_FALSE(parse_udp_peer(":5", kDefaultPort, &error));
  p = parse_udp_peer("[::1]:7");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->port, 7);
  EXPECT_FALSE(p->is_ipv4());
}

}  // namespace
}  // namespace spear::net
