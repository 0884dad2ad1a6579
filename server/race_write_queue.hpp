#pragma once
// The thread that writes finished races to storage, and its queue: push() (from the tick
// thread) only appends under a mutex and returns; the writes, however slow the disk, happen on
// the queue's own thread, one race at a time in the order pushed. A write that fails (disk
// full, a lock held too long) is logged and tried again after `retry_seconds`; at close() each
// waiting race gets one more try, and one that still fails is logged as lost.
// Storage-neutral: the store gives it the function that writes one race.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "sim/race_result.hpp"

namespace spear::server {

// A race as it is kept: the result and when it was saved (seconds since 1970, UTC).
struct StoredRace {
  sim::RaceResult race;
  std::int64_t finished_unix = 0;
};

class RaceWriteQueue {
 public:
  // Writes one race (all or nothing); false with a message when it could not.
  using WriteFn = std::function<bool(const StoredRace& race, std::string& error)>;

  explicit RaceWriteQueue(WriteFn write, double retry_seconds = 1.0);
  ~RaceWriteQueue();  // close()
  RaceWriteQueue(const RaceWriteQueue&) = delete;
  RaceWriteQueue& operator=(const RaceWriteQueue&) = delete;

  void push(StoredRace race);
  // Waits until every race pushed before this call has been written (or given up at close).
  void flush();
  // Writes what is still queued, then ends the thread. Later pushes are dropped (logged).
  void close();

  std::uint64_t written() const;
  std::uint64_t lost() const;          // given up at close
  std::uint64_t failed_tries() const;  // writes that failed, retried ones included

 private:
  void run();

  WriteFn write_;
  double retry_seconds_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;  // the thread: work, or stop
  std::condition_variable done_;  // flush(): the queue went empty
  std::deque<StoredRace> queue_;
  bool stopping_ = false;
  std::uint64_t written_ = 0;
  std::uint64_t lost_ = 0;
  std::uint64_t failed_tries_ = 0;
  std::thread thread_;
};

}  // namespace spear::server
