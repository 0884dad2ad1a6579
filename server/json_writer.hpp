#pragma once
// A small streaming JSON writer (two-space indented, keys in the order written), enough for the
// summary file. Numbers are written in the shortest form that reads back to the same double, so
// equal values always give equal text.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace spear::server {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);  // inside an object, before each value

  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(double d);  // NaN and infinities become null (JSON has neither)
  JsonWriter& value(std::int64_t i);
  JsonWriter& value(std::uint64_t u);
  JsonWriter& value(int i) { return value(static_cast<std::int64_t>(i)); }
  JsonWriter& value(unsigned u) { return value(static_cast<std::uint64_t>(u)); }
  JsonWriter& value(bool b);
  JsonWriter& null();

  // The document so far, with a trailing newline once the outermost value is closed.
  const std::string& str() const { return out_; }

 private:
  void before_value();
  void newline();
  void close(char c);
  void write_string(std::string_view s);

  struct Level {
    bool object;
    bool empty = true;
  };
  std::string out_;
  std::vector<Level> stack_;
  bool after_key_ = false;
};

}  // namespace spear::server
