// libFuzzer target: the replay file reader (spear-replay and the client read files from
// anywhere). Input: a whole file. Whatever it reads must be inside the reader's bounds and
// survive a round trip through the writer unchanged; nothing may crash or read out of bounds.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "replay/replay_reader.hpp"
#include "replay/replay_writer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace spear::replay;
  const ReadResult read = read_replay(std::span(data, size));
  if (!read.replay) {
    if (read.error.empty()) {
      std::fprintf(stderr, "refused without a reason\n");
      std::abort();
    }
    return 0;
  }
  const Replay& r = *read.replay;
  if (r.end_tick < r.first_tick || r.runners.size() > kMaxRunners) std::abort();
  const ReadResult again = read_replay(encode_replay(r));
  if (!again.replay || again.replay->runners != r.runners ||
      again.replay->checkpoints != r.checkpoints || again.replay->seed != r.seed ||
      again.replay->end_tick != r.end_tick) {
    std::fprintf(stderr, "replay round trip failed: %s\n", again.error.c_str());
    std::abort();
  }
  return 0;
}
