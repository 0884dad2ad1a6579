#include "address_parse.hpp"

#include <charconv>

namespace spear::netsim {

std::optional<asio::ip::udp::endpoint> parse_udp_endpoint(std::string_view text,
                                                          std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<asio::ip::udp::endpoint> {
    if (error) *error = "'" + std::string(text) + "': " + why;
    return std::nullopt;
  };
  std::string_view host;
  std::string_view port_text;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':')
      return fail("expected [IPV6]:PORT");
    host = text.substr(1, close - 1);
    port_text = text.substr(close + 2);
  } else {
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos) return fail("expected ADDR:PORT");
    host = text.substr(0, colon);
    port_text = text.substr(colon + 1);
  }
  unsigned port = 0;
  const auto [end, ec] =
      std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (port_text.empty() || ec != std::errc{} || end != port_text.data() + port_text.size() ||
      port > 65535)
    return fail("port must be a number in [0, 65535]");
  if (host == "localhost") host = "127.0.0.1";
  asio::error_code addr_error;
  const auto address = asio::ip::make_address(std::string(host), addr_error);
  if (addr_error) return fail("not an IP address: '" + std::string(host) + "'");
  return asio::ip::udp::endpoint(address, static_cast<unsigned short>(port));
}

}  // namespace spear::netsim
