#include "browser_probe.hpp"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <websocketpp/client.hpp>
#include <websocketpp/config/asio_no_tls_client.hpp>

namespace spear::web {
namespace {

using Client = websocketpp::client<websocketpp::config::asio_client>;
using websocketpp::connection_hdl;

}  // namespace

class BrowserProbe::Impl {
 public:
  explicit Impl(ProbeConfig config) : config_(std::move(config)), state_(config_.connections) {}

  bool start(std::string* error) {
    client_.clear_access_channels(websocketpp::log::alevel::all);
    client_.clear_error_channels(websocketpp::log::elevel::all);
    websocketpp::lib::error_code ec;
    client_.init_asio(&io_, ec);
    if (ec) {
      *error = "cannot start: " + ec.message();
      return false;
    }
    client_.set_max_message_size(16u << 20);
    const std::string uri =
        "ws://" + config_.host + ":" + std::to_string(config_.port) + config_.path;
    origin_ = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < config_.connections; ++i) {
      Client::connection_ptr con = client_.get_connection(uri, ec);
      if (ec) {
        *error = "bad address " + uri + ": " + ec.message();
        return false;
      }
      if (!config_.origin.empty()) con->replace_header("Origin", config_.origin);
      con->set_open_handler([this, i](connection_hdl) {
        std::lock_guard lock(mutex_);
        state_[i].opened = true;
        state_[i].opened_at = seconds();
      });
      con->set_fail_handler([this, i](connection_hdl h) {
        websocketpp::lib::error_code e;
        auto c = client_.get_con_from_hdl(h, e);
        std::lock_guard lock(mutex_);
        state_[i].failed = true;
        if (c) state_[i].http_status = static_cast<int>(c->get_response_code());
      });
      con->set_close_handler([this, i](connection_hdl h) {
        websocketpp::lib::error_code e;
        auto c = client_.get_con_from_hdl(h, e);
        std::lock_guard lock(mutex_);
        state_[i].closed = true;
        if (c) {
          state_[i].close_code = static_cast<int>(c->get_remote_close_code());
          state_[i].close_reason = c->get_remote_close_reason();
        }
      });
      con->set_message_handler([this, i](connection_hdl, const Client::message_ptr& m) {
        const std::string& payload = m->get_payload();
        std::lock_guard lock(mutex_);
        ProbeConnection& s = state_[i];
        s.messages++;
        s.bytes += payload.size();
        if (s.kept.size() < config_.keep_messages)
          s.kept.emplace_back(payload.begin(), payload.end());
      });
      handles_.push_back(con->get_handle());
      client_.connect(con);
    }
    thread_ = std::thread([this] { client_.run(); });
    return true;
  }

  std::vector<ProbeConnection> connections() const {
    std::lock_guard lock(mutex_);
    return state_;
  }

  void send_text(std::size_t index, const std::string& text) {
    asio::post(io_, [this, index, text] {
      websocketpp::lib::error_code ec;
      client_.send(handles_.at(index), text, websocketpp::frame::opcode::text, ec);
    });
  }

  void stop() {
    if (stopped_.exchange(true) || !thread_.joinable()) return;
    asio::post(io_, [this] {
      for (const connection_hdl& h : handles_) {
        websocketpp::lib::error_code ec;
        client_.close(h, websocketpp::close::status::going_away, "probe done", ec);
      }
    });
    // Give the closing handshakes a moment, then cut whatever is left.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    io_.stop();
    thread_.join();
  }

 private:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - origin_).count();
  }

  ProbeConfig config_;
  asio::io_service io_;
  Client client_;
  std::thread thread_;
  std::atomic<bool> stopped_{false};
  std::chrono::steady_clock::time_point origin_;
  std::vector<connection_hdl> handles_;
  mutable std::mutex mutex_;
  std::vector<ProbeConnection> state_;
};

BrowserProbe::BrowserProbe(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
BrowserProbe::~BrowserProbe() {
  if (impl_) impl_->stop();
}

std::unique_ptr<BrowserProbe> BrowserProbe::start(const ProbeConfig& config, std::string* error) {
  auto impl = std::make_unique<Impl>(config);
  if (!impl->start(error)) return nullptr;
  return std::unique_ptr<BrowserProbe>(new BrowserProbe(std::move(impl)));
}

std::vector<ProbeConnection> BrowserProbe::connections() const { return impl_->connections(); }
void BrowserProbe::send_text(std::size_t index, const std::string& text) {
  impl_->send_text(index, text);
}
void BrowserProbe::stop() { impl_->stop(); }

}  // namespace spear::web
