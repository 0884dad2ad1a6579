#include "core/client_session.hpp"

#include <algorithm>

namespace spear::client {

namespace {
InputPipelineConfig pipeline_config(const SessionConfig& c) {
  InputPipelineConfig p;
  p.autoplay = c.autoplay;
  p.autoplay_skill = c.autoplay_skill;
  p.parks_when_away = c.online && c.role != net::Role::Spectator;
  return p;
}
}  // namespace

ClientSession::ClientSession(SessionConfig config, std::string unreachable)
    : config_(std::move(config)),
      reachable_(unreachable.empty()),
      status_(config_.server_label),
      link_(connection_config()),
      script_(config_.script),
      inputs_(pipeline_config(config_)),
      world_(config_.prediction) {
  if (!reachable_) status_.set_bad_address(std::move(unreachable));
}

net::ClientConfig ClientSession::connection_config() const {
  net::ClientConfig c;
  c.role = config_.role;
  c.name = config_.name;
  c.password = config_.password;
  c.server_key = config_.server_key;
  c.timeout_s = config_.timeout_s;
  return c;
}

void ClientSession::start_attempt(double now) {
  link_.connect(now);
  status_.on_attempt(now);
  // A retry after a loss keeps the last scene drawn until the new connection is welcomed.
  if (!frozen_) world_.reset();
  inputs_.reset();
  welcome_.reset();
}

void ClientSession::on_welcome(const net::Welcome& w, double wall) {
  if (frozen_) world_.reset();  // the scene kept since the loss gives way to the new one
  frozen_ = false;
  welcome_ = w;
  if (!welcomed_at_wall_) welcomed_at_wall_ = wall;
  world_.on_welcome(w);
  inputs_.on_welcome(w);
  instruments_.on_welcome(w);
}

void ClientSession::receive(std::span<const std::uint8_t> datagram, double wall) {
  if (reachable_) link_.receive(datagram, pause_.session_time(wall));
}

LocalAction ClientSession::press(Key key) {
  // Paused: the keys that start a run resume instead of reaching the runner.
  if (paused() && (key == Key::Space || key == Key::Up || key == Key::P))
    return LocalAction::TogglePause;
  const RunnerView* mine = own();
  if (mine) controls_.on_press(key, control_mode());
  const InputPress p = inputs_.press(key, control_mode(), mine ? mine->frame.lab_motion : 0);
  if (p.jump) instruments_.on_jump_pressed();
  if (p.local == LocalAction::NextRunner) {
    world_.follow_next();
    instruments_.on_cut();
  }
  if (p.local == LocalAction::ToggleSkeleton) local_skeleton_ = !local_skeleton_;
  return p.local;
}

void ClientSession::take_snapshots(double now) {
  net::ClientConnection* c = link_.connection();
  for (net::Snapshot& s : c->take_snapshots()) {
    if (config_.on_snapshot) config_.on_snapshot(s, now);
    instruments_.on_snapshot(s, now);
    inputs_.on_snapshot(s);
    world_.on_snapshot(s, now);
  }
  world_.on_roster(c->roster());
  inputs_.on_applied(c->last_applied_input_tick(), now);
}

void ClientSession::run_script(double wall) {
  if (!welcomed_at_wall_) return;
  for (const ScriptedKey& e : script_.due_entries(wall - *welcomed_at_wall_)) {
    if (e.window) {
      set_away(*e.window == WindowEvent::FocusLost);  // online: parks the runner (else nothing)
      local_actions_.push_back(*e.window == WindowEvent::FocusLost ? LocalAction::FocusLost
                                                                   : LocalAction::FocusGained);
      continue;
    }
    if (const LocalAction a = press(e.key);
        a == LocalAction::ToggleNetGraph || a == LocalAction::Quit || a == LocalAction::TogglePause)
      local_actions_.push_back(a);
  }
}

void ClientSession::update(double wall, float dt_cosmetic, Outbox& out) {
  const double now = pause_.session_time(wall);
  now_ = now;
  instruments_.begin_update(now);
  if (!reachable_) return;
  if (!link_.connection()) start_attempt(now);
  if (status_.retry_due(now)) start_attempt(now);

  link_.flush(now, out);  // answers what arrived since the last update
  const net::ClientConnection& c = *link_.connection();
  if (link_.connected() && c.welcome() &&
      (!welcome_ || welcome_->session_key != c.welcome()->session_key))
    on_welcome(*c.welcome(), wall);
  take_snapshots(now);
  run_script(wall);
  instruments_.on_presses_taken(now);

  const double since_last = last_update_ >= 0.0 ? std::max(0.0, now - last_update_) : 0.0;
  // Lost after a scene was shown: it stays as it was (nothing sampled, built or predicted).
  const bool lost = !link_.connected() && !world_.runners().empty() &&
                    (c.state() == net::ConnectionState::TimedOut ||
                     c.state() == net::ConnectionState::Disconnected || frozen_);
  if (lost) frozen_ = true;
  // Silent for kStallSeconds: the own runner is held, not predicted on into a world the
  // server has not confirmed.
  held_ = frozen_ || (link_.connected() && c.last_snapshot_time() > 0.0 &&
                      now - c.last_snapshot_time() > kStallSeconds);
  if (!frozen_) {
    world_.sample(now, since_last);
    instruments_.on_sampled(world_.buffer());
  }
  const ServerClock& clock = world_.buffer().clock();
  if (link_.connected() && clock.valid() && !held_) {
    // The tick the player acts at: the present with prediction (the prediction clock's, which
    // is what is drawn), else the one shown.
    const double acting = config_.prediction ? world_.prediction_clock().time() : render_time();
    const auto inputs = inputs_.take_inputs(now, clock.server_time_at(now), acting);
    link_.send_inputs(inputs, now, out);  // steps the prediction
  }
  const float frame_dt = last_update_ >= 0.0 ? static_cast<float>(std::min(since_last, 0.25)) : 0.f;
  if (!frozen_) world_.build(frame_dt, dt_cosmetic, inputs_.predictor());
  world_.hold_own(held_);
  instruments_.on_followed(followed());
  if (net::ClientConnection* conn = link_.connection(); conn && link_.connected()) {
    net::InputView view;
    if (const auto f = world_.wanted_follow()) view.followed = static_cast<net::RunnerId>(*f);
    view.width = view_width_;
    conn->set_view(view, now);
  }
  last_update_ = now;
  link_.flush(now, out);  // this frame's input right away

  status_.on_connection(c, now);
  const RunnerView* mine = own();
  status_.on_own_runner(mine ? std::optional<net::RunnerMode>(mine->frame.mode) : std::nullopt,
                        mine && (mine->frame.flags & net::runner_flags::kLab));
  NetTotals totals;
  totals.bytes_in = link_.bytes_in();
  totals.bytes_out = link_.bytes_out();
  totals.snapshots = instruments_.snapshots();
  totals.newest_tick = world_.buffer().stats().newest_tick;
  instruments_.record(now, totals, inputs_.round_trip(), world_.buffer());
}

void ClientSession::quit(double wall, Outbox& out) {
  if (reachable_) link_.close(pause_.session_time(wall), out);
}

double ClientSession::camera_x() const {
  const RunnerView* f = followed();
  return f ? f->frame.distance : 0.0;
}

double ClientSession::ground_x() const {
  const RunnerView* f = followed();
  return f ? f->ground_x : 0.0;
}

ControlMode ClientSession::control_mode() const {
  if (config_.role == net::Role::Spectator || (welcome_ && !welcome_->runner_id))
    return ControlMode::Spectator;
  const RunnerView* mine = own();
  return mine && (mine->frame.flags & net::runner_flags::kLab) ? ControlMode::Lab
                                                               : ControlMode::Runner;
}

bool ClientSession::skeleton_overlay() const {
  if (control_mode() == ControlMode::Spectator && local_skeleton_) return true;
  const RunnerView* f = followed();
  return f && (f->frame.flags & net::runner_flags::kSkeleton);
}

std::vector<ObstacleView> ClientSession::obstacles(double from, double to) const {
  return world_.obstacles(from, to, inputs_.predictor());
}

RunStats ClientSession::stats(double wall) const {
  const double now = pause_.session_time(wall);
  RunStats s;
  instruments_.fill(s, now);
  s.connected = status_.ever_connected();
  s.role = config_.role == net::Role::Spectator ? "spectator" : "player";
  s.server = config_.server_label;
  if (welcome_ && welcome_->runner_id) s.own_runner = *welcome_->runner_id;
  const InterpolationBuffer& buffer = world_.buffer();
  const auto& b = buffer.stats();
  s.snapshots_duplicate = b.duplicates;
  s.snapshots_reordered = b.reordered;
  s.snapshots_too_old = b.too_old;
  s.snapshot_loss = buffer.loss();
  s.frames_extrapolated = b.extrapolated_frames;
  s.frames_held = b.held_frames;
  s.interp_delay_ms = buffer.delay() * 1000.0;
  s.target_delay_ms = buffer.target_delay() * 1000.0;
  if (reachable_) {
    s.bytes_in = link_.bytes_in();
    s.bytes_out = link_.bytes_out();
    if (const auto* c = link_.connection()) {
      const auto& cs = c->stats();
      s.datagrams_in = cs.datagrams_in;
      s.datagrams_out = cs.datagrams_out;
      s.datagrams_dropped = cs.dropped;
      if (cs.snapshot_runners > 0)
        s.bytes_per_runner = static_cast<double>(cs.snapshot_runner_bytes) /
                             static_cast<double>(cs.snapshot_runners);
      if (cs.handshake_seconds) s.handshake_s = *cs.handshake_seconds;
    }
  }
  if (const auto rtt = inputs_.round_trip()) s.round_trip_ms = *rtt * 1000.0;
  if (const RunnerView* mine = own()) {
    s.best_score = static_cast<std::uint32_t>(std::max(mine->frame.best, mine->frame.score));
    s.own_distance = mine->frame.distance;
  }
  s.inputs_sent = inputs_.generated();
  s.prediction = config_.prediction;
  if (const OwnRunnerPredictor* p = inputs_.predictor()) {
    const PredictionStats& ps = p->stats();
    s.prediction_checks = ps.checks;
    s.prediction_mismatches = ps.mismatches;
    s.prediction_corrections = ps.corrections;
    s.prediction_worst_step = ps.worst_correction_step;
  }
  if (auto f = status_.failure()) s.failure = *f;
  return s;
}

}  // namespace spear::client
