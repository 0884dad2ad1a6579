#include "support/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace spear::test {

namespace {
double now_s() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}
}  // namespace

ChildProcess::ChildProcess(const std::string& program, const std::vector<std::string>& args,
                           const std::vector<std::pair<std::string, std::string>>& env) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(fds[1], STDOUT_FILENO);
    dup2(fds[1], STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  close(fds[1]);
  fd_ = fds[0];
  fcntl(fd_, F_SETFL, fcntl(fd_, F_GETFL) | O_NONBLOCK);
}

ChildProcess::~ChildProcess() {
  if (!exited_ && pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, &status_, 0);
  }
  if (fd_ >= 0) close(fd_);
}

bool ChildProcess::read_some(double timeout_s) {
  pollfd p{fd_, POLLIN, 0};
  const int ms = static_cast<int>(std::ceil(std::max(0.0, timeout_s) * 1000));
  if (poll(&p, 1, ms) <= 0) return false;
  char buf[4096];
  const ssize_t n = read(fd_, buf, sizeof buf);
  if (n <= 0) return false;
  output_.append(buf, static_cast<std::size_t>(n));
  return true;
}

std::optional<std::string> ChildProcess::wait_for_line(const std::string& needle,
                                                       double timeout_s) {
  const double until = now_s() + timeout_s;
  for (;;) {
    // Look at complete lines not yet scanned.
    for (;;) {
      const auto end = output_.find('\n', scanned_);
      if (end == std::string::npos) break;
      std::string line = output_.substr(scanned_, end - scanned_);
      scanned_ = end + 1;
      if (line.find(needle) != std::string::npos) return line;
    }
    const double left = until - now_s();
    if (left <= 0) return std::nullopt;
    read_some(std::min(left, 0.05));
  }
}

std::optional<int> ChildProcess::wait_exit(double timeout_s) {
  const double until = now_s() + timeout_s;
  while (!exited_) {
    const pid_t r = waitpid(pid_, &status_, WNOHANG);
    if (r == pid_) {
      exited_ = true;
      break;
    }
    if (now_s() > until) return std::nullopt;
    read_some(0.01);
  }
  while (read_some(0.0)) {
  }
  if (WIFEXITED(status_)) return WEXITSTATUS(status_);
  return std::nullopt;
}

void ChildProcess::send_signal(int sig) {
  if (!exited_ && pid_ > 0) kill(pid_, sig);
}

std::optional<int> run_to_exit(const std::string& program, const std::vector<std::string>& args,
                               double timeout_s, std::string* output) {
  ChildProcess child(program, args);
  const auto code = child.wait_exit(timeout_s);
  if (output) *output = child.output();
  return code;
}

std::uint16_t port_after(const std::string& line, const std::string& marker) {
  const auto at = line.find(marker);
  if (at == std::string::npos) return 0;
  return static_cast<std::uint16_t>(std::atoi(line.c_str() + at + marker.size()));
}

}  // namespace spear::test
