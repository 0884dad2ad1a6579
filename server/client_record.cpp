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

namespace spear::server {

void FoldedClients::add(const ClientRecord& r) {
  ++count;
  ++(r.role == net::Role::Player ? players : spectators);
  if (r.left == LeaveReason::Disconnected) ++disconnected;
  if (r.left == LeaveReason::TimedOut) ++timed_out;
  connected_seconds += r.connected_seconds();
  input_datagrams += r.input_datagrams;
  inputs += r.inputs;
}

}  // namespace spear::server
