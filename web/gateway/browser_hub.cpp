#include "browser_hub.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <map>
#include <set>
#include <thread>
#include <utility>
#include <websocketpp/config/asio_no_tls.hpp>
#include <websocketpp/server.hpp>

#include "host_check.hpp"
#include "origin_check.hpp"

namespace spear::web {
namespace {

using Server = websocketpp::server<websocketpp::config::asio>;
using websocketpp::connection_hdl;
using Clock = std::chrono::steady_clock;
namespace status = websocketpp::http::status_code;

constexpr const char* kStreamPath = "/stream";
constexpr std::size_t kMaxSocketSendBuffer = 256u << 10;
// File descriptors kept for everything but browsers' connections (the game server's socket, the
// event loop's, logs) when the connection cap is fitted to the open-file limit.
constexpr std::size_t kReservedDescriptors = 64;
// After a failed accept (no descriptor left, ...) accepting pauses this long, doubling while it
// keeps failing up to the most.
constexpr std::chrono::milliseconds kFirstAcceptPause{10}, kMostAcceptPause{1000};

struct Browser {
  asio::ip::address address;
  Clock::time_point window_start;
  int messages_in_window = 0;
};

// A TCP connection accepted, until the WebSocket library has done with it.
struct Tracked {
  asio::ip::address address;
  const void* connection = nullptr;
  std::weak_ptr<Server::connection_type> weak;
  bool pending = true;  // not a WebSocket yet (no answered request)
};

struct AddressUse {
  std::size_t connections = 0;
  std::size_t browsers = 0;
};

struct Counters {
  std::atomic<std::uint64_t> browsers{0}, browsers_peak{0}, accepted{0}, refused_full{0},
      refused_address{0}, refused_version{0}, refused_host{0}, refused_origin{0}, refused_path{0},
      dropped_slow{0}, dropped_rude{0}, http_requests{0}, messages_sent{0}, bytes_sent{0},
      broadcasts{0}, connections{0}, connections_refused{0}, connections_evicted{0},
      accept_pauses{0};
};

// The total connection cap fitted to the open-file limit.
std::size_t fitted_connection_cap(std::size_t wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return wanted;
  const auto files = static_cast<std::size_t>(limit.rlim_cur);
  const std::size_t room = files > 2 * kReservedDescriptors ? files - kReservedDescriptors
                                                            : std::max<std::size_t>(files / 2, 1);
  return std::min(wanted, room);
}

std::string path_of(const std::string& resource) { return resource.substr(0, resource.find('?')); }

}  // namespace

class BrowserHub::Impl {
 public:
  explicit Impl(HubConfig config) : config_(std::move(config)) {}

  bool start(std::string* error) {
    server_.clear_access_channels(websocketpp::log::alevel::all);
    server_.clear_error_channels(websocketpp::log::elevel::all);
    websocketpp::lib::error_code ec;
    server_.init_asio(&io_, ec);
    if (ec) return fail(error, "cannot start the web server: " + ec.message());
    server_.set_reuse_addr(true);
    server_.set_max_message_size(config_.max_message_bytes);
    server_.set_max_http_body_size(config_.max_message_bytes);
    server_.set_open_handshake_timeout(5000);
    server_.set_close_handshake_timeout(1000);
    server_.set_validate_handler([this](connection_hdl h) { return validate(h); });
    server_.set_open_handler([this](connection_hdl h) { on_open(h); });
    server_.set_close_handler([this](connection_hdl h) { on_close(h); });
    server_.set_tcp_pre_init_handler([this](connection_hdl h) { bound_send_buffer(h); });
    server_.set_message_handler(
        [this](connection_hdl h, const Server::message_ptr& m) { on_message(h, m); });
    server_.set_ping_handler([this](connection_hdl h, const std::string&) { return on_ping(h); });
    server_.set_http_handler([this](connection_hdl h) { on_http(h); });
    max_connections_ = fitted_connection_cap(config_.max_connections);

    // The hub accepts connections itself (not the library's accept loop, which retries a failed
    // accept at once and so spins while no file descriptor is left).
    asio::error_code aec;
    const asio::ip::address address = asio::ip::make_address(config_.bind, aec);
    if (aec) return fail(error, "--bind " + config_.bind + " is not an IP address");
    const asio::ip::tcp::endpoint endpoint(address, config_.port);
    acceptor_.open(endpoint.protocol(), aec);
    if (!aec) acceptor_.set_option(asio::socket_base::reuse_address(true), aec);
    if (!aec) acceptor_.bind(endpoint, aec);
    if (!aec) acceptor_.listen(asio::socket_base::max_listen_connections, aec);
    if (aec) {
      return fail(error, "cannot listen on " + config_.bind + ":" + std::to_string(config_.port) +
                             ": " + aec.message());
    }
    port_ = acceptor_.local_endpoint(aec).port();
    accept_next();
    thread_ = std::thread([this] {
      server_.run();
      finished_.set_value();
    });
    return true;
  }

