// The match step with 1, 64 and 1,000 runners, rig included (issue target: 1,000 runners in
// under 4 ms a tick on one core). Runners replay input logs recorded from bots of mixed skill on
// the same course, so they run, leap, thrust, crash and restart as in a real match, and the bots'
// own planning is not part of the figure (BM_MatchStepWithBots measures it separately).
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "sim/bot.hpp"
#include "sim/match.hpp"

namespace {

using namespace spear::sim;

constexpr std::uint64_t kSeed = 4242;
constexpr int kLogs = 8;
constexpr Tick kLogTicks = 60 * 60;  // one minute of match time, then the match starts over

// Input logs of kLogs bots (skills 0.55 .. 1.0) on the match course.
const std::vector<std::vector<Input>>& logs() {
  static const std::vector<std::vector<Input>> recorded = [] {
    std::vector<std::vector<Input>> out(kLogs);
    Match m(kSeed);
    std::vector<BotController> bots;
    std::vector<RunnerId> ids;
    for (int i = 0; i < kLogs; ++i) {
      ids.push_back(m.add_runner());
      bots.emplace_back(1.f - 0.06f * static_cast<float>(i), static_cast<std::uint64_t>(i));
    }
    for (Tick t = 0; t < kLogTicks; ++t) {
      for (int i = 0; i < kLogs; ++i) {
        const Input in = bots[static_cast<std::size_t>(i)].decide(
            m.runner(ids[static_cast<std::size_t>(i)])->state, m.course(), t, m.dt());
        if (!in.empty()) {
          out[static_cast<std::size_t>(i)].push_back(in);
          m.submit_input(ids[static_cast<std::size_t>(i)], in);
        }
      }
      m.step();
    }
    return out;
  }();
  return recorded;
}

struct ReplayMatch {
  std::unique_ptr<Match> match;
  std::vector<RunnerId> ids;
  std::vector<std::size_t> cursor;

  explicit ReplayMatch(int runners) { reset(runners); }
  void reset(int runners) {
    match = std::make_unique<Match>(kSeed);
    ids.clear();
    for (int i = 0; i < runners; ++i) ids.push_back(match->add_runner());
    cursor.assign(static_cast<std::size_t>(runners), 0);
  }
  void submit_due() {
    const auto& all = logs();
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const auto& log = all[i % kLogs];
      while (cursor[i] < log.size() && log[cursor[i]].tick == match->tick()) {
        match->submit_input(ids[i], log[cursor[i]++]);
      }
    }
  }
};

void report(benchmark::State& state, int runners) {
  const auto ticks = static_cast<double>(state.iterations());
  state.counters["ticks/s"] = benchmark::Counter(ticks, benchmark::Counter::kIsRate);
  // Seconds per runner-tick, printed with an SI prefix (e.g. 700n = 0.7 µs).
  state.counters["per_runner_tick"] = benchmark::Counter(
      ticks * runners, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.SetItemsProcessed(state.iterations() * runners);
}

void BM_MatchStep(benchmark::State& state) {
  const int runners = static_cast<int>(state.range(0));
  logs();
  ReplayMatch rm(runners);
  for (auto _ : state) {
    if (rm.match->tick() == kLogTicks) {
      state.PauseTiming();
      rm.reset(runners);
      state.ResumeTiming();
    }
    rm.submit_due();
    rm.match->step();
  }
  benchmark::DoNotOptimize(rm.match->state_hash());
  report(state, runners);
}
BENCHMARK(BM_MatchStep)->Arg(1)->Arg(64)->Arg(1000)->Unit(benchmark::kMicrosecond);

// Bots deciding every tick (their planning runs the sim ahead on copies of the runner).
void BM_MatchStepWithBots(benchmark::State& state) {
  const int runners = static_cast<int>(state.range(0));
  auto match = std::make_unique<Match>(kSeed);
  std::vector<RunnerId> ids;
  std::vector<BotController> bots;
  for (int i = 0; i < runners; ++i) {
    ids.push_back(match->add_runner());
    bots.emplace_back(1.f - 0.06f * static_cast<float>(i % kLogs), static_cast<std::uint64_t>(i));
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const Input in =
          bots[i].decide(match->runner(ids[i])->state, match->course(), match->tick(), match->dt());
      if (!in.empty()) match->submit_input(ids[i], in);
    }
    match->step();
  }
  benchmark::DoNotOptimize(match->state_hash());
  report(state, runners);
}
BENCHMARK(BM_MatchStepWithBots)->Arg(1)->Arg(64)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
