#include "spectator_feed.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <utility>

#include "net/udp_endpoint.hpp"
#include "sim/race_start.hpp"

namespace spear::web {
namespace {

// The stretch of course sent with a frame: from this far behind its rearmost posed runner to
// this far ahead of its foremost (a view is about 780 units wide), at most kMaxSpan long.
constexpr double kBehind = 800.0;
constexpr double kAhead = 1400.0;
constexpr double kMaxSpan = 40000.0;
// While the link to the server is down, the Hello is repeated this often (a page that hears
// nothing for 2 s takes the stream for lost).
constexpr double kHelloRepeatSeconds = 1.0;

Encoded share(std::vector<std::uint8_t> bytes) {
  return std::make_shared<const std::vector<std::uint8_t>>(std::move(bytes));
}

std::string without_key_hint(std::string text) {
  for (const std::string hint : {"  ·  Esc to quit", " · Esc to quit"}) {
    if (const auto at = text.find(hint); at != std::string::npos) text.erase(at, hint.size());
  }
  return text;
}

}  // namespace

std::unique_ptr<SpectatorFeed> SpectatorFeed::open(const FeedConfig& config, FeedSink& sink,
                                                   std::string* error) {
  std::string bad;
  const auto peer = net::parse_udp_peer(config.server, net::kDefaultPort, &bad);
  if (!peer) {
    *error = "bad server address " + config.server + ": " + bad;
    return nullptr;
  }
  auto socket = client::ServerSocket::open(*peer, &bad);
  if (!socket) {
    *error = "cannot open a UDP socket: " + bad;
    return nullptr;
  }
  return std::unique_ptr<SpectatorFeed>(new SpectatorFeed(config, sink, std::move(socket)));
}

SpectatorFeed::SpectatorFeed(const FeedConfig& config, FeedSink& sink,
                             std::unique_ptr<client::ServerSocket> socket)
    : config_(config), sink_(sink), socket_(std::move(socket)) {
  client::SessionConfig sc;
  sc.server_label = config.server;
  sc.role = net::Role::Spectator;
  sc.name = config.name;
  sc.password = config.password;
  sc.server_key = config.server_key;
  sc.online = true;
  sc.on_snapshot = [this](const net::Snapshot& s, double) { pending_.push_back(s); };
  session_ = std::make_unique<client::ClientSession>(std::move(sc));
  // As wide as a view can be: in a big race the gateway then draws every runner near it, from
  // poses or from their rig cues (send_frames).
  session_->set_view_width(net::kMaxViewWidth);
}

std::optional<std::string> SpectatorFeed::run(const std::atomic<bool>& stop, double duration) {
  const auto origin = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - origin).count();
  };
  double now = 0.0;
  std::optional<std::string> failure;
  // A loss, or a refusal that may pass (server full), is tried again: status.retries() says so
  // until the next attempt starts, and that attempt keeps the phase until it ends.
  bool retrying = false;
  while (!stop.load() && (duration <= 0.0 || now < duration)) {
    client::pump_session(*session_, socket_.get(), now, 0.f);
    send_frames();
    publish_status(now, false);
    const client::SessionStatus& status = session_->status();
    const client::SessionPhase phase = status.phase();
    if (status.retries() || phase == client::SessionPhase::Connected) retrying = status.retries();
    const bool for_good = phase == client::SessionPhase::BadAddress ||
                          phase == client::SessionPhase::WrongServer ||
                          (!retrying && phase != client::SessionPhase::Connected &&
                           phase != client::SessionPhase::Connecting);
    if (for_good) {
      failure = status.failure();
      if (failure) break;
    }
    session_->on_frame(false);
    // Until the next datagram, or a few milliseconds (the session's own timers).
    socket_->wait_readable(0.004);
    now = seconds();
  }
  client::quit_session(*session_, socket_.get(), seconds());
  return failure;
}

const sim::Course& SpectatorFeed::course_for(std::uint64_t seed) {
  if (!course_ || course_->seed() != seed) course_ = std::make_unique<sim::Course>(seed);
  return *course_;
}

