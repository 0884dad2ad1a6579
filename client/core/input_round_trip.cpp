#include "core/input_round_trip.hpp"

namespace spear::client {

namespace {
constexpr std::size_t kKeep = 256;  // ticks remembered (4 s at 60 Hz)
constexpr double kGain = 0.1;
}  // namespace

void InputRoundTrip::on_sent(net::Tick tick, double now) {
  if (!sent_.empty() && tick <= sent_.back().tick) return;
  sent_.push_back({tick, now});
  while (sent_.size() > kKeep) sent_.pop_front();
}

void InputRoundTrip::on_applied(net::Tick tick, double now) {
  std::optional<double> sample;
  while (!sent_.empty() && sent_.front().tick <= tick) {
    if (sent_.front().tick == tick) sample = now - sent_.front().at;
    sent_.pop_front();
  }
  if (!sample || *sample < 0) return;
  rtt_ = rtt_ ? *rtt_ + kGain * (*sample - *rtt_) : *sample;
}

}  // namespace spear::client
