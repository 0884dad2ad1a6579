// Does a race spread out and change hands? Seeded races of bots with the server's default skill
// and personalities, started as a racing server starts them (standing at the line through a
// 3-2-1, each bot then off after its reaction), stepped by the sim alone. Prints figures; asserts
// nothing.
//
//   build/bin/bench_race_field [--races N] [--bots N] [--seconds S] [--skill K]
//                              [--crowd N] [--crowd-seconds S]
//
// Per race:
//   overtakes  times one runner went from behind another to ahead of it, both running the whole
//              while in the same run (no fall, no restart in between): passes earned by pace;
//   places     distinct final scores among the runners (the board's places tie on nothing else);
//   spread     the finishing scores' range, and the final distances' range (m);
//   crashes    in the race, all bots.
// Then the ghost: each bot's run against the same bot's earlier run on the same course (another
// draw of its timing, as a player's run against its best), the gap 30 s into both runs (m).
// Then a crowd: --crowd bots (256) --crowd-seconds into a race, how many runners stand within a
// client's default view (net::kDefaultViewWidth units, the followed runner in the middle) of
// each runner, median and 90th percentile.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "sim/bot.hpp"
#include "sim/bot_personality.hpp"
#include "sim/match.hpp"
#include "sim/pace.hpp"
#include "sim/race_start.hpp"

