#include "audio/device_stream.hpp"

namespace spear::audio {

namespace {
constexpr std::size_t kChunk = 1024;  // samples per pull: ~23 ms at 44.1 kHz
}  // namespace

DeviceStream::DeviceStream(int sample_rate, PcmSource& source)
    : source_(source), chunk_(kChunk, 0) {
  initialize(1, static_cast<unsigned>(sample_rate));
  play();
}

DeviceStream::~DeviceStream() { stop(); }  // joins SFML's thread before the chunk goes

bool DeviceStream::onGetData(Chunk& data) {
  source_.pull(chunk_);
  data.samples = chunk_.data();
  data.sampleCount = chunk_.size();
  return true;  // never the end
}

}  // namespace spear::audio
