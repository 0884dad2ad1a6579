#include "server/tick_timings.hpp"

#include <algorithm>
#include <cmath>

namespace spear::server {

namespace {
// Around the 60 Hz budget (16.7 ms) and the 4 ms target of the load figures.
constexpr std::array<double, 12> kBounds = {0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.004,
                                            0.008,  0.0167,  0.033,  0.066, 0.25,  1.0};
}  // namespace

TickTimings::TickTimings() : fine_(kFineBuckets, 0) {}

void TickTimings::record(double seconds) {
  if (!(seconds > 0.0)) seconds = 0.0;  // also catches NaN
  ++count_;
  sum_ += seconds;
  max_ = std::max(max_, seconds);

  std::size_t fine = 0;
  if (seconds > kMinSeconds) {
    const double index = std::ceil(std::log(seconds / kMinSeconds) / std::log(kGrowth));
    fine = static_cast<std::size_t>(std::min(index, static_cast<double>(kFineBuckets - 1)));
  }
  ++fine_[fine];

  const auto it = std::lower_bound(kBounds.begin(), kBounds.end(), seconds);
  if (it != kBounds.end()) ++coarse_[static_cast<std::size_t>(it - kBounds.begin())];
}

double TickTimings::quantile(double q) const {
  if (count_ == 0) return 0.0;
  q = std::clamp(q, 0.0, 1.0);
  // The rank of the sample we want (1-based), nearest-rank definition.
  const auto rank = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count_))));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < fine_.size(); ++i) {
    seen += fine_[i];
    if (seen >= rank) {
      // Upper bound of bucket i, never above the largest sample actually seen.
      return std::min(kMinSeconds * std::pow(kGrowth, static_cast<double>(i)), max_);
    }
  }
  return max_;
}

std::span<const double> TickTimings::bucket_bounds() { return kBounds; }

std::vector<std::uint64_t> TickTimings::cumulative_bucket_counts() const {
  std::vector<std::uint64_t> out(kBounds.size());
  std::uint64_t running = 0;
  for (std::size_t i = 0; i < kBounds.size(); ++i) {
    running += coarse_[i];
    out[i] = running;
  }
  return out;
}

}  // namespace spear::server
