#include "core/client_session.hpp"

#include <algorithm>
#include <cmath>

#include "net/sim_wire.hpp"
#include "sim/obstacle.hpp"

namespace spear::client {

namespace {
constexpr int kMinInputLeadTicks = 3;   // stamped this far ahead of the estimated server tick
constexpr int kMaxInputLeadTicks = 30;  // never more (half a second)

}  // namespace

ClientSession::ClientSession(SessionConfig config, std::unique_ptr<ServerLink> link,
                             std::string bad_address)
    : config_(std::move(config)),
      link_(std::move(link)),
      status_(config_.server_label),
      script_(config_.script) {
  if (!link_) status_.set_bad_address(bad_address.empty() ? "no socket" : bad_address);
}

net::ClientConfig ClientSession::connection_config() const {
  net::ClientConfig c;
  c.role = config_.role;
  c.name = config_.name;
  c.password = config_.password;
  c.timeout_s = config_.timeout_s;
  return c;
}

void ClientSession::start_attempt(double now) {
  link_->connect(connection_config(), now);
  status_.on_attempt(now);
  buffer_.reset();
  autopilot_.reset();
  predictor_.reset();
  predictor_bot_.reset();
  welcome_.reset();
  last_input_tick_.reset();
  last_applied_seen_.reset();
  round_trip_ = InputRoundTrip{};
}

bool ClientSession::connected() const {
  return link_ && link_->connection() &&
         link_->connection()->state() == net::ConnectionState::Connected;
}

std::optional<net::Welcome> ClientSession::welcome() const { return welcome_; }

void ClientSession::on_welcome(const net::Welcome& w, double now) {
  welcome_ = w;
  if (!welcomed_at_) welcomed_at_ = now;
  buffer_.set_rates(w.tick_rate, w.snapshot_rate);
  sampler_.set_ticks_per_snapshot(static_cast<double>(w.tick_rate) /
                                  std::max<int>(1, w.snapshot_rate));
  if (!course_ || course_->seed() != w.course_seed) {
    course_.emplace(w.course_seed);
    broken_.clear();
  }
  follow_.set_own(w.runner_id ? std::optional<std::uint32_t>(*w.runner_id) : std::nullopt);
  if (config_.autoplay && w.runner_id)
    autopilot_.emplace(w.course_seed, w.tick_rate, config_.autoplay_skill);
  predictor_.reset();
  predictor_bot_.reset();
  if (w.runner_id) {
    predictor_.emplace(w.course_seed, w.tick_rate);
    if (config_.autoplay) predictor_bot_.emplace(config_.autoplay_skill, 7);
  }
}

void ClientSession::set_away(bool away) {
  if (!config_.online || config_.role == net::Role::Spectator || away == away_) return;
  away_ = away;
  // Back before the away press went out (or the reverse): the server never needs to know.
  if (away_press_ != 0) {
    away_press_ = 0;
    return;
  }
  away_press_ = away ? net::buttons::kAway : net::buttons::kBack;
}

LocalAction ClientSession::press(Key key) {
  if (key == Key::FocusLost || key == Key::FocusGained) {
    set_away(key == Key::FocusLost);
    return LocalAction::None;
  }
  const RunnerView* mine = own();
  const std::uint8_t lab_motion = mine ? mine->frame.lab_motion : 0;
  const ControlMode mode = control_mode();
  // The autopilot owns the runner's buttons: a stray key would put it out of step.
  if ((autopilot_ || predictor_bot_) && mode != ControlMode::Spectator) {
    const LocalAction a = map_key(key, mode, lab_motion).local;
    return a;
  }
  if (mode == ControlMode::Runner && (map_key(key, mode, lab_motion).buttons & net::buttons::kJump))
    press_pending_ = true;
  const LocalAction a = keys_.press(key, mode, lab_motion);
  if (a == LocalAction::NextRunner) {
    follow_.next(ids_);
    pops_.cut();
  }
  if (a == LocalAction::ToggleSkeleton) local_skeleton_ = !local_skeleton_;
  return a;
}

void ClientSession::take_snapshots(double now) {
  net::ClientConnection* c = link_->connection();
  for (net::Snapshot& s : c->take_snapshots()) {
    if (config_.on_snapshot) config_.on_snapshot(s, now);
    ++snapshots_;
    sampler_.on_snapshot(now);
    for (const auto& b : s.broken)
      broken_.emplace(std::pair<std::uint32_t, std::uint32_t>(b.runner, b.obstacle), b.tick);
    std::vector<RunnerFrame> frames;
    frames.reserve(s.runners.size());
    for (const auto& r : s.runners) {
      frames.push_back(runner_frame(r));
      runners_seen_.insert(r.id);
      if (autopilot_ && welcome_ && welcome_->runner_id == r.id)
        autopilot_->on_snapshot(s.tick, r.distance, r.mode);
    }
    if (predictor_ && s.own) {
      std::optional<double> distance;
      for (const auto& r : s.runners)
        if (r.id == s.own->id) distance = r.distance;
      predictor_->on_snapshot(*s.own, distance);
    }
    buffer_.push(s.tick, std::move(frames), now);
  }
  for (const auto& [id, entry] : c->roster()) roster_[id] = entry;
  if (const auto applied = c->last_applied_input_tick(); applied && applied != last_applied_seen_) {
    round_trip_.on_applied(*applied, now);
    last_applied_seen_ = applied;
  }
}

void ClientSession::send_inputs(double now) {
  if (!welcome_ || !welcome_->runner_id || !buffer_.clock().valid()) return;
  net::ClientConnection* c = link_->connection();
  const double rate = welcome_->tick_rate;
  const auto est =
      static_cast<net::Tick>(std::max(0.0, std::floor(buffer_.clock().server_time_at(now) * rate)));
  const double rtt = round_trip_.round_trip().value_or(0.1);
  const int lead = std::clamp(kMinInputLeadTicks + static_cast<int>(std::ceil(rtt * rate)),
                              kMinInputLeadTicks, kMaxInputLeadTicks);
  const net::Tick target = est + static_cast<net::Tick>(lead);
  std::vector<net::InputFrame> frames;
  const bool predictor_active_path =
      predictor_ && predictor_->server_checks() && !predictor_->stats().gave_up;
  if (predictor_active_path) {
    // The tick the player acts at: the present with prediction, else the one shown.
    const double at =
        config_.prediction ? buffer_.clock().server_time_at(now) : buffer_.view().render_time;
    frames = predicted_inputs(static_cast<net::Tick>(std::max(0.0, std::floor(at * rate))));
  } else if (autopilot_) {
    frames = autopilot_->advance(target, target);
  } else {
    net::Tick from = last_input_tick_ ? *last_input_tick_ + 1 : target;
    if (static_cast<std::int32_t>(target - from) > kMaxInputLeadTicks)
      from = target - kMaxInputLeadTicks;
    for (net::Tick t = from; static_cast<std::int32_t>(target - t) >= 0; ++t)
      frames.push_back(t == from ? keys_.take(t) : net::InputFrame{t, 0, 0});
  }
  if (away_press_ != 0 && !predictor_active_path) {
    // Not predicted: the away or back press goes with the first frame not sent yet.
    for (auto& f : frames) {
      if (last_input_tick_ && static_cast<std::int32_t>(f.tick - *last_input_tick_) <= 0) continue;
      f.buttons = static_cast<std::uint8_t>(f.buttons | take_away_press());
      break;
    }
  }
  // An Input carries only the newest input_redundancy unapplied frames: a longer catch-up
  // (after a stall) goes out in as many datagrams as it needs, so that no frame is left unsent.
  const std::size_t per_datagram = std::max<std::size_t>(1, connection_config().input_redundancy);
  std::size_t unsent = 0;
  for (const auto& f : frames) {
    if (last_input_tick_ && static_cast<std::int32_t>(f.tick - *last_input_tick_) <= 0) continue;
    if (unsent == per_datagram) {
      link_->pump(now);
      unsent = 0;
    }
    c->push_input(f);
    round_trip_.on_sent(f.tick, now);
    last_input_tick_ = f.tick;
    ++inputs_generated_;
    ++unsent;
  }
}

std::vector<net::InputFrame> ClientSession::predicted_inputs(net::Tick present) {
  if (!predictor_->active()) return {};  // aligning: presses wait in the accumulator
  bool first = true;
  return predictor_->advance(present, [&](const sim::RunnerState& state, net::Tick tick) {
    sim::Input in;
    if (predictor_bot_)
      in = predictor_bot_->decide(state, predictor_->course(), tick, predictor_->dt());
    else if (first)
      in = net::to_sim_input(keys_.take(tick));
    if (first && away_press_ != 0) {
      // The away or back press at the tick it happened, predicted like any other.
      in.buttons |= net::to_sim_input({tick, take_away_press(), 0}).buttons;
      in.tick = tick;
    }
    first = false;
    return in;
  });
}

void ClientSession::build_views(float dt_cosmetic) {
  const InterpolatedView& v = buffer_.view();
  ids_.clear();
  for (const auto& r : v.runners) ids_.push_back(r.id);
  std::sort(ids_.begin(), ids_.end());
  const auto followed = follow_.update(ids_);
  const float frame_dt =
      last_update_ >= 0.0 ? static_cast<float>(std::clamp(now_ - last_update_, 0.0, 0.25)) : 0.f;
  if (followed) followed_seen_.insert(*followed);
  runners_.clear();
  for (const auto& r : v.runners) {
    RunnerView rv;
    rv.frame = r;
    rv.lane = static_cast<int>(r.id);
    rv.followed = followed && *followed == r.id;
    rv.own = welcome_ && welcome_->runner_id && *welcome_->runner_id == r.id;
    // The own runner predicted, except in the lab (no timing there; its readouts come from the
    // server) and on the way in or out of it.
    const bool lab = (r.flags & net::runner_flags::kLab) ||
                     (predictor_ && predictor_->state().mode == sim::RunnerMode::Lab);
    if (rv.own && config_.prediction && predictor_ && predictor_->active() && !lab) {
      rv.frame = predictor_->frame(r.id, frame_dt);
      rv.frame.flags =
          static_cast<std::uint8_t>(rv.frame.flags | (r.flags & net::runner_flags::kBot));
      rv.frame.combo = r.combo;  // HUD only: the snapshot's is a few ticks old
    }
    rv.bot = (r.flags & net::runner_flags::kBot) != 0;
    if (auto it = roster_.find(r.id); it != roster_.end()) {
      rv.name = it->second.name;
      rv.bot = rv.bot || it->second.bot;
    } else {
      rv.name = "runner " + std::to_string(r.id);
    }
    auto [sit, fresh] = secondary_.try_emplace(r.id);
    auto& pose_out = secondary_pose_[r.id];
    if (dt_cosmetic > 0.f || fresh) {
      const bool airborne = rv.frame.mode == net::RunnerMode::Jumping;
      pose_out = rig::step_secondary(sit->second, rv.frame.pose, rv.frame.speed, airborne,
                                     std::min(dt_cosmetic, 1.f / 30.f));
    }
    rv.secondary = pose_out;
    runners_.push_back(std::move(rv));
  }
  // Forget the secondary motion of runners no longer in view.
  std::erase_if(secondary_, [&](const auto& kv) {
    return !std::binary_search(ids_.begin(), ids_.end(), kv.first);
  });
  std::erase_if(secondary_pose_, [&](const auto& kv) {
    return !std::binary_search(ids_.begin(), ids_.end(), kv.first);
  });
}

void ClientSession::update(double now, float dt_cosmetic) {
  now_ = now;
  if (started_at_ < 0) started_at_ = now;
  new_reading_.reset();
  if (!link_) return;
  if (!link_->connection()) start_attempt(now);
  if (status_.retry_due(now)) start_attempt(now);

  link_->pump(now);
  net::ClientConnection* c = link_->connection();
  if (c->state() == net::ConnectionState::Connected && c->welcome() &&
      (!welcome_ || welcome_->session_key != c->welcome()->session_key))
    on_welcome(*c->welcome(), now);
  take_snapshots(now);

  if (welcomed_at_)
    for (Key k : script_.due(now - *welcomed_at_))
      if (const LocalAction a = press(k);
          a == LocalAction::ToggleNetGraph || a == LocalAction::Quit)
        local_actions_.push_back(a);

  if (press_pending_) reaction_.on_press(frames_sampled_, now);
  press_pending_ = false;
  buffer_.sample(now);
  if (buffer_.view().kind != SampleKind::Empty) {
    delay_sum_ += buffer_.delay();
    ++delay_samples_;
  }
  if (c->state() == net::ConnectionState::Connected && !inputs_stopped_)
    send_inputs(now);  // steps the prediction
  build_views(dt_cosmetic);
  last_update_ = now;
  link_->pump(now);  // send this frame's input right away

  status_.on_connection(*c, now);
  const RunnerView* mine = own();
  status_.on_own_runner(mine ? std::optional<net::RunnerMode>(mine->frame.mode) : std::nullopt,
                        mine && (mine->frame.flags & net::runner_flags::kLab));

  NetTotals totals;
  totals.bytes_in = link_->bytes_in();
  totals.bytes_out = link_->bytes_out();
  totals.snapshots = snapshots_;
  totals.newest_tick = buffer_.stats().newest_tick;
  const auto rtt = round_trip_.round_trip();
  new_reading_ = sampler_.record(
      now, totals, rtt ? std::optional<float>(static_cast<float>(*rtt * 1000.0)) : std::nullopt,
      static_cast<float>(buffer_.delay() * 1000.0));
}

void ClientSession::on_frame(bool drawn) {
  const RunnerView* mine = own();
  reaction_.on_frame(frames_sampled_, now_, mine && mine->frame.mode == net::RunnerMode::Jumping);
  ++frames_sampled_;
  if (drawn) ++frames_;
  if (const RunnerView* f = followed()) pops_.add(f->frame.id, f->frame.pose);
}

void ClientSession::quit(double now) {
  if (link_) link_->close(now);
}

const RunnerView* ClientSession::followed() const {
  for (const auto& r : runners_)
    if (r.followed) return &r;
  return nullptr;
}

const RunnerView* ClientSession::own() const {
  for (const auto& r : runners_)
    if (r.own) return &r;
  return nullptr;
}

double ClientSession::camera_x() const {
  const RunnerView* f = followed();
  return f ? f->frame.distance : 0.0;
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
  std::vector<ObstacleView> out;
  if (!course_ || !(to > from) || !std::isfinite(from) || !std::isfinite(to)) return out;
  std::vector<sim::Obstacle> found;
  try {
    course_->obstacles_in(std::max(0.0, from), std::min(to, sim::kMaxCourseDistance), found);
  } catch (const std::exception&) {
    return out;  // out of the course's range: nothing to draw
  }
  const RunnerView* f = followed();
  const double tick_rate = welcome_ ? welcome_->tick_rate : 60.0;
  const double t = render_time();
  for (const auto& o : found) {
    ObstacleView ov;
    ov.obstacle = o;
    if (f && o.kind == sim::ObstacleKind::Target) {
      auto it = broken_.find({f->frame.id, o.index});
      // Only what the shown runner has reached: a target ahead of it broke in an earlier run.
      if (it != broken_.end() && it->second / tick_rate <= t && o.x <= f->frame.distance + 200.0) {
        ov.broken = true;
        ov.broken_age = static_cast<float>(t - it->second / tick_rate);
      }
    }
    out.push_back(ov);
  }
  return out;
}

RunStats ClientSession::stats(double now) const {
  RunStats s;
  s.connected = status_.ever_connected();
  s.role = config_.role == net::Role::Spectator ? "spectator" : "player";
  s.server = config_.server_label;
  if (welcome_ && welcome_->runner_id) s.own_runner = *welcome_->runner_id;
  s.seconds = started_at_ >= 0 ? now - started_at_ : 0.0;
  const auto& b = buffer_.stats();
  s.snapshots_received = snapshots_;
  s.snapshots_duplicate = b.duplicates;
  s.snapshots_reordered = b.reordered;
  s.snapshots_too_old = b.too_old;
  s.snapshot_loss = buffer_.loss();
  if (link_) {
    s.bytes_in = link_->bytes_in();
    s.bytes_out = link_->bytes_out();
    if (const auto* c = link_->connection()) {
      const auto& cs = c->stats();
      s.datagrams_in = cs.datagrams_in;
      s.datagrams_out = cs.datagrams_out;
      s.datagrams_dropped = cs.dropped;
      if (cs.snapshot_runners > 0)
        s.bytes_per_runner = static_cast<double>(cs.snapshot_runner_bytes) / cs.snapshot_runners;
      if (cs.handshake_seconds) s.handshake_s = *cs.handshake_seconds;
    }
  }
  s.interp_delay_ms = buffer_.delay() * 1000.0;
  s.interp_delay_mean_ms = delay_samples_ ? delay_sum_ / delay_samples_ * 1000.0 : 0.0;
  s.target_delay_ms = buffer_.target_delay() * 1000.0;
  s.worst_joint_pop = pops_.worst();
  s.steady_joint_step = pops_.median();
  s.frames_drawn = frames_;
  s.frames = frames_sampled_;
  s.frames_extrapolated = b.extrapolated_frames;
  s.frames_held = b.held_frames;
  s.followed_runners = followed_seen_;
  s.runners_seen = runners_seen_;
  if (const auto rtt = round_trip_.round_trip()) s.round_trip_ms = *rtt * 1000.0;
  if (const RunnerView* mine = own()) {
    s.best_score = static_cast<std::uint32_t>(std::max(mine->frame.best, mine->frame.score));
    s.own_distance = mine->frame.distance;
  }
  s.inputs_sent = inputs_generated_;
  s.prediction = config_.prediction;
  s.reaction_samples = reaction_.samples();
  s.reaction_frames_mean = reaction_.mean_frames();
  s.reaction_frames_max = reaction_.max_frames();
  s.reaction_ms_mean = reaction_.mean_ms();
  if (predictor_) {
    const PredictionStats& p = predictor_->stats();
    s.prediction_checks = p.checks;
    s.prediction_mismatches = p.mismatches;
    s.prediction_corrections = p.corrections;
    s.prediction_worst_step = p.worst_correction_step;
  }
  if (auto f = status_.failure()) s.failure = *f;
  return s;
}

}  // namespace spear::client
