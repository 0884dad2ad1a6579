#include "support/loopback_client.hpp"

#include <stdexcept>
#include <string>
#include <thread>

namespace spear::test {

double seconds_now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

LoopbackClient::LoopbackClient(net::ClientConfig config, std::uint16_t server_port)
    : connection_(std::move(config)) {
  std::string error;
  socket_ = net::UdpEndpoint::bind("127.0.0.1", 0, &error);
  if (!socket_) throw std::runtime_error("client socket: " + error);
  server_ = net::PeerAddress::ipv4(127, 0, 0, 1, server_port);
}

void LoopbackClient::start() { connection_.start(seconds_now()); }

void LoopbackClient::pump() {
  std::vector<std::uint8_t> buffer(2048);
  const double now = seconds_now();
  while (auto r = socket_->receive(buffer)) {
    if (r->from != server_ || r->truncated) continue;
    connection_.receive(std::span(buffer.data(), r->size), now);
  }
  for (auto& s : connection_.take_snapshots()) snapshots_.push_back(std::move(s));
  for (const auto& bytes : connection_.poll(now)) {
    socket_->send_to(bytes, server_);
    if (record_) sent_.push_back(bytes);
  }
}

void LoopbackClient::send_raw(std::span<const std::uint8_t> bytes) {
  socket_->send_to(bytes, server_);
}

bool pump_until(std::initializer_list<LoopbackClient*> clients, const std::function<bool()>& done,
                double timeout_s) {
  const double until = seconds_now() + timeout_s;
  for (;;) {
    for (LoopbackClient* c : clients) c->pump();
    if (done()) return true;
    if (seconds_now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace spear::test
