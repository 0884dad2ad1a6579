#include "server/json_writer.hpp"

#include <fmt/format.h>

#include <cmath>

namespace spear::server {

void JsonWriter::newline() {
  out_ += '\n';
  out_.append(stack_.size() * 2, ' ');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!stack_.empty()) {
    if (!stack_.back().empty) out_ += ',';
    stack_.back().empty = false;
    newline();
  }
}

JsonWriter& JsonWriter::key(std::string_view k) {
  if (!stack_.empty()) {
    if (!stack_.back().empty) out_ += ',';
    stack_.back().empty = false;
    newline();
  }
  write_string(k);
  out_ += ": ";
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::begin_object() {
  before_value();
  out_ += '{';
  stack_.push_back({true});
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  before_value();
  out_ += '[';
  stack_.push_back({false});
  return *this;
}

void JsonWriter::close(char c) {
  if (stack_.empty()) return;
  const bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty) newline();
  out_ += c;
  if (stack_.empty()) out_ += '\n';
}

JsonWriter& JsonWriter::end_object() {
  close('}');
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  close(']');
  return *this;
}

void JsonWriter::write_string(std::string_view s) {
  out_ += '"';
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"':
        out_ += "\\\"";
        break;
      case '\\':
        out_ += "\\\\";
        break;
      case '\n':
        out_ += "\\n";
        break;
      case '\r':
        out_ += "\\r";
        break;
      case '\t':
        out_ += "\\t";
        break;
      default:
        if (c < 0x20) {
          out_ += fmt::format("\\u{:04x}", c);
        } else {
          out_ += ch;
        }
    }
  }
  out_ += '"';
}

JsonWriter& JsonWriter::value(std::string_view s) {
  before_value();
  write_string(s);
  return *this;
}

JsonWriter& JsonWriter::value(double d) {
  before_value();
  if (!std::isfinite(d)) {
    out_ += "null";
  } else {
    out_ += fmt::format("{}", d);
  }
  return *this;
}

JsonWriter& JsonWriter::value(std::int64_t i) {
  before_value();
  out_ += fmt::format("{}", i);
  return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t u) {
  before_value();
  out_ += fmt::format("{}", u);
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value();
  out_ += "null";
  return *this;
}

}  // namespace spear::server
