#include "server/race_write_queue.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <utility>

namespace spear::server {

RaceWriteQueue::RaceWriteQueue(WriteFn write, double retry_seconds)
    : write_(std::move(write)), retry_seconds_(retry_seconds), thread_([this] { run(); }) {}

RaceWriteQueue::~RaceWriteQueue() { close(); }

void RaceWriteQueue::push(StoredRace race) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) {
      spdlog::error("leaderboard: race {} arrived after the store closed: not kept",
                    race.race.number);
      ++lost_;
      return;
    }
    queue_.push_back(std::move(race));
  }
  wake_.notify_one();
}

void RaceWriteQueue::flush() {
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return queue_.empty(); });
}

void RaceWriteQueue::close() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

std::uint64_t RaceWriteQueue::written() const {
  std::lock_guard lock(mutex_);
  return written_;
}

std::uint64_t RaceWriteQueue::lost() const {
  std::lock_guard lock(mutex_);
  return lost_;
}

std::uint64_t RaceWriteQueue::failed_tries() const {
  std::lock_guard lock(mutex_);
  return failed_tries_;
}

void RaceWriteQueue::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) break;  // stopping, nothing left
    // The front race is only ever removed by this thread, and a deque keeps references to
    // its elements valid while others are appended, so it can be read without the lock.
    const StoredRace& front = queue_.front();
    const bool last_try = stopping_;
    lock.unlock();
    std::string error;
    const bool ok = write_(front, error);
    lock.lock();
    if (ok) {
      queue_.pop_front();
      ++written_;
      if (queue_.empty()) done_.notify_all();
      continue;
    }
    ++failed_tries_;
    if (last_try) {
      spdlog::error("leaderboard: race {} lost, not written at shutdown: {}", front.race.number,
                    error);
      queue_.pop_front();
      ++lost_;
      if (queue_.empty()) done_.notify_all();
      continue;
    }
    spdlog::error("leaderboard: race {} not written yet ({} waiting), retrying in {:g} s: {}",
                  front.race.number, queue_.size(), retry_seconds_, error);
    wake_.wait_for(lock, std::chrono::duration<double>(retry_seconds_), [&] { return stopping_; });
  }
}

}  // namespace spear::server
