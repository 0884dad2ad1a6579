#pragma once
// Which runner the view follows: a player follows its own runner; a spectator starts on the
// first runner and Tab cycles through the runners of the race in id order: those drawn and, in
// a big race, those only listed (net::Snapshot::others, no pose yet). Choosing a listed one
// makes it wanted: the view keeps showing the current runner (and tells the server whom it
// wants, so its poses come) until the wanted one is drawn, then cuts to it. A followed runner
// that leaves hands over to the next one.
#include <cstdint>
#include <optional>
#include <span>

namespace spear::client {

class FollowSelection {
 public:
  void set_own(std::optional<std::uint32_t> own) { own_ = own; }
  // The runners drawn this frame and those only listed, each in ascending ids. Returns the
  // runner to follow (nullopt: none).
  std::optional<std::uint32_t> update(std::span<const std::uint32_t> ids,
                                      std::span<const std::uint32_t> listed = {});
  // Tab: the next runner after the wanted (else the current) one, drawn or listed (wraps).
  // Returns the runner now followed (still the old one while the new one is not drawn).
  std::optional<std::uint32_t> next(std::span<const std::uint32_t> ids,
                                    std::span<const std::uint32_t> listed = {});
  std::optional<std::uint32_t> current() const { return current_; }
  // The runner the view should follow: the one chosen and not drawn yet, else the current one.
  std::optional<std::uint32_t> wanted() const { return wanted_ ? wanted_ : current_; }

 private:
  std::optional<std::uint32_t> own_;
  std::optional<std::uint32_t> current_;
  std::optional<std::uint32_t> wanted_;  // chosen with Tab, listed but not drawn yet
  bool chosen_ = false;                  // the user picked with Tab (a player can look at others)
};

}  // namespace spear::client
