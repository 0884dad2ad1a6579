#pragma once
// Bit-granular writer and bounds-checked reader for the runner block (LSB-first in each byte).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace spear::net {

class BitWriter {
 public:
  void write_bits(std::uint64_t value, unsigned count);  // count ≤ 64, low bits of value
  void write_bool(bool b) { write_bits(b ? 1u : 0u, 1); }
  // Exp-Golomb code of order k for an unsigned value: small values take few bits.
  void write_exp_golomb(std::uint64_t value, unsigned k);
  // Zig-zag (0, -1, 1, -2, ...) then exp-Golomb: for signed deltas.
  void write_signed(std::int64_t value, unsigned k);

  std::size_t bit_count() const { return bits_; }
  std::size_t byte_count() const { return (bits_ + 7) / 8; }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }
  std::vector<std::uint8_t> take() { return std::move(bytes_); }
  // Appends every bit `other` holds (a runner encoded once, sent to many clients).
  void append(const BitWriter& other);
  void reserve_bytes(std::size_t n) { bytes_.reserve(n); }
  // Drops everything after the first `bits` bits (used to undo a runner that does not fit).
  void truncate(std::size_t bits);

 private:
  static constexpr std::size_t kFirstReserve = 48;  // bytes, at the first write
  std::vector<std::uint8_t> bytes_;
  std::size_t bits_ = 0;
};

// Every read checks bounds; after the first overrun ok() is false and reads return 0.
class BitReader {
 public:
  explicit BitReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
  std::uint64_t read_bits(unsigned count);
  bool read_bool() { return read_bits(1) != 0; }
  std::uint64_t read_exp_golomb(unsigned k);  // values above 2^40 count as corrupt
  std::int64_t read_signed(unsigned k);
  bool ok() const { return ok_; }
  std::size_t bits_left() const { return ok_ ? bytes_.size() * 8 - pos_ : 0; }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace spear::net
