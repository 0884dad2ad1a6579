#include "core/server_socket.hpp"

#include <span>

namespace spear::client {

std::unique_ptr<ServerSocket> ServerSocket::open(const net::PeerAddress& server,
                                                 std::string* error) {
  auto socket = net::UdpEndpoint::bind(server.is_ipv4() ? "0.0.0.0" : "::", 0, error);
  if (!socket) return nullptr;
  return std::unique_ptr<ServerSocket>(new ServerSocket(std::move(socket), server));
}

void ServerSocket::deliver(ClientSession& session, double wall) {
  while (auto got = socket_->receive(buffer_)) {
    if (got->from != server_) {
      ++strangers_;
      continue;
    }
    if (got->truncated) continue;
    session.receive(std::span<const std::uint8_t>(buffer_.data(), got->size), wall);
  }
}

void ServerSocket::send(Outbox& out) {
  for (const auto& d : out) socket_->send_to(d, server_);
  out.clear();
}

void pump_session(ClientSession& session, ServerSocket* socket, double wall, float dt_cosmetic) {
  if (socket) socket->deliver(session, wall);
  Outbox out;
  session.update(wall, dt_cosmetic, out);
  if (socket) socket->send(out);
}

void quit_session(ClientSession& session, ServerSocket* socket, double wall) {
  Outbox out;
  session.quit(wall, out);
  if (socket) socket->send(out);
}

}  // namespace spear::client
