#include "replay/best_run.hpp"

#include <algorithm>
#include <cmath>

#include "replay/resimulation.hpp"

namespace spear::replay {

namespace {
// A run's figures as they stand (the state's match totals less those at the run's start).
struct OpenRun {
  RunRecord record;
  bool going = false;    // it has run (its go is set)
  bool spoiled = false;  // paused on its own after its go: it will not count
  std::uint32_t targets_at_start = 0;
};
}  // namespace

std::vector<RunRecord> runs_of(const Replay& replay, sim::RunnerId runner) {
  std::vector<RunRecord> runs;
  Resimulation sim(replay);
  std::optional<OpenRun> open;
  std::uint32_t runs_started = 0;
  while (!sim.done()) {
    const sim::Tick tick = sim.tick();
    sim.step();
    const sim::MatchRunner* r = sim.match().runner(runner);
    if (!r) {
      open.reset();  // it left: its run is gone with it
      continue;
    }
    const sim::RunnerState& s = r->state;
    if (!open || s.runs != runs_started) {  // joined, or restarted (a lab exit starts one too)
      open = OpenRun{};
      open->targets_at_start = s.targets_broken;
      runs_started = s.runs;
    }
    if (open->spoiled) continue;
    if (r->events.crashed) {
      if (open->going) {
        open->record.crash = tick;
        open->record.score = s.score;
        open->record.distance_m = s.distance / 10.0;
        open->record.targets_broken = s.targets_broken - open->targets_at_start;
        runs.push_back(open->record);
      }
      open->spoiled = true;  // counted (or never ran): nothing more of this run counts
      continue;
    }
    switch (s.mode) {
      case sim::RunnerMode::Running:
      case sim::RunnerMode::Leaping:
        if (!open->going) {
          open->going = true;
          open->record.go = tick;
        }
        open->record.best_combo = std::max(open->record.best_combo, s.combo);
        break;
      case sim::RunnerMode::Countdown:
        if (open->going) open->spoiled = true;  // back from away: a pause in the run
        break;
      case sim::RunnerMode::Falling:
      case sim::RunnerMode::Down:
        break;
      case sim::RunnerMode::Lab:
      case sim::RunnerMode::Parked:
        if (open->going) open->spoiled = true;
        break;
    }
    if (s.away && open->going) open->spoiled = true;
    if (open->going && !open->spoiled) {  // as it stands, should the recording end here
      open->record.crash = tick;
      open->record.score = s.score;
      open->record.distance_m = s.distance / 10.0;
      open->record.targets_broken = s.targets_broken - open->targets_at_start;
    }
  }
  if (open && open->going && !open->spoiled) {
    open->record.crashed = false;
    runs.push_back(open->record);
  }
  return runs;
}

bool better_run(const RunRecord& a, const RunRecord& b) {
  if (a.distance_m != b.distance_m) return a.distance_m > b.distance_m;
  if (a.score != b.score) return a.score > b.score;
  return a.go < b.go;
}

std::optional<RunRecord> best_of(const std::vector<RunRecord>& runs) {
  if (runs.empty()) return std::nullopt;
  return *std::min_element(runs.begin(), runs.end(), better_run);
}

Replay cut_replay(Replay replay, sim::Tick end) {
  if (end >= replay.end_tick) return replay;
  end = std::max(end, replay.first_tick);
  replay.end_tick = end;
  std::erase_if(replay.runners, [&](const RosterEntry& e) { return e.join_tick > end; });
  for (RosterEntry& e : replay.runners) {
    if (e.leave_tick && *e.leave_tick > end) e.leave_tick.reset();
    std::erase_if(e.inputs, [&](const sim::Input& in) { return in.tick >= end; });
  }
  std::erase_if(replay.checkpoints, [&](const Checkpoint& c) { return c.tick > end; });
  if (replay.result) {
    replay.result->first_tick = std::min(replay.result->first_tick, end);
    replay.result->last_tick = std::min(replay.result->last_tick, end);
    std::erase_if(replay.result->results, [&](const sim::RaceResultEntry& e) {
      return std::none_of(replay.runners.begin(), replay.runners.end(),
                          [&](const RosterEntry& r) { return r.id == e.runner; });
    });
    for (std::size_t i = 0; i < replay.result->results.size(); ++i)
      replay.result->results[i].place = static_cast<std::uint32_t>(i + 1);
  }
  return replay;
}

Replay run_replay(Replay replay, sim::RunnerId runner, const RunRecord& run) {
  const auto tail = static_cast<sim::Tick>(std::lround(kRunTailSeconds * replay.config.tick_rate));
  replay = cut_replay(std::move(replay), run.crash + 1 + tail);
  sim::RaceResult result;
  result.number = 1;
  result.seed = replay.seed;
  result.first_tick = run.go;
  result.last_tick = run.crash;
  result.tick_rate = replay.config.tick_rate;
  const auto entry = std::find_if(replay.runners.begin(), replay.runners.end(),
                                  [&](const RosterEntry& e) { return e.id == runner; });
  if (entry != replay.runners.end()) {
    sim::RaceResultEntry e;
    e.place = 1;
    e.runner = runner;
    e.name = entry->name;
    e.bot = entry->bot;
    e.score = run.score;
    e.distance_m = run.distance_m;
    e.targets_broken = run.targets_broken;
    e.crashes = run.crashed ? 1 : 0;
    e.best_combo = run.best_combo;
    result.results.push_back(std::move(e));
  }
  replay.result = std::move(result);
  return replay;
}

}  // namespace spear::replay