  void broadcast(Bytes message) {
    asio::post(io_, [this, message = std::move(message)] {
      counters_.broadcasts++;
      handles_.clear();
      for (const auto& entry : browsers_) handles_.push_back(entry.first);
      for (const connection_hdl& h : handles_) send_to(h, message);
    });
  }

  void set_greeting(std::vector<Bytes> messages) {
    asio::post(
        io_, [this, messages = std::move(messages)]() mutable { greeting_ = std::move(messages); });
  }

  void stop() {
    if (stopped_.exchange(true) || !thread_.joinable()) return;
    asio::post(io_, [this] {
      websocketpp::lib::error_code ec;
      asio::error_code aec;
      acceptor_.close(aec);
      accept_pause_.cancel();
      for (const auto& entry : browsers_) {
        server_.close(entry.first, websocketpp::close::status::going_away, "gateway stopping", ec);
      }
    });
    // The close handshakes take a moment; then whatever is left is cut.
    if (finished_.get_future().wait_for(std::chrono::milliseconds(1500)) !=
        std::future_status::ready) {
      io_.stop();
    }
    thread_.join();
  }

  std::uint16_t port() const { return port_; }
  std::size_t effective_max_connections() const { return max_connections_; }

  HubStats stats() const {
    HubStats s;
    s.browsers = counters_.browsers;
    s.browsers_peak = counters_.browsers_peak;
    s.accepted = counters_.accepted;
    s.refused_full = counters_.refused_full;
    s.refused_address = counters_.refused_address;
    s.refused_version = counters_.refused_version;
    s.refused_host = counters_.refused_host;
    s.connections = counters_.connections;
    s.connections_refused = counters_.connections_refused;
    s.connections_evicted = counters_.connections_evicted;
    s.accept_pauses = counters_.accept_pauses;
    s.refused_origin = counters_.refused_origin;
    s.refused_path = counters_.refused_path;
    s.dropped_slow = counters_.dropped_slow;
    s.dropped_rude = counters_.dropped_rude;
    s.http_requests = counters_.http_requests;
    s.messages_sent = counters_.messages_sent;
    s.bytes_sent = counters_.bytes_sent;
    s.broadcasts = counters_.broadcasts;
    return s;
  }

 private:
  static bool fail(std::string* error, std::string why) {
    *error = std::move(why);
    return false;
  }

  void accept_next() {
    if (!acceptor_.is_open()) return;
    Server::connection_ptr con = server_.get_connection();
    if (!con) {
      pause_accepting();
      return;
    }
    acceptor_.async_accept(con->get_raw_socket(),
                           [this, con](const asio::error_code& aec) { on_accept(con, aec); });
  }

  void on_accept(const Server::connection_ptr& con, const asio::error_code& ec) {
    if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
    if (ec) {
      // Out of file descriptors (or memory, or buffers): a connection that has said nothing yet
      // gives its place up, and accepting waits instead of failing again at once.
      evict_oldest_pending();
      pause_accepting();
      return;
    }
    accept_pause_length_ = std::chrono::milliseconds(0);
    admit(con);
    accept_next();
  }

  void pause_accepting() {
    counters_.accept_pauses++;
    accept_pause_length_ =
        std::clamp(accept_pause_length_ * 2, kFirstAcceptPause, kMostAcceptPause);
    accept_pause_.expires_after(accept_pause_length_);
    accept_pause_.async_wait([this](const asio::error_code& ec) {
      if (!ec) accept_next();
    });
  }

