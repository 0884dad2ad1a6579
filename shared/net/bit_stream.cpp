#include "net/bit_stream.hpp"

#include <bit>

namespace spear::net {

void BitWriter::write_bits(std::uint64_t value, unsigned count) {
  for (unsigned i = 0; i < count; ++i) {
    if (bits_ % 8 == 0) bytes_.push_back(0);
    if ((value >> i) & 1u) bytes_.back() |= static_cast<std::uint8_t>(1u << (bits_ % 8));
    ++bits_;
  }
}

void BitWriter::write_exp_golomb(std::uint64_t value, unsigned k) {
  // Order-k exp-Golomb: v + 2^k has n significant bits; write n-k-1 zeros, then the n bits.
  const std::uint64_t v = value + (std::uint64_t{1} << k);
  const unsigned n = 64u - static_cast<unsigned>(std::countl_zero(v));
  write_bits(0, n - k - 1);
  // Most significant bit first, so the reader can stop at the leading 1.
  for (unsigned i = n; i-- > 0;) write_bits((v >> i) & 1u, 1);
}

void BitWriter::write_signed(std::int64_t value, unsigned k) {
  const std::uint64_t z = value >= 0 ? static_cast<std::uint64_t>(value) << 1
                                     : (static_cast<std::uint64_t>(-(value + 1)) << 1) | 1u;
  write_exp_golomb(z, k);
}

void BitWriter::truncate(std::size_t bits) {
  if (bits >= bits_) return;
  bits_ = bits;
  bytes_.resize((bits + 7) / 8);
  if (bits % 8) bytes_.back() &= static_cast<std::uint8_t>((1u << (bits % 8)) - 1u);
}

std::uint64_t BitReader::read_bits(unsigned count) {
  if (!ok_ || count > 64 || bytes_.size() * 8 - pos_ < count) {
    ok_ = false;
    return 0;
  }
  std::uint64_t v = 0;
  for (unsigned i = 0; i < count; ++i, ++pos_)
    v |= static_cast<std::uint64_t>((bytes_[pos_ / 8] >> (pos_ % 8)) & 1u) << i;
  return v;
}

std::uint64_t BitReader::read_exp_golomb(unsigned k) {
  unsigned zeros = 0;
  while (ok_ && read_bits(1) == 0) {
    if (++zeros > 40) ok_ = false;  // no field of ours is that large: corrupt
  }
  if (!ok_) return 0;
  std::uint64_t v = 1;
  for (unsigned i = 0; i < zeros + k; ++i) v = (v << 1) | read_bits(1);
  if (!ok_) return 0;
  return v - (std::uint64_t{1} << k);
}

std::int64_t BitReader::read_signed(unsigned k) {
  const std::uint64_t z = read_exp_golomb(k);
  return (z & 1u) ? -static_cast<std::int64_t>(z >> 1) - 1 : static_cast<std::int64_t>(z >> 1);
}

}  // namespace spear::net
