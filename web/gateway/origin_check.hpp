#pragma once
// Whether a browser's WebSocket may connect, by its Origin header: a page of another site must
// not be able to open the stream in its visitors' browsers unless the operator allows that site.
// (C++17: compiled into the WebSocket part too.)
#include <string>
#include <string_view>
#include <vector>

namespace spear::web {

// True when `origin` (the Origin header; empty: not a browser) may connect to a gateway reached
// as `host` (the Host header): no origin, an origin whose host[:port] is `host` (the page this
// gateway served), or one listed in `allowed` ("*" allows any; entries are whole origins such as
// "https://race.example.org", compared without case).
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed);

// The same text but for ASCII case (header values: hosts, origins).
bool same_text_ignoring_case(std::string_view a, std::string_view b);

}  // namespace spear::web
