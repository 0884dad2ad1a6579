#pragma once
// The figures of a spear-load run: per client and in total, as JSON (--json) and as a few
// lines for people.
#include <string>
#include <vector>

#include "load_client.hpp"

namespace spear::load {

struct LoadRun {
  std::string server;       // HOST:PORT as given
  double duration_s = 0.0;  // measured wall time from start to the end of the run
  std::vector<ClientFigures> clients;
};

std::string report_json(const LoadRun& run);
std::string report_text(const LoadRun& run);

}  // namespace spear::load
