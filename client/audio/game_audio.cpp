#include "audio/game_audio.hpp"

namespace spear::audio {

namespace {
// Obstacles the detector looks at, course units around the followed runner: a break happens at
// the spear's tip, about a spear length ahead.
constexpr double kObstaclesBehind = 300.0;
constexpr double kObstaclesAhead = 400.0;
}  // namespace

GameAudio::GameAudio(MixerSettings settings, std::unique_ptr<WavWriter> wav,
                     std::unique_ptr<PcmSink> device)
    : bank_(settings.sample_rate),
      mixer_(settings),
      wav_(std::move(wav)),
      device_(std::move(device)) {}

void GameAudio::render_to(double t) {
  const auto pcm = mixer_.advance_to(t);
  if (pcm.empty()) return;
  if (wav_) wav_->write(pcm);
  if (device_) device_->push(pcm);
}

void GameAudio::frame(double t, const client::RunnerView* followed,
                      std::span<const client::ObstacleView> obstacles) {
  render_to(t);
  mixer_.set_wind_speed(followed ? followed->frame.speed : 0.f);
  for (const SoundEvent& e : detector_.update(t, followed, obstacles)) {
    const std::size_t variant = e.kind == SoundKind::Footstep ? footstep_variant_++ : 0;
    mixer_.play(bank_.clip(e.kind, variant), e.gain * SoundBank::level(e.kind));
    events_.push_back(e);
  }
}

void GameAudio::frame(double t, const client::ClientSession& session) {
  const client::RunnerView* followed = session.followed();
  std::vector<client::ObstacleView> near;
  if (followed)
    near = session.obstacles(followed->frame.distance - kObstaclesBehind,
                             followed->frame.distance + kObstaclesAhead);
  frame(t, followed, near);
}

std::string GameAudio::finish(double t) {
  render_to(t);
  if (!wav_) return {};
  wav_->finish();
  return wav_->error();
}

void GameAudio::report(client::RunStats& stats) const {
  stats.sounds.clear();
  for (const SoundEvent& e : events_)
    stats.sounds.push_back({std::string(sound_kind_name(e.kind)), e.t});
}

}  // namespace spear::audio
