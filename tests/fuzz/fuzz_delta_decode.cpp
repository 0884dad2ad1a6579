// libFuzzer target: the runner block decoder, delta-coded against a real baseline (the first
// snapshot of a bot match). Input: one byte of runner count, then the bit-packed block.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "fuzz_fixture.hpp"
#include "net/runner_block.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace spear::net;
  (void)fuzz_decode_runner_block(data, size);
  if (size < 1) return 0;

  const QuantizedSnapshot& baseline = spear::fuzz::delta_baseline();
  const std::size_t count = data[0];
  std::vector<QuantizedRunner> runners;
  if (!read_runner_block({data + 1, size - 1}, count, &baseline, runners)) return 0;

  // What decodes re-encodes against the same baseline and decodes to the same runners.
  BitWriter writer;
  for (const auto& r : runners) write_runner(writer, r, baseline.find(r.id));
  std::vector<QuantizedRunner> again;
  if (!read_runner_block(writer.bytes(), runners.size(), &baseline, again) || again != runners) {
    std::fprintf(stderr, "runner block round trip failed\n");
    std::abort();
  }
  // A remote peer must not be able to hand the renderer a non-finite joint.
  for (const auto& r : runners) {
    const RunnerSnapshot s = rebuild_runner(r);
    for (const auto& j : s.pose.joints) {
      if (!std::isfinite(j.x) || !std::isfinite(j.y)) {
        std::fprintf(stderr, "non-finite joint from a decoded runner\n");
        std::abort();
      }
    }
    if (!std::isfinite(s.pose.sx) || !std::isfinite(s.pose.sy) || !std::isfinite(s.distance)) {
      std::fprintf(stderr, "non-finite scale or distance from a decoded runner\n");
      std::abort();
    }
  }
  return 0;
}
