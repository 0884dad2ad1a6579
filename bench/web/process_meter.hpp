#pragma once
// What a process (or the whole machine) has used so far, read from /proc: CPU time and resident
// memory. Differences of two readings give CPU % of one core over the interval between them.
#include <sys/types.h>

#include <optional>
#include <string>

namespace spear::bench {

struct ProcessReading {
  double cpu_seconds = 0.0;   // user + system time of the process, all its threads
  double rss_kib = 0.0;       // VmRSS
  double wall_seconds = 0.0;  // steady clock at the reading
};

// nullopt when the process is gone or /proc cannot be read.
std::optional<ProcessReading> read_process(pid_t pid);

// The whole machine: seconds of CPU busy (not idle or iowait) and in total, summed over cores.
struct MachineReading {
  double busy_seconds = 0.0;
  double total_seconds = 0.0;
};
std::optional<MachineReading> read_machine();

// CPU % of one core used between two readings of a process.
double cpu_percent(const ProcessReading& before, const ProcessReading& after);

double steady_seconds();

}  // namespace spear::bench
