#pragma once
// The local game: the same server code as spear-server, in this process on a background thread,
// bound to loopback on a free port.
#include <cstdint>
#include <memory>
#include <string>
#include <thread>

#include "server/server.hpp"

namespace spear::client {

class EmbeddedServer {
 public:
  // Starts it; nullptr with *error when it could not bind or start.
  // rewind_ms: the server's fair input timing window (0: inputs apply when they arrive).
  // paused: the match starts paused (reduced motion: the run begins when the player starts it).
  // record: the match is recorded in memory, for ask_recording().
  static std::unique_ptr<EmbeddedServer> start(int bots, float bot_skill, std::uint64_t seed,
                                               std::string* error, double rewind_ms = 250.0,
                                               bool paused = false, bool record = false);
  ~EmbeddedServer();  // stops it and waits for its thread
  std::uint16_t port() const { return server_->port(); }
  // The local match paused (server::Server::set_paused), from the app's thread.
  void set_paused(bool paused) { server_->set_paused(paused); }
  bool paused() const { return server_->paused(); }
  // The match recorded so far (with `record`), asked and taken from the app's thread
  // (server::Server::ask_recording): the answer comes within a pass of the server's loop.
  void ask_recording(net::RunnerId player) { server_->ask_recording(player); }
  std::optional<server::Server::Recording> take_recording() { return server_->take_recording(); }

 private:
  explicit EmbeddedServer(std::unique_ptr<server::Server> s) : server_(std::move(s)) {}
  std::unique_ptr<server::Server> server_;
  std::thread thread_;
};

}  // namespace spear::client
