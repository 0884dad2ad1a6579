#include "server/leaderboard_endpoint.hpp"

#include <fmt/format.h>

#include <limits>
#include <nlohmann/json.hpp>

namespace spear::server {

namespace {

constexpr std::string_view kJson = "application/json";

// A plain decimal number that fits 64 bits: digits only, at least one.
std::optional<std::uint64_t> parse_decimal(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::uint64_t v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (v > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
    v = v * 10 + digit;
  }
  return v;
}

// A parameter name fit to repeat in an error message: printable ASCII, at most 32 bytes.
std::string shown(std::string_view name) {
  std::string out;
  for (const char c : name.substr(0, 32)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  return name.size() > 32 ? out + "..." : out;
}

std::string dump(const nlohmann::json& j) {
  // Names are valid UTF-8 (checked at the handshake); replace rather than throw regardless.
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

HttpResponse json_error(int status, const std::string& message) {
  return {status, std::string(kJson), dump(nlohmann::json{{"error", message}})};
}

}  // namespace

std::optional<LeaderboardQuery> parse_leaderboard_query(std::string_view query,
                                                        std::string& error) {
  LeaderboardQuery q;
  if (query.empty()) return q;
  bool have_limit = false, have_seed = false;
  std::size_t start = 0;
  for (;;) {
    const std::size_t amp = query.find('&', start);
    const std::string_view part =
        query.substr(start, amp == std::string_view::npos ? std::string_view::npos : amp - start);
    if (part.empty()) {
      error = "empty parameter in the query";
      return std::nullopt;
    }
    const std::size_t eq = part.find('=');
    const std::string_view name = part.substr(0, eq);
    const std::string_view value =
        eq == std::string_view::npos ? std::string_view() : part.substr(eq + 1);
    if (name != "limit" && name != "seed") {
      error = fmt::format("unknown parameter '{}' (known: limit, seed)", shown(name));
      return std::nullopt;
    }
    bool& seen = name == "limit" ? have_limit : have_seed;
    if (seen) {
      error = fmt::format("parameter '{}' given twice", name);
      return std::nullopt;
    }
    seen = true;
    if (value.empty()) {
      error = fmt::format("parameter '{}' has no value", name);
      return std::nullopt;
    }
    const auto number = parse_decimal(value);
    if (name == "limit") {
      if (!number || *number < 1 || *number > kMaxLeaderboardLimit) {
        error = fmt::format("limit must be a whole number from 1 to {}", kMaxLeaderboardLimit);
        return std::nullopt;
      }
      q.limit = static_cast<std::size_t>(*number);
    } else {
      if (!number) {
        error = fmt::format("seed must be a whole number from 0 to {}",
                            std::numeric_limits<std::uint64_t>::max());
        return std::nullopt;
      }
      q.seed = *number;
    }
    if (amp == std::string_view::npos) break;
    start = amp + 1;
  }
  return q;
}

std::string leaderboard_json(const LeaderboardQuery& query,
                             const std::vector<LeaderboardEntry>& entries) {
  nlohmann::json list = nlohmann::json::array();
  std::size_t rank = 0;
  for (const LeaderboardEntry& e : entries) {
    list.push_back({{"rank", ++rank},
                    {"name", e.name},
                    {"bot", e.bot},
                    {"score", e.score},
                    {"distance_m", e.distance_m},
                    {"targets_broken", e.targets_broken},
                    {"crashes", e.crashes},
                    {"best_combo", e.best_combo},
                    {"place", e.place},
                    {"seed", e.seed},
                    {"race_number", e.race_number},
                    {"finished_unix", e.finished_unix}});
  }
  nlohmann::json j;
  j["limit"] = query.limit;
  j["seed"] = query.seed ? nlohmann::json(*query.seed) : nlohmann::json(nullptr);
  j["entries"] = std::move(list);
  return dump(j);
}

HttpResponse leaderboard_response(const RaceStore* store, std::string_view query) {
  if (store == nullptr) return json_error(404, "no leaderboard: this server runs without --db");
  std::string error;
  const auto q = parse_leaderboard_query(query, error);
  if (!q) return json_error(400, error);
  return {200, std::string(kJson), leaderboard_json(*q, store->top(q->limit, q->seed))};
}

}  // namespace spear::server
