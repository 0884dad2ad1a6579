#include "server/refusal_log.hpp"

#include <fmt/format.h>

namespace spear::server {

std::string_view refusal_reason_words(net::RefusalReason reason) {
  switch (reason) {
    case net::RefusalReason::ServerFull:
      return "server full";
    case net::RefusalReason::SpectatorsFull:
      return "spectators full";
    case net::RefusalReason::SpectatorsOff:
      return "spectators off";
    case net::RefusalReason::WrongPassword:
      return "wrong password";
    case net::RefusalReason::WrongVersion:
      return "wrong version";
    case net::RefusalReason::BadName:
      return "bad name";
    case net::RefusalReason::ShuttingDown:
      return "shutting down";
    case net::RefusalReason::Count:
      break;
  }
  return "refused";
}

RefusalLog::RefusalLog(double interval, std::size_t max_hosts)
    : interval_(interval), max_hosts_(max_hosts) {}

std::optional<std::string> RefusalLog::note(const std::string& host, net::RefusalReason reason,
                                            std::string_view text, double now) {
  if (!started_) last_flush_ = now, started_ = true;
  const auto r = static_cast<std::size_t>(reason);
  if (const auto it = hosts_.find(host); it != hosts_.end()) {
    ++it->second.later[r];
    it->second.any_later = true;
    return std::nullopt;
  }
  if (hosts_.size() >= max_hosts_) {
    ++overflow_[r];
    ++overflow_total_;
    return std::nullopt;
  }
  hosts_.emplace(host, Host{});
  return fmt::format("refused {}: {}", host, text);
}

std::string RefusalLog::counts_text(const Counts& c) {
  std::string s;
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c[i] == 0) continue;
    if (!s.empty()) s += ", ";
    s += fmt::format("{} {}", refusal_reason_words(static_cast<net::RefusalReason>(i)), c[i]);
  }
  return s;
}

std::vector<std::string> RefusalLog::flush(double now) {
  std::vector<std::string> lines;
  if (!started_ || now - last_flush_ < interval_) return lines;
  const double span = now - last_flush_;
  last_flush_ = now;
  for (auto it = hosts_.begin(); it != hosts_.end();) {
    Host& h = it->second;
    if (!h.any_later) {  // quiet this interval: its next refusal is logged at once again
      it = hosts_.erase(it);
      continue;
    }
    std::uint64_t total = 0;
    for (std::uint64_t n : h.later) total += n;
    lines.push_back(fmt::format("refused {} {} more times in the last {:.0f} s ({})", it->first,
                                total, span, counts_text(h.later)));
    h = Host{};  // still busy: stays, so the next interval is counted too
    ++it;
  }
  if (overflow_total_ > 0) {
    lines.push_back(
        fmt::format("refused {} more times in the last {:.0f} s from hosts past the "
                    "first {} ({})",
                    overflow_total_, span, max_hosts_, counts_text(overflow_)));
    overflow_ = {};
    overflow_total_ = 0;
  }
  return lines;
}

}  // namespace spear::server
