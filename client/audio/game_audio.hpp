#pragma once
// The game's sound: the synthesized sounds, the event detector and the mixer, with the mix sent
// to a WAV file and/or a sound device. The loop calls frame() once per frame with the frame's
// time (run seconds) and finish() at the end.
//   Without a device (headless) the run's own clock drives the mix: each frame renders exactly
//   the time since the last one, so a 10 s run gives 10 s of sound however long the frames
//   took, and a sound the frame at t asks for starts at sample round(t × rate).
//   With a device (play_on) the device's clock drives it: its thread pulls the mix, a frame's
//   sounds start at the next sample it pulls, and the WAV gets exactly what the device played.
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "audio/mixer.hpp"
#include "audio/pcm_source.hpp"
#include "audio/sound_bank.hpp"
#include "audio/sound_event_detector.hpp"
#include "audio/wav_writer.hpp"
#include "core/client_session.hpp"
#include "core/run_stats.hpp"

namespace spear::audio {

class GameAudio final : private PcmSource {
 public:
  // `wav` may be null (no file).
  GameAudio(MixerSettings settings, std::unique_ptr<WavWriter> wav);
  ~GameAudio() override;

  // Hands the mix to a device: `open` gets the source to pull from and returns the player
  // (which pulls from then on, until finish() or the destructor).
  void play_on(const std::function<std::unique_ptr<PcmPlayer>(PcmSource&)>& open);

  // One frame: (without a device) renders the sound up to `t`; then starts what the frame shows
  // happening and sets the wind to the followed runner's speed.
  void frame(double t, const client::RunnerView* followed,
             std::span<const client::ObstacleView> obstacles);
  // The same, from what the session shows now (the followed runner, the obstacles near it).
  void frame(double t, const client::ClientSession& session);
  // Renders up to `t` (without a device) or stops the device, and closes the WAV. Returns the
  // WAV's error, empty when all went well.
  std::string finish(double t);

  const std::vector<SoundEvent>& events() const { return events_; }
  std::int64_t samples_rendered() const;
  // The sounds played, into the run's statistics (--stats-json "sounds", "footsteps").
  void report(client::RunStats& stats) const;

 private:
  void pull(std::span<std::int16_t> out) override;
  void write(std::span<const std::int16_t> pcm);

  SoundBank bank_;
  SoundEventDetector detector_;
  std::vector<SoundEvent> events_;
  std::size_t footstep_variant_ = 0;
  mutable std::mutex mutex_;  // the mixer and the WAV, shared with the device's thread
  Mixer mixer_;
  std::unique_ptr<WavWriter> wav_;
  std::unique_ptr<PcmPlayer> device_;  // last: destroyed (stopped) first
};

}  // namespace spear::audio
