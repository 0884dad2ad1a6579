// The spear-netsim executable: flags, exit codes and the stats line.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <string>

#include "netsim/address_parse.hpp"
#include "process_runner.hpp"
#include "udp_test_socket.hpp"

namespace spear::netsim {
namespace {

using spear::test::run_process;
using spear::test::RunningProcess;

const std::string kNetsim = SPEAR_NETSIM_PATH;

TEST(NetsimCli, BadFlagsExitWithUsageErrorAndSayWhy) {
  struct Case {
    const char* args;
    const char* says;
  };
  const Case cases[] = {
      {"--listen 127.0.0.1:0 --to 127.0.0.1:9 --bogus", "bogus"},
      {"--listen 127.0.0.1:0", "--to"},
      {"--listen 127.0.0.1:0 --to 127.0.0.1:9 --loss 1.5", "loss"},
      {"--listen 127.0.0.1:0 --to 127.0.0.1:9 --dup -0.5", "dup"},
      {"--listen 127.0.0.1:0 --to 127.0.0.1:9 --delay-ms abc", "delay-ms"},
      {"--listen nowhere --to 127.0.0.1:9", "ADDR:PORT"},
      {"--listen 127.0.0.1:99999 --to 127.0.0.1:9", "port"},
      {"--listen 127.0.0.1:0 --to 127.0.0.1:0", "port"},
      {"--listen 127.0.0.1:0 --to 127.0.0.1:9 --duration -1", "duration"},
  };
  for (const Case& c : cases) {
    const auto r = run_process(kNetsim + " " + c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.output;
    EXPECT_NE(r.output.find(c.says), std::string::npos) << c.args << "\n" << r.output;
  }
}

TEST(NetsimCli, HelpExitsZero) {
  const auto r = run_process(kNetsim + " --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("--reorder"), std::string::npos);
}

TEST(NetsimCli, RelaysForItsDurationAndPrintsStats) {
  asio::io_context io;
  spear::test::UdpTestSocket server(io), client(io);
  // Bind the relay to port 0 is not possible from outside (we must know the port), so pick a
  // port the kernel just handed out and released.
  unsigned short port = 0;
  {
    asio::ip::udp::socket probe(io, asio::ip::udp::endpoint(asio::ip::address_v4::loopback(), 0));
    port = probe.local_endpoint().port();
  }
  RunningProcess netsim(kNetsim + " --listen 127.0.0.1:" + std::to_string(port) +
                        " --to 127.0.0.1:" + std::to_string(server.endpoint().port()) +
                        " --loss 0.5 --seed 9 --duration 1.5");
  ASSERT_TRUE(netsim.started());
  const std::string banner = netsim.read_line();
  ASSERT_NE(banner.find("relaying"), std::string::npos) << banner;

  const asio::ip::udp::endpoint relay(asio::ip::address_v4::loopback(), port);
  constexpr int kSent = 400;
  for (int i = 0; i < kSent; ++i) client.send_to(std::vector<std::uint8_t>(8, 1), relay);
  int arrived = 0;
  while (server.receive(std::chrono::milliseconds(300))) ++arrived;
  const auto r = netsim.finish();
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("up.received=400 "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("up.sent=" + std::to_string(arrived) + " "), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("up.lost=" + std::to_string(kSent - arrived) + " "), std::string::npos)
      << r.output;
  // Binomial(400, 0.5): mean 200, sd 10.
  EXPECT_GT(arrived, 140);
  EXPECT_LT(arrived, 260);
}

TEST(AddressParse, AcceptsIpv4Ipv6AndLocalhost) {
  std::string error;
  auto a = parse_udp_endpoint("127.0.0.1:27600", &error);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->port(), 27600);
  auto b = parse_udp_endpoint("[::1]:5", &error);
  ASSERT_TRUE(b);
  EXPECT_TRUE(b->address().is_v6());
  auto c = parse_udp_endpoint("localhost:1", &error);
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->address().is_loopback());
}

TEST(AddressParse, RejectsMalformedText) {
  for (const char* bad : {"", "127.0.0.1", "127.0.0.1:", "127.0.0.1:x", "127.0.0.1:70000",
                          "300.1.1.1:5", "[::1:5", "example.org:5", "1.2.3.4:5:6"}) {
    std::string error;
    EXPECT_FALSE(parse_udp_endpoint(bad, &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

}  // namespace
}  // namespace spear::netsim
