#include "relay.hpp"

#include <asio/buffer.hpp>
#include <asio/socket_base.hpp>

namespace spear::netsim {

using asio::ip::udp;

struct Relay::Flow {
  Flow(asio::io_context& io, std::uint64_t id_, udp::endpoint client_, const ImpairmentConfig& cfg,
       std::uint64_t seed)
      : id(id_),
        client(std::move(client_)),
        upstream_socket(io),
        // Distinct odd multipliers give each flow and direction its own stream.
        to_server(cfg, seed ^ (0x9E3779B97F4A7C15ull * (2 * id_ + 1))),
        to_client(cfg, seed ^ (0xC2B2AE3D27D4EB4Full * (2 * id_ + 2))) {}

  std::uint64_t id;
  udp::endpoint client;
  udp::socket upstream_socket;
  LinkImpairment to_server;
  LinkImpairment to_client;
  std::int64_t last_active_us = 0;
  bool closed = false;
  udp::endpoint server_sender;
  std::array<std::uint8_t, 65536> buffer{};
};

namespace {

constexpr auto kSweepInterval = std::chrono::seconds(1);
// Room for bursts while the relay is busy; the kernel default is a few hundred small datagrams.
constexpr int kSocketBufferBytes = 1 << 20;

DirectionStats& stats_for(RelayStats& s, Direction d) {
  return d == Direction::to_server ? s.to_server : s.to_client;
}

}  // namespace

Relay::Relay(asio::io_context& io, const RelayConfig& config)
    : io_(io),
      config_(config),
      listen_socket_(io, config.listen),
      delivery_timer_(io),
      sweep_timer_(io),
      start_(std::chrono::steady_clock::now()),
      delay_line_(config.max_queued_datagrams, config.max_queued_bytes) {
  asio::error_code ignored;
  listen_socket_.set_option(asio::socket_base::receive_buffer_size(kSocketBufferBytes), ignored);
  listen_socket_.set_option(asio::socket_base::send_buffer_size(kSocketBufferBytes), ignored);
  listen_socket_.non_blocking(true);
  receive_from_clients();
  sweep_idle_flows();
}

Relay::~Relay() { stop(); }

udp::endpoint Relay::local_endpoint() const { return listen_socket_.local_endpoint(); }

void Relay::stop() {
  if (stopped_) return;
  stopped_ = true;
  asio::error_code ignored;
  listen_socket_.close(ignored);
  delivery_timer_.cancel();
  sweep_timer_.cancel();
  for (auto& [id, flow] : flows_by_id_) {
    flow->closed = true;
    flow->upstream_socket.close(ignored);
  }
  flows_by_id_.clear();
  flows_by_client_.clear();
}

std::int64_t Relay::now_us() const {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                               start_)
      .count();
}

void Relay::receive_from_clients() {
  listen_socket_.async_receive_from(
      asio::buffer(client_buffer_), client_sender_, [this](asio::error_code ec, std::size_t size) {
        if (stopped_ || ec == asio::error::operation_aborted) return;
        // Other errors (an ICMP port unreachable reported on a UDP socket) are per datagram;
        // the relay keeps listening.
        if (!ec) {
          if (auto flow = flow_for(client_sender_)) {
            impair(*flow, Direction::to_server, client_buffer_.data(), size);
          } else {
            ++stats_.flows_refused;
          }
        }
        receive_from_clients();
      });
}

std::shared_ptr<Relay::Flow> Relay::flow_for(const udp::endpoint& client) {
  if (auto it = flows_by_client_.find(client); it != flows_by_client_.end()) return it->second;
  if (flows_by_client_.size() >= config_.max_clients) return nullptr;
  const std::uint64_t id = next_flow_id_++;
  auto flow = std::make_shared<Flow>(io_, id, client, config_.impairment, config_.seed);
  asio::error_code ec;
  flow->upstream_socket.open(config_.upstream.protocol(), ec);
  if (!ec) flow->upstream_socket.bind(udp::endpoint(config_.upstream.protocol(), 0), ec);
  if (ec) return nullptr;  // out of sockets: treated like a full relay
  asio::error_code ignored;
  flow->upstream_socket.set_option(asio::socket_base::receive_buffer_size(kSocketBufferBytes),
                                   ignored);
  flow->upstream_socket.non_blocking(true, ignored);
  flows_by_client_.emplace(client, flow);
  flows_by_id_.emplace(id, flow);
  ++stats_.flows_opened;
  receive_from_server(flow);
  return flow;
}

