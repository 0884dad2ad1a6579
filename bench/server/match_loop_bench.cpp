// The server's tick (sim step + snapshots for every client) under the netcode target's load:
// 64 runners and 256 clients at 60 Hz ticks and 30 Hz snapshots. A MatchLoop and its clients
// share one process: datagrams go straight across and time is injected, so only the server's
// own work is timed (each tick() call, wall clock). Two shapes of the same load:
//   bots    64 server bots and 256 spectators;
//   alone   64 server bots and no client (the sim's share);
//   players 64 players (each jumping now and then, so poses, falls and restarts vary) and 192
//           spectators: every player gets its own runner first and the rest nearest first;
//   big     256 server bots and 256 spectators (issue 21's case: how many runners a snapshot
//           holds, and what 256 bots cost the tick); spectator i follows runner 1 + i mod 256
//           (set_view), so the views are spread over the field as a real audience's would be.
// Counters: tick p50 / p99 / max in ms (wall clock; cpu_*: the thread's CPU time, which leaves
// out the time a shared machine gave to other processes), bytes per runner per snapshot, runners
// listed per snapshot (runners_per_snap: with a pose or in the roll call; of them full_per_snap
// with a pose and reduced_per_snap in the roll call only), downstream per client.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "net/client_connection.hpp"
#include "server/match_loop.hpp"
#include "server/tick_timings.hpp"
#include "sim/input.hpp"

namespace {

using namespace spear;

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct Client {
  net::ClientConnection connection;
  net::PeerAddress address;
  bool player = false;
  std::optional<net::RunnerId> followed;  // told to the server with set_view; none: not told
};

class Pump {
 public:
  // spread_views: spectator i follows runner 1 + i mod bots (the bots' ids are 1..bots).
  Pump(int bots, int players, int spectators, bool spread_views) {
    config_.port = 0;
    config_.seed = 7;
    config_.bots = bots;
    config_.bot_skill = 0.7f;
    config_.max_players = players;
    config_.max_spectators = spectators;
    loop_ = std::make_unique<server::MatchLoop>(config_, stats_);
    for (int i = 0; i < players + spectators; ++i) {
      net::ClientConfig c;
      c.role = i < players ? net::Role::Player : net::Role::Spectator;
      c.name = (i < players ? "p" : "s") + std::to_string(i);
      const auto n = static_cast<std::uint16_t>(i);
      std::optional<net::RunnerId> followed;
      if (spread_views && i >= players && bots > 0)
        followed = static_cast<net::RunnerId>(1 + (i - players) % bots);
      clients_.push_back(std::make_unique<Client>(
          Client{net::ClientConnection(c),
                 net::PeerAddress::ipv4(10, 0, static_cast<std::uint8_t>(n / 250),
                                        static_cast<std::uint8_t>(1 + n % 250),
                                        static_cast<std::uint16_t>(40000 + n)),
                 i < players, followed}));
      clients_.back()->connection.start(now_);
    }
  }

  // One tick with the clients' traffic first; returns the wall-clock seconds tick() took and
  // sets `cpu` to the thread's CPU seconds (the same, less time the machine gave others).
  double tick(double& cpu) {
    const net::Tick server_tick = static_cast<net::Tick>(loop_->ticks());
    for (auto& c : clients_) {
      // Players jump every 40 ticks, each at its own phase; stamped a few ticks ahead.
      if (c->player && c->connection.state() == net::ConnectionState::Connected) {
        const net::Tick t = server_tick + 3;
        net::InputFrame in{};
        in.tick = t;
        if ((t + c->address.port) % 40 == 0) in.buttons = net::buttons::kJump;
        c->connection.push_input(in);
      }
      if (c->followed && c->connection.state() == net::ConnectionState::Connected)
        c->connection.set_view(net::InputView{c->followed, net::kDefaultViewWidth}, now_);
      for (const auto& bytes : c->connection.poll(now_))
        loop_->receive(c->address, bytes, now_, out_);
    }
    deliver();
    const double c0 = thread_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    loop_->tick(now_, out_);
    const double took =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    cpu = thread_cpu_seconds() - c0;
    deliver();
    now_ += 1.0 / config_.tick_rate;
    return took;
  }

  bool all_connected() const {
    for (const auto& c : clients_)
      if (c->connection.state() != net::ConnectionState::Connected) return false;
    return true;
  }
  const std::vector<std::unique_ptr<Client>>& clients() const { return clients_; }
  int tick_rate() const { return config_.tick_rate; }

