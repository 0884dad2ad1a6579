#pragma once
// Refusal log lines, aggregated per address: the first refusal of a host (IP, any port) in an
// interval is logged at once with its words; later ones from that host in the same interval
// are only counted, and at the interval's end one line per such host gives the counts by
// reason. So a guesser or a slot filler costs one log line per interval, not one per attempt.
// Memory is bounded: past `max_hosts` hosts in one interval the rest are counted together.
// Pure: no clock, no logging (the caller logs the lines it gets).
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "net/messages.hpp"

namespace spear::server {

class RefusalLog {
 public:
  explicit RefusalLog(double interval, std::size_t max_hosts = 1024);

  // A refusal sent to `host` (its IP as text) at `now`: the line to log now, or nullopt.
  std::optional<std::string> note(const std::string& host, net::RefusalReason reason,
                                  std::string_view text, double now);
  // Once `interval` seconds have passed since the last flush: one line per host refused more
  // than once since then (and one for the hosts past max_hosts); otherwise nothing.
  std::vector<std::string> flush(double now);

  std::size_t hosts() const { return hosts_.size(); }

 private:
  using Counts = std::array<std::uint64_t, static_cast<std::size_t>(net::RefusalReason::Count)>;
  struct Host {
    Counts later{};  // refusals after the first of the interval
    bool any_later = false;
  };
  static std::string counts_text(const Counts& c);

  double interval_;
  std::size_t max_hosts_;
  double last_flush_ = 0.0;
  bool started_ = false;
  std::map<std::string, Host> hosts_;
  Counts overflow_{};
  std::uint64_t overflow_total_ = 0;
};

// "server full", "wrong password", ...: a refusal reason in words for the log.
std::string_view refusal_reason_words(net::RefusalReason reason);

}  // namespace spear::server
