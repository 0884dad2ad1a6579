#include "replay/replay_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "net/name_text.hpp"
#include "replay/input_track.hpp"
#include "schemas/replay_generated.h"

namespace spear::replay {

namespace {

using std::to_string;

ReadResult refuse(std::string why) { return {std::nullopt, std::move(why)}; }

sim::CourseParams course_params(const fb::CourseParams& c) {
  sim::CourseParams p;
  p.start_clear = c.start_clear();
  p.min_gap_time = c.min_gap_time();
  p.extra_gap_time = c.extra_gap_time();
  p.target_share = c.target_share();
  p.max_same_in_row = c.max_same_in_row();
  p.hurdle_min_height = c.hurdle_min_height();
  p.hurdle_max_height = c.hurdle_max_height();
  p.hurdle_width = c.hurdle_width();
  p.target_min_height = c.target_min_height();
  p.target_max_height = c.target_max_height();
  p.target_width = c.target_width();
  return p;
}

std::string runner_error(const RosterEntry& r, const std::string& why) {
  return "runner " + to_string(r.id) + ": " + why;
}

// The roster entry of a runner table; error set when it is out of bounds.
RosterEntry roster_entry(const fb::Runner& fr, const Replay& replay, sim::RunnerId previous,
                         std::string& error) {
  RosterEntry r;
  r.id = fr.id();
  if (r.id == sim::kNoRunner || r.id <= previous) {
    error = "runner ids must increase from 1 (" + to_string(r.id) + " after " +
            to_string(previous) + ")";
    return r;
  }
  if (!fr.name() || !net::is_valid_name(fr.name()->string_view())) {
    error = runner_error(r, "no valid name");
    return r;
  }
  r.name = fr.name()->str();
  r.bot = fr.bot();
  r.join_tick = fr.join_tick();
  r.start.wait_ticks = fr.start_wait_ticks();
  r.start.away = fr.away();
  r.start.stood_ticks = fr.stood_ticks();
  if (r.join_tick < replay.first_tick || r.join_tick > replay.end_tick) {
    error = runner_error(r, "joins outside the race");
    return r;
  }
  // The match numbers its runners in the order they join.
  if (!replay.runners.empty() && r.join_tick < replay.runners.back().join_tick) {
    error = runner_error(r, "joins before a runner with a lower id");
    return r;
  }
  if (r.start.wait_ticks > max_end_tick(replay) - replay.first_tick) {
    error = runner_error(r, "start wait too long");
    return r;
  }
  // It stood at the line from the match's first tick at the earliest.
  if (r.start.stood_ticks > r.join_tick - replay.first_tick) {
    error = runner_error(r, "stood at the line before the match began");
    return r;
  }
  sim::Tick last = replay.end_tick;
  if (fr.left()) {
    if (fr.leave_tick() < r.join_tick || fr.leave_tick() > replay.end_tick) {
      error = runner_error(r, "leaves outside its time in the race");
      return r;
    }
    r.leave_tick = fr.leave_tick();
    last = fr.leave_tick();
  }
  const std::span<const std::uint8_t> bytes =
      fr.inputs() ? std::span<const std::uint8_t>(fr.inputs()->data(), fr.inputs()->size())
                  : std::span<const std::uint8_t>();
  UnpackedInputs in = unpack_inputs(bytes, fr.input_count(), r.join_tick, last);
  if (!in.error.empty()) {
    error = runner_error(r, in.error);
    return r;
  }
  r.inputs = std::move(in.inputs);
  return r;
}

std::optional<sim::RaceResult> race_result(const fb::RaceResult& fr, const Replay& replay,
                                           std::string& error) {
  sim::RaceResult r;
  r.number = fr.number();
  r.seed = fr.seed();
  r.first_tick = fr.first_tick();
  r.last_tick = fr.last_tick();
  r.tick_rate = fr.tick_rate();
  if (r.tick_rate != replay.config.tick_rate || r.first_tick > r.last_tick ||
      r.first_tick < replay.first_tick || r.last_tick > replay.end_tick) {
    error = "result: ticks or tick rate do not match the race";
    return std::nullopt;
  }
  if (!fr.results()) return r;
  if (fr.results()->size() > replay.runners.size()) {
    error = "result: more places than runners";
    return std::nullopt;
  }
  for (const fb::ResultEntry* e : *fr.results()) {
    sim::RaceResultEntry x;
    x.place = e->place();
    x.runner = e->runner();
    x.bot = e->bot();
    x.score = e->score();
    x.distance_m = e->distance_m();
    x.targets_broken = e->targets_broken();
    x.crashes = e->crashes();
    x.best_combo = e->best_combo();
    const std::string where = "result place " + to_string(r.results.size() + 1) + ": ";
    if (x.place != r.results.size() + 1) {
      error = where + "places must count 1, 2, 3 ...";
      return std::nullopt;
    }
    if (!e->name() || !net::is_valid_name(e->name()->string_view())) {
      error = where + "no valid name";
      return std::nullopt;
    }
    x.name = e->name()->str();
    const auto& roster = replay.runners;
    const bool known = std::any_of(roster.begin(), roster.end(),
                                   [&](const RosterEntry& re) { return re.id == x.runner; });
    if (!known || !std::isfinite(x.distance_m) || x.distance_m < 0.0) {
      error = where + "names no runner of the race or has no valid distance";
      return std::nullopt;
    }
    r.results.push_back(std::move(x));
  }
  return r;
}

}  // namespace

ReadResult read_replay(std::span<const std::uint8_t> bytes) {
  // A 4-byte size, the root offset, then the identifier (FinishSizePrefixed).
  if (bytes.size() < 12 ||
      !flatbuffers::BufferHasIdentifier(bytes.data(), fb::ReplayIdentifier(), true))
    return refuse("not a replay file (no \"SPRP\" identifier)");
  if (bytes.size() > kMaxFileBytes) return refuse("replay file too large");
  const std::uint32_t size = flatbuffers::ReadScalar<std::uint32_t>(bytes.data());
  if (size != bytes.size() - 4) {
    return refuse("damaged replay file: " + to_string(bytes.size()) + " bytes where it says " +
                  to_string(std::uint64_t{size} + 4) + " (cut short or with bytes added)");
  }
  flatbuffers::Verifier verifier(bytes.data(), bytes.size());
  if (!fb::VerifySizePrefixedReplayBuffer(verifier))
    return refuse("damaged replay file (corrupted: the FlatBuffers check fails)");
  const fb::Replay& f = *fb::GetSizePrefixedReplay(bytes.data());

  Replay r;
  r.format_version = f.format_version();
  if (r.format_version != kFormatVersion) {
    return refuse("replay format version " + to_string(r.format_version) +
                  ", this build reads version " + to_string(kFormatVersion));
  }
  r.sim_version = f.sim_version();
  r.protocol_version = f.protocol_version();
  r.seed = f.seed();
  r.config.tick_rate = f.tick_rate();
  if (r.config.tick_rate < 10 || r.config.tick_rate > 1000)
    return refuse("tick rate " + to_string(r.config.tick_rate) + " outside 10..1000");
  r.config.rewind_ticks = f.rewind_ticks();
  r.config.max_input_lead = f.max_input_lead();
  // A rewind longer than ten seconds is not a setting the server has.
  if (r.config.rewind_ticks > static_cast<sim::Tick>(10 * r.config.tick_rate))
    return refuse("rewind window out of bounds");
  if (!f.course()) return refuse("no course parameters");
  r.config.course = course_params(*f.course());
  try {
    sim::validate(r.config.course);
  } catch (const std::invalid_argument& e) {
    return refuse(std::string("course parameters out of bounds: ") + e.what());
  }
  r.first_tick = f.first_tick();
  r.end_tick = f.end_tick();
  // A race on a match of its own starts at tick 0; a later start is stepped through with no
  // runner by the re-simulation, so it is bounded too.
  if (r.first_tick > max_end_tick(r) - r.first_tick) return refuse("first tick out of bounds");
  if (r.end_tick < r.first_tick || r.end_tick > max_end_tick(r))
    return refuse("end tick before the first or the race longer than " + to_string(kMaxSeconds) +
                  " s");

  // Checkpoints first (cheap, and they bound the race's length by the file's size), then the
  // runners' count, before anything is unpacked.
  const std::uint64_t max_gap = std::uint64_t{kMaxCheckpointGapSeconds} * r.config.tick_rate;
  const std::size_t checkpoints = f.checkpoints() ? f.checkpoints()->size() : 0;
  if (std::uint64_t{r.end_tick - r.first_tick} > (checkpoints + 1) * max_gap)
    return refuse("too few checkpoints for a race of " + to_string(r.end_tick - r.first_tick) +
                  " ticks (a recorded race has one every second)");
  if (f.runners() && f.runners()->size() > kMaxRunners)
    return refuse("too many runners (" + to_string(f.runners()->size()) + "; at most " +
                  to_string(kMaxRunners) + ")");

  if (f.runners()) {
    r.runners.reserve(f.runners()->size());
    sim::RunnerId previous = sim::kNoRunner;
    for (const fb::Runner* fr : *f.runners()) {
      std::string error;
      RosterEntry e = roster_entry(*fr, r, previous, error);
      if (!error.empty()) return refuse(error);
      previous = e.id;
      r.runners.push_back(std::move(e));
    }
  }
  if (f.checkpoints()) {
    r.checkpoints.reserve(f.checkpoints()->size());
    sim::Tick previous = r.first_tick;
    // The verifier checks the vector's bounds but not that its 8-byte structs are 8-byte
    // aligned in memory: they are copied out byte-wise (little-endian, as FlatBuffers stores).
    static_assert(sizeof(fb::Checkpoint) == 16);
    const std::uint8_t* raw = f.checkpoints()->Data();
    for (std::size_t i = 0; i < f.checkpoints()->size(); ++i) {
      Checkpoint c;
      std::memcpy(&c.tick, raw + 16 * i, sizeof c.tick);
      std::memcpy(&c.hash, raw + 16 * i + 8, sizeof c.hash);
      c.tick = flatbuffers::EndianScalar(c.tick);
      c.hash = flatbuffers::EndianScalar(c.hash);
      if (c.tick <= previous || c.tick > r.end_tick)
        return refuse("checkpoint ticks must increase inside the race (" + to_string(c.tick) + ")");
      if (c.tick - previous > max_gap)
        return refuse("checkpoints more than " + to_string(kMaxCheckpointGapSeconds) +
                      " s apart (ticks " + to_string(previous) + " to " + to_string(c.tick) + ")");
      previous = c.tick;
      r.checkpoints.push_back(c);
    }
    if (r.end_tick - previous > max_gap)
      return refuse("no checkpoint in the race's last " + to_string(kMaxCheckpointGapSeconds) +
                    " s");
  }
  // The work of playing or verifying it, bounded by the race's length and the file's size.
  std::uint64_t runner_ticks = 0;
  for (const RosterEntry& e : r.runners)
    runner_ticks += std::uint64_t{e.leave_tick.value_or(r.end_tick) - e.join_tick};
  const std::uint64_t by_length =
      kMaxRunnerTicksPerSecond * (r.end_tick - r.first_tick) / r.config.tick_rate +
      kMaxRunnerTicksPerSecond;
  const std::uint64_t by_size = kMaxRunnerTicksPerByte * bytes.size();
  if (runner_ticks > std::min(by_length, by_size))
    return refuse("more runner-ticks (" + to_string(runner_ticks) +
                  ") than a recorded race of this length and size could hold");
  if (f.result()) {
    std::string error;
    r.result = race_result(*f.result(), r, error);
    if (!r.result) return refuse(error);
  }
  return {std::move(r), {}};
}

std::optional<std::vector<std::uint8_t>> read_file_bytes(const std::string& path,
                                                         std::string& error) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    error = "'" + path + "' is not a file";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open '" + path + "'";
    return std::nullopt;
  }
  std::vector<std::uint8_t> bytes;
  char buffer[65536];
  while (in) {
    in.read(buffer, sizeof buffer);
    const auto n = static_cast<std::size_t>(in.gcount());
    if (bytes.size() + n > kMaxFileBytes) {
      error = "'" + path + "' is larger than a replay can be";
      return std::nullopt;
    }
    bytes.insert(bytes.end(), buffer, buffer + n);
  }
  if (in.bad()) {
    error = "cannot read '" + path + "'";
    return std::nullopt;
  }
  return bytes;
}

}  // namespace spear::replay
