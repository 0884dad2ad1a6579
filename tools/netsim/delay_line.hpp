#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <queue>
#include <vector>

namespace spear::netsim {

// Which way a datagram travels through the relay.
enum class Direction : std::uint8_t { to_server, to_client };

// A datagram waiting for its delivery time.
struct PendingDatagram {
  std::int64_t due_us = 0;
  std::uint64_t order = 0;  // ties on due_us leave in push order
  std::uint64_t flow = 0;   // which client flow it belongs to
  Direction direction = Direction::to_server;
  std::vector<std::uint8_t> payload;
};

// A time-ordered queue with hard bounds on datagrams and bytes held, so a flood through the relay
// costs bounded memory: a push beyond either bound is refused.
class DelayLine {
 public:
  DelayLine(std::size_t max_datagrams, std::size_t max_bytes);

  // False (and nothing stored) when the line is full.
  bool push(std::int64_t due_us, std::uint64_t flow, Direction direction,
            std::vector<std::uint8_t> payload);

  // The earliest datagram due at or before now_us, if any.
  std::optional<PendingDatagram> pop_due(std::int64_t now_us);

  // Due time of the earliest datagram; empty when nothing waits.
  std::optional<std::int64_t> next_due_us() const;

  std::size_t size() const { return heap_.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  struct Later {
    bool operator()(const PendingDatagram& a, const PendingDatagram& b) const {
      return a.due_us != b.due_us ? a.due_us > b.due_us : a.order > b.order;
    }
  };
  std::priority_queue<PendingDatagram, std::vector<PendingDatagram>, Later> heap_;
  std::size_t max_datagrams_;
  std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  std::uint64_t next_order_ = 0;
};

}  // namespace spear::netsim
