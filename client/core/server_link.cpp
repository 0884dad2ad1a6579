#include "core/server_link.hpp"

#include <span>

namespace spear::client {

std::unique_ptr<ServerLink> ServerLink::open(const net::PeerAddress& server, std::string* error) {
  auto socket = net::UdpEndpoint::bind(server.is_ipv4() ? "0.0.0.0" : "::", 0, error);
  if (!socket) return nullptr;
  return std::unique_ptr<ServerLink>(new ServerLink(std::move(socket), server));
}

void ServerLink::connect(const net::ClientConfig& config, double now) {
  if (connection_) {
    bytes_in_base_ += connection_->stats().bytes_in;
    bytes_out_base_ += connection_->stats().bytes_out;
  }
  connection_ = std::make_unique<net::ClientConnection>(config);
  connection_->start(now);
}

void ServerLink::send_all(const std::vector<std::vector<std::uint8_t>>& datagrams) {
  for (const auto& d : datagrams) socket_->send_to(d, server_);
}

void ServerLink::pump(double now) {
  while (auto got = socket_->receive(buffer_)) {
    if (got->from != server_) {
      ++strangers_;
      continue;
    }
    if (got->truncated || !connection_) continue;
    connection_->receive(std::span<const std::uint8_t>(buffer_.data(), got->size), now);
  }
  if (connection_) send_all(connection_->poll(now));
}

void ServerLink::close(double now) {
  if (!connection_) return;
  connection_->disconnect(now);
  for (int i = 0; i < net::kDisconnectRepeats + 1; ++i) send_all(connection_->poll(now + i * 0.01));
}

}  // namespace spear::client
