// spear-netsim: a UDP relay that puts a bad network between clients and a server.
//
//   spear-netsim --listen 127.0.0.1:27700 --to 127.0.0.1:27600
//                --loss 0.1 --delay-ms 60 --jitter-ms 20 --dup 0.02 --reorder 0.05 --seed 7
//
// Clients connect to the --listen address instead of the server. Impairments apply to each
// direction on its own (the round trip sees the delay twice). Prints one stats line at exit.
#include <CLI/CLI.hpp>
#include <asio/io_context.hpp>
#include <asio/signal_set.hpp>
#include <asio/steady_timer.hpp>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "address_parse.hpp"
#include "cli/strict_options.hpp"
#include "relay.hpp"
#include "tool_cli.hpp"

namespace {

constexpr int kUsageError = spear::tools::kBadUsage;

}  // namespace

int main(int argc, char** argv) {
  using namespace spear::netsim;

  CLI::App app{"spear-netsim: UDP relay with loss, delay, jitter, duplicates and reordering"};
  std::string listen_text;
  std::string upstream_text;
  RelayConfig config;
  double duration_s = 0.0;
  std::size_t max_clients = config.max_clients;
  app.add_option("--listen", listen_text, "ADDR:PORT clients send to")
      ->required()
      ->check(spear::cli::NonEmpty);
  app.add_option("--to", upstream_text, "ADDR:PORT of the server")
      ->required()
      ->check(spear::cli::NonEmpty);
  app.add_option("--loss", config.impairment.loss, "chance a datagram is dropped, [0, 1]")
      ->check(spear::cli::FiniteRange(0.0, 1.0));
  app.add_option("--delay-ms", config.impairment.delay_ms, "one-way base latency, ms")
      ->check(spear::cli::FiniteRange(0.0, 60000.0));
  app.add_option("--jitter-ms", config.impairment.jitter_ms,
                 "latency varies uniformly by +/- this, ms")
      ->check(spear::cli::FiniteRange(0.0, 60000.0));
  app.add_option("--dup", config.impairment.duplicate, "chance a datagram arrives twice, [0, 1]")
      ->check(spear::cli::FiniteRange(0.0, 1.0));
  app.add_option("--reorder", config.impairment.reorder,
                 "chance a datagram is held back so later ones overtake it, [0, 1]")
      ->check(spear::cli::FiniteRange(0.0, 1.0));
  app.add_option("--reorder-hold-ms", config.impairment.reorder_hold_ms,
                 "extra latency of a reordered datagram, ms")
      ->check(spear::cli::FiniteRange(0.0, 60000.0))
      ->capture_default_str();
  app.add_option("--seed", config.seed, "seed of the impairment random streams")
      ->check(spear::cli::Unsigned64)
      ->capture_default_str();
  app.add_option("--duration", duration_s, "stop after this many seconds (0: until SIGINT/SIGTERM)")
      ->check(spear::cli::FiniteRange(0.0, 1e7));
  app.add_option("--max-clients", max_clients, "client addresses served at once")
      ->check(spear::cli::IntegerRange(1, 1000000))
      ->capture_default_str();

  if (const auto done = spear::tools::parse_command_line(app, argc, argv, "spear-netsim"))
    return *done;

  std::string error;
  const auto listen = parse_udp_endpoint(listen_text, &error);
  if (!listen) {
    std::cerr << "spear-netsim: --listen " << error << '\n';
    return kUsageError;
  }
  const auto upstream = parse_udp_endpoint(upstream_text, &error);
  if (!upstream) {
    std::cerr << "spear-netsim: --to " << error << '\n';
    return kUsageError;
  }
  if (upstream->port() == 0) {
    std::cerr << "spear-netsim: --to needs a port other than 0\n";
    return kUsageError;
  }
  if (const std::string why = validate(config.impairment); !why.empty()) {
    std::cerr << "spear-netsim: " << why << '\n';
    return kUsageError;
  }
  if (!(duration_s >= 0.0 && duration_s <= 1e7)) {
    std::cerr << "spear-netsim: --duration must be in [0, 1e7] seconds\n";
    return kUsageError;
  }
  if (max_clients == 0) {
    std::cerr << "spear-netsim: --max-clients must be at least 1\n";
    return kUsageError;
  }
  config.listen = *listen;
  config.upstream = *upstream;
  config.max_clients = max_clients;

  asio::io_context io;
  std::optional<Relay> relay;
  try {
    relay.emplace(io, config);
  } catch (const std::exception& e) {
    std::cerr << "spear-netsim: cannot listen on " << listen_text << ": " << e.what() << '\n';
    return 1;
  }
  std::cout << "spear-netsim: relaying " << relay->local_endpoint() << " -> " << config.upstream
            << std::endl;

  auto finish = [&] {
    relay->stop();
    io.stop();
  };
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](asio::error_code ec, int) {
    if (!ec) finish();
  });
  asio::steady_timer deadline(io);
  if (duration_s > 0.0) {
    deadline.expires_after(std::chrono::microseconds(static_cast<long long>(duration_s * 1e6)));
    deadline.async_wait([&](asio::error_code ec) {
      if (!ec) finish();
    });
  }
  io.run();
  std::cout << format_stats_line(relay->stats()) << std::endl;
  return 0;
}
