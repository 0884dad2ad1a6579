#include "core/session_link.hpp"

#include <algorithm>

#include "net/sim_wire.hpp"

namespace spear::client {

void SessionLink::connect(double now) {
  if (connection_) {
    bytes_in_base_ += connection_->stats().bytes_in;
    bytes_out_base_ += connection_->stats().bytes_out;
  }
  connection_ = std::make_unique<net::ClientConnection>(config_);
  connection_->start(now);
}

void SessionLink::receive(std::span<const std::uint8_t> datagram, double now) {
  if (connection_) connection_->receive(datagram, now);
}

void SessionLink::flush(double now, Outbox& out) {
  if (!connection_) return;
  for (auto& d : connection_->poll(now)) out.push_back(std::move(d));
}

void SessionLink::send_inputs(std::span<const sim::Input> inputs, double now, Outbox& out) {
  if (!connection_) return;
  const std::size_t per_datagram = std::max<std::size_t>(1, config_.input_redundancy);
  std::size_t unsent = 0;
  for (const sim::Input& in : inputs) {
    if (unsent == per_datagram) {
      flush(now, out);
      unsent = 0;
    }
    connection_->push_input(net::to_input_frame(in));
    ++unsent;
  }
}

void SessionLink::close(double now, Outbox& out) {
  if (!connection_) return;
  connection_->disconnect(now);
  for (int i = 0; i < net::kDisconnectRepeats + 1; ++i) flush(now + i * 0.01, out);
}

}  // namespace spear::client
