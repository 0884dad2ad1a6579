#include "server/drop_reason.hpp"

namespace spear::server {

std::string_view drop_reason_name(DropReason reason) {
  switch (reason) {
    case DropReason::TooSmall:
      return "too_small";
    case DropReason::TooLarge:
      return "too_large";
    case DropReason::Malformed:
      return "malformed";
    case DropReason::WrongVersion:
      return "wrong_version";
    case DropReason::RateLimited:
      return "rate_limited";
    case DropReason::BadCookie:
      return "bad_cookie";
    case DropReason::UnknownAddress:
      return "unknown_address";
    case DropReason::WrongKey:
      return "wrong_key";
    case DropReason::Replayed:
      return "replayed";
    case DropReason::Unexpected:
      return "unexpected";
    case DropReason::ShuttingDown:
      return "shutting_down";
    case DropReason::Count:
      break;
  }
  return "unknown";
}

std::uint64_t DropCounters::total() const {
  std::uint64_t sum = 0;
  for (std::uint64_t c : counts_) sum += c;
  return sum;
}

}  // namespace spear::server
