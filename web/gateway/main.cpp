// spear-web: the browser viewer's gateway. One spectator session with a game server (the
// client's own connection code), every snapshot written once in the viewer form
// (schemas/viewer.fbs) and sent to every browser watching over a WebSocket; the page itself
// served over HTTP from the same port. Runs until SIGINT/SIGTERM or --duration. Exit codes:
// 0 clean end, 1 runtime failure (the port, the game server refusing for good), 2 bad flags.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <csignal>
#include <iostream>
#include <nlohmann/json.hpp>
#include <variant>

#include "browser_hub.hpp"
#include "gateway_options.hpp"
#include "spectator_feed.hpp"

namespace {

std::atomic<bool> g_stop{false};
extern "C" void on_signal(int) { g_stop.store(true); }

// The feed's messages go to the hub.
class HubSink final : public spear::web::FeedSink {
 public:
  explicit HubSink(spear::web::BrowserHub*& hub) : hub_(hub) {}
  void broadcast(spear::web::Encoded message) override {
    if (hub_) hub_->broadcast(std::move(message));
  }
  void set_greeting(std::vector<spear::web::Encoded> messages) override {
    if (hub_) hub_->set_greeting(std::move(messages));
  }

 private:
  spear::web::BrowserHub*& hub_;
};

std::string stats_json(const spear::web::BrowserHub* hub, const spear::web::FeedStats& feed) {
  nlohmann::json j;
  const spear::web::HubStats h = hub ? hub->stats() : spear::web::HubStats{};
  j["browsers"] = {{"open", h.browsers},
                   {"peak", h.browsers_peak},
                   {"accepted", h.accepted},
                   {"refused_full", h.refused_full},
                   {"refused_address", h.refused_address},
                   {"refused_version", h.refused_version},
                   {"refused_host", h.refused_host},
                   {"refused_origin", h.refused_origin},
                   {"refused_path", h.refused_path},
                   {"dropped_slow", h.dropped_slow},
                   {"dropped_rude", h.dropped_rude}};
  j["sent"] = {
      {"messages", h.messages_sent}, {"bytes", h.bytes_sent}, {"broadcasts", h.broadcasts}};
  j["http_requests"] = h.http_requests;
  j["connections"] = {{"open", h.connections},
                      {"refused", h.connections_refused},
                      {"evicted", h.connections_evicted},
                      {"accept_pauses", h.accept_pauses}};
  j["server"] = {{"connected", feed.connected.load()},
                 {"bytes_in", feed.server_bytes_in.load()},
                 {"last_tick", feed.last_tick.load()},
                 {"runners", feed.last_runners.load()}};
  j["frames"] = {{"written", feed.frames.load()}, {"bytes", feed.frame_bytes.load()}};
  return j.dump() + "\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);
  auto parsed = spear::web::parse_gateway_options(argc, argv);
  if (const int* code = std::get_if<int>(&parsed)) return *code;
  const spear::web::GatewayOptions& o = std::get<spear::web::GatewayOptions>(parsed);

  auto logger = spdlog::stdout_color_mt("spear-web");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");

  std::string error;
  spear::web::HubConfig hc;
  hc.bind = o.bind;
  hc.port = o.http_port;
  hc.max_browsers = o.max_browsers;
  hc.max_browsers_per_address = o.max_browsers_per_address;
  hc.max_connections = o.max_connections;
  hc.max_connections_per_address = o.max_connections_per_address;
  hc.allowed_hosts = o.allowed_hosts;
  hc.max_buffered_bytes = o.max_buffered_kib * 1024;
  hc.allowed_origins = o.allowed_origins;
  hc.files = spear::web::load_static_files(o.web_root, &error);
  if (hc.files.empty()) {
    spdlog::error("{}", error);
    return 1;
  }

  spear::web::BrowserHub* hub_ptr = nullptr;
  HubSink sink(hub_ptr);
  auto feed =
      spear::web::SpectatorFeed::open({o.connect, o.name, o.password, o.server_key}, sink, &error);
  if (!feed) {
    spdlog::error("{}", error);
    return 2;
  }
  const spear::web::FeedStats& feed_stats = feed->stats();
  hc.dynamic.push_back({"/stats.json", "application/json",
                        [&hub_ptr, &feed_stats] { return stats_json(hub_ptr, feed_stats); }});
  hc.dynamic.push_back({"/healthz", "text/plain; charset=utf-8", [&feed_stats] {
                          return std::string(feed_stats.connected.load()
                                                 ? "ok: watching the game server\n"
                                                 : "ok: no link to the game server yet\n");
                        }});
  auto hub = spear::web::BrowserHub::start(std::move(hc), &error);
  if (!hub) {
    spdlog::error("{}", error);
    return 1;
  }
  hub_ptr = hub.get();
  if (hub->effective_max_connections() < o.max_connections) {
    spdlog::warn("--max-connections {} lowered to {} to fit the open-file limit", o.max_connections,
                 hub->effective_max_connections());
  }
  spdlog::info("serving the viewer on http://{}:{}/ (page from {}), watching {}", o.bind,
               hub->port(), o.web_root, o.connect);
  std::cout.flush();

  for (int s : {SIGINT, SIGTERM, SIGHUP}) std::signal(s, on_signal);
  const auto failure = feed->run(g_stop, o.duration);
  hub->stop();
  const spear::web::HubStats h = hub->stats();
  spdlog::info("stopped: {} browsers served (peak {}), {} frames, {} bytes to browsers", h.accepted,
               h.browsers_peak, feed_stats.frames.load(), h.bytes_sent);
  if (failure) {
    spdlog::error("{}", *failure);
    return 1;
  }
  return 0;
}