  // Takes an accepted connection on, or closes it when its address has its most.
  void admit(const Server::connection_ptr& con) {
    asio::error_code aec;
    const asio::ip::address address = con->get_raw_socket().remote_endpoint(aec).address();
    if (aec) {
      con->get_raw_socket().close(aec);
      return;
    }
    AddressUse& use = by_address_[address];
    if (use.connections >= config_.max_connections_per_address ||
        (tracked_.size() >= max_connections_ && !evict_oldest_pending())) {
      counters_.connections_refused++;
      if (use.connections == 0 && use.browsers == 0) by_address_.erase(address);
      con->get_raw_socket().close(aec);
      return;
    }
    use.connections++;
    const std::uint64_t id = next_id_++;
    tracked_.emplace(id, Tracked{address, con.get(), con, true});
    pending_.insert(id);
    id_of_.emplace(con.get(), id);
    counters_.connections = tracked_.size();
    con->set_termination_handler([this, id](const Server::connection_ptr&) { untrack(id); });
    con->start();
  }

  // Closes the connection accepted longest ago that has not become a WebSocket; false if none.
  bool evict_oldest_pending() {
    while (!pending_.empty()) {
      const std::uint64_t id = *pending_.begin();
      const auto it = tracked_.find(id);
      const Server::connection_ptr con = it == tracked_.end() ? nullptr : it->second.weak.lock();
      untrack(id);
      if (!con) continue;
      counters_.connections_evicted++;
      con->terminate(websocketpp::error::make_error_code(websocketpp::error::general));
      return true;
    }
    return false;
  }

  void untrack(std::uint64_t id) {
    pending_.erase(id);
    const auto it = tracked_.find(id);
    if (it == tracked_.end()) return;
    id_of_.erase(it->second.connection);
    const auto use = by_address_.find(it->second.address);
    if (use != by_address_.end()) {
      if (use->second.connections > 0) use->second.connections--;
      if (use->second.connections == 0 && use->second.browsers == 0) by_address_.erase(use);
    }
    tracked_.erase(it);
    counters_.connections = tracked_.size();
  }

  // The tracked connection behind a handle, or nullptr.
  Tracked* tracked_of(const Server::connection_ptr& con) {
    const auto id = id_of_.find(con.get());
    if (id == id_of_.end()) return nullptr;
    const auto it = tracked_.find(id->second);
    return it == tracked_.end() ? nullptr : &it->second;
  }

  bool host_ok(const Server::connection_ptr& con) {
    if (host_allowed(con->get_request_header("Host"), config_.allowed_hosts)) return true;
    counters_.refused_host++;
    return false;
  }

  bool validate(connection_hdl h) {
    const Server::connection_ptr con = server_.get_con_from_hdl(h);
    // RFC 6455 only: the older drafts (hixie-76 / hybi-00, hybi-07 and -08) frame messages
    // without the bounds this gateway relies on.
    if (con->get_request_header("Sec-WebSocket-Version") != "13") {
      counters_.refused_version++;
      con->set_status(status::upgrade_required);
      con->replace_header("Sec-WebSocket-Version", "13");
      con->set_body("only WebSocket version 13 (RFC 6455) is spoken here\n");
      return false;
    }
    if (!host_ok(con)) {
      con->set_status(status::forbidden);
      con->set_body("this gateway is not reached by that name (see --allow-host)\n");
      return false;
    }
    if (path_of(con->get_resource()) != kStreamPath) {
      counters_.refused_path++;
      con->set_status(status::not_found);
      return false;
    }
    if (!origin_allowed(con->get_request_header("Origin"), con->get_request_header("Host"),
                        config_.allowed_origins)) {
      counters_.refused_origin++;
      con->set_status(status::forbidden);
      return false;
    }
    if (browsers_.size() >= config_.max_browsers) {
      counters_.refused_full++;
      con->set_status(status::service_unavailable);
      return false;
    }
    if (address_full(con)) {
      counters_.refused_address++;
      con->set_status(status::too_many_requests);
      return false;
    }
    return true;
  }

