// Drawing tests need an X display even for offscreen frames. An X server resets when its last
// client disconnects, and a connection attempt during the reset fails, which makes SFML abort. So
// before any test: wait for the display to accept us (xvfb-run may still be starting), then hold
// that connection for the whole run, so the server never resets between two render textures.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

// After gtest: Xlib defines macros (None, Bool, ...) that clash with it.
#include <X11/Xlib.h>

namespace {

class DisplayEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    const char* name = std::getenv("DISPLAY");
    ASSERT_TRUE(name != nullptr && *name != '\0')
        << "no DISPLAY: run the render tests under xvfb-run -a";
    for (int attempt = 0; attempt < 100 && display_ == nullptr; ++attempt) {
      display_ = XOpenDisplay(nullptr);
      if (display_ == nullptr) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_NE(display_, nullptr) << "could not open X display " << name;
  }
  void TearDown() override {
    if (display_ != nullptr) XCloseDisplay(display_);
    display_ = nullptr;
  }

 private:
  Display* display_ = nullptr;
};

const auto* const kDisplay = ::testing::AddGlobalTestEnvironment(new DisplayEnvironment);

}  // namespace
