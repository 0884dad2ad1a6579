#include "origin_check.hpp"

#include <algorithm>
#include <cctype>

namespace spear::web {

bool same_text_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;
  for (const std::string& a : allowed) {
    if (a == "*" || same_text_ignoring_case(a, origin)) return true;
  }
  // "scheme://authority": the authority must be the host the browser asked this gateway for.
  const std::size_t sep = origin.find("://");
  if (sep == std::string_view::npos || host.empty()) return false;
  const std::string_view authority = origin.substr(sep + 3);
  if (authority.find('/') != std::string_view::npos) return false;
  return same_text_ignoring_case(authority, host);
}

}  // namespace spear::web
