#include "server/client_record.hpp"

namespace spear::server {

std::string_view leave_reason_name(LeaveReason reason) {
  switch (reason) {
    case LeaveReason::Disconnected:
      return "disconnected";
    case LeaveReason::TimedOut:
      return "timed_out";
  }
  return "unknown";
}

}  // namespace spear::server
