#pragma once
// Which runner the view follows: a player follows its own runner; a spectator starts on the
// first runner and Tab cycles through the runners in view (in id order). A followed runner that
// leaves hands over to the next one.
#include <cstdint>
#include <optional>
#include <span>

namespace spear::client {

class FollowSelection {
 public:
  void set_own(std::optional<std::uint32_t> own) { own_ = own; }
  // The runners in view this frame, ascending ids. Returns the runner to follow (nullopt: none).
  std::optional<std::uint32_t> update(std::span<const std::uint32_t> ids);
  // Tab: the next runner after the current one (wraps). Returns the new choice.
  std::optional<std::uint32_t> next(std::span<const std::uint32_t> ids);
  std::optional<std::uint32_t> current() const { return current_; }

 private:
  std::optional<std::uint32_t> own_;
  std::optional<std::uint32_t> current_;
  bool chosen_ = false;  // the user picked with Tab (a player can look at others too)
};

}  // namespace spear::client
