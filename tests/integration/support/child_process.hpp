#pragma once
// A child process (the spear-server binary) with its stdout and stderr read through a pipe, for
// tests that run the real executable.
#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace spear::test {

class ChildProcess {
 public:
  // Starts `program` with `args` (argv[1..]) and extra environment variables.
  ChildProcess(const std::string& program, const std::vector<std::string>& args,
               const std::vector<std::pair<std::string, std::string>>& env = {});
  ~ChildProcess();  // kills the child if it still runs
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Reads output until a line contains `needle` (returns that line) or timeout_s passes.
  std::optional<std::string> wait_for_line(const std::string& needle, double timeout_s);
  // Waits for the exit; the exit code, or nullopt on timeout or death by a signal.
  std::optional<int> wait_exit(double timeout_s);
  void send_signal(int sig);

  // Everything the child printed so far (stdout and stderr interleaved).
  const std::string& output() const { return output_; }
  pid_t pid() const { return pid_; }

 private:
  bool read_some(double timeout_s);

  pid_t pid_ = -1;
  int fd_ = -1;
  std::string output_;
  std::size_t scanned_ = 0;
  bool exited_ = false;
  int status_ = 0;
};

// The port number right after `marker` in a line of a child's log ("listening on udp
// 127.0.0.1:40123" with marker "127.0.0.1:"), or 0 when the marker is not there.
std::uint16_t port_after(const std::string& line, const std::string& marker);

// Runs a program to completion (bounded); its exit code, or nullopt.
std::optional<int> run_to_exit(const std::string& program, const std::vector<std::string>& args,
                               double timeout_s, std::string* output = nullptr);

}  // namespace spear::test
