#include "audio/game_audio.hpp"

#include <algorithm>

namespace spear::audio {

namespace {
// Obstacles the detector looks at, course units around the followed runner: a break happens at
// the spear's tip, about a spear length ahead.
constexpr double kObstaclesBehind = 300.0;
constexpr double kObstaclesAhead = 400.0;
}  // namespace

GameAudio::GameAudio(MixerSettings settings, std::unique_ptr<WavWriter> wav)
    : bank_(settings.sample_rate), mixer_(settings), wav_(std::move(wav)) {}

GameAudio::~GameAudio() { device_.reset(); }  // its thread stops before the mixer goes

void GameAudio::play_on(const std::function<std::unique_ptr<PcmPlayer>(PcmSource&)>& open) {
  device_ = open(*this);
}

void GameAudio::write(std::span<const std::int16_t> pcm) {
  if (wav_ && !pcm.empty()) wav_->write(pcm);
}

void GameAudio::pull(std::span<std::int16_t> out) {
  std::lock_guard lock(mutex_);
  const auto pcm = mixer_.render(out.size());
  std::copy(pcm.begin(), pcm.end(), out.begin());
  write(pcm);
}

void GameAudio::frame(double t, const client::RunnerView* followed,
                      std::span<const client::ObstacleView> obstacles) {
  const std::vector<SoundEvent> events = detector_.update(t, followed, obstacles);
  std::lock_guard lock(mutex_);
  if (!device_) write(mixer_.advance_to(t));
  mixer_.set_wind_speed(followed ? followed->frame.speed : 0.f);
  for (const SoundEvent& e : events) {
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
  if (device_) {
    device_.reset();
  } else {
    std::lock_guard lock(mutex_);
    write(mixer_.advance_to(t));
  }
  std::lock_guard lock(mutex_);
  if (!wav_) return {};
  wav_->finish();
  return wav_->error();
}

std::int64_t GameAudio::samples_rendered() const {
  std::lock_guard lock(mutex_);
  return mixer_.samples_rendered();
}

void GameAudio::report(client::RunStats& stats) const {
  stats.sounds.clear();
  for (const SoundEvent& e : events_)
    stats.sounds.push_back({std::string(sound_kind_name(e.kind)), e.t});
}

}  // namespace spear::audio
