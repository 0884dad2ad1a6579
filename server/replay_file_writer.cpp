#include "server/replay_file_writer.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "replay/replay_writer.hpp"

namespace spear::server {

ReplayFileWriter::ReplayFileWriter(std::string directory)
    : directory_(std::move(directory)), thread_([this] { run(); }) {}

ReplayFileWriter::~ReplayFileWriter() { finish(); }

std::string ReplayFileWriter::check_directory(const std::string& directory) {
  std::error_code ec;
  if (!std::filesystem::is_directory(directory, ec))
    return "'" + directory + "' is not a directory";
  const std::filesystem::path probe =
      std::filesystem::path(directory) / (".spear-write-check-" + std::to_string(::getpid()));
  {
    std::ofstream out(probe, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot create files in '" + directory + "'";
  }
  std::filesystem::remove(probe, ec);
  return {};
}

std::string ReplayFileWriter::prepare_directory(const std::string& directory) {
  std::error_code ec;
  if (!std::filesystem::exists(directory, ec) && !ec) {
    std::filesystem::create_directories(directory, ec);
    if (ec) return "cannot create the directory '" + directory + "': " + ec.message();
  }
  return check_directory(directory);
}

void ReplayFileWriter::write(std::string name, replay::Replay replay) {
  {
    std::lock_guard lock(mutex_);
    queue_.emplace_back(std::move(name), std::move(replay));
  }
  wake_.notify_one();
}

void ReplayFileWriter::finish() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

std::uint64_t ReplayFileWriter::written() const {
  std::lock_guard lock(mutex_);
  return written_;
}

std::uint64_t ReplayFileWriter::failed() const {
  std::lock_guard lock(mutex_);
  return failed_;
}

void ReplayFileWriter::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left
    auto [name, replay] = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    const std::vector<std::uint8_t> bytes = replay::encode_replay(replay);
    const std::filesystem::path target = std::filesystem::path(directory_) / name;
    std::string error;
    const bool ok = replay::write_replay_file(target, bytes, &error);
    if (ok) {
      spdlog::info("replay written to {} ({} bytes)", target.string(), bytes.size());
    } else {
      spdlog::error("replay not written: {}", error);
    }
    lock.lock();
    ++(ok ? written_ : failed_);
  }
}

}  // namespace spear::server
