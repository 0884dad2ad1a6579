// The messages a user reads about the connection, and when the client tries again.
#include "core/session_status.hpp"

#include <gtest/gtest.h>

#include "net/codec.hpp"

namespace spear::client {
namespace {

void refuse(net::ClientConnection& c, net::RefusalReason why, double now) {
  net::Packet p;
  p.sequence = 1;
  p.message = net::Refusal{why, "details"};
  const auto bytes = net::encode_packet(p);
  c.receive(bytes, now);
}

TEST(SessionStatus, ConnectingThenNoAnswer) {
  SessionStatus st("example:27600");
  net::ClientConfig cfg;
  cfg.timeout_s = 5.0;
  net::ClientConnection c(cfg);
  c.start(0.0);
  st.on_attempt(0.0);
  c.poll(0.0);
  st.on_connection(c, 0.5);
  EXPECT_EQ(st.phase(), SessionPhase::Connecting);
  EXPECT_EQ(st.message(0.5).headline.rfind("connecting", 0), 0u);
  EXPECT_FALSE(st.failure());
  for (double t = 0.0; t < 6.0; t += 0.1) c.poll(t);
  st.on_connection(c, 6.0);
  EXPECT_EQ(st.phase(), SessionPhase::ConnectionLost);
  ASSERT_TRUE(st.failure());
  EXPECT_NE(st.failure()->find("no answer from example:27600"), std::string::npos);
  // The headline says so too, not just "connection lost".
  EXPECT_EQ(st.message(6.0).headline, "no answer from example:27600");
  EXPECT_NE(st.message(6.0).detail.find("retrying"), std::string::npos);
  EXPECT_FALSE(st.retry_due(6.5));
  EXPECT_TRUE(st.retry_due(8.1));
  st.on_attempt(8.1);
  EXPECT_FALSE(st.retry_due(8.2));
}

TEST(SessionStatus, ServerFullIsShownAndRetried) {
  SessionStatus st("example");
  net::ClientConnection c(net::ClientConfig{});
  c.start(0.0);
  st.on_attempt(0.0);
  refuse(c, net::RefusalReason::ServerFull, 0.1);
  ASSERT_EQ(c.state(), net::ConnectionState::Refused);
  st.on_connection(c, 0.1);
  EXPECT_EQ(st.phase(), SessionPhase::Refused);
  EXPECT_EQ(st.message(0.1).headline, "server full");
  EXPECT_TRUE(st.retry_due(2.2));
  ASSERT_TRUE(st.failure());
  EXPECT_NE(st.failure()->find("server full"), std::string::npos);
}

TEST(SessionStatus, WrongPasswordIsShownAndNotRetried) {
  SessionStatus st("example");
  net::ClientConnection c(net::ClientConfig{});
  c.start(0.0);
  st.on_attempt(0.0);
  refuse(c, net::RefusalReason::WrongPassword, 0.1);
  st.on_connection(c, 0.1);
  EXPECT_EQ(st.message(0.1).headline, "wrong password");
  EXPECT_NE(st.message(0.1).detail.find("Esc"), std::string::npos);
  EXPECT_FALSE(st.retry_due(100.0));
}

TEST(SessionStatus, OtherRefusalsNameTheirReasonInTheHeadline) {
  SessionStatus st("example");
  net::ClientConnection c(net::ClientConfig{});
  c.start(0.0);
  st.on_attempt(0.0);
  refuse(c, net::RefusalReason::WrongVersion, 0.1);
  st.on_connection(c, 0.1);
  EXPECT_EQ(st.message(0.1).headline, refusal_words(net::RefusalReason::WrongVersion));
  EXPECT_NE(st.message(0.1).detail.find("details"), std::string::npos);  // the server's text
}

TEST(SessionStatus, BadAddressNeverRetries) {
  SessionStatus st("nowhere");
  st.set_bad_address("cannot resolve 'nowhere'");
  st.on_attempt(0.0);
  EXPECT_EQ(st.phase(), SessionPhase::BadAddress);
  EXPECT_EQ(st.message(0).headline, "bad server address");
  EXPECT_FALSE(st.retry_due(100.0));
  ASSERT_TRUE(st.failure());
  EXPECT_EQ(st.attempts(), 0);
}

TEST(SessionStatus, NoRunnerHintBeforeConnecting) {
  SessionStatus st("x");
  // Connected is reached through a real handshake in the integration tests; here only the
  // runner part of the message is checked, which needs the Connected phase.
  st.on_own_runner(net::RunnerMode::Down, false);
  EXPECT_TRUE(st.message(0).headline.rfind("connecting", 0) == 0);  // not connected yet: no hint
}

}  // namespace
}  // namespace spear::client
