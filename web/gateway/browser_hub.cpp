#include "browser_hub.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <map>
#include <thread>
#include <utility>
#include <websocketpp/config/asio_no_tls.hpp>
#include <websocketpp/server.hpp>

#include "origin_check.hpp"

namespace spear::web {
namespace {

using Server = websocketpp::server<websocketpp::config::asio>;
using websocketpp::connection_hdl;
using Clock = std::chrono::steady_clock;
namespace status = websocketpp::http::status_code;

constexpr const char* kStreamPath = "/stream";
constexpr std::size_t kMaxSocketSendBuffer = 256u << 10;

struct Browser {
  Clock::time_point window_start;
  int messages_in_window = 0;
};

struct Counters {
  std::atomic<std::uint64_t> browsers{0}, browsers_peak{0}, accepted{0}, refused_full{0},
      refused_origin{0}, refused_path{0}, dropped_slow{0}, dropped_rude{0}, http_requests{0},
      messages_sent{0}, bytes_sent{0}, broadcasts{0};
};

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
    server_.set_http_handler([this](connection_hdl h) { on_http(h); });

    asio::error_code aec;
    const asio::ip::address address = asio::ip::make_address(config_.bind, aec);
    if (aec) return fail(error, "--bind " + config_.bind + " is not an IP address");
    server_.listen(asio::ip::tcp::endpoint(address, config_.port), ec);
    if (ec) {
      return fail(error, "cannot listen on " + config_.bind + ":" + std::to_string(config_.port) +
                             ": " + ec.message());
    }
    server_.start_accept(ec);
    if (ec) return fail(error, "cannot accept connections: " + ec.message());
    port_ = server_.get_local_endpoint(aec).port();
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
      server_.stop_listening(ec);
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

  HubStats stats() const {
    HubStats s;
    s.browsers = counters_.browsers;
    s.browsers_peak = counters_.browsers_peak;
    s.accepted = counters_.accepted;
    s.refused_full = counters_.refused_full;
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

  bool validate(connection_hdl h) {
    const Server::connection_ptr con = server_.get_con_from_hdl(h);
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
    return true;
  }

  void on_open(connection_hdl h) {
    websocketpp::lib::error_code ec;
    if (browsers_.size() >= config_.max_browsers) {  // several passed validation at once
      counters_.refused_full++;
      server_.close(h, websocketpp::close::status::try_again_later, "gateway full", ec);
      return;
    }
    browsers_.emplace(h, Browser{Clock::now(), 0});
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
    browsers_.erase(h);
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

  void on_message(connection_hdl h, const Server::message_ptr&) {
    const auto it = browsers_.find(h);
    if (it == browsers_.end()) return;
    Browser& b = it->second;
    const Clock::time_point now = Clock::now();
    if (now - b.window_start >= std::chrono::seconds(1)) {
      b.window_start = now;
      b.messages_in_window = 0;
    }
    if (++b.messages_in_window > config_.max_messages_per_second) {
      counters_.dropped_rude++;
      drop(h, websocketpp::close::status::policy_violation, "too many messages");
    }
  }

  void on_http(connection_hdl h) {
    const Server::connection_ptr con = server_.get_con_from_hdl(h);
    counters_.http_requests++;
    con->append_header("Cache-Control", "no-cache");
    con->append_header("X-Content-Type-Options", "nosniff");
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
HubStats BrowserHub::stats() const { return impl_->stats(); }

}  // namespace spear::web