  bool address_full(const Server::connection_ptr& con) {
    const Tracked* t = tracked_of(con);
    if (!t) return true;  // not accepted by the hub: never
    const auto use = by_address_.find(t->address);
    return use != by_address_.end() && use->second.browsers >= config_.max_browsers_per_address;
  }

  void on_open(connection_hdl h) {
    websocketpp::lib::error_code ec;
    const Server::connection_ptr con = server_.get_con_from_hdl(h, ec);
    if (ec || !con) return;
    if (browsers_.size() >= config_.max_browsers) {  // several passed validation at once
      counters_.refused_full++;
      server_.close(h, websocketpp::close::status::try_again_later, "gateway full", ec);
      return;
    }
    Tracked* t = tracked_of(con);
    if (!t || address_full(con)) {
      counters_.refused_address++;
      server_.close(h, websocketpp::close::status::try_again_later, "address full", ec);
      return;
    }
    t->pending = false;
    pending_.erase(id_of_.at(con.get()));
    by_address_[t->address].browsers++;
    browsers_.emplace(h, Browser{t->address, Clock::now(), 0});
    counters_.accepted++;
    counters_.browsers = browsers_.size();
    if (browsers_.size() > counters_.browsers_peak) counters_.browsers_peak = browsers_.size();
    for (const Bytes& m : greeting_) {
      if (!send_to(h, m)) break;
    }
  }

  // The kernel's send buffer is bounded too (left alone it grows to megabytes a socket), so a
  // browser that does not read passes max_buffered_bytes soon after it stops.
  void bound_send_buffer(connection_hdl h) {
    websocketpp::lib::error_code ec;
    const Server::connection_ptr con = server_.get_con_from_hdl(h, ec);
    if (ec || !con) return;
    const std::size_t bytes = std::min(config_.max_buffered_bytes, kMaxSocketSendBuffer);
    asio::error_code aec;
    con->get_socket().set_option(asio::socket_base::send_buffer_size(static_cast<int>(bytes)), aec);
  }

  void on_close(connection_hdl h) {
    // A message over max_message_bytes: the WebSocket library closed the browser itself. The
    // browser may be forgotten already (a frame sent while the library was closing it fails),
    // so the close code alone says it; the gateway's own drops close with other codes.
    websocketpp::lib::error_code ec;
    const Server::connection_ptr con = server_.get_con_from_hdl(h, ec);
    if (!ec && con && con->get_local_close_code() == websocketpp::close::status::message_too_big)
      counters_.dropped_rude++;
    forget(h);
  }

  void forget(connection_hdl h) {
    const auto it = browsers_.find(h);
    if (it == browsers_.end()) return;
    const auto use = by_address_.find(it->second.address);
    if (use != by_address_.end()) {
      if (use->second.browsers > 0) use->second.browsers--;
      if (use->second.connections == 0 && use->second.browsers == 0) by_address_.erase(use);
    }
    browsers_.erase(it);
    counters_.browsers = browsers_.size();
  }

  void drop(connection_hdl h, websocketpp::close::status::value code, const std::string& why) {
    forget(h);
    websocketpp::lib::error_code ec;
    server_.close(h, code, why, ec);
  }

  bool send_to(connection_hdl h, const Bytes& message) {
    websocketpp::lib::error_code ec;
    const Server::connection_ptr con = server_.get_con_from_hdl(h, ec);
    if (ec || !con) {
      forget(h);
      return false;
    }
    if (con->get_buffered_amount() > config_.max_buffered_bytes) {
      counters_.dropped_slow++;
      drop(h, websocketpp::close::status::policy_violation, "too slow");
      return false;
    }
    ec = con->send(message->data(), message->size(), websocketpp::frame::opcode::binary);
    if (ec) {
      forget(h);
      return false;
    }
    counters_.messages_sent++;
    counters_.bytes_sent += message->size();
    return true;
  }

  void on_message(connection_hdl h, const Server::message_ptr&) { count_message(h); }

  // A ping is a message too (each asks for a pong to be buffered): false when it is one too many.
  bool on_ping(connection_hdl h) { return count_message(h); }

