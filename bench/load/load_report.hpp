#pragma once
// The figures of a spear-load run: per client and in total, as JSON (--json) and as a few
// lines for people.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "load_client.hpp"

namespace spear::load {

// The --truth spectator: a clean path to the server whose snapshots the pops are measured against.
struct TruthFigures {
  std::string address;      // HOST:PORT as given
  std::string final_state;  // its connection state at the end
  std::uint64_t snapshots = 0;
  std::uint64_t gaps =
      0;  // holes among the snapshots it holds (the last 2 minutes): no truth there
};

struct LoadRun {
  std::string server;       // HOST:PORT as given
  double duration_s = 0.0;  // measured wall time from start to the end of the run
  std::vector<ClientFigures> clients;
  std::optional<TruthFigures> truth;
};

std::string report_json(const LoadRun& run);
std::string report_text(const LoadRun& run);

}  // namespace spear::load
