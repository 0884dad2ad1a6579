#include "audio/device_stream.hpp"

#include <algorithm>

namespace spear::audio {

DeviceStream::DeviceStream(int sample_rate)
    : chunk_(static_cast<std::size_t>(sample_rate / 50), 0),  // 20 ms
      max_queued_(static_cast<std::size_t>(kMaxQueuedSeconds * sample_rate)) {
  initialize(1, static_cast<unsigned>(sample_rate));
  play();
}

DeviceStream::~DeviceStream() { stop(); }  // before the queue goes: the thread reads it

void DeviceStream::push(std::span<const std::int16_t> samples) {
  std::lock_guard lock(mutex_);
  queue_.insert(queue_.end(), samples.begin(), samples.end());
  if (queue_.size() > max_queued_)
    queue_.erase(queue_.begin(),
                 queue_.begin() + static_cast<std::ptrdiff_t>(queue_.size() - max_queued_));
}

bool DeviceStream::onGetData(Chunk& data) {
  {
    std::lock_guard lock(mutex_);
    if (!primed_ && queue_.size() >= chunk_.size() * 3 / 2) primed_ = true;
    const std::size_t n = primed_ ? std::min(queue_.size(), chunk_.size()) : 0;
    if (n < chunk_.size()) primed_ = false;  // ran dry: wait for a cushion again
    std::copy_n(queue_.begin(), n, chunk_.begin());
    std::fill(chunk_.begin() + static_cast<std::ptrdiff_t>(n), chunk_.end(), std::int16_t{0});
    queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(n));
  }
  data.samples = chunk_.data();
  data.sampleCount = chunk_.size();
  return true;  // never the end: silence when the loop has nothing yet
}

}  // namespace spear::audio