void SpectatorFeed::send_frames() {
  if (pending_.empty()) return;
  const auto welcome = session_->welcome();
  // A new session with the server (it restarted, say): the names come again from scratch.
  if (welcome && welcome->session_key != session_key_) {
    session_key_ = welcome->session_key;
    crowd_.reset();
    roster_.clear();
    roster_bytes_.reset();
  }
  for (net::Snapshot& s : pending_) {
    // Names first: a frame never names a runner the browsers cannot name yet.
    for (const net::RosterEntry& e : s.roster) {
      auto [it, added] = roster_.try_emplace(e.runner, e);
      if (!added && it->second == e) continue;
      it->second = e;
      roster_news_.push_back(e);
    }
    if (!roster_news_.empty()) {
      sink_.broadcast(share(net::viewer::encode(net::viewer::Roster{std::move(roster_news_)})));
      roster_news_.clear();
      stats_.rosters++;
      net::viewer::Roster whole;
      for (const auto& entry : roster_) whole.names.push_back(entry.second);
      roster_bytes_ = share(net::viewer::encode(whole));
      greet();
    }

    // Runners cued without a pose go to the browsers as poses, from their rigs.
    if (welcome) crowd_.set_tick_rate(welcome->tick_rate);
    crowd_frames_.clear();
    crowd_.on_snapshot(s, crowd_frames_, crowd_drawn_,
                       client::crowd_zone(s, std::nullopt, std::nullopt, net::kMaxViewWidth));
    for (const client::RunnerFrame& c : crowd_frames_) {
      net::RunnerSnapshot r;
      r.id = static_cast<net::RunnerId>(c.id);
      r.mode = c.mode;
      r.flags = c.flags;
      r.score = static_cast<std::uint32_t>(std::max(0, c.score));
      r.best = static_cast<std::uint32_t>(std::max(0, c.best));
      r.distance = c.distance;
      r.pose = c.pose;
      s.runners.push_back(r);
    }
    std::erase_if(s.others, [&](const net::RunnerSummary& o) {
      return std::binary_search(crowd_drawn_.begin(), crowd_drawn_.end(), o.id);
    });

    net::viewer::Frame f;
    f.tick = s.tick;
    f.runners = std::move(s.runners);
    std::sort(f.runners.begin(), f.runners.end(),
              [](const auto& a, const auto& b) { return a.id < b.id; });
    f.others = std::move(s.others);
    f.race = s.race;
    f.broken = std::move(s.broken);
    const std::uint64_t base = welcome ? welcome->course_seed : 0;
    f.course = base;
    if (f.race) {
      const bool results = f.race->phase == net::RacePhase::Results;
      f.course = sim::race_course_seed(base, results ? f.race->race + 1 : f.race->race);
    }
    if (!f.runners.empty()) {
      const auto [lo, hi] =
          std::minmax_element(f.runners.begin(), f.runners.end(),
                              [](const auto& a, const auto& b) { return a.distance < b.distance; });
      const double from = std::max(0.0, lo->distance - kBehind);
      const double to = std::min(hi->distance + kAhead, from + kMaxSpan);
      try {
        course_for(f.course).obstacles_in(from, to, obstacles_);
      } catch (const std::exception&) {  // beyond the end of any course: nothing to draw
        obstacles_.clear();
      }
      if (obstacles_.size() > net::viewer::kMaxObstacles)
        obstacles_.resize(net::viewer::kMaxObstacles);
      f.obstacles = obstacles_;
    }
    if (f.broken.size() > net::viewer::kMaxBroken) f.broken.resize(net::viewer::kMaxBroken);
    auto bytes = share(net::viewer::encode(f));
    stats_.frames++;
    stats_.frame_bytes += bytes->size();
    stats_.last_tick = f.tick;
    stats_.last_runners = static_cast<std::uint32_t>(f.runners.size());
    sink_.broadcast(std::move(bytes));
  }
  pending_.clear();
}

void SpectatorFeed::publish_status(double now, bool force) {
  net::viewer::Hello h;
  h.server = config_.server;
  h.connected = session_->connected();
  if (const auto w = session_->welcome(); w && h.connected) {
    h.tick_rate = w->tick_rate;
    h.snapshot_rate = w->snapshot_rate;
  }
  const client::StatusMessage m = session_->status().message(session_->session_time(now));
  if (!h.connected) {
    h.status = without_key_hint(m.headline + (m.detail.empty() ? "" : ": " + m.detail));
    // "connecting." / ".." / "...": the same state, not a change.
    while (!h.status.empty() && h.status.back() == '.') h.status.pop_back();
    if (h.status.starts_with("connecting")) h.status = "connecting to " + config_.server;
  }
  stats_.connected = h.connected;
  if (now - stats_at_ >= 1.0) {
    stats_.server_bytes_in = session_->stats(now).bytes_in;
    stats_at_ = now;
  }
  const bool changed = !hello_ || !(*hello_ == h);
  const bool repeat = !h.connected && now - hello_sent_at_ >= kHelloRepeatSeconds;
  if (!changed && !repeat && !force) return;
  if (changed) {
    hello_ = h;
    hello_bytes_ = share(net::viewer::encode(h));
    greet();
  }
  hello_sent_at_ = now;
  stats_.hellos++;
  sink_.broadcast(hello_bytes_);
}

void SpectatorFeed::greet() {
  std::vector<Encoded> first;
  if (hello_bytes_) first.push_back(hello_bytes_);
  if (roster_bytes_) first.push_back(roster_bytes_);
  sink_.set_greeting(std::move(first));
}

}  // namespace spear::web
