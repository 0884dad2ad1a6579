// GET /leaderboard: the strict query parser, the JSON, and the endpoint served by a real Server
// (in this process, on its metrics listener) from a store the test feeds.
#include "server/leaderboard_endpoint.hpp"

#include <gtest/gtest.h>

#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "server/race_ranking.hpp"
#include "server/server.hpp"
#include "support/http_get.hpp"
#include "support/synthetic_race.hpp"

namespace spear::server {
namespace {

// A RaceStore in memory (saved from the test's thread, read on the server's), remembering what
// the endpoint asked of it.
class MemoryRaceStore final : public RaceStore {
 public:
  void save(const sim::RaceResult& race) override {
    std::lock_guard lock(mutex_);
    ranking_.add(race, 1700000000 + ++saved_);
  }
  std::vector<LeaderboardEntry> top(std::size_t limit,
                                    std::optional<std::uint64_t> seed) const override {
    std::lock_guard lock(mutex_);
    last_limit = limit;
    last_seed = seed;
    return ranking_.top(limit, seed);
  }
  mutable std::size_t last_limit = 0;
  mutable std::optional<std::uint64_t> last_seed;

 private:
  mutable std::mutex mutex_;
  RaceRanking ranking_;
  int saved_ = 0;
};

std::string parse_error(std::string_view query) {
  std::string error;
  EXPECT_FALSE(parse_leaderboard_query(query, error)) << query;
  EXPECT_FALSE(error.empty()) << query;
  return error;
}

TEST(LeaderboardQuery, DefaultsLimitAndSeed) {
  std::string error;
  for (std::string_view q : {"", "limit=10"}) {
    const auto p = parse_leaderboard_query(q, error);
    ASSERT_TRUE(p) << error;
    EXPECT_EQ(p->limit, kDefaultLeaderboardLimit);
    EXPECT_FALSE(p->seed);
  }
  auto p = parse_leaderboard_query("seed=18446744073709551615&limit=100", error);
  ASSERT_TRUE(p) << error;
  EXPECT_EQ(p->limit, 100u);
  EXPECT_EQ(p->seed, 18446744073709551615ULL);
  p = parse_leaderboard_query("limit=1&seed=0", error);
  ASSERT_TRUE(p) << error;
  EXPECT_EQ(p->limit, 1u);
  EXPECT_EQ(p->seed, 0u);
}

TEST(LeaderboardQuery, RefusesWhatIsNotExactlyRight) {
  EXPECT_NE(parse_error("limit=0").find("from 1 to 100"), std::string::npos);
  EXPECT_NE(parse_error("limit=101").find("from 1 to 100"), std::string::npos);
  parse_error("limit=99999999999999999999999");
  parse_error("limit=-1");
  parse_error("limit=+5");
  parse_error("limit=5x");
  parse_error("limit=%35");
  parse_error("limit= 5");
  parse_error("limit=1.0");
  parse_error("seed=18446744073709551616");  // 2^64
  parse_error("seed=-1");
  parse_error("seed=abc");
  EXPECT_NE(parse_error("limit=").find("no value"), std::string::npos);
  EXPECT_NE(parse_error("seed").find("no value"), std::string::npos);
  EXPECT_NE(parse_error("limit=5&limit=6").find("twice"), std::string::npos);
  EXPECT_NE(parse_error("seed=1&limit=5&seed=1").find("twice"), std::string::npos);
  EXPECT_NE(parse_error("top=5").find("unknown parameter 'top'"), std::string::npos);
  EXPECT_NE(parse_error("Limit=5").find("unknown"), std::string::npos);
  EXPECT_NE(parse_error("limit=5&").find("empty"), std::string::npos);
  EXPECT_NE(parse_error("&limit=5").find("empty"), std::string::npos);
  EXPECT_NE(parse_error("limit=5&&seed=1").find("empty"), std::string::npos);
  // A hostile name is cut short and made printable before it is repeated.
  const std::string e = parse_error(std::string(200, 'x') + "\x01=1");
  EXPECT_LT(e.size(), 100u) << e;
}

TEST(LeaderboardEndpoint, AnswersJsonOfTheStoresTop) {
  MemoryRaceStore store;
  store.save(test::synthetic_race(1, 5));
  store.save(test::synthetic_race(2, 6));
  const HttpResponse r = leaderboard_response(&store, "seed=6&limit=3");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/json");
  EXPECT_EQ(store.last_limit, 3u);
  EXPECT_EQ(store.last_seed, 6u);
  const auto j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j["limit"], 3);
  EXPECT_EQ(j["seed"], 6);
  ASSERT_EQ(j["entries"].size(), 3u);
  const auto& first = j["entries"][0];
  const auto race = test::synthetic_race(2, 6);
  EXPECT_EQ(first["rank"], 1);
  EXPECT_EQ(first["name"], race.results[0].name);
  EXPECT_EQ(first["bot"], race.results[0].bot);
  EXPECT_EQ(first["score"], race.results[0].score);
  EXPECT_EQ(first["distance_m"], race.results[0].distance_m);
  EXPECT_EQ(first["targets_broken"], race.results[0].targets_broken);
  EXPECT_EQ(first["crashes"], race.results[0].crashes);
  EXPECT_EQ(first["best_combo"], race.results[0].best_combo);
  EXPECT_EQ(first["place"], 1);
  EXPECT_EQ(first["seed"], 6);
  EXPECT_EQ(first["race_number"], 2);
  EXPECT_EQ(first["finished_unix"], 1700000002);
  EXPECT_EQ(j["entries"][2]["rank"], 3);

