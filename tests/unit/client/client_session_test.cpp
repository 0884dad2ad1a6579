// The session without a socket, pumped as the tests and the app's edge pump it: datagrams in
// (receive), an outbox out (update, quit). What goes out is what the connection asks for; a
// session with no way to the server sends nothing and says why. (With a server: the prediction
// tests pump a whole match through it, tests/integration/prediction_test.cpp.)
#include "core/client_session.hpp"

#include <gtest/gtest.h>

#include <variant>

#include "net/codec.hpp"
#include "net/protocol.hpp"

namespace spear::client {
namespace {

template <typename T>
bool is(const std::vector<std::uint8_t>& datagram) {
  net::Packet p;
  return net::decode_packet(datagram, p) == net::DecodeError::None &&
         std::holds_alternative<T>(p.message);
}

TEST(ClientSession, TheFirstUpdatePutsTheHelloInTheOutbox) {
  ClientSession session(SessionConfig{});
  Outbox out;
  session.update(10.0, 0.f, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].size(), net::kHelloBytes);
  EXPECT_TRUE(is<net::Hello>(out[0]));
  EXPECT_EQ(session.status().phase(), SessionPhase::Connecting);
  EXPECT_FALSE(session.connected());
  // The outbox is the caller's: an update adds to it, and nothing is repeated before it is due.
  session.update(10.01, 0.f, out);
  EXPECT_EQ(out.size(), 1u);
}

TEST(ClientSession, QuittingBeforeTheWelcomeStopsTheHellos) {
  ClientSession session(SessionConfig{});
  Outbox out;
  session.update(10.0, 0.f, out);
  ASSERT_EQ(out.size(), 1u);
  out.clear();
  session.quit(10.5, out);  // nothing to say goodbye to: a Disconnect needs a session
  for (double t = 10.5; t < 14.0; t += 0.1) session.update(t, 0.f, out);
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(session.status().phase(), SessionPhase::Disconnected);
}

TEST(ClientSession, AnUnreachableServerSendsNothingAndSaysWhy) {
  ClientSession session(SessionConfig{}, "cannot resolve 'nowhere'");
  Outbox out;
  session.receive(std::vector<std::uint8_t>(40, 0xAB), 0.0);
  session.update(0.0, 0.f, out);
  session.quit(0.1, out);
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(session.status().phase(), SessionPhase::BadAddress);
  EXPECT_TRUE(session.status().failure());
}

TEST(ClientSession, GarbageFromTheServerIsCountedAndDropped) {
  ClientSession session(SessionConfig{});
  Outbox out;
  session.update(10.0, 0.f, out);
  session.receive(std::vector<std::uint8_t>(40, 0xAB), 10.02);
  session.update(10.03, 0.f, out);
  const RunStats s = session.stats(10.03);
  EXPECT_EQ(s.datagrams_in, 1u);
  EXPECT_EQ(s.datagrams_dropped, 1u);
  EXPECT_EQ(s.snapshots_received, 0u);
  EXPECT_FALSE(session.connected());
}

TEST(SessionLink, BytesAreCountedOverEveryAttempt) {
  SessionLink link(net::ClientConfig{});
  Outbox out;
  link.flush(0.0, out);
  EXPECT_TRUE(out.empty());  // no attempt yet
  link.connect(0.0);
  link.flush(0.0, out);
  ASSERT_EQ(out.size(), 1u);
  const std::uint64_t first = link.bytes_out();
  EXPECT_EQ(first, out[0].size());
  link.connect(1.0);  // a retry: a fresh connection, the first one's bytes kept
  link.flush(1.0, out);
  EXPECT_EQ(out.size(), 2u);
  EXPECT_EQ(link.bytes_out(), first + out[1].size());
}

}  // namespace
}  // namespace spear::client
