#include "net/name_text.hpp"

#include <cstdint>

#include "net/protocol.hpp"

namespace spear::net {

namespace {

// Length in bytes of the well-formed UTF-8 sequence at text[i] and its code point; 0 when the
// bytes there are not one.
std::size_t utf8_sequence(std::string_view text, std::size_t i, std::uint32_t& code) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
  const std::uint8_t b0 = byte(i);
  std::size_t n = 0;
  std::uint32_t min = 0;
  if (b0 < 0x80) {
    code = b0;
    return 1;
  } else if ((b0 & 0xE0) == 0xC0) {
    n = 2, code = b0 & 0x1Fu, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    n = 3, code = b0 & 0x0Fu, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    n = 4, code = b0 & 0x07u, min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3Fu);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return n;
}

bool is_control(std::uint32_t code) { return code < 0x20 || (code >= 0x7F && code <= 0x9F); }

}  // namespace

bool is_valid_utf8(std::string_view text) {
  std::uint32_t code = 0;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_sequence(text, i, code);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

bool is_valid_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxNameBytes) return false;
  std::uint32_t code = 0;
  for (std::size_t i = 0; i < name.size();) {
    const std::size_t n = utf8_sequence(name, i, code);
    if (n == 0 || is_control(code)) return false;
    i += n;
  }
  return true;
}

std::string cut_at_character(std::string_view text, std::size_t max_bytes) {
  std::size_t end = 0;
  std::uint32_t code = 0;
  while (end < text.size()) {
    const std::size_t n = utf8_sequence(text, end, code);
    const std::size_t step = n == 0 ? 1 : n;
    if (end + step > max_bytes) break;
    end += step;
  }
  return std::string(text.substr(0, end));
}

std::string printable_text(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  const auto escape = [&](std::uint8_t b) {
    out += "\\x";
    out += kHex[b >> 4];
    out += kHex[b & 0xF];
  };
  std::uint32_t code = 0;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_sequence(text, i, code);
    if (n == 0 || (n == 1 && is_control(code))) {
      escape(static_cast<std::uint8_t>(text[i]));
      ++i;
    } else if (is_control(code)) {  // a C1 control written in two bytes
      for (std::size_t k = 0; k < n; ++k) escape(static_cast<std::uint8_t>(text[i + k]));
      i += n;
    } else {
      if (text[i] == '\\') out += '\\';
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

}  // namespace spear::net
