// What a player hears against what a player sees: a real headless spear-client run with the
// autopilot writes its mixed sound (--audio-wav) and its frames (--frame-trace); the footsteps
// found in the samples alone must fall on the frames where the followed figure's feet are drawn
// touching down (the trace's "contact" turning on), the count within 10 % and each within one
// frame (1/60 s); with --mute the same run is silent. Nothing here reads the client's own list
// of the sounds it played: the WAV and the drawn frames are the two sides.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

#include "process_runner.hpp"
#include "support/wav_read.hpp"

namespace spear::test {
namespace {

namespace fs = std::filesystem;

constexpr double kFrame = 1.0 / 60.0;

fs::path scratch(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("spear_audio_footsteps_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

class ScratchCleanup : public ::testing::Environment {
 public:
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(scratch("x").parent_path(), ec);
  }
};
const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

// A second-order band-pass (the audio EQ cookbook's, 0 dB at the centre), in doubles.
class BandPass {
 public:
  BandPass(double centre_hz, double q, double rate) {
    const double w = 2.0 * std::numbers::pi * centre_hz / rate;
    const double alpha = std::sin(w) / (2.0 * q);
    const double a0 = 1.0 + alpha;
    b0_ = alpha / a0;
    b2_ = -alpha / a0;
    a1_ = -2.0 * std::cos(w) / a0;
    a2_ = (1.0 - alpha) / a0;
  }
  double step(double x) {
    const double y = b0_ * x + b2_ * x2_ - a1_ * y1_ - a2_ * y2_;
    x2_ = x1_;
    x1_ = x;
    y2_ = y1_;
    y1_ = y;
    return y;
  }

 private:
  double b0_, b2_, a1_, a2_;
  double x1_ = 0, x2_ = 0, y1_ = 0, y2_ = 0;
};

// Footstep onsets in a mix, seconds. A footstep is a heel knock, a sine falling 115 → 70 Hz with
// a 1 ms attack (client/audio/sound_bank.cpp); the wind is noise spread up to its cutoff
// (200–1500 Hz), the whoosh lives at 500–2400 Hz, the crunch's crackle at 2–5 kHz. So the mix is
// band-passed around the knock (two cascaded band-passes at 95 Hz: 4th order) and its energy
// taken in 1 ms blocks: an onset is a block whose energy jumps above kJump × the mean of the
// 40 ms before it and above an absolute floor, at most one per 60 ms (two feet landing together
// are one sound). The floor sits between the sounds: in this band a footstep peaks at a mean
// square of 0.046 (the far foot, softer) to 0.115, while the wind's gusts and the crunch's knock
// stay under 0.003 (measured on the run below).
// The onset is placed where that rise began: the first block, walking back from the jump, whose
// energy was still under twice the mean before it — the filter's rise time is not the step's.
struct OnsetFinder {
  static constexpr double kCentreHz = 95.0, kQ = 0.9;
  static constexpr double kBlockSeconds = 0.001, kBeforeSeconds = 0.04;
  static constexpr double kJump = 8.0;
  static constexpr double kFloor = 0.01;  // mean square: −20 dBFS RMS in the band
  static constexpr double kRefractorySeconds = 0.06;

  std::vector<double> energy;  // per block
  std::size_t block = 0;
  int rate = 0;

  explicit OnsetFinder(const Wav& w, double centre_hz = kCentreHz)
      : block(static_cast<std::size_t>(w.rate * kBlockSeconds)), rate(w.rate) {
    BandPass a(centre_hz, kQ, w.rate), b(centre_hz, kQ, w.rate);
    energy.assign(w.samples.size() / block, 0.0);
    for (std::size_t i = 0; i < energy.size() * block; ++i) {
      const double y = b.step(a.step(w.samples[i] / 32768.0));
      energy[i / block] += y * y / static_cast<double>(block);
    }
  }
  double seconds(std::size_t b) const { return static_cast<double>(b * block) / rate; }
  double mean_before(std::size_t b, std::size_t n) const {
    double sum = 0.0;
    for (std::size_t k = b - n; k < b; ++k) sum += energy[k];
    return sum / static_cast<double>(n);
  }
  std::vector<double> onsets() const {
    const auto n = static_cast<std::size_t>(kBeforeSeconds / kBlockSeconds);
    std::vector<double> out;
    for (std::size_t b = 2 * n; b < energy.size(); ++b) {
      const double before = mean_before(b, n);
      if (!(energy[b] > kJump * before + kFloor)) continue;
      std::size_t start = b;
      while (start > b - n && energy[start - 1] > 2.0 * before) --start;
      const double t = seconds(start);
      if (out.empty() || t - out.back() > kRefractorySeconds) out.push_back(t);
    }
    return out;
  }
};

struct Trace {
  std::vector<double> touch_downs;  // s: a foot of the followed figure drawn landing
  std::vector<double> falls;        // s: the followed runner's mode turning "falling"
  std::vector<double> body_downs;   // s: its falling body drawn reaching the ground, once a fall
  std::size_t frames = 0;
  double last_t = 0.0;
};

// The frames in which a foot's drawn contact turns on, the followed runner the same as in the
// frame before (the first frame of a runner is where it was found, not a landing).
Trace read_trace(const fs::path& p) {
  std::ifstream in(p);
  Trace out;
  std::string line;
  nlohmann::json last;
  while (std::getline(in, line)) {
    const nlohmann::json j = nlohmann::json::parse(line);
    ++out.frames;
    out.last_t = j.at("t");
    if (!last.is_null() && !j.at("followed").is_null() && j.at("followed") == last.at("followed")) {
      for (int foot = 0; foot < 2; ++foot) {
        if (j.at("contact")[foot].get<bool>() && !last.at("contact")[foot].get<bool>())
          out.touch_downs.push_back(j.at("t"));
      }
      if (j.at("mode") == "falling" && last.at("mode") != "falling") out.falls.push_back(j.at("t"));
      // The first frame of each fall with the body drawn on the ground (its bounce after is
      // the same landing).
      if (j.at("body_down").get<bool>() && !last.at("body_down").get<bool>() &&
          (j.at("mode") == "falling" || j.at("mode") == "down") &&
          out.body_downs.size() < out.falls.size())
        out.body_downs.push_back(j.at("t"));
    }
    last = j;
  }
  return out;
}

std::string client(const std::string& args) {
  return std::string("'") + SPEAR_CLIENT_PATH + "' --headless --bots 0 --seed 11 " + args;
}

double nearest(const std::vector<double>& ts, double t) {
  double best = 1e9;
  for (const double x : ts) best = std::min(best, std::abs(x - t));
  return best;
}

double rms_dbfs(const std::vector<std::int16_t>& s, std::size_t from, std::size_t to) {
  double sum = 0.0;
  for (std::size_t i = from; i < to; ++i) sum += (s[i] / 32768.0) * (s[i] / 32768.0);
  return 10.0 * std::log10(sum / static_cast<double>(to - from) + 1e-30);
}

TEST(AudioFootsteps, OnsetsInTheWavFallOnTheDrawnFootContacts) {
  const fs::path wav = scratch("run.wav"), trace = scratch("run.trace");
  const ProcessResult r =
      run_process(client("--autoplay --duration 12 --audio-wav '" + wav.string() +
                         "' --frame-trace '" + trace.string() + "'"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const Wav w = read_wav(wav);
  ASSERT_EQ(w.rate, 44100);
  ASSERT_EQ(w.channels, 1);
  const Trace t = read_trace(trace);
  ASSERT_GE(t.touch_downs.size(), 40u) << "12 s of running at ~5 steps/s";

  const OnsetFinder finder(w);
  const std::vector<double> onsets = finder.onsets();
  // Every onset heard is a touch-down drawn within a frame of it.
  double worst = 0.0, sum = 0.0;
  std::size_t off = 0;
  for (const double o : onsets) {
    const double d = nearest(t.touch_downs, o);
    worst = std::max(worst, d);
    sum += d;
    if (d > kFrame) {
      ++off;
      ADD_FAILURE() << "an onset at " << o << " s, " << d * 1000.0
                    << " ms from the nearest drawn touch-down";
    }
  }
  // And the touch-downs drawn are heard: counts within 10 % (two feet landing together after a
  // leap are one sound).
  std::size_t heard = 0;
  for (const double d : t.touch_downs) heard += nearest(onsets, d) <= kFrame;
  // The mix is the real one: the wind blows between the steps (a quiet stretch well above
  // silence) — the onsets were found in it, not in footsteps alone.
  const double wind_db = rms_dbfs(w.samples, w.samples.size() - w.rate / 2, w.samples.size());
  std::cout << "[ figures  ] " << onsets.size() << " onsets in the WAV, " << t.touch_downs.size()
            << " drawn touch-downs (" << heard << " heard within a frame), offset mean "
            << (onsets.empty() ? 0.0 : sum / static_cast<double>(onsets.size()) * 1000.0)
            << " ms, worst " << worst * 1000.0 << " ms; last 0.5 s of the mix " << wind_db
            << " dBFS RMS\n";
  EXPECT_EQ(off, 0u);
  const double n = static_cast<double>(t.touch_downs.size());
  EXPECT_GE(static_cast<double>(onsets.size()), 0.9 * n);
  EXPECT_LE(static_cast<double>(onsets.size()), 1.1 * n);
  EXPECT_GE(static_cast<double>(heard), 0.9 * n);
  EXPECT_GT(wind_db, -50.0);
}

double peak_dbfs(const std::vector<std::int16_t>& s) {
  int peak = 0;
  for (const std::int16_t x : s) peak = std::max(peak, std::abs(static_cast<int>(x)));
  return 20.0 * std::log10(peak / 32768.0 + 1e-30);
}

// The quietest 10 ms of the mix, dBFS RMS.
double quietest_dbfs(const std::vector<std::int16_t>& s, int rate) {
  const auto block = static_cast<std::size_t>(rate / 100);
  double quietest = 0.0;
  for (std::size_t b = 0; b + block <= s.size(); b += block)
    quietest = std::min(quietest, rms_dbfs(s, b, b + block));
  return quietest;
}

// A crash (nobody jumps the first hurdle): the body hitting the ground is heard on the frame it
// is drawn landing, ~0.5 s after the fall starts, and not before; nothing in the mix reaches
// −1 dBFS; while the runner lies still the wind bed goes on, quiet but never digital silence.
TEST(AudioFootsteps, ACrashIsHeardWhenTheBodyLandsAndNeverClips) {
  const fs::path wav = scratch("crash.wav"), trace = scratch("crash.trace");
  const ProcessResult r = run_process(client("--duration 9 --audio-wav '" + wav.string() +
                                             "' --frame-trace '" + trace.string() + "'"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const Wav w = read_wav(wav);
  const Trace t = read_trace(trace);
  ASSERT_GE(t.falls.size(), 1u) << "the runner crashed into the first hurdle";
  ASSERT_EQ(t.body_downs.size(), t.falls.size());
  // The thud is a low sine falling 70 → 42 Hz: band-passed around 55 Hz.
  const std::vector<double> onsets = OnsetFinder(w, 55.0).onsets();
  for (std::size_t i = 0; i < t.falls.size(); ++i) {
    const double fall = t.falls[i], land = t.body_downs[i];
    EXPECT_GT(land - fall, 0.3) << "the body drawn reaching the ground";
    EXPECT_LE(nearest(onsets, land), kFrame)
        << "no sound within a frame of the body landing at " << land << " s";
    for (const double o : onsets)
      EXPECT_FALSE(o > fall - kFrame && o < land - kFrame)
          << "a sound at " << o << " s while the body falls (" << fall << " to " << land << ")";
    std::cout << "[ figures  ] fall at " << fall << " s, body on the ground at " << land
              << " s, nearest onset " << nearest(onsets, land) * 1000.0 << " ms from it\n";
  }
  const double peak = peak_dbfs(w.samples), quiet = quietest_dbfs(w.samples, w.rate);
  std::cout << "[ figures  ] peak " << peak << " dBFS, quietest 10 ms " << quiet << " dBFS RMS\n";
  EXPECT_LE(peak, -1.0);
  EXPECT_GT(quiet, -80.0) << "digital silence in the bed";
}

// Jumps (the autopilot leaps the hurdles): each take-off and landing drawn is heard on its
// frame (the client's --stats-json list of the sounds it started, against the frame trace),
// and the whole mix stays under −1 dBFS and above silence.
TEST(AudioFootsteps, AJumpSoundsItsTakeOffAndLanding) {
  const fs::path wav = scratch("jump.wav"), trace = scratch("jump.trace"),
                 stats = scratch("jump.json");
  const ProcessResult r = run_process(client("--autoplay --duration 10 --audio-wav '" +
                                             wav.string() + "' --frame-trace '" + trace.string() +
                                             "' --stats-json '" + stats.string() + "'"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Take-offs and landings drawn: in a jump, both feet leaving the ground; the first foot back.
  std::vector<double> take_offs, landings;
  {
    std::ifstream in(trace);
    std::string line;
    nlohmann::json last;
    bool air = false;
    while (std::getline(in, line)) {
      const nlohmann::json j = nlohmann::json::parse(line);
      const bool up = !j.at("contact")[0].get<bool>() && !j.at("contact")[1].get<bool>();
      if (!last.is_null() && j.at("followed") == last.at("followed")) {
        const bool was_down =
            last.at("contact")[0].get<bool>() || last.at("contact")[1].get<bool>();
        if (j.at("mode") == "jumping" && !air && up && was_down) {
          take_offs.push_back(j.at("t"));
          air = true;
        } else if (air && !up) {
          landings.push_back(j.at("t"));
          air = false;
        }
      }
      last = j;
    }
  }
  std::ifstream in(stats);
  const nlohmann::json s = nlohmann::json::parse(in);
  std::vector<double> heard_off, heard_land;
  for (const auto& c : s.at("sounds")) {
    if (c.at("kind") == "take_off") heard_off.push_back(c.at("t"));
    if (c.at("kind") == "landing") heard_land.push_back(c.at("t"));
  }
  ASSERT_GE(take_offs.size(), 2u) << "the autopilot leapt the hurdles";
  EXPECT_EQ(heard_off.size(), take_offs.size());
  EXPECT_EQ(heard_land.size(), landings.size());
  for (const double x : take_offs) EXPECT_LE(nearest(heard_off, x), kFrame / 2) << "take-off " << x;
  for (const double x : landings) EXPECT_LE(nearest(heard_land, x), kFrame / 2) << "landing " << x;
  const Wav w = read_wav(wav);
  std::cout << "[ figures  ] " << take_offs.size() << " take-offs, " << landings.size()
            << " landings; peak " << peak_dbfs(w.samples) << " dBFS, quietest 10 ms "
            << quietest_dbfs(w.samples, w.rate) << " dBFS RMS\n";
  EXPECT_LE(peak_dbfs(w.samples), -1.0);
  EXPECT_GT(quietest_dbfs(w.samples, w.rate), -80.0);
}

TEST(AudioFootsteps, MuteIsSilentThroughTheSameRun) {
  const fs::path wav = scratch("mute.wav"), trace = scratch("mute.trace");
  const ProcessResult r =
      run_process(client("--autoplay --duration 4 --mute --audio-wav '" + wav.string() +
                         "' --frame-trace '" + trace.string() + "'"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const Wav w = read_wav(wav);
  ASSERT_EQ(w.rate, 44100);
  // The run's whole length, and its feet landed (the silence is the mute, not a standstill).
  EXPECT_GE(w.samples.size(), 4u * 44100u);
  EXPECT_GT(read_trace(trace).touch_downs.size(), 10u);
  // Every sample zero or under −90 dBFS (|s| / 32768 < 10^(−90/20): |s| ≤ 1).
  int peak = 0;
  for (const std::int16_t s : w.samples) peak = std::max(peak, std::abs(static_cast<int>(s)));
  EXPECT_LT(peak / 32768.0, std::pow(10.0, -90.0 / 20.0)) << "peak sample " << peak;
}

}  // namespace
}  // namespace spear::test
