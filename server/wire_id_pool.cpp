#include "server/wire_id_pool.hpp"

namespace spear::server {

std::optional<net::RunnerId> WireIdPool::acquire(net::Tick now) {
  std::optional<net::RunnerId> id;
  const bool rested = !freed_.empty() && now - freed_.front().at >= kWireIdQuarantineTicks;
  const bool fresh_left = next_fresh_ != 0 && next_fresh_ <= max_id_;
  // An id that rested its quarantine first, then a fresh one; when every id is taken or resting,
  // a short rest is better than a refusal.
  if (!rested && fresh_left) {
    id = next_fresh_;
    next_fresh_ = static_cast<net::RunnerId>(next_fresh_ + 1);  // 0 after 65535: none left
  } else if (!freed_.empty()) {
    id = freed_.front().id;
    freed_.pop_front();
  }
  if (id) ++in_use_;
  return id;
}

void WireIdPool::release(net::RunnerId id, net::Tick now) {
  freed_.push_back({id, now});
  --in_use_;
}

}  // namespace spear::server
