#pragma once
// Wall-clock cost of each server tick (sim step + snapshot encoding + sends), kept in bounded
// memory however long the server runs: a fine log-spaced histogram for percentiles (about 1 %
// resolution from 1 µs to 10 s) plus the fixed buckets the Prometheus histogram exposes.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace spear::server {

class TickTimings {
 public:
  TickTimings();

  // One tick took `seconds` (negative values count as 0).
  void record(double seconds);

  std::uint64_t count() const { return count_; }
  double sum_seconds() const { return sum_; }
  double max_seconds() const { return max_; }
  // The q-quantile (q in [0, 1]) in seconds, within one fine bucket (≈ 1 %); 0 with no samples.
  double quantile(double q) const;

  // Upper bounds (seconds) of the Prometheus buckets; +Inf is implied after the last.
  static std::span<const double> bucket_bounds();
  // Cumulative counts, one per bound of bucket_bounds() (le semantics); count() is the +Inf one.
  std::vector<std::uint64_t> cumulative_bucket_counts() const;

 private:
  static constexpr double kMinSeconds = 1e-6;  // everything below lands in the first fine bucket
  static constexpr double kGrowth = 1.02;      // ratio between consecutive fine bucket bounds
  static constexpr std::size_t kFineBuckets = 815;  // 1e-6 · 1.02^815 ≈ 10 s

  std::vector<std::uint64_t> fine_;
  std::array<std::uint64_t, 12> coarse_{};  // per Prometheus bucket, not cumulative
  std::uint64_t count_ = 0;
  double sum_ = 0.0;
  double max_ = 0.0;
};

}  // namespace spear::server