namespace {

using namespace spear::sim;

constexpr double kViewWidth = 782.0;  // net::kDefaultViewWidth: course units a client sees

struct Options {
  int races = 10;
  int bots = 8;
  double seconds = 180.0;
  float skill = kDefaultBotSkill;
  int crowd = 256;
  double crowd_seconds = 60.0;
};

struct Field {
  Match match;
  std::vector<BotController> bots;
  std::vector<RunnerId> ids;
};

// A race's match as a server begins it: every bot standing at the line through the countdown,
// then off after its personality's start wait.
Field begin_race(std::uint64_t seed, int bots, float skill) {
  Field f{Match(seed), {}, {}};
  const std::uint32_t countdown = race_countdown_ticks(f.match.dt());
  for (int i = 0; i < bots; ++i) {
    BotPersonality p = bot_personality(seed, static_cast<std::uint32_t>(i));
    const std::uint32_t wait = countdown + bot_start_wait_ticks(p, f.match.dt());
    const RunnerId id =
        f.match.add_runner_as(static_cast<RunnerId>(i + 1), race_start_state(wait, f.match.dt()));
    f.ids.push_back(id);
    f.bots.emplace_back(skill, mix_seed(seed, id), std::move(p));
  }
  return f;
}

void step(Field& f) {
  for (std::size_t i = 0; i < f.bots.size(); ++i) {
    const MatchRunner* r = f.match.runner(f.ids[i]);
    const Input in = f.bots[i].decide(r->state, f.match.course(), f.match.tick(), f.match.dt());
    if (!in.empty()) f.match.submit_input(f.ids[i], in);
  }
  f.match.step();
}

struct RaceFigures {
  int overtakes = 0;
  int distinct_places = 0;
  std::uint32_t score_min = 0, score_max = 0;
  double metres_min = 0.0, metres_max = 0.0;
  std::uint32_t crashes = 0;
};

RaceFigures run_race(std::uint64_t seed, const Options& o) {
  Field f = begin_race(seed, o.bots, o.skill);
  const auto n = static_cast<std::size_t>(o.bots);
  // Per pair (a < b): the sign of a's lead over b while both ran in runs `runs_a`, `runs_b`.
  struct Pair {
    int sign = 0;
    std::uint32_t runs_a = 0, runs_b = 0;
  };
  std::vector<Pair> pairs(n * n);
  RaceFigures r;
  const auto ticks = static_cast<std::uint32_t>(std::lround(o.seconds * f.match.tick_rate()) +
                                                race_countdown_ticks(f.match.dt()));
  for (std::uint32_t t = 0; t < ticks; ++t) {
    step(f);
    for (std::size_t a = 0; a < n; ++a) {
      const RunnerState& sa = f.match.runner(f.ids[a])->state;
      for (std::size_t b = a + 1; b < n; ++b) {
        const RunnerState& sb = f.match.runner(f.ids[b])->state;
        Pair& p = pairs[a * n + b];
        if (!runner_alive(sa) || !runner_alive(sb)) {
          p.sign = 0;  // a fall (or the line) between: what comes after is no pass
          continue;
        }
        const int sign = sa.distance > sb.distance ? 1 : (sa.distance < sb.distance ? -1 : 0);
        if (sign == 0) continue;
        if (p.sign != 0 && p.runs_a == sa.runs && p.runs_b == sb.runs && sign != p.sign)
          ++r.overtakes;
        p = {sign, sa.runs, sb.runs};
      }
    }
  }
  std::set<std::uint32_t> scores;
  std::vector<double> metres;
  for (const MatchRunner& m : f.match.runners()) {
    scores.insert(m.state.best);
    metres.push_back(m.state.total_distance / kUnitsPerMetre);
    r.crashes += m.state.crashes;
  }
  r.distinct_places = static_cast<int>(scores.size());
  r.score_min = *scores.begin();
  r.score_max = *scores.rbegin();
  r.metres_min = *std::min_element(metres.begin(), metres.end());
  r.metres_max = *std::max_element(metres.begin(), metres.end());
  return r;
}

// One bot's distance `seconds` into a run from the line (nullopt: it crashed before).
std::optional<double> run_distance(std::uint64_t course_seed, std::uint64_t bot_seed,
                                   const BotPersonality& p, float skill, double seconds) {
  Match m(course_seed);
  const RunnerId id = m.add_runner();
  BotController bot(skill, bot_seed, p);
  const auto ticks = static_cast<std::uint32_t>(std::lround(seconds * m.tick_rate()));
  for (std::uint32_t t = 0; t < ticks; ++t) {
    const Input in = bot.decide(m.runner(id)->state, m.course(), m.tick(), m.dt());
    if (!in.empty()) m.submit_input(id, in);
    m.step();
    if (!runner_alive(m.runner(id)->state)) return std::nullopt;
  }
  return m.runner(id)->state.distance;
}

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return false;
    const char* v = argv[++i];
    if (a == "--races")
      o.races = std::atoi(v);
    else if (a == "--bots")
      o.bots = std::atoi(v);
    else if (a == "--seconds")
      o.seconds = std::atof(v);
    else if (a == "--skill")
      o.skill = static_cast<float>(std::atof(v));
    else if (a == "--crowd")
      o.crowd = std::atoi(v);
    else if (a == "--crowd-seconds")
      o.crowd_seconds = std::atof(v);
    else
      return false;
  }
  return o.races >= 1 && o.races <= 100 && o.bots >= 2 && o.bots <= 64 && o.seconds > 0 &&
         o.seconds <= 3600 && o.skill >= 0.f && o.skill <= 1.f && o.crowd >= 0 && o.crowd <= 1024 &&
         o.crowd_seconds > 0 && o.crowd_seconds <= 600;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) {
    std::fprintf(stderr,
                 "usage: bench_race_field [--races 1..100] [--bots 2..64] [--seconds S] "
                 "[--skill 0..1] [--crowd 0..1024] [--crowd-seconds S]\n");
    return 2;
  }
  std::printf("races: %d bots, skill %.2f, %.0f s after the 3-2-1\n", o.bots,
              static_cast<double>(o.skill), o.seconds);
  std::printf("seed  overtakes  places  score min..max   total m min..max  crashes\n");
  std::vector<double> overtakes, spreads;
  int tied_races = 0;
  for (int s = 1; s <= o.races; ++s) {
    const RaceFigures r = run_race(static_cast<std::uint64_t>(s), o);
    std::printf("%4d  %9d  %3d/%-2d  %5u..%-5u    %6.0f..%-6.0f  %7u\n", s, r.overtakes,
                r.distinct_places, o.bots, r.score_min, r.score_max, r.metres_min, r.metres_max,
                r.crashes);
    overtakes.push_back(r.overtakes);
    spreads.push_back(r.metres_max - r.metres_min);
    if (r.distinct_places < o.bots) ++tied_races;
  }
  std::printf("overtakes without a fall per race: median %.0f (min %.0f, max %.0f)\n",
              percentile(overtakes, 0.5), percentile(overtakes, 0.0), percentile(overtakes, 1.0));
  std::printf("races with a tie on the board: %d of %d\n", tied_races, o.races);
  std::printf("total distance spread per race: median %.0f m\n", percentile(spreads, 0.5));

  std::vector<double> gaps;
  for (int s = 1; s <= o.races; ++s) {
    for (int i = 0; i < o.bots; ++i) {
      const auto seed = static_cast<std::uint64_t>(s);
      const BotPersonality p = bot_personality(seed, static_cast<std::uint32_t>(i));
      const auto ghost = run_distance(seed, mix_seed(seed, 1000u + i), p, o.skill, 30.0);
      const auto now = run_distance(seed, mix_seed(seed, 2000u + i), p, o.skill, 30.0);
      if (ghost && now) gaps.push_back(std::fabs(*now - *ghost) / kUnitsPerMetre);
    }
  }
  std::printf(
      "ghost: |gap| 30 s into a run against the same bot's earlier run: median %.1f m, "
      "90th %.1f m (%zu pairs without a crash)\n",
      percentile(gaps, 0.5), percentile(gaps, 0.9), gaps.size());

  if (o.crowd > 0) {
    Field f = begin_race(1, o.crowd, o.skill);
    const auto ticks = static_cast<std::uint32_t>(
        std::lround(o.crowd_seconds * f.match.tick_rate()) + race_countdown_ticks(f.match.dt()));
    for (std::uint32_t t = 0; t < ticks; ++t) step(f);
    std::vector<double> d;
    for (const MatchRunner& m : f.match.runners()) d.push_back(m.state.distance);
    std::sort(d.begin(), d.end());
    std::vector<double> in_view;
    for (double x : d) {
      const auto lo = std::lower_bound(d.begin(), d.end(), x - kViewWidth / 2);
      const auto hi = std::upper_bound(d.begin(), d.end(), x + kViewWidth / 2);
      in_view.push_back(static_cast<double>(hi - lo));
    }
    std::printf(
        "crowd: %d bots %.0f s in: runners within a %.0f-unit view of each: median %.0f, "
        "90th %.0f, max %.0f\n",
        o.crowd, o.crowd_seconds, kViewWidth, percentile(in_view, 0.5), percentile(in_view, 0.9),
        percentile(in_view, 1.0));
  }
  return 0;
}
