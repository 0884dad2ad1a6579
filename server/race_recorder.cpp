#include "server/race_recorder.hpp"

#include "net/protocol.hpp"
#include "sim/sim_version.hpp"
#include "sim/state_hash.hpp"

namespace spear::server {

void RaceRecorder::begin(std::uint64_t seed, const sim::MatchConfig& config, sim::Tick first_tick) {
  replay_ = replay::Replay{};
  replay_.sim_version = sim::kSimVersion;
  replay_.protocol_version = net::kProtocolVersion;
  replay_.seed = seed;
  replay_.config = config;
  replay_.first_tick = first_tick;
  replay_.end_tick = first_tick;
  tracks_.clear();
  pending_.clear();
  recording_ = true;
}

void RaceRecorder::runner_joined(sim::RunnerId id, const std::string& name, bool bot,
                                 sim::Tick join_tick, const replay::RunnerStart& start) {
  if (!recording_) return;
  Track t;
  t.entry.id = id;
  t.entry.name = name;
  t.entry.bot = bot;
  t.entry.join_tick = join_tick;
  t.entry.start = start;
  t.next = join_tick;
  tracks_.insert_or_assign(id, std::move(t));
}

void RaceRecorder::read_inputs(const sim::Match& match, Track& track, sim::Tick until) {
  for (; track.next < until; ++track.next) {
    const std::optional<sim::Input> in = match.applied_input(track.entry.id, track.next);
    // Always there when called every step (the history outlasts the rewind window).
    if (in && !in->empty()) track.entry.inputs.push_back(*in);
  }
}

void RaceRecorder::runner_leaving(const sim::Match& match, sim::RunnerId id) {
  if (!recording_) return;
  const auto it = tracks_.find(id);
  if (it == tracks_.end() || !it->second.present) return;
  Track& t = it->second;
  read_inputs(match, t, match.tick());
  t.entry.leave_tick = match.tick();
  t.present = false;
  // Its states at the checkpoints still open, before the match forgets them.
  for (PendingCheckpoint& c : pending_) {
    for (auto& [runner, state] : c.runners) {
      if (runner == id && !state) state = match.state_after(id, c.tick - 1);
    }
  }
}

void RaceRecorder::settle(const sim::Match& match, bool all) {
  const sim::Tick now = match.tick();
  const sim::Tick rewind = match.config().rewind_ticks;
  // The state after tick K - 1 is final once no input can go to K - 1 or before: K + rewind <= now.
  while (!pending_.empty() && (all || pending_.front().tick + rewind <= now)) {
    const PendingCheckpoint& c = pending_.front();
    std::uint64_t h = sim::hash_tick(c.tick);
    bool complete = true;
    for (const auto& [id, state] : c.runners) {
      const std::optional<sim::RunnerState> s = state ? state : match.state_after(id, c.tick - 1);
      if (!s) {
        complete = false;  // not kept by the match (never when called every step)
        break;
      }
      h = sim::hash_match_runner(id, *s, h);
    }
    if (complete) replay_.checkpoints.push_back({c.tick, h});
    pending_.pop_front();
  }
}

void RaceRecorder::stepped(const sim::Match& match) {
  if (!recording_) return;
  const sim::Tick now = match.tick();
  const sim::Tick rewind = match.config().rewind_ticks;
  const sim::Tick final_until = now > rewind ? now - rewind : 0;  // ticks before it are final
  for (auto& [id, t] : tracks_) {
    if (t.present) read_inputs(match, t, final_until);
  }
  if (now % static_cast<sim::Tick>(match.tick_rate()) == 0 && now > replay_.first_tick) {
    PendingCheckpoint c;
    c.tick = now;
    for (const auto& [id, t] : tracks_) {
      if (t.present) c.runners.emplace_back(id, std::nullopt);
    }
    pending_.push_back(std::move(c));
  }
  settle(match, false);
}

bool RaceRecorder::full(const sim::Match& match) const {
  return recording_ && match.tick() >= replay::max_end_tick(replay_);
}

replay::Replay RaceRecorder::end(const sim::Match& match, sim::RaceResult result) {
  if (!recording_) return {};
  const sim::Tick now = match.tick();
  for (auto& [id, t] : tracks_) {
    if (t.present) read_inputs(match, t, now);
  }
  settle(match, true);
  if (now > replay_.first_tick &&
      (replay_.checkpoints.empty() || replay_.checkpoints.back().tick != now)) {
    replay_.checkpoints.push_back({now, match.state_hash()});
  }
  replay_.end_tick = now;
  for (auto& [id, t] : tracks_) replay_.runners.push_back(std::move(t.entry));
  replay_.result = std::move(result);
  tracks_.clear();
  recording_ = false;
  return std::move(replay_);
}

}  // namespace spear::server
