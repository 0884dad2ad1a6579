#include "core/session_instruments.hpp"

#include <algorithm>

namespace spear::client {

void SessionInstruments::begin_update(double now) {
  if (started_at_ < 0) started_at_ = now;
  new_reading_.reset();
}

void SessionInstruments::on_welcome(const net::Welcome& w) {
  sampler_.set_ticks_per_snapshot(static_cast<double>(w.tick_rate) /
                                  std::max<int>(1, w.snapshot_rate));
}

void SessionInstruments::on_snapshot(const net::Snapshot& s, double now) {
  ++snapshots_;
  sampler_.on_snapshot(now);
  for (const auto& r : s.runners) runners_seen_.insert(r.id);
}

void SessionInstruments::on_presses_taken(double now) {
  if (press_pending_) reaction_.on_press(frames_sampled_, now);
  press_pending_ = false;
}

void SessionInstruments::on_sampled(const InterpolationBuffer& buffer) {
  if (buffer.view().kind == SampleKind::Empty) return;
  delay_sum_ += buffer.delay();
  ++delay_samples_;
}

void SessionInstruments::on_followed(const RunnerView* followed) {
  if (followed) followed_seen_.insert(followed->frame.id);
}

void SessionInstruments::record(double now, const NetTotals& totals, std::optional<double> rtt,
                                const InterpolationBuffer& buffer) {
  new_reading_ = sampler_.record(
      now, totals, rtt ? std::optional<float>(static_cast<float>(*rtt * 1000.0)) : std::nullopt,
      static_cast<float>(buffer.delay() * 1000.0));
}

void SessionInstruments::on_frame(bool drawn, double now, const RunnerView* own,
                                  const RunnerView* followed) {
  reaction_.on_frame(frames_sampled_, now, own && own->frame.mode == net::RunnerMode::Jumping);
  ++frames_sampled_;
  if (drawn) ++frames_;
  if (followed) pops_.add(followed->frame.id, followed->frame.pose);
}

void SessionInstruments::fill(RunStats& s, double now) const {
  s.seconds = started_at_ >= 0 ? now - started_at_ : 0.0;
  s.snapshots_received = snapshots_;
  s.interp_delay_mean_ms =
      delay_samples_ ? delay_sum_ / static_cast<double>(delay_samples_) * 1000.0 : 0.0;
  s.worst_joint_pop = pops_.worst();
  s.steady_joint_step = pops_.median();
  s.frames_drawn = frames_;
  s.frames = frames_sampled_;
  s.followed_runners = followed_seen_;
  s.runners_seen = runners_seen_;
  s.reaction_samples = reaction_.samples();
  s.reaction_frames_mean = reaction_.mean_frames();
  s.reaction_frames_max = reaction_.max_frames();
  s.reaction_ms_mean = reaction_.mean_ms();
}

}  // namespace spear::client
