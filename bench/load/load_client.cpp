#include "load_client.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "net/sim_wire.hpp"

namespace spear::load {

namespace {

// Inputs are stamped this far past the estimated server time, on top of the measured round
// trip and jitter, so they arrive before the server simulates their tick.
constexpr double kInputMarginSeconds = 0.03;

}  // namespace

std::unique_ptr<LoadClient> LoadClient::create(const LoadClientConfig& config,
                                               const net::PeerAddress& server, std::string* error) {
  auto socket = net::UdpEndpoint::bind(server.is_ipv4() ? "0.0.0.0" : "::", 0, error);
  if (!socket) return nullptr;
  return std::unique_ptr<LoadClient>(new LoadClient(config, server, std::move(socket)));
}

LoadClient::LoadClient(const LoadClientConfig& config, const net::PeerAddress& server,
                       std::unique_ptr<net::UdpEndpoint> socket)
    : config_(config),
      server_(server),
      socket_(std::move(socket)),
      connection_([&] {
        net::ClientConfig c;
        c.role = config.role;
        c.name = config.name;
        c.password = config.password;
        c.server_key = config.server_key;
        return c;
      }()),
      buffer_(net::kMaxDatagramBytes + 1) {
  if (config_.truth && config_.interpolate) {
    truth_pops_.emplace();
    if (config_.role == net::Role::Player) own_truth_pops_.emplace();
  }
  if (!config_.trace_path.empty() && config_.interpolate) {
    trace_.reset(std::fopen(config_.trace_path.c_str(), "w"));
    if (trace_ && truth_pops_)
      truth_pops_->on_sample = [f = trace_.get()](double tick, std::uint32_t id, double step) {
        if (step > 3.0) std::fprintf(f, "P %.2f id=%u step=%.2f\n", tick, id, step);
      };
    if (trace_ && own_truth_pops_)  // "O": the own runner's buffer view (not drawn)
      own_truth_pops_->on_sample = [f = trace_.get()](double tick, std::uint32_t id, double step) {
        if (step > 3.0) std::fprintf(f, "O %.2f id=%u step=%.2f\n", tick, id, step);
      };
  }
}

void LoadClient::start(double now) { connection_.start(now); }

bool LoadClient::failed() const {
  const auto s = connection_.state();
  return s == net::ConnectionState::Refused || s == net::ConnectionState::TimedOut ||
         s == net::ConnectionState::WrongServerKey ||
         (s == net::ConnectionState::Disconnected &&
          connection_.disconnect_reason() != net::DisconnectReason::ClientQuit);
}

void LoadClient::pump(double now) {
  while (auto r = socket_->receive(buffer_)) {
    if (r->from != server_ || r->truncated) continue;  // not our server's
    connection_.receive({buffer_.data(), r->size}, now);
    count_snapshot_bytes();
  }
  if (!welcomed_ && connection_.state() == net::ConnectionState::Connected) on_welcome(now);
  take_snapshots(now);
  // Tell the server what this client shows, as the real client does every frame.
  if (welcomed_ && connection_.state() == net::ConnectionState::Connected)
    connection_.set_view(net::InputView{followed_, net::kDefaultViewWidth}, now);
  for (const auto& d : connection_.poll(now)) socket_->send_to(d, server_);
  if (welcomed_ && ended_at_ < 0 && connection_.state() != net::ConnectionState::Connected)
    ended_at_ = now;
}

void LoadClient::on_welcome(double now) {
  welcomed_ = true;
  welcomed_at_ = now;
  const net::Welcome& w = *connection_.welcome();
  tick_rate_ = w.tick_rate > 0 ? w.tick_rate : 60.0;
  const double snapshot_rate = w.snapshot_rate > 0 ? w.snapshot_rate : 30.0;
  tick_stride_ = std::max<std::uint32_t>(
      1, static_cast<std::uint32_t>(std::lround(tick_rate_ / snapshot_rate)));
  interpolation_.set_rates(tick_rate_, snapshot_rate);
  if (config_.record_truth) config_.record_truth->set_rates(tick_rate_, snapshot_rate);
  if (config_.role == net::Role::Player) followed_ = w.runner_id;
  if (config_.role == net::Role::Player && w.runner_id) {
    course_.emplace(w.course_seed);
    bot_.emplace(config_.bot_skill, config_.bot_seed);
    runner_ = sim::new_runner_state();
    // The server adds the runner during the tick it sent in Welcome and steps it from there.
    next_tick_ = w.server_tick;
  }
}

void LoadClient::count_snapshot_bytes() {
  // Called after every datagram: a decoded snapshot shows as a step in the connection's totals.
  const auto& st = connection_.stats();
  if (st.snapshots == seen_snapshots_) return;
  const double runners = static_cast<double>(st.snapshot_runners - seen_runners_);
  const double bytes = static_cast<double>(st.snapshot_runner_bytes - seen_runner_bytes_);
  if (runners > 0) bytes_per_runner_.add(bytes / runners);
  seen_snapshots_ = st.snapshots;
  seen_runners_ = st.snapshot_runners;
  seen_runner_bytes_ = st.snapshot_runner_bytes;
}

void LoadClient::take_snapshots(double now) {
  for (net::Snapshot& s : connection_.take_snapshots()) {
    ++unique_snapshots_;
    runners_per_snapshot_.add(static_cast<double>(s.runners.size() + s.others.size()));
    full_per_snapshot_.add(static_cast<double>(s.runners.size()));
    reduced_per_snapshot_.add(static_cast<double>(s.others.size()));
    std::size_t cued = 0;
    for (const auto& o : s.others) cued += o.cue && !o.cue->empty();
    cued_per_snapshot_.add(static_cast<double>(cued));
    if (!followed_ && config_.role == net::Role::Spectator) choose_followed(s);
    if (!first_tick_ || s.tick < *first_tick_) first_tick_ = s.tick;
    if (!newest_tick_ || s.tick > *newest_tick_) newest_tick_ = s.tick;
    if (config_.interpolate || config_.record_truth) {
      std::vector<client::RunnerFrame> frames;
      std::vector<std::uint32_t> drawn, others;
      if (config_.interpolate) {
        // As the client takes it: runners cued without a pose drawn from their rigs.
        client::buffer_input(s, crowd_,
                             client::crowd_zone(s, followed_, std::nullopt, net::kDefaultViewWidth),
                             frames, drawn, others);
      } else {
        frames.reserve(s.runners.size());
        for (const auto& r : s.runners) frames.push_back(client::runner_frame(r));
      }
      if (config_.record_truth) config_.record_truth->add(s.tick, frames);
      if (trace_) {
        std::fprintf(trace_.get(), "S %.4f tick=%u", now, s.tick);
        for (const auto& f : frames)
          for (std::size_t l = 0; l < net::kBridgeDepth + 2; ++l) {  // the last two: guesses'
            const auto& b = l < net::kBridgeDepth    ? f.bridge.back[l]
                            : l == net::kBridgeDepth ? f.bridge.guess
                                                     : f.bridge.hidden;
            if (b)
              std::fprintf(trace_.get(), " %u:L%zu g%u c%u j%04x", f.id, l, b->gap, b->chord_gap,
                           b->joints);
          }
      }
      if (config_.interpolate) {
        const auto st = interpolation_.stats();
        const auto res = interpolation_.push(s.tick, std::move(frames), now, std::move(others));
        if (trace_)
          std::fprintf(
              trace_.get(), " -> %d rebuilt+%llu\n", static_cast<int>(res),
              static_cast<unsigned long long>(interpolation_.stats().rebuilt - st.rebuilt));
      }
    }
  }
}

void LoadClient::choose_followed(const net::Snapshot& s) {
  std::vector<net::RunnerId> ids;
  ids.reserve(s.runners.size() + s.others.size());
  for (const auto& r : s.runners) ids.push_back(r.id);
  for (const auto& r : s.others) ids.push_back(r.id);
  if (ids.empty()) return;  // nothing to follow yet: the next snapshot
  std::sort(ids.begin(), ids.end());
  followed_ = ids[config_.follow_index % ids.size()];
}

void LoadClient::frame(double now) {
  if (config_.interpolate && welcomed_) {
    const client::InterpolatedView& v = interpolation_.sample(now);
    motion_.observe(v);
    if (trace_ && v.kind != client::SampleKind::Empty)
      std::fprintf(trace_.get(), "F %.4f r=%.2f k=%d base=%u di=%.2f d=%.4f\n", now,
                   v.render_time * tick_rate_, static_cast<int>(v.kind), v.base_tick,
                   interpolation_.delay_intervals(), interpolation_.delay());
    if (truth_pops_) {
      if (v.kind != client::SampleKind::Empty) {
        const double render_tick = v.render_time * tick_rate_;
        if (own_truth_pops_ && followed_) {
          drawn_.clear();
          own_.clear();
          for (const client::RunnerFrame& r : v.runners)
            (r.id == *followed_ ? own_ : drawn_).push_back(r);
          truth_pops_->add_frame(render_tick, drawn_);
          own_truth_pops_->add_frame(render_tick, own_);
        } else {
          truth_pops_->add_frame(render_tick, v.runners);
        }
      }
      if (const TruthTrack* t = truth_of_phase()) {
        truth_pops_->measure(*t);
        if (own_truth_pops_) own_truth_pops_->measure(*t);
      }
    }
  }
  if (bot_ && !inputs_stopped_ && connection_.state() == net::ConnectionState::Connected)
    play_bot(now);
}

void LoadClient::finish_measuring() {
  if (!truth_pops_) return;
  const TruthTrack* t = truth_of_phase();
  truth_pops_->measure(t ? *t : *config_.truth, true);
  if (own_truth_pops_) own_truth_pops_->measure(t ? *t : *config_.truth, true);
}

const TruthTrack* LoadClient::truth_of_phase() {
  if (my_truth_ || !config_.truth_other_phase) return my_truth_ ? my_truth_ : config_.truth;
  // Not known until a truth holds a tick this client received: frames wait for it.
  if (!newest_tick_) return nullptr;
  for (const TruthTrack* t : {config_.truth, config_.truth_other_phase})
    if (t->holds(*newest_tick_)) my_truth_ = t;
  return my_truth_;
}

void LoadClient::play_bot(double now) {
  const client::ServerClock& clock = interpolation_.clock();
  if (!clock.valid()) return;
  // Stamp inputs one round trip (about half the handshake, which took two) plus jitter ahead
  // of the estimated server time: the tick the server will be at when they arrive.
  const double rtt = connection_.stats().handshake_seconds.value_or(0.1) / 2.0;
  const double ahead = clock.server_time_at(now) + rtt + 3.0 * clock.jitter() + kInputMarginSeconds;
  const auto target = static_cast<std::uint32_t>(std::max(0.0, ahead * tick_rate_));
  const float dt = static_cast<float>(1.0 / tick_rate_);
  // Catch up at most a second at once (after a stall); never step backwards. An Input carries
  // the newest input_redundancy frames, so a longer catch-up is sent in several datagrams.
  const std::size_t per_datagram = std::max<std::size_t>(1, net::ClientConfig{}.input_redundancy);
  std::size_t unsent = 0;
  for (int n = 0; next_tick_ <= target && n < static_cast<int>(tick_rate_); ++n, ++next_tick_) {
    const sim::Input in = bot_->decide(runner_, *course_, next_tick_, dt);
    sim::step_runner(runner_, &in, *course_, dt);
    net::InputFrame f = net::to_input_frame(in);
    f.tick = next_tick_;
    if (unsent == per_datagram) {
      for (const auto& d : connection_.poll(now)) socket_->send_to(d, server_);
      unsent = 0;
    }
    connection_.push_input(f);
    ++unsent;
    ++inputs_generated_;
    if (f.buttons) ++inputs_pressed_;
  }
}

void LoadClient::disconnect(double now) {
  connection_.disconnect(now);
  for (int i = 0; i < net::kDisconnectRepeats; ++i)
    for (const auto& d : connection_.poll(now)) socket_->send_to(d, server_);
}

ClientFigures LoadClient::figures(double now) const {
  ClientFigures f;
  const auto& st = connection_.stats();
  f.name = config_.name;
  f.role = config_.role;
  f.final_state = std::string(net::connection_state_name(connection_.state()));
  // Told to go by the server (it shut down, or timed us out): a failure, not a goodbye.
  if (connection_.state() == net::ConnectionState::Disconnected &&
      connection_.disconnect_reason() != net::DisconnectReason::ClientQuit) {
    f.final_state = connection_.disconnect_reason() == net::DisconnectReason::ServerShutdown
                        ? "server_shut_down"
                        : "disconnected_by_server";
  }
  if (connection_.refusal()) f.refusal = connection_.refusal()->text;
  if (connection_.state() == net::ConnectionState::WrongServerKey)
    f.refusal = "the server does not hold the key given with --server-key";
  f.handshake_s = st.handshake_seconds;
  if (welcomed_) f.connected_s = (ended_at_ >= 0 ? ended_at_ : now) - welcomed_at_;
  f.bytes_down = st.bytes_in;
  f.bytes_up = st.bytes_out;
  f.datagrams_down = st.datagrams_in;
  f.datagrams_up = st.datagrams_out;
  f.snapshots_received = unique_snapshots_;
  if (first_tick_ && newest_tick_) {
    const std::uint64_t expected = (*newest_tick_ - *first_tick_) / tick_stride_ + 1;
    f.snapshots_lost = expected > unique_snapshots_ ? expected - unique_snapshots_ : 0;
  }
  f.snapshots_undecodable = st.snapshots_undecodable;
  f.dropped = st.dropped;
  f.bytes_per_runner = bytes_per_runner_;
  f.runners_per_snapshot = runners_per_snapshot_;
  f.full_per_snapshot = full_per_snapshot_;
  f.reduced_per_snapshot = reduced_per_snapshot_;
  f.cued_per_snapshot = cued_per_snapshot_;
  f.inputs_generated = inputs_generated_;
  f.inputs_pressed = inputs_pressed_;
  f.interpolated = config_.interpolate;
  f.worst_second_difference = motion_.worst_second_difference();
  f.worst_step = motion_.worst_step();
  if (truth_pops_) f.truth_pops = truth_pops_->stats();
  if (own_truth_pops_) f.own_truth_pops = own_truth_pops_->stats();
  f.extrapolated_frames = interpolation_.stats().extrapolated_frames;
  f.held_frames = interpolation_.stats().held_frames;
  return f;
}

}  // namespace spear::load
