#pragma once
// Mean and percentiles of a series of figures (bytes per runner per snapshot, handshake times).
#include <algorithm>
#include <cstddef>
#include <vector>

namespace spear::load {

class SampleStats {
 public:
  void add(double v) {
    values_.push_back(v);
    sorted_ = false;
  }
  void merge(const SampleStats& other) {
    values_.insert(values_.end(), other.values_.begin(), other.values_.end());
    sorted_ = false;
  }
  std::size_t count() const { return values_.size(); }
  double mean() const {
    if (values_.empty()) return 0.0;
    double sum = 0.0;
    for (double v : values_) sum += v;
    return sum / static_cast<double>(values_.size());
  }
  // Nearest-rank percentile, p in [0, 100]; 0 when empty.
  double percentile(double p) const {
    if (values_.empty()) return 0.0;
    sort();
    const double rank = p / 100.0 * static_cast<double>(values_.size());
    std::size_t i = rank <= 1.0 ? 0 : static_cast<std::size_t>(rank + 0.999999) - 1;
    return values_[std::min(i, values_.size() - 1)];
  }
  double max() const { return values_.empty() ? 0.0 : percentile(100.0); }

 private:
  void sort() const {
    if (!sorted_) std::sort(values_.begin(), values_.end());
    sorted_ = true;
  }
  mutable std::vector<double> values_;
  mutable bool sorted_ = true;
};

}  // namespace spear::load
