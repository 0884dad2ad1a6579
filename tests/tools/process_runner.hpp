#pragma once

// Runs a tool binary as a child process with its output captured, for tests of the real
// executables (flags, exit codes, stats lines).
#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace spear::test {

struct ProcessResult {
  int exit_code = -1;  // -1 when the process did not exit normally
  std::string output;  // stdout and stderr, interleaved
};

// Starts `command` (run by /bin/sh, stderr merged into stdout).
class RunningProcess {
 public:
  explicit RunningProcess(const std::string& command)
      : pipe_(::popen((command + " 2>&1").c_str(), "r")) {}
  ~RunningProcess() {
    if (pipe_) ::pclose(pipe_);
  }
  RunningProcess(const RunningProcess&) = delete;
  RunningProcess& operator=(const RunningProcess&) = delete;

  bool started() const { return pipe_ != nullptr; }

  // One line of output (without the newline); empty at end of output.
  std::string read_line() {
    std::string line;
    char buffer[4096];
    while (pipe_ && std::fgets(buffer, sizeof buffer, pipe_)) {
      line += buffer;
      if (!line.empty() && line.back() == '\n') {
        line.pop_back();
        break;
      }
    }
    return line;
  }

  // Reads the rest of the output and waits for the exit.
  ProcessResult finish() {
    ProcessResult r;
    char buffer[4096];
    std::size_t n = 0;
    while (pipe_ && (n = std::fread(buffer, 1, sizeof buffer, pipe_)) > 0)
      r.output.append(buffer, n);
    if (pipe_) {
      const int status = ::pclose(pipe_);
      pipe_ = nullptr;
      if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    }
    return r;
  }

 private:
  FILE* pipe_;
};

inline ProcessResult run_process(const std::string& command) {
  RunningProcess p(command);
  return p.finish();
}

}  // namespace spear::test
