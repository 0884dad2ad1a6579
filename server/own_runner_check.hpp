#pragma once
// The OwnRunnerState a player gets with every snapshot: the newest input tick the server has
// (inputs up to it are in the state), and in sim_state the runner's check (sim/runner_check.hpp:
// a 48-bit state hash and the inputs applied at another tick than stamped), 9 + 4 × moves bytes.
#include <optional>

#include "net/messages.hpp"
#include "sim/match.hpp"

namespace spear::server {

// `tick`: the snapshot's tick (the match's last stepped tick); `acked`: the newest input tick
// received for this runner (MatchHost::last_applied_input). nullopt for an unknown runner.
std::optional<net::OwnRunnerState> own_runner_state(const sim::Match& match, sim::RunnerId runner,
                                                    net::RunnerId wire, net::Tick tick,
                                                    std::optional<net::Tick> acked);

// Ticks of the rewind window for a window of `ms` milliseconds at `tick_rate` (0: off).
sim::Tick rewind_ticks(double ms, int tick_rate);

}  // namespace spear::server
