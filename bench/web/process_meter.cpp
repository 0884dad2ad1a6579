#include "process_meter.hpp"

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>

namespace spear::bench {

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::optional<ProcessReading> read_process(pid_t pid) {
  const std::string dir = "/proc/" + std::to_string(pid);
  ProcessReading r;
  r.wall_seconds = steady_seconds();
  std::ifstream stat(dir + "/stat");
  std::string line;
  if (!stat || !std::getline(stat, line)) return std::nullopt;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const std::size_t close = line.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream rest(line.substr(close + 1));
  std::string field;
  unsigned long long utime = 0;
  unsigned long long stime = 0;
  // Fields 3.. follow; utime is field 14 and stime 15.
  for (int n = 3; n <= 15 && rest >> field; ++n) {
    if (n == 14) utime = std::stoull(field);
    if (n == 15) stime = std::stoull(field);
  }
  const long ticks = sysconf(_SC_CLK_TCK);
  r.cpu_seconds = static_cast<double>(utime + stime) / static_cast<double>(ticks > 0 ? ticks : 100);
  std::ifstream status(dir + "/status");
  bool found = false;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) {
      r.rss_kib = std::stod(line.substr(6));
      found = true;
      break;
    }
  }
  if (!found) return std::nullopt;
  return r;
}

std::optional<MachineReading> read_machine() {
  std::ifstream stat("/proc/stat");
  std::string cpu;
  if (!(stat >> cpu) || cpu != "cpu") return std::nullopt;
  unsigned long long v[8] = {};
  for (unsigned long long& x : v) {
    if (!(stat >> x)) return std::nullopt;
  }
  // user nice system idle iowait irq softirq steal
  const unsigned long long idle = v[3] + v[4];
  unsigned long long total = 0;
  for (unsigned long long x : v) total += x;
  const long ticks = sysconf(_SC_CLK_TCK);
  const double per = 1.0 / static_cast<double>(ticks > 0 ? ticks : 100);
  return MachineReading{static_cast<double>(total - idle) * per, static_cast<double>(total) * per};
}

double cpu_percent(const ProcessReading& before, const ProcessReading& after) {
  const double wall = after.wall_seconds - before.wall_seconds;
  if (wall <= 0.0) return 0.0;
  return 100.0 * (after.cpu_seconds - before.cpu_seconds) / wall;
}

}  // namespace spear::bench
