#pragma once
// The wire's input frame (net::InputFrame) and the simulation's input (sim::Input), both ways:
// the client steps its own runner with the sim's input and sends the wire's. The mapping is the
// server's (server/wire_input.cpp); the two must agree bit for bit or predictions go wrong.
#include "net/messages.hpp"
#include "sim/input.hpp"

namespace spear::client {

sim::Input sim_input_from_frame(const net::InputFrame& frame);
net::InputFrame frame_from_sim_input(const sim::Input& input);

}  // namespace spear::client
