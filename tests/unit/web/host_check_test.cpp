// Which Host headers name spear-web itself (web/gateway/host_check): the defence against DNS
// rebinding, where another site's name resolves to the gateway.
#include "host_check.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace spear::web {
namespace {

const std::vector<std::string> kNone;

TEST(HostCheck, AddressesAndLocalhostAreTheGateways) {
  for (const char* host :
       {"127.0.0.1", "127.0.0.1:8080", "192.0.2.7:80", "[::1]", "[::1]:8080", "[2001:db8::5]:8080",
        "localhost", "LocalHost:8080", "localhost.", "race.localhost:8080", ""})
    EXPECT_TRUE(host_allowed(host, kNone)) << host;
}

TEST(HostCheck, AnyOtherNameIsRefusedUnlessAllowed) {
  for (const char* host :
       {"rebound.example.com", "rebound.example.com:8080", "127.0.0.1.nip.io",
        "localhost.evil.example", "evil-localhost", "[::1", "[::1]x", "[not-an-address]:80",
        "127.0.0.1:80:80", "127.0.0.1:http", ":8080", "race.example.org"})
    EXPECT_FALSE(host_allowed(host, kNone)) << host;
  const std::vector<std::string> allowed = {"race.example.org"};
  EXPECT_TRUE(host_allowed("race.example.org", allowed));
  EXPECT_TRUE(host_allowed("RACE.example.org:443", allowed));
  EXPECT_FALSE(host_allowed("www.race.example.org", allowed));
  EXPECT_TRUE(host_allowed("anything.example", {"*"}));
}

}  // namespace
}  // namespace spear::web
