#include "impairment.hpp"

#include <algorithm>
#include <cmath>

namespace spear::netsim {

namespace {

bool is_probability(double p) { return std::isfinite(p) && p >= 0.0 && p <= 1.0; }
bool is_duration(double ms) { return std::isfinite(ms) && ms >= 0.0 && ms <= 60'000.0; }

// A duplicate follows its original closely, as a retransmitting middlebox would send it.
constexpr std::int64_t kDuplicateGapUs = 1000;

}  // namespace

std::string validate(const ImpairmentConfig& c) {
  if (!is_probability(c.loss)) return "loss must be a probability in [0, 1]";
  if (!is_probability(c.duplicate)) return "dup must be a probability in [0, 1]";
  if (!is_probability(c.reorder)) return "reorder must be a probability in [0, 1]";
  if (!is_duration(c.delay_ms)) return "delay-ms must be in [0, 60000]";
  if (!is_duration(c.jitter_ms)) return "jitter-ms must be in [0, 60000]";
  if (!is_duration(c.reorder_hold_ms)) return "reorder-hold-ms must be in [0, 60000]";
  return {};
}

LinkImpairment::LinkImpairment(const ImpairmentConfig& config, std::uint64_t seed)
    : config_(config), random_(seed) {}

DatagramFate LinkImpairment::decide(std::int64_t arrival_us) {
  DatagramFate fate;
  // Every draw happens for every datagram, so one datagram's fate does not shift the random
  // stream of the next (changing --loss does not change which datagrams get reordered).
  const bool lost = random_.chance(config_.loss);
  const bool duplicated = random_.chance(config_.duplicate);
  const bool reordered = random_.chance(config_.reorder);
  const double latency_ms = std::max(0.0, config_.delay_ms + random_.symmetric(config_.jitter_ms));
  if (lost) return fate;

  std::int64_t due = arrival_us + static_cast<std::int64_t>(std::llround(latency_ms * 1000.0));
  if (reordered) {
    due += static_cast<std::int64_t>(std::llround(config_.reorder_hold_ms * 1000.0));
    fate.reordered = true;
  } else {
    due = std::max(due, last_in_order_due_us_);
  }
  fate.copies = 1;
  fate.due_us[0] = due;
  if (duplicated) {
    fate.copies = 2;
    fate.due_us[1] = due + kDuplicateGapUs;
  }
  if (!reordered) last_in_order_due_us_ = fate.due_us[fate.copies - 1];
  return fate;
}

}  // namespace spear::netsim
