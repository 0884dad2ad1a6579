#include "replay/replay_writer.hpp"

#include <fstream>

#include "replay/input_track.hpp"
#include "schemas/replay_generated.h"

namespace spear::replay {

namespace {

flatbuffers::Offset<fb::CourseParams> course_params(flatbuffers::FlatBufferBuilder& b,
                                                    const sim::CourseParams& c) {
  return fb::CreateCourseParams(b, c.start_clear, c.min_gap_time, c.extra_gap_time, c.target_share,
                                c.max_same_in_row, c.hurdle_min_height, c.hurdle_max_height,
                                c.hurdle_width, c.target_min_height, c.target_max_height,
                                c.target_width);
}

flatbuffers::Offset<fb::RaceResult> race_result(flatbuffers::FlatBufferBuilder& b,
                                                const sim::RaceResult& r) {
  std::vector<flatbuffers::Offset<fb::ResultEntry>> entries;
  entries.reserve(r.results.size());
  for (const sim::RaceResultEntry& e : r.results) {
    entries.push_back(fb::CreateResultEntry(b, e.place, e.runner, b.CreateString(e.name), e.bot,
                                            e.score, e.distance_m, e.targets_broken, e.crashes,
                                            e.best_combo));
  }
  return fb::CreateRaceResult(b, r.number, r.seed, r.first_tick, r.last_tick, r.tick_rate,
                              b.CreateVector(entries));
}

}  // namespace

std::vector<std::uint8_t> encode_replay(const Replay& replay) {
  flatbuffers::FlatBufferBuilder b(1024);
  std::vector<flatbuffers::Offset<fb::Runner>> runners;
  runners.reserve(replay.runners.size());
  for (const RosterEntry& r : replay.runners) {
    const std::vector<std::uint8_t> packed = pack_inputs(r.inputs, r.join_tick);
    runners.push_back(fb::CreateRunner(b, r.id, b.CreateString(r.name), r.bot, r.join_tick,
                                       r.start.wait_ticks, r.leave_tick.has_value(),
                                       r.leave_tick.value_or(0),
                                       static_cast<std::uint32_t>(r.inputs.size()),
                                       b.CreateVector(packed), r.start.away, r.start.stood_ticks));
  }
  std::vector<fb::Checkpoint> checkpoints;
  checkpoints.reserve(replay.checkpoints.size());
  for (const Checkpoint& c : replay.checkpoints) checkpoints.emplace_back(c.tick, c.hash);
  const auto course = course_params(b, replay.config.course);
  const auto runner_vec = b.CreateVector(runners);
  const auto checkpoint_vec = b.CreateVectorOfStructs(checkpoints);
  const auto result = replay.result ? race_result(b, *replay.result) : 0;
  fb::ReplayBuilder rb(b);
  rb.add_format_version(replay.format_version);
  rb.add_sim_version(replay.sim_version);
  rb.add_protocol_version(replay.protocol_version);
  rb.add_seed(replay.seed);
  rb.add_tick_rate(replay.config.tick_rate);
  rb.add_rewind_ticks(replay.config.rewind_ticks);
  rb.add_max_input_lead(replay.config.max_input_lead);
  rb.add_course(course);
  rb.add_first_tick(replay.first_tick);
  rb.add_end_tick(replay.end_tick);
  rb.add_runners(runner_vec);
  rb.add_checkpoints(checkpoint_vec);
  if (replay.result) rb.add_result(result);
  // Size-prefixed: a file cut anywhere, even in the final padding, is told from a whole one.
  b.FinishSizePrefixed(rb.Finish(), fb::ReplayIdentifier());
  return {b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize()};
}

bool write_replay_file(const std::filesystem::path& target, const std::vector<std::uint8_t>& bytes,
                       std::string* error) {
  std::filesystem::path temp = target;
  temp.replace_filename("." + target.filename().string() + ".tmp");
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      if (error) *error = "cannot write " + temp.string();
      std::error_code ignored;
      std::filesystem::remove(temp, ignored);
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(temp, target, ec);
  if (ec) {
    if (error)
      *error = "cannot rename " + temp.string() + " to " + target.string() + ": " + ec.message();
    std::filesystem::remove(temp, ec);
    return false;
  }
  return true;
}

}  // namespace spear::replay
