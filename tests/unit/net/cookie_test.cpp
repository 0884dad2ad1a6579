#include "net/cookie.hpp"

#include <gtest/gtest.h>

#include "net/password_proof.hpp"

namespace spear::net {
namespace {

const PeerAddress kPeer = PeerAddress::ipv4(127, 0, 0, 1, 50000);

TEST(Cookie, VerifiesForTheSameAddressWithinTwoWindows) {
  const ChallengeCookies cookies;
  const Cookie c = cookies.issue(kPeer, 100.0);
  EXPECT_TRUE(cookies.verify(c, kPeer, 100.0));
  EXPECT_TRUE(cookies.verify(c, kPeer, 100.0 + kCookieWindowSeconds));  // previous window
}

TEST(Cookie, Expires) {
  const ChallengeCookies cookies;
  const Cookie c = cookies.issue(kPeer, 100.0);
  EXPECT_FALSE(cookies.verify(c, kPeer, 100.0 + 2 * kCookieWindowSeconds + 0.01));
}

TEST(Cookie, BoundToAddressAndPort) {
  const ChallengeCookies cookies;
  const Cookie c = cookies.issue(kPeer, 5.0);
  EXPECT_FALSE(cookies.verify(c, PeerAddress::ipv4(127, 0, 0, 1, 50001), 5.0));
  EXPECT_FALSE(cookies.verify(c, PeerAddress::ipv4(127, 0, 0, 2, 50000), 5.0));
}

TEST(Cookie, ForgedOrOtherSecretFails) {
  const ChallengeCookies cookies, other;
  Cookie c = cookies.issue(kPeer, 5.0);
  EXPECT_FALSE(other.verify(c, kPeer, 5.0));
  c[0] ^= 1;
  EXPECT_FALSE(cookies.verify(c, kPeer, 5.0));
  EXPECT_FALSE(cookies.verify(Cookie{}, kPeer, 5.0));
}

TEST(Cookie, FixedSecretIsDeterministic) {
  CookieSecret s{};
  s[0] = 42;
  EXPECT_EQ(ChallengeCookies(s).issue(kPeer, 1.0), ChallengeCookies(s).issue(kPeer, 1.0));
}

TEST(PasswordProof, MatchesOnlyTheRightPasswordAndCookie) {
  const ChallengeCookies cookies;
  const Cookie c = cookies.issue(kPeer, 1.0);
  const PasswordProof p = make_password_proof(c, "hunter2");
  EXPECT_TRUE(check_password_proof(p, c, "hunter2"));
  EXPECT_FALSE(check_password_proof(p, c, "hunter3"));
  EXPECT_FALSE(check_password_proof(p, c, ""));
  EXPECT_FALSE(
      check_password_proof(p, cookies.issue(PeerAddress::ipv4(1, 2, 3, 4, 5), 1.0), "hunter2"));
  EXPECT_TRUE(check_password_proof(make_password_proof(c, ""), c, ""));
}

}  // namespace
}  // namespace spear::net
