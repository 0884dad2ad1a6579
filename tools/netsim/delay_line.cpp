#include "delay_line.hpp"

#include <utility>

namespace spear::netsim {

DelayLine::DelayLine(std::size_t max_datagrams, std::size_t max_bytes)
    : max_datagrams_(max_datagrams), max_bytes_(max_bytes) {}

bool DelayLine::push(std::int64_t due_us, std::uint64_t flow, Direction direction,
                     std::vector<std::uint8_t> payload) {
  if (heap_.size() >= max_datagrams_ || bytes_ + payload.size() > max_bytes_) return false;
  bytes_ += payload.size();
  heap_.push(PendingDatagram{due_us, next_order_++, flow, direction, std::move(payload)});
  return true;
}

std::optional<PendingDatagram> DelayLine::pop_due(std::int64_t now_us) {
  if (heap_.empty() || heap_.top().due_us > now_us) return std::nullopt;
  // priority_queue::top is const; the element is removed right after, so moving out is safe.
  PendingDatagram out = std::move(const_cast<PendingDatagram&>(heap_.top()));
  heap_.pop();
  bytes_ -= out.payload.size();
  return out;
}

std::optional<std::int64_t> DelayLine::next_due_us() const {
  if (heap_.empty()) return std::nullopt;
  return heap_.top().due_us;
}

}  // namespace spear::netsim
