// Which browsers may open spear-web's stream, by their Origin header (web/gateway/origin_check).
#include "origin_check.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace spear::web {
namespace {

const std::vector<std::string> kNone;

TEST(OriginCheck, NoOriginIsNotABrowserAndMayConnect) {
  EXPECT_TRUE(origin_allowed("", "127.0.0.1:8080", kNone));
  EXPECT_TRUE(origin_allowed("", "", kNone));
}

TEST(OriginCheck, ThePageThisGatewayServedMayConnect) {
  EXPECT_TRUE(origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080", kNone));
  EXPECT_TRUE(origin_allowed("https://race.example.org", "race.example.org", kNone));
  EXPECT_TRUE(origin_allowed("http://[::1]:8080", "[::1]:8080", kNone));
  // Host names compare without case.
  EXPECT_TRUE(origin_allowed("http://Race.Example.ORG:8080", "race.example.org:8080", kNone));
}

TEST(OriginCheck, TheSameHostOnAnotherPortIsAnotherSite) {
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:9000", "127.0.0.1:8080", kNone));
  EXPECT_FALSE(origin_allowed("http://127.0.0.1", "127.0.0.1:8080", kNone));
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:8080", "127.0.0.1", kNone));
}

TEST(OriginCheck, AnotherSiteIsRefused) {
  EXPECT_FALSE(origin_allowed("http://evil.example", "127.0.0.1:8080", kNone));
  EXPECT_FALSE(origin_allowed("https://evil.example", "race.example.org", kNone));
  // A look-alike: the gateway's host as a prefix or a suffix of another.
  EXPECT_FALSE(origin_allowed("https://race.example.org.evil.example", "race.example.org", kNone));
  EXPECT_FALSE(origin_allowed("https://evilrace.example.org", "race.example.org", kNone));
  // "null" (a sandboxed frame, a file: page) and text that is not an origin.
  EXPECT_FALSE(origin_allowed("null", "127.0.0.1:8080", kNone));
  EXPECT_FALSE(origin_allowed("127.0.0.1:8080", "127.0.0.1:8080", kNone));
  // An origin with a path is not the page's own.
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:8080/x", "127.0.0.1:8080", kNone));
  // No Host header: nothing to be the same as.
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:8080", "", kNone));
}

TEST(OriginCheck, ListedOriginsMayConnect) {
  const std::vector<std::string> allowed = {"https://race.example.org", "http://localhost:3000"};
  EXPECT_TRUE(origin_allowed("https://race.example.org", "gateway.internal:8080", allowed));
  EXPECT_TRUE(origin_allowed("HTTPS://RACE.EXAMPLE.ORG", "gateway.internal:8080", allowed));
  EXPECT_TRUE(origin_allowed("http://localhost:3000", "gateway.internal:8080", allowed));
  // Whole origins: another scheme or port is not listed.
  EXPECT_FALSE(origin_allowed("http://race.example.org", "gateway.internal:8080", allowed));
  EXPECT_FALSE(origin_allowed("https://race.example.org:444", "gateway.internal:8080", allowed));
  EXPECT_FALSE(origin_allowed("http://localhost:3001", "gateway.internal:8080", allowed));
  EXPECT_FALSE(origin_allowed("http://evil.example", "gateway.internal:8080", allowed));
  // The page's own still may.
  EXPECT_TRUE(origin_allowed("http://gateway.internal:8080", "gateway.internal:8080", allowed));
}

TEST(OriginCheck, AStarAllowsAnyOrigin) {
  const std::vector<std::string> any = {"*"};
  EXPECT_TRUE(origin_allowed("http://evil.example", "127.0.0.1:8080", any));
  EXPECT_TRUE(origin_allowed("null", "127.0.0.1:8080", any));
  EXPECT_TRUE(origin_allowed("https://a.example:1", "", any));
}

}  // namespace
}  // namespace spear::web
