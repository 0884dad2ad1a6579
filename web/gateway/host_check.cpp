#include "host_check.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "origin_check.hpp"

namespace spear::web {
namespace {

bool ends_with_text(std::string_view text, std::string_view tail) {
  return text.size() > tail.size() &&
         same_text_ignoring_case(text.substr(text.size() - tail.size()), tail);
}

bool all_digits(std::string_view s) {
  return !s.empty() && s.size() <= 5 &&
         std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

bool host_allowed(std::string_view host, const std::vector<std::string>& allowed) {
  if (host.empty()) return true;
  // "[v6]" or "[v6]:port": an address, never a name.
  if (host.front() == '[') {
    const std::size_t close = host.find(']');
    if (close == std::string_view::npos) return false;
    const std::string_view rest = host.substr(close + 1);
    if (!rest.empty() && !(rest.front() == ':' && all_digits(rest.substr(1)))) return false;
    const std::string address(host.substr(1, close - 1));
    unsigned char bytes[16];
    return inet_pton(AF_INET6, address.c_str(), bytes) == 1;
  }
  std::string_view name = host;
  const std::size_t colon = name.rfind(':');
  if (colon != std::string_view::npos) {
    if (!all_digits(name.substr(colon + 1))) return false;
    name = name.substr(0, colon);
  }
  if (!name.empty() && name.back() == '.') name.remove_suffix(1);  // "localhost." is localhost
  if (name.empty()) return false;
  const std::string text(name);
  unsigned char bytes[4];
  if (inet_pton(AF_INET, text.c_str(), bytes) == 1) return true;
  if (same_text_ignoring_case(name, "localhost") || ends_with_text(name, ".localhost")) return true;
  for (const std::string& a : allowed) {
    if (a == "*" || same_text_ignoring_case(a, name)) return true;
  }
  return false;
}

}  // namespace spear::web
