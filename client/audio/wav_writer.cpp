#include "audio/wav_writer.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>
#include <vector>

namespace spear::audio {

namespace {
void put16(std::uint8_t* p, std::uint32_t v) {
  p[0] = static_cast<std::uint8_t>(v);
  p[1] = static_cast<std::uint8_t>(v >> 8);
}
void put32(std::uint8_t* p, std::uint32_t v) {
  put16(p, v & 0xffffu);
  put16(p + 2, v >> 16);
}
}  // namespace

std::array<std::uint8_t, kWavHeaderBytes> wav_header(int sample_rate, int channels,
                                                     std::uint32_t frames) {
  std::array<std::uint8_t, kWavHeaderBytes> h{};
  const auto rate = static_cast<std::uint32_t>(sample_rate);
  const auto ch = static_cast<std::uint32_t>(channels);
  const std::uint32_t block = ch * 2;  // bytes per frame, 16-bit samples
  const std::uint64_t data64 = static_cast<std::uint64_t>(frames) * block;
  const auto data = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(data64, std::numeric_limits<std::uint32_t>::max() - 36));
  std::memcpy(h.data(), "RIFF", 4);
  put32(h.data() + 4, 36 + data);
  std::memcpy(h.data() + 8, "WAVE", 4);
  std::memcpy(h.data() + 12, "fmt ", 4);
  put32(h.data() + 16, 16);  // fmt chunk size
  put16(h.data() + 20, 1);   // PCM
  put16(h.data() + 22, ch);
  put32(h.data() + 24, rate);
  put32(h.data() + 28, rate * block);  // bytes per second
  put16(h.data() + 32, block);
  put16(h.data() + 34, 16);  // bits per sample
  std::memcpy(h.data() + 36, "data", 4);
  put32(h.data() + 40, data);
  return h;
}

WavWriter::WavWriter(const std::string& path, int sample_rate, int channels)
    : path_(path), rate_(sample_rate), channels_(channels) {
  out_.open(path, std::ios::binary | std::ios::trunc);
  if (!out_) {
    error_ = "cannot write " + path + ": " + std::strerror(errno);
    finished_ = true;
    return;
  }
  const auto h = wav_header(rate_, channels_, 0);
  out_.write(reinterpret_cast<const char*>(h.data()), static_cast<std::streamsize>(h.size()));
}

WavWriter::~WavWriter() { finish(); }

void WavWriter::write(std::span<const std::int16_t> samples) {
  if (finished_ || samples.empty()) return;
  std::vector<std::uint8_t> bytes(samples.size() * 2);
  for (std::size_t i = 0; i < samples.size(); ++i)
    put16(bytes.data() + 2 * i, static_cast<std::uint16_t>(samples[i]));
  out_.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  samples_ += samples.size();
}

bool WavWriter::finish() {
  if (finished_) return ok();
  finished_ = true;
  const auto frames = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(frames_written(), std::numeric_limits<std::uint32_t>::max()));
  const auto h = wav_header(rate_, channels_, frames);
  out_.seekp(0);
  out_.write(reinterpret_cast<const char*>(h.data()), static_cast<std::streamsize>(h.size()));
  out_.close();
  if (!out_) error_ = "could not finish writing " + path_;
  return ok();
}

std::string check_writable(const std::string& path) {
  std::error_code ec;
  const bool existed = std::filesystem::exists(path, ec);
  if (existed && std::filesystem::is_directory(path, ec)) return path + " is a directory";
  {
    std::ofstream probe(path, std::ios::binary | std::ios::app);
    if (!probe) return "cannot write " + path + ": " + std::strerror(errno);
  }
  if (!existed) std::filesystem::remove(path, ec);
  return {};
}

}  // namespace spear::audio
