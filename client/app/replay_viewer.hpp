#pragma once
// spear-client --replay FILE --headless --duration S [--speed X] [--stats-json FILE]: plays a
// replay for S seconds of viewing time at X times its speed, with no window and no clock (as
// fast as the CPU allows), and reports where it got: the tick, the race time, the state hash
// and whether it matches the recorded checkpoint there. A file that is not a replay, is
// damaged, or comes from another sim version: one line on stderr, exit 2.
#include "app/client_options.hpp"

namespace spear::client {

int run_replay_headless(const ClientOptions& options);

}  // namespace spear::client