void Relay::receive_from_server(const std::shared_ptr<Flow>& flow) {
  flow->upstream_socket.async_receive_from(
      asio::buffer(flow->buffer), flow->server_sender,
      [this, flow](asio::error_code ec, std::size_t size) {
        if (stopped_ || flow->closed || ec == asio::error::operation_aborted) return;
        if (!ec) {
          if (flow->server_sender == config_.upstream) {
            impair(*flow, Direction::to_client, flow->buffer.data(), size);
          } else {
            ++stats_.stray;
          }
        }
        receive_from_server(flow);
      });
}

void Relay::impair(Flow& flow, Direction direction, const std::uint8_t* data, std::size_t size) {
  DirectionStats& d = stats_for(stats_, direction);
  const std::int64_t now = now_us();
  flow.last_active_us = now;
  ++d.received;
  d.bytes_received += size;
  LinkImpairment& link = direction == Direction::to_server ? flow.to_server : flow.to_client;
  const DatagramFate fate = link.decide(now);
  if (fate.copies == 0) {
    ++d.lost;
    return;
  }
  if (fate.copies == 2) ++d.duplicated;
  if (fate.reordered) ++d.reordered;
  for (int i = 0; i < fate.copies; ++i) {
    if (!delay_line_.push(fate.due_us[i], flow.id, direction,
                          std::vector<std::uint8_t>(data, data + size))) {
      ++d.overflowed;
    }
  }
  arm_delivery_timer();
}

void Relay::arm_delivery_timer() {
  const auto next = delay_line_.next_due_us();
  if (!next || *next >= armed_for_us_) return;
  armed_for_us_ = *next;
  delivery_timer_.expires_at(start_ + std::chrono::microseconds(*next));
  delivery_timer_.async_wait([this](asio::error_code ec) {
    if (stopped_ || ec == asio::error::operation_aborted) return;
    armed_for_us_ = INT64_MAX;
    deliver_due();
    arm_delivery_timer();
  });
}

void Relay::deliver_due() {
  const std::int64_t now = now_us();
  while (auto datagram = delay_line_.pop_due(now)) {
    DirectionStats& d = stats_for(stats_, datagram->direction);
    const auto it = flows_by_id_.find(datagram->flow);
    if (it == flows_by_id_.end()) {
      ++d.orphaned;
      continue;
    }
    Flow& flow = *it->second;
    asio::error_code ec;
    if (datagram->direction == Direction::to_server) {
      flow.upstream_socket.send_to(asio::buffer(datagram->payload), config_.upstream, 0, ec);
    } else {
      listen_socket_.send_to(asio::buffer(datagram->payload), flow.client, 0, ec);
    }
    if (ec) {
      ++d.send_errors;
    } else {
      ++d.sent;
      d.bytes_sent += datagram->payload.size();
    }
  }
}

void Relay::sweep_idle_flows() {
  sweep_timer_.expires_after(kSweepInterval);
  sweep_timer_.async_wait([this](asio::error_code ec) {
    if (stopped_ || ec == asio::error::operation_aborted) return;
    const std::int64_t cutoff =
        now_us() -
        std::chrono::duration_cast<std::chrono::microseconds>(config_.client_idle_timeout).count();
    for (auto it = flows_by_id_.begin(); it != flows_by_id_.end();) {
      Flow& flow = *it->second;
      if (flow.last_active_us < cutoff) {
        flow.closed = true;
        asio::error_code ignored;
        flow.upstream_socket.close(ignored);
        flows_by_client_.erase(flow.client);
        it = flows_by_id_.erase(it);
        ++stats_.flows_expired;
      } else {
        ++it;
      }
    }
    sweep_idle_flows();
  });
}

}  // namespace spear::netsim
