#pragma once
// Reads the WAV files spear-client writes (--audio-wav): canonical 16-bit PCM, a 44-byte header
// (RIFF, WAVE, fmt, data) and the samples little-endian. For tests: anything else reads as a
// Wav with rate 0 and no samples.
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace spear::test {

struct Wav {
  int rate = 0, channels = 0, bits = 0;
  std::vector<std::int16_t> samples;  // interleaved when channels > 1
};

namespace wav_detail {
inline std::uint32_t u32(const std::vector<unsigned char>& b, std::size_t at) {
  return b[at] | b[at + 1] << 8 | b[at + 2] << 16 | static_cast<std::uint32_t>(b[at + 3]) << 24;
}
}  // namespace wav_detail

inline Wav read_wav(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  const std::vector<unsigned char> b{std::istreambuf_iterator<char>(in), {}};
  Wav w;
  using wav_detail::u32;
  if (b.size() < 44 || std::memcmp(b.data(), "RIFF", 4) != 0 ||
      std::memcmp(b.data() + 8, "WAVE", 4) != 0 || std::memcmp(b.data() + 12, "fmt ", 4) != 0 ||
      std::memcmp(b.data() + 36, "data", 4) != 0 || u32(b, 4) != b.size() - 8 ||
      u32(b, 40) != b.size() - 44 || (b[20] | b[21] << 8) != 1)
    return w;
  w.channels = b[22] | b[23] << 8;
  w.rate = static_cast<int>(u32(b, 24));
  w.bits = b[34] | b[35] << 8;
  if (w.bits != 16) return Wav{};
  w.samples.resize((b.size() - 44) / 2);
  for (std::size_t i = 0; i < w.samples.size(); ++i)
    w.samples[i] = static_cast<std::int16_t>(b[44 + 2 * i] | b[45 + 2 * i] << 8);
  return w;
}

}  // namespace spear::test
