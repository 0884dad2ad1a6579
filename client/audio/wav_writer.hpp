#pragma once
// 16-bit PCM WAV files (RIFF, little-endian): the header's sizes are written once the samples
// are all in (finish, or the destructor).
#include <array>
#include <cstdint>
#include <fstream>
#include <span>
#include <string>

namespace spear::audio {

inline constexpr std::size_t kWavHeaderBytes = 44;

// The canonical 44-byte header of a 16-bit PCM file holding `frames` sample frames.
std::array<std::uint8_t, kWavHeaderBytes> wav_header(int sample_rate, int channels,
                                                     std::uint32_t frames);

class WavWriter {
 public:
  // Opens (truncates) `path`; error() says why when it could not.
  WavWriter(const std::string& path, int sample_rate, int channels = 1);
  ~WavWriter();
  WavWriter(const WavWriter&) = delete;
  WavWriter& operator=(const WavWriter&) = delete;

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  // Interleaved samples (a whole number of frames).
  void write(std::span<const std::int16_t> samples);
  // Writes the sizes into the header and closes; returns false (and sets error()) on a write
  // failure. Later calls do nothing.
  bool finish();
  std::uint64_t frames_written() const { return samples_ / static_cast<std::uint64_t>(channels_); }

 private:
  std::string path_;
  int rate_, channels_;
  std::ofstream out_;
  std::uint64_t samples_ = 0;
  bool finished_ = false;
  std::string error_;
};

// Whether `path` can be written (created or appended to) now; leaves an existing file as it
// was and removes one it had to create. Returns the reason when not, else empty.
std::string check_writable(const std::string& path);

}  // namespace spear::audio
