#include "net/replay_window.hpp"

namespace spear::net {

bool ReplayWindow::is_replay(Sequence seq) const {
  if (!any_) return false;
  if (std::uint64_t{seq} + kSize <= newest_)
    return true;  // older than the window: cannot tell, so drop
  return seen_[seq % kSize] == std::uint64_t{seq} + 1;
}

void ReplayWindow::record(Sequence seq) {
  if (!any_ || seq > newest_) {
    newest_ = seq;
    any_ = true;
  }
  seen_[seq % kSize] = std::uint64_t{seq} + 1;
}

bool ReplayWindow::accept(Sequence seq) {
  if (is_replay(seq)) return false;
  record(seq);
  return true;
}

void ReplayWindow::reset() {
  seen_.fill(0);
  newest_ = 0;
  any_ = false;
}

}  // namespace spear::net
