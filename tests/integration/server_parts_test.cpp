// The server's small parts on their own: flags, the tick schedule, tick timings, the rate
// limiter, the JSON writer, the summary, the Prometheus text, the HTTP listener.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <asio.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "server/address_rate_limiter.hpp"
#include "server/health_file.hpp"
#include "server/http_listener.hpp"
#include "server/match_host.hpp"
#include "server/match_summary.hpp"
#include "server/metrics_text.hpp"
#include "server/server_cli.hpp"
#include "server/server_key_file.hpp"
#include "server/tick_schedule.hpp"
#include "server/tick_timings.hpp"
#include "support/http_get.hpp"

namespace spear::server {
namespace {

ServerArgs parse(std::vector<const char*> args, std::string* err_text = nullptr) {
  args.insert(args.begin(), "spear-server");
  std::ostringstream out, err;
  ServerArgs a = parse_server_args(static_cast<int>(args.size()), args.data(), out, err);
  if (err_text) *err_text = err.str();
  return a;
}

TEST(ServerCli, DefaultsFollowTheSpec) {
  const ServerArgs a = parse({});
  ASSERT_TRUE(a.run);
  EXPECT_EQ(a.config.port, 27600);
  EXPECT_EQ(a.config.tick_rate, 60);
  EXPECT_EQ(a.config.snapshot_rate, 30);
  EXPECT_DOUBLE_EQ(a.config.client_timeout, 5.0);
  EXPECT_TRUE(a.config.allow_spectators);
  EXPECT_FALSE(a.config.metrics_port.has_value());
  EXPECT_FALSE(a.config.duration.has_value());
  EXPECT_TRUE(a.config.handle_signals);
}

TEST(ServerCli, EveryFlagLandsInTheConfig) {
  const ServerArgs a = parse({"--bind",
                              "127.0.0.1",
                              "--port",
                              "4000",
                              "--seed",
                              "123",
                              "--tick-rate",
                              "50",
                              "--snapshot-rate",
                              "25",
                              "--bots",
                              "3",
                              "--bot-skill",
                              "0.25",
                              "--max-players",
                              "5",
                              "--max-spectators",
                              "7",
                              "--password",
                              "pw",
                              "--no-spectators",
                              "--headless",
                              "--fast",
                              "--duration",
                              "12.5",
                              "--summary-json",
                              "s.json",
                              "--log-level",
                              "debug",
                              "--metrics-port",
                              "9100"});
  ASSERT_TRUE(a.run);
  const ServerConfig& c = a.config;
  EXPECT_EQ(c.bind_address, "127.0.0.1");
  EXPECT_EQ(c.port, 4000);
  EXPECT_EQ(c.seed, 123u);
  EXPECT_EQ(c.tick_rate, 50);
  EXPECT_EQ(c.snapshot_rate, 25);
  EXPECT_EQ(c.bots, 3);
  EXPECT_FLOAT_EQ(c.bot_skill, 0.25f);
  EXPECT_EQ(c.max_players, 5);
  EXPECT_EQ(c.max_spectators, 7);
  EXPECT_EQ(c.password, "pw");
  EXPECT_FALSE(c.allow_spectators);
  EXPECT_TRUE(c.headless);
  EXPECT_TRUE(c.fast);
  EXPECT_DOUBLE_EQ(*c.duration, 12.5);
  EXPECT_EQ(c.summary_json, "s.json");
  EXPECT_EQ(a.log_level, "debug");
  EXPECT_EQ(*c.metrics_port, 9100);
}

TEST(ServerCli, BadFlagsAreRefusedWithExitCodeTwo) {
  for (const auto& args : std::vector<std::vector<const char*>>{{"--tick-rate", "0"},
                                                                {"--bot-skill", "-0.1"},
                                                                {"--snapshot-rate", "61"},
                                                                {"--fast", "--duration", "3"},
                                                                {"--headless", "--fast"},
                                                                {"--port", "-1"},
                                                                {"--frobnicate"},
                                                                {"--max-players", "x"}}) {
    std::string err;
    const ServerArgs a = parse(args, &err);
    EXPECT_FALSE(a.run) << args[0];
    EXPECT_EQ(a.exit_code, 2) << args[0];
    EXPECT_NE(err.find("spear-server: "), std::string::npos) << err;
  }
  const ServerArgs help = parse({"--help"});
  EXPECT_FALSE(help.run);
  EXPECT_EQ(help.exit_code, 0);
}

TEST(TickSchedule, TicksFallDueAtTheRateAndABacklogIsDropped) {
  TickSchedule s(60.0, 10.0);
  EXPECT_EQ(s.due(9.99), 0u);
  EXPECT_EQ(s.due(10.0), 1u);  // tick 0 is due at the start
  s.consume();
  EXPECT_EQ(s.due(10.01), 0u);
  EXPECT_NEAR(s.next_due_time(), 10.0 + 1.0 / 60.0, 1e-9);
  EXPECT_EQ(s.due(10.0 + 3.5 / 60.0), 3u);  // ticks 1, 2, 3
  for (int i = 0; i < 3; ++i) s.consume();
  EXPECT_EQ(s.ticks_run(), 4u);
  // A two-second stall: one tick now, and the schedule restarts from here.
  EXPECT_EQ(s.due(12.5), 1u);
  EXPECT_EQ(s.resyncs(), 1u);
  s.consume();
  EXPECT_EQ(s.due(12.5 + 0.5 / 60.0), 0u);
  EXPECT_EQ(s.due(12.5 + 1.0 / 60.0), 1u);
}

TEST(TickTimings, QuantilesWithinOnePercentAndBoundedBuckets) {
  TickTimings t;
  EXPECT_EQ(t.quantile(0.5), 0.0);
  for (int i = 1; i <= 1000; ++i) t.record(i * 1e-5);  // 10 µs .. 10 ms
  EXPECT_EQ(t.count(), 1000u);
  EXPECT_NEAR(t.quantile(0.50), 500e-5, 500e-5 * 0.021);
  EXPECT_NEAR(t.quantile(0.99), 990e-5, 990e-5 * 0.021);
  EXPECT_DOUBLE_EQ(t.max_seconds(), 1000e-5);
  EXPECT_LE(t.quantile(1.0), t.max_seconds());
  const auto cumulative = t.cumulative_bucket_counts();
  const auto bounds = TickTimings::bucket_bounds();
  ASSERT_EQ(cumulative.size(), bounds.size());
  EXPECT_EQ(cumulative[0], 10u);  // 10..100 µs: ≤ 0.0001
  EXPECT_EQ(cumulative.back(), 1000u);
  t.record(-1.0);  // clock oddities count as zero, never crash
  EXPECT_EQ(t.count(), 1001u);
}

namespace {
// The first address ::1, ::2, ... whose bucket is (`same`) or is not `bucket`.
AddressBytes address_with_bucket(const AddressRateLimiter& limit, std::size_t bucket, bool same) {
  AddressBytes a{};
  for (int i = 1; i < 65536; ++i) {
    a[14] = static_cast<std::uint8_t>(i >> 8);
    a[15] = static_cast<std::uint8_t>(i & 0xFF);
    if ((limit.bucket_of(a) == bucket) == same) return a;
  }
  ADD_FAILURE() << "no address found";
  return a;
}
}  // namespace

TEST(AddressRateLimiter, BurstThenRateAndPerHost) {
  AddressRateLimiter limit(64, 10.0, 5.0);
  AddressBytes a{};
  a[15] = 1;
  // The hash key is random per process: pick a second host that lands in another bucket.
  const AddressBytes b = address_with_bucket(limit, limit.bucket_of(a), false);
  int allowed = 0;
  for (int i = 0; i < 20; ++i) allowed += limit.allow(a, 0.0);
  EXPECT_EQ(allowed, 5);
  EXPECT_FALSE(limit.allow(a, 0.05));  // half a token
  EXPECT_TRUE(limit.allow(a, 0.1));    // one token refilled
  EXPECT_TRUE(limit.allow(b, 0.1));    // another host has its own budget
  // Time going backwards refills nothing.
  EXPECT_FALSE(limit.allow(a, 0.0));
}

TEST(AddressRateLimiter, HostsThatShareABucketShareItsBudget) {
  AddressRateLimiter limit(64, 10.0, 5.0);
  AddressBytes a{};
  a[0] = 10;
  a[15] = 1;
  const AddressBytes b = address_with_bucket(limit, limit.bucket_of(a), true);  // a[0] == 0
  ASSERT_NE(a, b);
  ASSERT_EQ(limit.bucket_of(a), limit.bucket_of(b));
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(limit.allow(a, 0.0));
  EXPECT_FALSE(limit.allow(b, 0.0));  // strict side: the shared budget is spent
}

TEST(ServerKeyFile, CreatedOnceOwnerOnlyThenReadBackAndGarbageIsRefused) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("spear-key-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "server.key").string();
  std::string error;
  const auto made = load_or_create_key_file(path, error);
  ASSERT_TRUE(made) << error;
  EXPECT_TRUE(made->created);
  EXPECT_EQ(std::filesystem::status(path).permissions() & std::filesystem::perms::all,
            std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const auto again = load_or_create_key_file(path, error);
  ASSERT_TRUE(again) << error;
  EXPECT_FALSE(again->created);
  EXPECT_EQ(again->secret, made->secret);  // the same key, so the same public key, after a restart
  EXPECT_EQ(net::KeyPair::from_secret(again->secret).public_key,
            net::KeyPair::from_secret(made->secret).public_key);

  const std::string bad = (dir / "bad.key").string();
  std::ofstream(bad) << "not a key\n";
  error.clear();
  EXPECT_FALSE(load_or_create_key_file(bad, error));
  EXPECT_NE(error.find("64 hex digits"), std::string::npos) << error;
  std::ifstream kept(bad);
  std::string line;
  std::getline(kept, line);
  EXPECT_EQ(line, "not a key");  // never overwritten
  error.clear();
  EXPECT_FALSE(load_or_create_key_file((dir / "no-such-dir" / "k").string(), error));
  EXPECT_NE(error.find("cannot create"), std::string::npos) << error;
  std::filesystem::remove_all(dir);
}

TEST(ServerKeyFile, OnlyARegularFileOfAKeysSizeIsReadAndLooseOnesAreWarnedAbout) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("spear-key-kinds-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string error;
  // A link to /dev/zero (once: bad_alloc), a FIFO (once: the start hung), a huge file, a link
  // to a good key: each a clear error, at once.
  const std::string good = (dir / "good.key").string();
  ASSERT_TRUE(load_or_create_key_file(good, error)) << error;
  const std::string zero = (dir / "zero.key").string();
  std::filesystem::create_symlink("/dev/zero", zero);
  EXPECT_FALSE(load_or_create_key_file(zero, error));
  EXPECT_NE(error.find("symbolic link"), std::string::npos) << error;
  const std::string link = (dir / "link.key").string();
  std::filesystem::create_symlink(good, link);
  EXPECT_FALSE(load_or_create_key_file(link, error));
  EXPECT_NE(error.find("symbolic link"), std::string::npos) << error;
  const std::string fifo = (dir / "fifo.key").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_FALSE(load_or_create_key_file(fifo, error));
  EXPECT_NE(error.find("not a regular file"), std::string::npos) << error;
  const std::string big = (dir / "big.key").string();
  std::ofstream(big) << std::string(1 << 20, 'a');
  EXPECT_FALSE(load_or_create_key_file(big, error));
  EXPECT_NE(error.find("larger than a key file"), std::string::npos) << error;
  // Readable by others: read, with a warning; the owner's alone: no warning.
  auto loaded = load_or_create_key_file(good, error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(loaded->warnings.empty());
  ASSERT_EQ(::chmod(good.c_str(), 0644), 0);
  loaded = load_or_create_key_file(good, error);
  ASSERT_TRUE(loaded) << error;
  ASSERT_EQ(loaded->warnings.size(), 1u);
  EXPECT_NE(loaded->warnings[0].find("0644"), std::string::npos) << loaded->warnings[0];
  std::filesystem::remove_all(dir);
}

TEST(HealthFile, APlantedLinkAtItsTemporaryNameIsNotFollowed) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("spear-health-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string victim = (dir / "victim").string();
  std::ofstream(victim) << "keep me\n";
  const std::string path = (dir / "health.json").string();
  std::filesystem::create_symlink(victim, path + ".tmp");
  HealthRecord r;
  r.pid = 42;
  r.port = 27600;
  r.tick = 7;
  r.metrics_bind = "127.0.0.1";
  std::string error;
  ASSERT_TRUE(write_health_file(path, r, &error)) << error;
  std::ifstream kept(victim);
  std::string line;
  std::getline(kept, line);
  EXPECT_EQ(line, "keep me");
  std::ifstream written(path);
  std::stringstream text;
  text << written.rdbuf();
  const auto back = parse_health_record(text.str());
  ASSERT_TRUE(back) << text.str();
  EXPECT_EQ(back->tick, 7u);
  EXPECT_FALSE(std::filesystem::is_symlink(path));
  std::filesystem::remove_all(dir);
}

TEST(MatchSummary, NamesThatAreNotUtf8StillGiveValidJson) {
  MatchSummary m;
  m.runners.push_back({1, "bad \xC3 name \"q\"\n", false, 1.0, 1.0, 1, 1, 0, 0});
  const std::string text = summary_json(m, ServerStats{}, false);
  const auto parsed = nlohmann::json::parse(text, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << text;
  EXPECT_EQ(parsed["runners"][0]["name"], "bad \xEF\xBF\xBD name \"q\"\n");  // U+FFFD
}

TEST(MatchSummary, TimingOnlyWhenAsked) {
  MatchSummary m;
  m.seed = 9;
  m.ticks = 120;
  m.runners.push_back({1, "bot-1", true, 12.5, 12.5, 14, 14, 0, 1});
  ServerStats stats;
  stats.tick_timings.record(0.001);
  stats.drops.add(DropReason::WrongKey);
  const std::string with = summary_json(m, stats, true);
  const std::string without = summary_json(m, stats, false);
  EXPECT_NE(with.find("\"timing\""), std::string::npos);
  EXPECT_EQ(without.find("\"timing\""), std::string::npos);
  EXPECT_NE(without.find("\"wrong_key\": 1"), std::string::npos);
  EXPECT_NE(without.find("\"match_seconds\": 2"), std::string::npos);
  EXPECT_NE(without.find("\"name\": \"bot-1\""), std::string::npos);
  EXPECT_NE(without.find("\"clients\": []"), std::string::npos);
}

TEST(MatchSummary, ClientsCarryTheirInputAccountingAndWhyTheyLeft) {
  MatchSummary m;
  ClientRecord player;
  player.client = 4;
  player.name = "ada";
  player.runner = 7;
  player.wire_runner = 2;
  player.joined_at = 10.0;
  player.left_at = 12.5;
  player.inputs = {.accepted = 150, .duplicate = 900, .too_old = 1, .too_far_ahead = 2, .late = 3};
  player.left = LeaveReason::TimedOut;
  ClientRecord watcher;
  watcher.client = 5;
  watcher.name = "eve";
  watcher.role = net::Role::Spectator;
  m.clients = {player, watcher};
  ServerStats stats;
  stats.inputs = player.inputs;
  const std::string j = summary_json(m, stats, false);
  EXPECT_NE(j.find("\"name\": \"ada\",\n      \"role\": \"player\",\n      \"runner\": 7,\n"
                   "      \"wire_runner\": 2,\n      \"connected_s\": 2.5,"),
            std::string::npos)
      << j;
  EXPECT_NE(
      j.find(
          "\"inputs\": {\n        \"accepted\": 150,\n        \"duplicate\": 900,\n"
          "        \"too_old\": 1,\n        \"too_far_ahead\": 2,\n        \"late\": 3\n      },\n"
          "      \"left\": \"timed_out\""),
      std::string::npos)
      << j;
  EXPECT_NE(
      j.find("\"role\": \"spectator\",\n      \"runner\": null,\n      \"wire_runner\": null,"),
      std::string::npos)
      << j;
  EXPECT_NE(j.find("\"left\": null"), std::string::npos) << j;
  EXPECT_NE(j.find("  \"inputs\": {\n    \"accepted\": 150,"), std::string::npos) << j;  // totals
}

TEST(MetricsText, FamiliesHaveHelpTypeAndUnits) {
  ServerStats stats;
  stats.tick_timings.record(0.0003);
  stats.tick_timings.record(0.003);
  stats.drops.add(DropReason::Replayed);
  stats.count_handshake(HandshakeOutcome::RefusedWrongPassword);
  stats.inputs.accepted = 120;
  stats.inputs.duplicate = 7;
  stats.inputs.late = 4;
  MetricsGauges g;
  g.players = 3;
  const std::string text = render_metrics(stats, g);
  EXPECT_NE(text.find("# TYPE spear_tick_duration_seconds histogram\n"), std::string::npos);
  EXPECT_NE(text.find("spear_tick_duration_seconds_bucket{le=\"0.0005\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("spear_tick_duration_seconds_bucket{le=\"0.004\"} 2\n"), std::string::npos);
  EXPECT_NE(text.find("spear_tick_duration_seconds_count 2\n"), std::string::npos);
  EXPECT_NE(text.find("spear_players 3\n"), std::string::npos);
  EXPECT_NE(text.find("spear_datagrams_dropped_total{reason=\"replayed\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("spear_handshakes_total{outcome=\"wrong_password\"} 1\n"), std::string::npos);
  EXPECT_NE(text.find("spear_input_frames_total{outcome=\"accepted\"} 120\n"), std::string::npos);
  EXPECT_NE(text.find("spear_input_frames_total{outcome=\"duplicate\"} 7\n"), std::string::npos);
  EXPECT_NE(text.find("spear_input_frames_total{outcome=\"too_far_ahead\"} 0\n"),
            std::string::npos);
  EXPECT_NE(text.find("spear_input_frames_late_total 4\n"), std::string::npos);
  // Every sample line belongs to a family announced by # TYPE.
  std::istringstream lines(text);
  std::string line, family;
  while (std::getline(lines, line)) {
    if (line.rfind("# TYPE ", 0) == 0) {
      family = line.substr(7, line.find(' ', 7) - 7);
    } else if (line[0] != '#') {
      EXPECT_EQ(line.rfind(family, 0), 0u) << line;
    }
  }
}

TEST(HttpListener, ServesPathsAndRefusesOversizeRequests) {
  asio::io_context io;
  HttpListener listener(io, [](std::string_view path) {
    HttpResponse r;
    r.body = "path=" + std::string(path) + "\n";
    return r;
  });
  std::string error;
  ASSERT_TRUE(listener.listen("127.0.0.1", 0, error)) << error;
  std::thread t([&] { io.run_for(std::chrono::seconds(5)); });
  const auto r = test::http_get(listener.port(), "/metrics?x=1");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, "path=/metrics\n");
  const auto big = test::http_get(listener.port(), "/" + std::string(9000, 'a'));
  EXPECT_EQ(big.status, 400);
  asio::post(io, [&] {
    listener.close();
    io.stop();
  });
  t.join();
  std::string error2;
  HttpListener bad(io, [](std::string_view) { return HttpResponse{}; });
  EXPECT_FALSE(bad.listen("not-an-address", 0, error2));
  EXPECT_FALSE(error2.empty());
}

}  // namespace
}  // namespace spear::server

namespace spear::server {
namespace {

// A toppled hurdle travels in the snapshot's broken list like a broken target (PROTOCOL.md).
TEST(MatchHostBroken, AHurdleToppledByACrashIsListedForItsRunner) {
  MatchHost host(3, 60, 0, 1.f);  // seed 3: obstacle 0 is a hurdle
  ASSERT_EQ(host.match().course().obstacle(0).kind, sim::ObstacleKind::Hurdle);
  const auto id = host.add_player("p");
  ASSERT_TRUE(id);
  std::optional<net::Tick> crash_tick;
  for (int t = 0; t < 60 * 10 && !crash_tick; ++t) {
    const net::Tick tick = host.tick();
    host.step();
    if (host.runner(*id)->events.crashed) crash_tick = tick;
  }
  ASSERT_TRUE(crash_tick);
  EXPECT_TRUE(host.runner(*id)->events.toppled_hurdle);
  const net::Snapshot s = host.snapshot();
  ASSERT_EQ(s.broken.size(), 1u);
  EXPECT_EQ(s.broken[0].runner, *id);
  EXPECT_EQ(s.broken[0].obstacle, 0u);
  EXPECT_EQ(s.broken[0].tick, *crash_tick);
}

}  // namespace
}  // namespace spear::server
