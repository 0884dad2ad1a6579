#include "relay_stats.hpp"

#include <sstream>

namespace spear::netsim {

namespace {

void append(std::ostringstream& out, const char* name, const DirectionStats& d) {
  out << ' ' << name << ".received=" << d.received << ' ' << name << ".lost=" << d.lost << ' '
      << name << ".duplicated=" << d.duplicated << ' ' << name << ".reordered=" << d.reordered
      << ' ' << name << ".overflowed=" << d.overflowed << ' ' << name << ".orphaned=" << d.orphaned
      << ' ' << name << ".sent=" << d.sent << ' ' << name << ".send_errors=" << d.send_errors << ' '
      << name << ".bytes_in=" << d.bytes_received << ' ' << name << ".bytes_out=" << d.bytes_sent;
}

}  // namespace

std::string format_stats_line(const RelayStats& s) {
  std::ostringstream out;
  out << "netsim stats:";
  append(out, "up", s.to_server);
  append(out, "down", s.to_client);
  out << " flows.opened=" << s.flows_opened << " flows.refused=" << s.flows_refused
      << " flows.expired=" << s.flows_expired << " stray=" << s.stray;
  return out.str();
}

}  // namespace spear::netsim