 private:
  void deliver() {
    for (auto& d : out_) {
      // Addresses are 10.0.(n/250).(1+n%250):40000+n, so the port names the client.
      const std::size_t n = static_cast<std::size_t>(d.to.port - 40000);
      if (n < clients_.size()) {
        clients_[n]->connection.receive(d.bytes, now_);
        (void)clients_[n]->connection.take_snapshots();
      }
    }
    out_.clear();
  }

  server::ServerConfig config_;
  server::ServerStats stats_;
  std::unique_ptr<server::MatchLoop> loop_;
  std::vector<std::unique_ptr<Client>> clients_;
  server::Outbox out_;
  double now_ = 1000.0;
};

void run(benchmark::State& state, int bots, int players, int spectators,
         bool spread_views = false) {
  Pump pump(bots, players, spectators, spread_views);
  double cpu = 0;
  for (int i = 0; i < 120 && !pump.all_connected(); ++i) pump.tick(cpu);
  if (!pump.all_connected()) {
    state.SkipWithError("not every client connected");
    return;
  }
  for (int i = 0; i < 120; ++i) pump.tick(cpu);  // past the first full snapshots

  std::vector<std::uint64_t> bytes_before, runners_before, others_before, runner_bytes_before;
  for (const auto& c : pump.clients()) {
    bytes_before.push_back(c->connection.stats().bytes_in);
    runners_before.push_back(c->connection.stats().snapshot_runners);
    others_before.push_back(c->connection.stats().snapshot_others);
    runner_bytes_before.push_back(c->connection.stats().snapshot_runner_bytes);
  }
  server::TickTimings timings, cpu_timings;
  std::uint64_t ticks = 0;
  for (auto _ : state) {
    const double took = pump.tick(cpu);
    timings.record(took);
    cpu_timings.record(cpu);
    state.SetIterationTime(took);
    ++ticks;
  }
  double down = 0, runners = 0, others = 0, runner_bytes = 0;
  for (std::size_t i = 0; i < pump.clients().size(); ++i) {
    const auto& st = pump.clients()[i]->connection.stats();
    down += static_cast<double>(st.bytes_in - bytes_before[i]);
    runners += static_cast<double>(st.snapshot_runners - runners_before[i]);
    others += static_cast<double>(st.snapshot_others - others_before[i]);
    runner_bytes += static_cast<double>(st.snapshot_runner_bytes - runner_bytes_before[i]);
  }
  const double seconds = static_cast<double>(ticks) / pump.tick_rate();
  const double clients = static_cast<double>(std::max<std::size_t>(1, pump.clients().size()));
  state.counters["p50_ms"] = timings.quantile(0.5) * 1e3;
  state.counters["p99_ms"] = timings.quantile(0.99) * 1e3;
  state.counters["max_ms"] = timings.max_seconds() * 1e3;
  state.counters["cpu_p99_ms"] = cpu_timings.quantile(0.99) * 1e3;
  state.counters["cpu_max_ms"] = cpu_timings.max_seconds() * 1e3;
  state.counters["B_per_runner"] = runners > 0 ? runner_bytes / runners : 0.0;
  // Per snapshot sent (30 Hz to each client): runners listed, with a pose (full) and in the roll
  // call only (reduced). B_per_runner divides the runner blocks (roll calls included) by the
  // runners with a pose.
  const double snaps = clients * seconds * 30.0;
  state.counters["runners_per_snap"] = (runners + others) / snaps;
  state.counters["full_per_snap"] = runners / snaps;
  state.counters["reduced_per_snap"] = others / snaps;
  state.counters["down_Bps_client"] = down / seconds / clients;
}

void BM_TickBots64Spectators256(benchmark::State& state) { run(state, 64, 0, 256); }
void BM_TickPlayers64Spectators192(benchmark::State& state) { run(state, 0, 64, 192); }
// The match alone (sim and bots, no snapshots): what the load adds is the difference.
void BM_TickBots64NoClients(benchmark::State& state) { run(state, 64, 0, 0); }
void BM_TickBots256Spectators256(benchmark::State& state) { run(state, 256, 0, 256, true); }
void BM_TickBots256NoClients(benchmark::State& state) { run(state, 256, 0, 0); }

// 600 ticks: 10 s of match time, 300 snapshot ticks.
BENCHMARK(BM_TickBots64Spectators256)
    ->UseManualTime()
    ->Iterations(600)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TickPlayers64Spectators192)
    ->UseManualTime()
    ->Iterations(600)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TickBots64NoClients)->UseManualTime()->Iterations(600)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TickBots256Spectators256)
    ->UseManualTime()
    ->Iterations(600)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TickBots256NoClients)->UseManualTime()->Iterations(600)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
