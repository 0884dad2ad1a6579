#pragma once
// Test files on disk: a scratch directory per test process (removed with everything in it when
// the test program ends), a file's bytes, and the little-endian fields of binary formats (WAV).
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

namespace spear::test {

// <temp>/<prefix>_<pid>/: created on first use, removed when this object is destroyed. Declare
// one at namespace scope of a test file: `const ScratchDir scratch("spear_audio");`, then
// `scratch("run.wav")` is a path in it.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& prefix)
      : dir_(std::filesystem::temp_directory_path() / (prefix + "_" + std::to_string(::getpid()))) {
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  std::filesystem::path operator()(const std::string& name) const {
    std::filesystem::create_directories(dir_);
    return dir_ / name;
  }

 private:
  std::filesystem::path dir_;
};

inline std::vector<std::uint8_t> file_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline std::string file_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline std::uint32_t le_u32(const std::vector<std::uint8_t>& b, std::size_t at) {
  return b[at] | b[at + 1] << 8 | b[at + 2] << 16 | static_cast<std::uint32_t>(b[at + 3]) << 24;
}
inline std::uint16_t le_u16(const std::vector<std::uint8_t>& b, std::size_t at) {
  return static_cast<std::uint16_t>(b[at] | b[at + 1] << 8);
}

}  // namespace spear::test
