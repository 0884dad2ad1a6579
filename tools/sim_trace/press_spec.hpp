#pragma once
// spear-sim-trace's --press: "T:ACTION[,T:ACTION...]", T in seconds from the start (finite,
// >= 0), ACTION `jump` or `thrust`. Each press is applied at tick round(T × tick rate).
#include <string>
#include <string_view>
#include <vector>

#include "sim/input.hpp"

namespace spear::tools {

struct Press {
  double seconds = 0.0;
  sim::Button button = sim::Button::Jump;
};

struct PressParse {
  std::vector<Press> presses;  // in the order given
  std::string error;           // empty when the spec is good; one line saying what is wrong
};

// An empty spec is no presses.
PressParse parse_presses(std::string_view spec);

}  // namespace spear::tools
