#include "server/match_host.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "net/sim_wire.hpp"
#include "server/own_runner_check.hpp"
#include "sim/race_start.hpp"
#include "sim/runner_stats.hpp"

namespace spear::server {

namespace {
// A break stays in snapshots this long so a client that lost a few still sees it (ticks at 60 Hz).
constexpr net::Tick kBreakMemoryTicks = 60;

net::BoardEntry board_entry(const sim::RaceResultEntry& r) {
  net::BoardEntry e;
  e.place = static_cast<std::uint16_t>(std::min<std::uint32_t>(r.place, 65535));
  e.name = r.name;
  e.bot = r.bot;
  e.score = static_cast<std::uint32_t>(std::min<std::uint64_t>(r.score, 0xFFFFFFFFu));
  e.distance_m = r.distance_m;
  e.targets_broken =
      static_cast<std::uint32_t>(std::min<std::uint64_t>(r.targets_broken, 0xFFFFFFFFu));
  e.crashes = static_cast<std::uint32_t>(std::min<std::uint64_t>(r.crashes, 0xFFFFFFFFu));
  e.best_combo = static_cast<std::uint32_t>(std::min<std::uint64_t>(r.best_combo, 0xFFFFFFFFu));
  return e;
}

sim::MatchConfig match_config(int tick_rate, sim::Tick rewind_ticks) {
  sim::MatchConfig c;
  c.tick_rate = tick_rate;
  c.rewind_ticks = rewind_ticks;
  return c;
}
}  // namespace

MatchHost::MatchHost(std::uint64_t seed, int tick_rate, int bots, float bot_skill,
                     sim::Tick rewind_ticks, std::size_t finished_runners,
                     std::optional<RaceSchedule> races)
    : config_(match_config(tick_rate, rewind_ticks)),
      base_seed_(seed),
      races_(races),
      match_(seed, config_),
      finished_runners_(finished_runners) {
  // Race 1 stands the warm-up and the countdown at the line; without races runners run at once.
  const sim::Tick line = races_ ? races_->match_wait(1) : 0;
  line_state_ = sim::race_start_state(line, match_.dt());
  for (int i = 0; i < bots; ++i) {
    // Each bot its own character and name, fixed by the seed and its index; it stands its start
    // wait before it runs (after the line's wait, in a race: its reaction to the start).
    sim::BotPersonality personality = sim::bot_personality(seed, static_cast<std::uint32_t>(i));
    const std::uint32_t wait = bot_start_wait_ticks(personality, match_.dt());
    const sim::RunnerId id =
        match_.add_runner_as(next_id_++, sim::waiting_runner_state(line + wait, match_.dt()));
    RunnerInfo info;
    info.name = personality.name;
    info.bot = true;
    info.start.wait_ticks = line + wait;
    if (!admit(id, std::move(info))) {
      match_.remove_runner(id);
      throw std::invalid_argument("more bots than wire runner ids");
    }
    // Each bot its own reaction-error stream, fixed by the seed and its id.
    bots_.push_back(
        {id, sim::BotController(bot_skill, sim::mix_seed(seed, id), std::move(personality)), wait});
  }
}

std::optional<net::RunnerId> MatchHost::admit(sim::RunnerId id, RunnerInfo info) {
  const auto wire = wire_ids_.acquire(match_.tick());
  if (!wire) return std::nullopt;
  info.wire = *wire;
  runners_.emplace(id, std::move(info));
  by_wire_.emplace(*wire, id);
  return wire;
}

std::optional<sim::RunnerId> MatchHost::sim_id(net::RunnerId wire) const {
  const auto it = by_wire_.find(wire);
  if (it == by_wire_.end()) return std::nullopt;
  return it->second;
}

MatchHost::RunnerInfo* MatchHost::present(net::RunnerId wire) {
  const auto id = sim_id(wire);
  return id ? &runners_.at(*id) : nullptr;
}

const MatchHost::RunnerInfo* MatchHost::present(net::RunnerId wire) const {
  const auto id = sim_id(wire);
  return id ? &runners_.at(*id) : nullptr;
}

const sim::MatchRunner* MatchHost::runner(net::RunnerId id) const {
  const auto sim = sim_id(id);
  return sim ? match_.runner(*sim) : nullptr;
}

std::optional<net::RunnerId> MatchHost::add_player(const std::string& name) {
  // At the line (results, warm-up, countdown) a joiner stands as those who stood there from the
  // start; during the race it starts running from the course start, as without races.
  const sim::Tick tick = match_.tick();
  bool at_line = false;
  if (races_) at_line = races_->at(tick).phase != net::RacePhase::Race;
  const sim::RunnerId id =
      match_.add_runner_as(next_id_++, at_line ? line_state_ : sim::new_runner_state());
  RunnerInfo info;
  info.name = name;
  info.join_tick = tick;
  if (at_line) {
    // line_state_: the line's start, stepped after each tick of the match before the go.
    info.start.wait_ticks = races_->match_wait(match_race_);
    info.start.stood_ticks =
        std::min(tick, races_->first_race_tick(match_race_)) - match_first_tick_;
  }
  const auto wire = admit(id, info);
  if (!wire) {
    match_.remove_runner(id);
  } else if (recorder_) {
    recorder_->runner_joined(id, info.name, false, tick, info.start);
  }
  return wire;
}

void MatchHost::remove_runner(net::RunnerId wire) {
  const auto id = sim_id(wire);
  if (!id) return;
  RunnerInfo& info = runners_.at(*id);
  if (const sim::MatchRunner* r = match_.runner(*id)) info.last_state = r->state;
  info.present = false;
  if (recorder_) recorder_->runner_leaving(match_, *id);
  match_.remove_runner(*id);
  offsets_.erase(*id);
  std::erase_if(bots_, [&](const Bot& b) { return b.runner == *id; });
  by_wire_.erase(wire);
  wire_ids_.release(wire, match_.tick());
  departed_.push_back(*id);
  while (departed_.size() > finished_runners_) {
    const sim::RunnerId oldest = departed_.front();
    departed_.pop_front();
    folded_.add(summary_of(oldest, runners_.at(oldest)));
    runners_.erase(oldest);
  }
}

InputCounts MatchHost::submit(net::RunnerId wire, std::span<const net::InputFrame> frames) {
  InputCounts counts;
  const auto id = sim_id(wire);
  if (!id) return counts;
  RunnerInfo& info = runners_.at(*id);
  if (info.bot) return counts;
  // Frames for ticks before this race's match began were meant for the match before: void.
  const sim::Tick first = match_first_tick_;
  // A late input re-simulates the runner inside submit_input: what changed is glided in.
  const sim::RunnerState before = match_.runner(*id)->state;
  for (const net::InputFrame& frame : frames) {
    if (frame.tick < first) {
      ++counts.too_old;
      continue;
    }
    switch (match_.submit_input(*id, net::to_sim_input(frame))) {
      case sim::SubmitResult::Accepted:
        ++counts.accepted;
        if (frame.tick < match_.tick()) ++counts.late;
        if (!info.newest_input || frame.tick > *info.newest_input) info.newest_input = frame.tick;
        break;
      case sim::SubmitResult::Duplicate:
        ++counts.duplicate;
        break;
      case sim::SubmitResult::TooOld:
        ++counts.too_old;
        break;
      case sim::SubmitResult::TooFarAhead:
        ++counts.too_far_ahead;
        break;
      case sim::SubmitResult::UnknownRunner:
        break;
    }
  }
  const sim::RunnerState& after = match_.runner(*id)->state;
  if (counts.late > 0 &&
      (after.distance != before.distance || after.pose.joints != before.pose.joints)) {
    PresentationOffset& offset = offsets_[*id];
    offset.correct(before, after);
    if (offset.idle()) offsets_.erase(*id);
  }
  return counts;
}

void MatchHost::step() {
  new_match_ = false;
  finished_.reset();
  if (races_ && match_.tick() == races_->match_start(match_race_ + 1)) begin_match(match_race_ + 1);
  const sim::Tick tick = match_.tick();
  for (Bot& bot : bots_) {
    const sim::MatchRunner* r = match_.runner(bot.runner);
    if (!r) continue;
    const sim::Input input = bot.controller.decide(r->state, match_.course(), tick, match_.dt());
    if (!input.empty()) match_.submit_input(bot.runner, input);
  }
  match_.step();
  if (recorder_) {
    recorder_->stepped(match_);
    if (recorder_->full(match_))
      end_recording(standings(match_race_, match_first_tick_, match_.tick() - 1));
  }
  for (auto& [id, offset] : offsets_) {
    // A restart or a lab switch in the step is a cut, and a runner shown exactly (parked, in the
    // lab) is never glided: what is left of a glide goes.
    const sim::MatchRunner* r = match_.runner(id);
    const bool cut = !r || r->events.restarted || r->events.entered_lab || r->events.left_lab ||
                     PresentationOffset::shows_exactly(r->state);
    if (cut) offset = PresentationOffset{};
    offset.fade(match_.dt());
  }
  std::erase_if(offsets_, [](const auto& kv) { return kv.second.idle(); });
  for (const sim::MatchRunner& r : match_.runners()) {
    // A hurdle toppled by a crash travels in the same list: the entry names the hurdle.
    if (r.events.broke_target || r.events.toppled_hurdle) {
      broken_.push_back({runners_.at(r.id).wire, r.events.obstacle, tick});
      if (broken_.size() > net::kMaxBrokenTargets) broken_.pop_front();
    }
  }
  while (!broken_.empty() && broken_.front().tick + kBreakMemoryTicks < tick) broken_.pop_front();
  if (races_) {
    const sim::Tick go = races_->first_race_tick(match_race_);
    if (tick < go) sim::step_runner(line_state_, nullptr, match_.course(), match_.dt());
    if (tick == races_->last_race_tick(match_race_)) finish_race(match_race_);
  }
}

void MatchHost::begin_match(std::uint32_t race) {
  const sim::Tick first = match_.tick();
  sim::MatchConfig c = config_;
  c.first_tick = first;
  sim::Match next(sim::race_course_seed(base_seed_, race), c);
  const sim::Tick wait = races_->match_wait(race);
  line_state_ = sim::race_start_state(wait, next.dt());
  for (auto& [id, info] : runners_) {
    if (!info.present) continue;
    const sim::MatchRunner* old = match_.runner(id);
    if (!old) continue;
    // The figures of the race before stay in the summary's totals.
    const RunnerSummary before = summary_of(id, info);
    info.earlier = before;
    const sim::RunnerId runner = id;  // a lambda cannot capture a structured binding (clang 14)
    const auto bot = std::find_if(bots_.begin(), bots_.end(),
                                  [runner](const Bot& b) { return b.runner == runner; });
    const std::uint32_t extra = bot != bots_.end() ? bot->start_wait : 0;
    info.join_tick = first;
    info.start = {.wait_ticks = wait + extra, .away = old->state.away, .stood_ticks = 0};
    next.add_runner_as(id,
                       sim::race_start_state(info.start.wait_ticks, next.dt(), info.start.away));
    if (info.bot) continue;
    // Inputs sent ahead for the new match's ticks (the client predicts past the switch).
    for (const sim::Input& in : match_.pending_inputs(id))
      if (in.tick >= first) next.submit_input(id, in);
  }
  match_ = std::move(next);
  match_first_tick_ = first;
  match_race_ = race;
  offsets_.clear();
  broken_.clear();
  new_match_ = true;
  if (recorder_) begin_recording();
}

void MatchHost::finish_race(std::uint32_t race) {
  sim::RaceResult r = standings(race, races_->first_race_tick(race), races_->last_race_tick(race));
  board_results_.clear();
  for (std::size_t i = 0; i < r.results.size() && i < net::kMaxBoardEntries; ++i)
    board_results_.push_back(board_entry(r.results[i]));
  if (recorder_) end_recording(r);
  finished_ = r;
  results_.push_back(std::move(r));
  while (results_.size() > kKeptRaces) results_.pop_front();
}

sim::RaceResult MatchHost::standings(std::uint32_t race, sim::Tick first, sim::Tick last) const {
  sim::RaceResult r;
  r.number = race;
  r.seed = match_.seed();
  r.first_tick = first;
  r.last_tick = last;
  r.tick_rate = match_.tick_rate();
  for (const sim::MatchRunner& m : match_.runners()) {
    const RunnerInfo& info = runners_.at(m.id);
    const sim::RunnerStats st = sim::runner_stats(m.state);
    sim::RaceResultEntry e;
    e.runner = m.id;
    e.name = info.name;
    e.bot = info.bot;
    e.score = st.best;  // the best run of the race (the current one included)
    e.distance_m = st.total_distance_m;
    e.targets_broken = st.targets_broken;
    e.crashes = st.crashes;
    e.best_combo = st.best_combo;
    r.results.push_back(std::move(e));
  }
  std::sort(r.results.begin(), r.results.end(),
            [](const sim::RaceResultEntry& a, const sim::RaceResultEntry& b) {
              if (a.score != b.score) return a.score > b.score;
              if (a.distance_m != b.distance_m) return a.distance_m > b.distance_m;
              return a.runner < b.runner;
            });
  for (std::size_t i = 0; i < r.results.size(); ++i)
    r.results[i].place = static_cast<std::uint32_t>(i + 1);
  return r;
}

void MatchHost::record_races() {
  if (recorder_) return;
  recorder_.emplace();
  begin_recording();
}

void MatchHost::begin_recording() {
  recorder_->begin(match_.seed(), match_.config(), match_.tick());
  for (const auto& [id, info] : runners_) {
    if (info.present && match_.runner(id))
      recorder_->runner_joined(id, info.name, info.bot, info.join_tick, info.start);
  }
}

void MatchHost::end_recording(sim::RaceResult result) {
  if (recorder_->recording()) recorded_.push_back(recorder_->end(match_, std::move(result)));
}

void MatchHost::end_recording() {
  if (!recorder_ || !recorder_->recording()) return;
  if (races_) {
    recorder_.emplace();  // a race cut short: dropped
    return;
  }
  const sim::Tick last = match_.tick() > match_first_tick_ ? match_.tick() - 1 : match_first_tick_;
  end_recording(standings(match_race_, match_first_tick_, last));
}

std::optional<replay::Replay> MatchHost::recording_so_far(
    net::RunnerId wire, std::optional<sim::RunnerId>* runner) const {
  if (runner) *runner = sim_id(wire);
  if (!recorder_ || !recorder_->recording()) return std::nullopt;
  RaceRecorder copy = *recorder_;
  const sim::Tick last = match_.tick() > match_first_tick_ ? match_.tick() - 1 : match_first_tick_;
  return copy.end(match_, standings(match_race_, match_first_tick_, last));
}

std::vector<replay::Replay> MatchHost::take_recorded() { return std::exchange(recorded_, {}); }

void MatchHost::set_all_time(std::vector<net::BoardEntry> entries) {
  if (entries.size() > net::kMaxAllTimeEntries) entries.resize(net::kMaxAllTimeEntries);
  board_all_time_ = std::move(entries);
}

std::optional<net::RaceStatus> MatchHost::race_status() const {
  if (!races_) return std::nullopt;
  // The snapshot shows the tick the last step simulated.
  const sim::Tick shown = match_.tick() == 0 ? 0 : match_.tick() - 1;
  const RacePhaseAt at = races_->at(shown);
  net::RaceStatus s;
  s.phase = at.phase;
  s.race = at.race;
  s.ticks_left = at.phase_end - shown - 1;
  s.match_first_tick = std::min(match_first_tick_, shown);
  s.wait = at.phase == net::RacePhase::Race ? races_->match_wait(at.race + 1) : at.match_wait;
  return s;
}

std::optional<net::Tick> MatchHost::last_applied_input(net::RunnerId id) const {
  const RunnerInfo* info = present(id);
  if (!info || !info->newest_input) return std::nullopt;
  // Inputs for ticks before match_.tick() have been applied (late ones merged into a step).
  const net::Tick newest = *info->newest_input;
  if (match_.tick() == 0) return std::nullopt;
  return newest < match_.tick() ? newest : match_.tick() - 1;
}

std::optional<net::OwnRunnerState> MatchHost::own_runner_state(net::RunnerId id,
                                                               net::Tick tick) const {
  const auto sim = sim_id(id);
  if (!sim) return std::nullopt;
  return server::own_runner_state(match_, *sim, id, tick, last_applied_input(id));
}

net::Snapshot MatchHost::snapshot(std::size_t page) const {
  net::Snapshot s;
  snapshot_into(s, page);
  return s;
}

void MatchHost::snapshot_into(net::Snapshot& s, std::size_t page) const {
  // The snapshot shows the state after the last step: the tick that step simulated.
  s.tick = match_.tick() == 0 ? 0 : match_.tick() - 1;
  s.baseline_tick.reset();
  s.own.reset();
  s.others.clear();
  s.runners.resize(match_.runner_count());
  s.roster.resize(match_.runner_count());
  std::size_t listed = 0;
  for (const sim::MatchRunner& r : match_.runners()) {
    const RunnerInfo& info = runners_.at(r.id);
    net::RunnerSnapshot& out = s.runners[listed];
    out = net::runner_snapshot(info.wire, r.state, info.bot, match_.dt());
    if (const auto it = offsets_.find(r.id); it != offsets_.end()) it->second.apply(out);
    net::RosterEntry& name = s.roster[listed];
    name.runner = info.wire;
    name.bot = info.bot;
    name.name = info.name;  // assigned: a long name reuses the string's storage
    ++listed;
  }
  s.runners.resize(listed);
  s.roster.resize(listed);
  s.broken.assign(broken_.begin(), broken_.end());
  s.race = race_status();
  s.board.reset();
  if (s.race && s.race->phase == net::RacePhase::Results) {
    // One page a snapshot, the results' pages then the all-time ones, round robin.
    const auto pages = [](std::size_t n) {
      return (n + net::kMaxBoardPageEntries - 1) / net::kMaxBoardPageEntries;
    };
    const std::size_t results = pages(board_results_.size());
    const std::size_t all = pages(board_all_time_.size());
    if (results + all > 0) {
      std::size_t k = page % (results + all);
      const bool first_board = k < results;
      const auto& entries = first_board ? board_results_ : board_all_time_;
      if (!first_board) k -= results;
      net::BoardPage b;
      b.kind = first_board ? net::BoardKind::Results : net::BoardKind::AllTime;
      b.race = s.race->race;
      b.total = static_cast<std::uint16_t>(entries.size());
      b.first = static_cast<std::uint16_t>(k * net::kMaxBoardPageEntries);
      const std::size_t end = std::min(entries.size(), b.first + net::kMaxBoardPageEntries);
      b.entries.assign(entries.begin() + b.first,
                       entries.begin() + static_cast<std::ptrdiff_t>(end));
      s.board = std::move(b);
    }
  }
}

RunnerSummary MatchHost::summary_of(sim::RunnerId id, const RunnerInfo& info) const {
  const sim::MatchRunner* live = match_.runner(id);
  const sim::RunnerState& state = live ? live->state : info.last_state;
  const sim::RunnerStats st = sim::runner_stats(state);
  RunnerSummary r;
  r.id = id;
  r.name = info.name;
  r.bot = info.bot;
  r.distance_m = st.total_distance_m;
  r.best_distance_m = st.best_distance_m;
  r.score = st.score;
  r.best = st.best;
  r.crashes = st.crashes;
  r.targets_broken = st.targets_broken;
  // Earlier races' matches: their figures added (scores: the best of them).
  const RunnerSummary& e = info.earlier;
  r.distance_m += e.distance_m;
  r.best_distance_m = std::max(r.best_distance_m, e.best_distance_m);
  r.best = std::max(r.best, e.best);
  r.crashes += e.crashes;
  r.targets_broken += e.targets_broken;
  return r;
}

MatchSummary MatchHost::summary() const {
  MatchSummary m;
  m.seed = match_.seed();
  m.ticks = match_.tick();
  m.tick_rate = match_.tick_rate();
  for (const auto& [id, info] : runners_) m.runners.push_back(summary_of(id, info));
  m.earlier_runners = folded_;
  m.races.assign(results_.begin(), results_.end());
  return m;
}

}  // namespace spear::server