  const auto all = nlohmann::json::parse(leaderboard_response(&store, "").body);
  EXPECT_EQ(all["limit"], 10);
  EXPECT_TRUE(all["seed"].is_null());
  EXPECT_EQ(all["entries"].size(), 10u);
}

TEST(LeaderboardEndpoint, BadQueriesAndNoStoreAnswerJsonErrors) {
  MemoryRaceStore store;
  store.last_limit = 12345;
  const HttpResponse bad = leaderboard_response(&store, "limit=1000");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.content_type, "application/json");
  EXPECT_TRUE(nlohmann::json::parse(bad.body)["error"].is_string()) << bad.body;
  EXPECT_EQ(store.last_limit, 12345u) << "a refused query reached the store";
  const HttpResponse none = leaderboard_response(nullptr, "");
  EXPECT_EQ(none.status, 404);
  EXPECT_NE(nlohmann::json::parse(none.body)["error"].get<std::string>().find("--db"),
            std::string::npos);
}

TEST(LeaderboardEndpoint, ServedOnTheServersMetricsListener) {
  MemoryRaceStore store;
  ServerConfig config;
  config.bind_address = "127.0.0.1";
  config.port = 0;
  config.metrics_port = 0;
  config.metrics_bind_address = "127.0.0.1";
  Server server(config, &store);
  std::string error;
  ASSERT_TRUE(server.start(error)) << error;
  std::thread t([&] { server.run(); });
  for (std::uint32_t i = 1; i <= 30; ++i) store.save(test::synthetic_race(i, i % 3));

  const auto ok = test::http_get(server.metrics_port(), "/leaderboard?limit=25&seed=2");
  EXPECT_EQ(ok.status, 200) << ok.body;
  EXPECT_NE(ok.headers.find("application/json"), std::string::npos) << ok.headers;
  const auto j = nlohmann::json::parse(ok.body);
  ASSERT_EQ(j["entries"].size(), 25u);
  for (const auto& e : j["entries"]) EXPECT_EQ(e["seed"], 2);
  EXPECT_EQ(test::http_get(server.metrics_port(), "/leaderboard").status, 200);
  const auto bad = test::http_get(server.metrics_port(), "/leaderboard?limit=5&bogus=1");
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.find("bogus"), std::string::npos) << bad.body;
  EXPECT_EQ(test::http_get(server.metrics_port(), "/metrics?x=1").status, 200);

  server.stop();
  t.join();
}

TEST(LeaderboardEndpoint, AServerWithoutAStoreAnswers404) {
  ServerConfig config;
  config.bind_address = "127.0.0.1";
  config.port = 0;
  config.metrics_port = 0;
  config.metrics_bind_address = "127.0.0.1";
  Server server(config);
  std::string error;
  ASSERT_TRUE(server.start(error)) << error;
  std::thread t([&] { server.run(); });
  const auto r = test::http_get(server.metrics_port(), "/leaderboard?limit=5");
  EXPECT_EQ(r.status, 404);
  EXPECT_TRUE(nlohmann::json::parse(r.body)["error"].is_string()) << r.body;
  server.stop();
  t.join();
}

}  // namespace
}  // namespace spear::server
