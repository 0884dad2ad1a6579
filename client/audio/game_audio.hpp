#pragma once
// The game's sound: the synthesized sounds, the event detector and the mixer, with the mixed
// samples sent to a WAV file and/or a sound device. The loop calls frame() once per frame with
// the frame's time (run seconds) and finish() at the end; the mixer renders exactly the time
// between frames, so a 10 s run gives 10 s of sound however long the frames took.
#include <memory>
#include <string>
#include <vector>

#include "audio/mixer.hpp"
#include "audio/pcm_sink.hpp"
#include "audio/sound_bank.hpp"
#include "audio/sound_event_detector.hpp"
#include "audio/wav_writer.hpp"
#include "core/client_session.hpp"
#include "core/run_stats.hpp"

namespace spear::audio {

class GameAudio {
 public:
  // `wav` and `device` may be null (then that output is not fed).
  GameAudio(MixerSettings settings, std::unique_ptr<WavWriter> wav,
            std::unique_ptr<PcmSink> device);

  // One frame: renders the sound up to `t`, then starts what the frame shows happening.
  void frame(double t, const client::RunnerView* followed,
             std::span<const client::ObstacleView> obstacles);
  // The same, from what the session shows now (the followed runner, the obstacles near it).
  void frame(double t, const client::ClientSession& session);
  // Renders up to `t` and closes the WAV. Returns the WAV's error, empty when all went well.
  std::string finish(double t);

  const std::vector<SoundEvent>& events() const { return events_; }
  const Mixer& mixer() const { return mixer_; }
  // The sounds played, into the run's statistics (--stats-json "sounds", "footsteps").
  void report(client::RunStats& stats) const;

 private:
  void render_to(double t);

  SoundBank bank_;
  Mixer mixer_;
  SoundEventDetector detector_;
  std::unique_ptr<WavWriter> wav_;
  std::unique_ptr<PcmSink> device_;
  std::vector<SoundEvent> events_;
  std::size_t footstep_variant_ = 0;
};

}  // namespace spear::audio
