#include "audio/audio_device_probe.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

namespace spear::audio {

namespace {
// OpenAL's C entry points, looked up in the copy sfml-audio already loaded (no OpenAL headers
// or link flags needed for a yes/no question).
using OpenDevice = void* (*)(const char*);
using CloseDevice = char (*)(void*);

// stderr pointed at /dev/null while it lives: ALSA prints its failures from inside OpenAL.
class QuietStderr {
 public:
  QuietStderr() {
    std::fflush(stderr);
    saved_ = ::dup(2);
    const int null = ::open("/dev/null", O_WRONLY);
    if (saved_ >= 0 && null >= 0) ::dup2(null, 2);
    if (null >= 0) ::close(null);
  }
  ~QuietStderr() {
    std::fflush(stderr);
    if (saved_ >= 0) {
      ::dup2(saved_, 2);
      ::close(saved_);
    }
  }

 private:
  int saved_ = -1;
};
}  // namespace

bool audio_device_available() {
  void* lib = ::dlopen("libopenal.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (!lib) lib = ::dlopen("libopenal.so.1", RTLD_NOW);
  if (!lib) return false;
  const auto open_device = reinterpret_cast<OpenDevice>(::dlsym(lib, "alcOpenDevice"));
  const auto close_device = reinterpret_cast<CloseDevice>(::dlsym(lib, "alcCloseDevice"));
  bool found = false;
  if (open_device && close_device) {
    QuietStderr quiet;
    if (void* device = open_device(nullptr)) {
      found = true;
      close_device(device);
    }
  }
  ::dlclose(lib);
  return found;
}

}  // namespace spear::audio
