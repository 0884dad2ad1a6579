#include "net/cookie.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "net/password_proof.hpp"
#include "net/session_crypto.hpp"

namespace spear::net {
namespace {

const PeerAddress kPeer = PeerAddress::ipv4(127, 0, 0, 1, 50000);
const PublicKey kKey = [] {
  PublicKey k{};
  k[0] = 7;
  return k;
}();

TEST(Cookie, VerifiesForTheSameAddressWithinTwoWindows) {
  const ChallengeCookies cookies;
  const Cookie c = cookies.issue(kPeer, kKey, 100.0);
  EXPECT_TRUE(cookies.verify(c, kPeer, kKey, 100.0));
  EXPECT_TRUE(cookies.verify(c, kPeer, kKey, 100.0 + kCookieWindowSeconds));  // previous window
}

TEST(Cookie, Expires) {
  const ChallengeCookies cookies;
  const Cookie c = cookies.issue(kPeer, kKey, 100.0);
  EXPECT_FALSE(cookies.verify(c, kPeer, kKey, 100.0 + 2 * kCookieWindowSeconds + 0.01));
}

TEST(Cookie, BoundToAddressAndPort) {
  const ChallengeCookies cookies;
  const Cookie c = cookies.issue(kPeer, kKey, 5.0);
  EXPECT_FALSE(cookies.verify(c, PeerAddress::ipv4(127, 0, 0, 1, 50001), kKey, 5.0));
  EXPECT_FALSE(cookies.verify(c, PeerAddress::ipv4(127, 0, 0, 2, 50000), kKey, 5.0));
}

TEST(Cookie, ForgedOrOtherSecretFails) {
  const ChallengeCookies cookies, other;
  Cookie c = cookies.issue(kPeer, kKey, 5.0);
  EXPECT_FALSE(other.verify(c, kPeer, kKey, 5.0));
  c[0] ^= 1;
  EXPECT_FALSE(cookies.verify(c, kPeer, kKey, 5.0));
  EXPECT_FALSE(cookies.verify(Cookie{}, kPeer, kKey, 5.0));
}

TEST(Cookie, EachChallengeGetsAFreshOneThatVerifiesWithoutState) {
  // The server's fresh randomness (the session keys are made with it): two Challenges to the
  // same address and key in the same window never share a cookie, and both verify under the
  // same secret alone.
  CookieSecret s{};
  s[0] = 42;
  const Cookie a = ChallengeCookies(s).issue(kPeer, kKey, 1.0);
  const Cookie b = ChallengeCookies(s).issue(kPeer, kKey, 1.0);
  EXPECT_NE(a, b);
  EXPECT_TRUE(ChallengeCookies(s).verify(a, kPeer, kKey, 1.0));
  EXPECT_TRUE(ChallengeCookies(s).verify(b, kPeer, kKey, 1.0));
  Cookie mixed = a;  // a's randomness with b's tag
  std::copy(b.begin() + 16, b.end(), mixed.begin() + 16);
  EXPECT_FALSE(ChallengeCookies(s).verify(mixed, kPeer, kKey, 1.0));
}

TEST(Cookie, BoundToTheHellosKey) {
  const ChallengeCookies cookies;
  const Cookie c = cookies.issue(kPeer, kKey, 5.0);
  PublicKey other = kKey;
  other[31] ^= 1;
  EXPECT_FALSE(cookies.verify(c, kPeer, other, 5.0));
  EXPECT_TRUE(cookies.verify(c, kPeer, kKey, 5.0));
}

TEST(PasswordProof, MatchesOnlyTheRightPasswordCookieAndKeys) {
  const ChallengeCookies cookies;
  const Cookie c = cookies.issue(kPeer, kKey, 1.0);
  const KeyPair server = KeyPair::generate();
  const KeyPair client = KeyPair::generate();
  const PasswordKey right = derive_password_key("hunter2", server.public_key);
  const PasswordProof p = make_password_proof(right, c, client.public_key, server.public_key);
  EXPECT_TRUE(check_password_proof(p, right, c, client.public_key, server.public_key));
  EXPECT_FALSE(check_password_proof(p, derive_password_key("hunter3", server.public_key), c,
                                    client.public_key, server.public_key));
  EXPECT_FALSE(check_password_proof(p, derive_password_key("", server.public_key), c,
                                    client.public_key, server.public_key));
  const Cookie elsewhere = cookies.issue(PeerAddress::ipv4(1, 2, 3, 4, 5), kKey, 1.0);
  EXPECT_FALSE(check_password_proof(p, right, elsewhere, client.public_key, server.public_key));
  // Bound to both keys: another client's handshake, or another server, gets nothing from it.
  EXPECT_FALSE(
      check_password_proof(p, right, c, KeyPair::generate().public_key, server.public_key));
  const PublicKey other_server = KeyPair::generate().public_key;
  EXPECT_FALSE(check_password_proof(p, derive_password_key("hunter2", other_server), c,
                                    client.public_key, other_server));
  const PasswordKey none = derive_password_key("", server.public_key);
  EXPECT_TRUE(
      check_password_proof(make_password_proof(none, c, client.public_key, server.public_key), none,
                           c, client.public_key, server.public_key));
}

TEST(PasswordProof, TheKeyIsStretchedAndSaltedWithTheServersKey) {
  const PublicKey a = KeyPair::generate().public_key;
  const PublicKey b = KeyPair::generate().public_key;
  EXPECT_EQ(derive_password_key("hunter2", a), derive_password_key("hunter2", a));
  EXPECT_NE(derive_password_key("hunter2", a), derive_password_key("hunter2", b));
  EXPECT_NE(derive_password_key("hunter2", a), derive_password_key("hunter3", a));
  EXPECT_EQ(derive_password_key("", a), PasswordKey{});  // nothing to protect
}

}  // namespace
}  // namespace spear::net
