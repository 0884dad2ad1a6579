#pragma once

#include <asio/ip/udp.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace spear::netsim {

// Parses "ADDR:PORT" where ADDR is an IPv4 literal, a bracketed IPv6 literal ("[::1]:27600") or
// "localhost". No name lookup: a relay for tests should not depend on DNS. On failure returns
// empty and says why in *error.
std::optional<asio::ip::udp::endpoint> parse_udp_endpoint(std::string_view text,
                                                          std::string* error);

}  // namespace spear::netsim
