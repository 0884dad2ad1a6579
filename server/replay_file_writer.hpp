#pragma once
// Writes replay files into --record-dir off the tick thread: write() only queues the replay; a
// thread of its own encodes it (replay/replay_writer.hpp), writes it to a temporary file in the
// directory and renames that into place, so a reader never sees half a file and the tick never
// waits for the disk.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "replay/replay.hpp"

namespace spear::server {

class ReplayFileWriter {
 public:
  explicit ReplayFileWriter(std::string directory);
  ~ReplayFileWriter();  // finish()
  ReplayFileWriter(const ReplayFileWriter&) = delete;
  ReplayFileWriter& operator=(const ReplayFileWriter&) = delete;

  // Empty when `directory` is an existing directory this process can create files in (it
  // tries); otherwise why not, one line.
  static std::string check_directory(const std::string& directory);
  // The same after creating `directory` (and its missing parents) when nothing is there yet.
  static std::string prepare_directory(const std::string& directory);

  // Queues the file `name` (no directory part) of this replay.
  void write(std::string name, replay::Replay replay);
  // Waits until every queued file is written (or failed), then stops the thread.
  void finish();

  std::uint64_t written() const;
  std::uint64_t failed() const;

 private:
  void run();

  std::string directory_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::pair<std::string, replay::Replay>> queue_;
  bool stopping_ = false;
  std::uint64_t written_ = 0;
  std::uint64_t failed_ = 0;
  std::thread thread_;
};

}  // namespace spear::server
