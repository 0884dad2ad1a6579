#include "app/embedded_server.hpp"

namespace spear::client {

std::unique_ptr<EmbeddedServer> EmbeddedServer::start(int bots, float bot_skill, std::uint64_t seed,
                                                      std::string* error, double rewind_ms,
                                                      bool paused, bool record) {
  server::ServerConfig c;
  c.bind_address = "127.0.0.1";
  c.port = 0;
  c.seed = seed;
  c.bots = bots;
  c.bot_skill = bot_skill;
  c.rewind_ms = rewind_ms;
  c.max_players = 4;
  c.max_spectators = 4;
  c.record_in_memory = record;
  auto s = std::make_unique<server::Server>(c);
  std::string why;
  if (!s->start(why)) {
    if (error) *error = "could not start the local server: " + why;
    return nullptr;
  }
  s->set_paused(paused);  // before its first tick
  std::unique_ptr<EmbeddedServer> e(new EmbeddedServer(std::move(s)));
  e->thread_ = std::thread([srv = e->server_.get()] { srv->run(); });
  return e;
}

EmbeddedServer::~EmbeddedServer() {
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace spear::client
