#pragma once
// A recorded race as the client shows it (spear-client --replay): the replay player
// (shared/replay/replay_player.hpp) played by wall time at its speed, paused or not, seeked by
// 5 s; every runner drawn between the last two ticks played by the part of a tick played (so it
// moves evenly at any frame rate and speed), with the same secondary motion as live figures; the
// view follows one runner (Tab: the next), the winner to begin with. It opens where the race's
// 3-2-1 begins (the warm-up before it a seek back away). Pure: time comes in.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/broken_obstacles.hpp"
#include "core/figure_motion.hpp"
#include "core/follow_selection.hpp"
#include "core/key.hpp"
#include "core/runner_frame.hpp"
#include "core/runner_view.hpp"
#include "replay/replay.hpp"
#include "replay/replay_player.hpp"

namespace spear::client {

// A recorded runner as drawn (under its replay id): its frame at the tick shown, blended from
// `before` (the tick before; null: none) by `t` (0..1) unless its run started over in between.
RunnerFrame blended_frame(const sim::MatchRunner& now, const sim::MatchRunner* before, float t,
                          bool bot, float dt);

// Race time (s since the replay's first tick) where its race's 3-2-1 begins; 0 when the
// recording starts within it or has no race result.
double countdown_seconds(const replay::Replay& replay);

class ReplayScene {
 public:
  static constexpr double kSeekSeconds = 5.0;
  // The speeds Up and Down step through.
  static constexpr double kSpeeds[] = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0};

  // `replay` (as replay_reader gives it) must outlive the scene. `speed` is clamped to
  // 0.25..8.
  explicit ReplayScene(const replay::Replay& replay, double speed = 1.0);
  // The player reports each step to this scene: it stays where it was made.
  ReplayScene(const ReplayScene&) = delete;
  ReplayScene& operator=(const ReplayScene&) = delete;

  // Plays `seconds` of wall time (nothing while paused) and builds the frame's runners;
  // `dt_cosmetic` moves the hair and head (0 holds them).
  void advance(double seconds, float dt_cosmetic);

  // The replay's keys: Space or P pause and play, Left and Right seek 5 s back and on, Up and
  // Down step the speed, Tab follows the next runner. Returns false for Escape (quit).
  bool press(Key key);

  void toggle_pause() { player_.set_paused(!player_.paused()); }
  bool paused() const { return player_.paused(); }
  void faster();  // the next speed of kSpeeds
  void slower();
  double speed() const { return player_.speed(); }
  // Seeks `seconds` from the race time shown (negative: back), then builds the runners.
  void seek_by(double seconds);
  void follow_next();

  const std::vector<RunnerView>& runners() const { return runners_; }
  const RunnerView* followed() const;
  // Obstacles from `from` to `to` course units, knocked down as the followed runner's state says.
  std::vector<ObstacleView> obstacles(double from, double to) const;

  double seconds() const { return player_.seconds(); }  // race time played
  double length_seconds() const { return player_.length_seconds(); }
  bool at_end() const { return player_.at_end(); }
  sim::Tick tick() const { return player_.tick(); }
  const replay::ReplayPlayer& player() const { return player_; }
  int tick_rate() const { return replay_->config.tick_rate; }

 private:
  void build(float dt_cosmetic);
  const replay::Replay* replay_;
  replay::ReplayPlayer player_;
  std::map<std::uint32_t, std::pair<std::string, bool>> roster_;  // id -> name, bot
  // (runner, obstacle) -> the tick it came down, seen in play (older ones: long ago).
  std::map<std::pair<std::uint32_t, std::uint32_t>, sim::Tick> down_at_;
  FollowSelection follow_;
  FigureMotion figures_;
  std::vector<std::uint32_t> ids_;
  std::vector<RunnerView> runners_;
};

}  // namespace spear::client
