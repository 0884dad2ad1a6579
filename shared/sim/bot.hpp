#pragma once
// A bot: decides a runner's input from the runner's state and the course, like a player would.
// It plans each obstacle when it comes into view by trying the action (jump or thrust) at each
// candidate tick on a copy of the runner (the same step_runner the match uses), then acts in the
// middle of the widest window that clears it. Skill 1.0 acts exactly there and never fails on a
// generated course; lower skill adds a reaction error (roughly normal, standard deviation
// (1 − skill) × kBotMaxErrorSeconds) drawn from the bot's own PRNG, so it fails now and then.
// Its personality (sim/bot_personality.hpp) shifts and widens that error, adds blunders and sets
// where in the window it thrusts; all of it scaled by (1 − skill) but the thrust's place, which
// stays inside the clearing window.
#include <cstdint>

#include "sim/bot_personality.hpp"
#include "sim/course.hpp"
#include "sim/input.hpp"
#include "sim/runner.hpp"
#include "sim/tick.hpp"

namespace spear::sim {

inline constexpr float kBotMaxErrorSeconds = 0.2f;  // reaction error σ at skill 0 (clearing
                                                    // windows are 0.3–0.42 s wide)
// s: plans an obstacle when the body is this far from it in time. Clearing windows open at most
// about 0.52 s before contact (targets; hurdles 0.47 s), so the whole window is searched while
// few candidate ticks are wasted (planning costs ~0.4 ms of CPU per obstacle).
inline constexpr float kBotPlanHorizon = 0.65f;
inline constexpr float kBotRestartWait = 0.4f;  // s after a restart is allowed, at skill 0
// s: each bot plans up to this much earlier than kBotPlanHorizon, by a fixed amount drawn from its
// seed, so bots that reach an obstacle together do not all plan on the same server tick.
inline constexpr float kBotPlanStagger = 0.25f;

class BotController {
 public:
  // skill in [0, 1]; throws std::invalid_argument otherwise (NaN included). The default
  // personality is neutral: no bias, no blunders, thrusts in the middle of the window.
  BotController(float skill, std::uint64_t seed, BotPersonality personality = {});

  float skill() const { return skill_; }
  const BotPersonality& personality() const { return personality_; }

  // The input for `tick`, given the runner's state before that tick is stepped.
  // Call once per tick, in order, for the same runner.
  Input decide(const RunnerState& state, const Course& course, Tick tick, float dt = kDefaultDt);

 private:
  struct Plan {
    std::uint32_t obstacle = kNoObstacle;  // obstacle the plan is for
    Tick act_at = 0;                       // tick to press the button
    Button button = Button::Jump;
    bool done = false;  // pressed already
    bool miss = false;  // a blunder: the press never comes
  };
  void make_plan(const RunnerState& state, const Course& course, const Obstacle& obstacle,
                 Tick tick, float dt);

  float skill_;
  BotPersonality personality_;
  SplitMix64 rng_;
  std::uint32_t stagger_ticks_ = 0;  // this bot's share of kBotPlanStagger, in ticks at 60 Hz
  Plan plan_{};
  std::uint32_t run_ = 0;  // the runner's `runs` the plan belongs to
  Tick restart_at_ = 0;    // when down: the tick to press Jump
  bool restart_set_ = false;
};

}  // namespace spear::sim
