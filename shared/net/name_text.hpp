#pragma once
// Text that crosses the network: player names and refusal text. Names are valid UTF-8 of 1 to
// kMaxNameBytes bytes with no control characters (C0, DEL, C1); the server refuses others
// (RefusalReason::BadName) and the client cuts its own at a character boundary. Any text from a
// peer is passed through printable_text before a terminal or a log line sees it, so escape codes
// and newlines cannot clear a screen or forge log lines.
#include <cstddef>
#include <string>
#include <string_view>

namespace spear::net {

// Valid UTF-8 (shortest forms, no surrogates, at most U+10FFFF).
bool is_valid_utf8(std::string_view text);
// A name the server accepts: valid UTF-8, 1..kMaxNameBytes bytes, no control characters.
bool is_valid_name(std::string_view name);
// The longest prefix of `text` of at most `max_bytes` bytes that ends on a character boundary
// (invalid bytes count as one character each).
std::string cut_at_character(std::string_view text, std::size_t max_bytes);
// `text` safe to print: control characters and bytes that are not UTF-8 become "\xNN"
// escapes (a backslash doubled), everything else is kept.
std::string printable_text(std::string_view text);

}  // namespace spear::net