  // Counts a message from a browser against its rate; false (and the browser dropped) when it
  // is one too many.
  bool count_message(connection_hdl h) {
    const auto it = browsers_.find(h);
    if (it == browsers_.end()) return false;
    Browser& b = it->second;
    const Clock::time_point now = Clock::now();
    if (now - b.window_start >= std::chrono::seconds(1)) {
      b.window_start = now;
      b.messages_in_window = 0;
    }
    if (++b.messages_in_window > config_.max_messages_per_second) {
      counters_.dropped_rude++;
      drop(h, websocketpp::close::status::policy_violation, "too many messages");
      return false;
    }
    return true;
  }

  void on_http(connection_hdl h) {
    const Server::connection_ptr con = server_.get_con_from_hdl(h);
    counters_.http_requests++;
    con->append_header("Cache-Control", "no-cache");
    con->append_header("X-Content-Type-Options", "nosniff");
    if (!host_ok(con)) {
      con->set_status(status::forbidden);
      con->append_header("Content-Type", "text/plain; charset=utf-8");
      con->set_body("this gateway is not reached by that name (see --allow-host)\n");
      return;
    }
    const std::string& method = con->get_request().get_method();
    if (method != "GET" && method != "HEAD") {
      con->set_status(status::method_not_allowed);
      con->append_header("Allow", "GET, HEAD");
      return;
    }
    const std::string path = path_of(con->get_resource());
    for (const HubConfig::Dynamic& d : config_.dynamic) {
      if (d.path == path) {
        con->set_status(status::ok);
        con->append_header("Content-Type", d.content_type);
        con->set_body(d.body());
        return;
      }
    }
    const auto file = config_.files.find(path);
    if (file == config_.files.end()) {
      con->set_status(status::not_found);
      con->append_header("Content-Type", "text/plain; charset=utf-8");
      con->set_body(path == kStreamPath ? "this is the WebSocket stream: open / in a browser\n"
                                        : "not found\n");
      return;
    }
    con->set_status(status::ok);
    con->append_header("Content-Type", file->second.content_type);
    con->set_body(file->second.body);
  }

  HubConfig config_;
  asio::io_service io_;
  Server server_;
  asio::ip::tcp::acceptor acceptor_{io_};
  asio::steady_timer accept_pause_{io_};
  std::chrono::milliseconds accept_pause_length_{0};
  std::size_t max_connections_ = 0;
  std::uint64_t next_id_ = 1;
  std::map<std::uint64_t, Tracked> tracked_;    // by accept order
  std::set<std::uint64_t> pending_;             // the tracked ones not WebSockets yet
  std::map<const void*, std::uint64_t> id_of_;  // a tracked connection's id
  std::map<asio::ip::address, AddressUse> by_address_;
  std::thread thread_;
  std::promise<void> finished_;
  std::atomic<bool> stopped_{false};
  std::atomic<std::uint16_t> port_{0};
  std::map<connection_hdl, Browser, std::owner_less<connection_hdl>> browsers_;
  std::vector<connection_hdl> handles_;  // scratch for a broadcast
  std::vector<Bytes> greeting_;
  Counters counters_;
};

BrowserHub::BrowserHub(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

BrowserHub::~BrowserHub() {
  if (impl_) impl_->stop();
}

std::unique_ptr<BrowserHub> BrowserHub::start(HubConfig config, std::string* error) {
  auto impl = std::make_unique<Impl>(std::move(config));
  if (!impl->start(error)) return nullptr;
  return std::unique_ptr<BrowserHub>(new BrowserHub(std::move(impl)));
}

void BrowserHub::broadcast(Bytes message) { impl_->broadcast(std::move(message)); }
void BrowserHub::set_greeting(std::vector<Bytes> messages) {
  impl_->set_greeting(std::move(messages));
}
void BrowserHub::stop() { impl_->stop(); }
std::uint16_t BrowserHub::port() const { return impl_->port(); }
std::size_t BrowserHub::effective_max_connections() const {
  return impl_->effective_max_connections();
}
HubStats BrowserHub::stats() const { return impl_->stats(); }

}  // namespace spear::web
