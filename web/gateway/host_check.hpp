#pragma once
// Whether a request's Host header names this gateway: a defence against DNS rebinding, where a
// page of another site has its own name resolve to the gateway's address and so passes the
// Origin check (origin_check.hpp) as the gateway's "own" page. A Host that is an IP address, a
// localhost name or one of the operator's names is the gateway's; any other name is refused.
// (C++17: compiled into the WebSocket part too.)
#include <string>
#include <string_view>
#include <vector>

namespace spear::web {

// True when `host` (the Host header, with or without a port; empty: a client that sent none)
// may reach the gateway: empty, an IPv4 address, a bracketed IPv6 address, "localhost" or a
// name under ".localhost", or a name in `allowed` (compared without case; "*" allows any).
bool host_allowed(std::string_view host, const std::vector<std::string>& allowed);

}  // namespace spear::web
