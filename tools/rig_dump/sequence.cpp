#include "sequence.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace spear::tools {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

SequenceParse parse_sequence(std::string_view text) {
  SequenceParse out;
  if (trim(text).empty()) {
    out.error = "empty sequence (expected NAME@SECONDS[,NAME@SECONDS...])";
    return out;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = trim(text.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    const std::size_t at = item.find('@');
    if (item.empty() || at == std::string_view::npos) {
      out.error = "bad sequence item '" + std::string(item) + "' (expected NAME@SECONDS)";
      out.entries.clear();
      return out;
    }
    const std::string_view name = trim(item.substr(0, at));
    const std::string_view when = trim(item.substr(at + 1));
    const auto motion = rig::motion_from_name(name);
    if (!motion) {
      out.error = "unknown motion '" + std::string(name) +
                  "' (known: idle walk run throw jump form thrust fall leap)";
      out.entries.clear();
      return out;
    }
    double t = 0.0;
    const auto res = std::from_chars(when.data(), when.data() + when.size(), t);
    if (when.empty() || res.ec != std::errc{} || res.ptr != when.data() + when.size() ||
        !std::isfinite(t) || t < 0.0) {
      out.error = "bad time '" + std::string(when) + "' for motion '" + std::string(name) +
                  "' (expected seconds >= 0)";
      out.entries.clear();
      return out;
    }
    out.entries.push_back({*motion, t});
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  std::stable_sort(out.entries.begin(), out.entries.end(),
                   [](const SequenceEntry& a, const SequenceEntry& b) { return a.at < b.at; });
  return out;
}

rig::Motion motion_at(const std::vector<SequenceEntry>& entries, double t) {
  rig::Motion m = rig::Motion::Idle;
  for (const SequenceEntry& e : entries) {
    if (e.at <= t) m = e.motion;
  }
  return m;
}

}  // namespace spear::tools
