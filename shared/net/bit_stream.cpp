#include "net/bit_stream.hpp"

#include <algorithm>
#include <bit>

namespace spear::net {

namespace {
std::uint64_t reverse_bits(std::uint64_t v) {
  v = ((v >> 1) & 0x5555555555555555ull) | ((v & 0x5555555555555555ull) << 1);
  v = ((v >> 2) & 0x3333333333333333ull) | ((v & 0x3333333333333333ull) << 2);
  v = ((v >> 4) & 0x0f0f0f0f0f0f0f0full) | ((v & 0x0f0f0f0f0f0f0f0full) << 4);
  v = ((v >> 8) & 0x00ff00ff00ff00ffull) | ((v & 0x00ff00ff00ff00ffull) << 8);
  v = ((v >> 16) & 0x0000ffff0000ffffull) | ((v & 0x0000ffff0000ffffull) << 16);
  return (v >> 32) | (v << 32);
}
}  // namespace

void BitWriter::write_bits(std::uint64_t value, unsigned count) {
  if (count < 64) value &= (std::uint64_t{1} << count) - 1u;
  // A runner's encoding takes a few dozen bytes: one allocation for it rather than one for each
  // doubling on the way.
  if (bytes_.capacity() == 0) bytes_.reserve(kFirstReserve);
  // Whole bytes at a time: fill the open byte, then append new ones.
  while (count > 0) {
    const unsigned used = static_cast<unsigned>(bits_ % 8);
    if (used == 0) bytes_.push_back(0);
    const unsigned n = std::min(8u - used, count);
    bytes_.back() |= static_cast<std::uint8_t>((value & ((1u << n) - 1u)) << used);
    value >>= n;
    count -= n;
    bits_ += n;
  }
}

void BitWriter::append(const BitWriter& other) {
  if (other.bits_ == 0) return;
  const unsigned used = static_cast<unsigned>(bits_ % 8);
  const std::size_t first = bytes_.size() - (used ? 1 : 0);  // byte the first new bit lands in
  bits_ += other.bits_;
  bytes_.resize((bits_ + 7) / 8, 0);
  std::uint8_t* dst = bytes_.data() + first;
  const std::size_t n = other.bytes_.size();
  if (used == 0) {
    std::copy(other.bytes_.begin(), other.bytes_.end(), dst);
    return;
  }
  // Each source byte straddles two destination bytes; the bits past other.bits_ are 0, so
  // the part beyond the end (if any) is empty and dropped.
  const std::size_t size = bytes_.size() - first;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t b = other.bytes_[i];
    dst[i] = static_cast<std::uint8_t>(dst[i] | (b << used));
    if (i + 1 < size) dst[i + 1] = static_cast<std::uint8_t>(b >> (8 - used));
  }
}

void BitWriter::write_exp_golomb(std::uint64_t value, unsigned k) {
  // Order-k exp-Golomb: v + 2^k has n significant bits; write n-k-1 zeros, then the n bits.
  const std::uint64_t v = value + (std::uint64_t{1} << k);
  const unsigned n = 64u - static_cast<unsigned>(std::countl_zero(v));
  write_bits(0, n - k - 1);
  // Most significant bit first, so the reader can stop at the leading 1: in this LSB-first
  // stream that is the n bits reversed.
  write_bits(reverse_bits(v) >> (64u - n), n);
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
  // The rest of the open byte, then whole bytes.
  std::uint64_t v = 0;
  unsigned got = 0;
  while (got < count) {
    const unsigned used = static_cast<unsigned>(pos_ % 8);
    const unsigned n = std::min(8u - used, count - got);
    const std::uint64_t bits = (bytes_[pos_ / 8] >> used) & ((1u << n) - 1u);
    v |= bits << got;
    got += n;
    pos_ += n;
  }
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
