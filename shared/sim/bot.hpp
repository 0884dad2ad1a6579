#pragma once
// A bot: decides a runner's input from the runner's state and the course, like a player would.
// It plans each obstacle when it comes into view by trying the action (jump or thrust) at each
// candidate tick on a copy of the runner (the same step_runner the match uses), then acts in the
// middle of the widest window that clears it. The middle of where windows lie is tried first;
// when it clears, the window's edges are found from it by bisection (a generated course's window is
// one run of ticks), else a coarse scan finds the widest run. Skill 1.0 acts exactly there and
// never fails on a generated course; lower skill adds a reaction error (roughly normal, standard
// deviation (1 − skill) × kBotMaxErrorSeconds) drawn from the bot's own PRNG, so it fails now and
// then. The work of a plan (the runner's path with no input, then one trial per candidate tried) is
// spread over ticks, kBotPlanStepsPerTick runner steps a tick, so many bots planning at once do not
// make one long server tick. It starts a little before the obstacle comes into view, on the
// runner's foreseen path (used only if the runner is exactly there then), and what a press could
// be due on is done at once: the presses are the same, on the same ticks, as if the whole plan were
// made in the tick the obstacle came into view. The coarse scan of candidates starts 0.6 s before
// the no-input contact (no earlier press clears).
// Its personality (sim/bot_personality.hpp) shifts and widens that error, adds blunders and sets
// where in the window it thrusts; all of it scaled by (1 − skill) but the thrust's place, which
// stays inside the clearing window.
#include <cstdint>
#include <vector>

#include "sim/bot_personality.hpp"
#include "sim/course.hpp"
#include "sim/input.hpp"
#include "sim/runner.hpp"
#include "sim/tick.hpp"

namespace spear::sim {

// The skill of a server's bots unless told otherwise: they time their presses well but not
// perfectly, each after its personality, so the pace they earn differs and they race each other
// (now and then one blunders and crashes). 1 never fails and always earns the best pace.
inline constexpr float kDefaultBotSkill = 0.85f;
inline constexpr float kBotMaxErrorSeconds = 0.2f;  // reaction error σ at skill 0 (clearing
                                                    // windows are 0.3–0.42 s wide)
// s: plans an obstacle when the body is this far from it in time. Clearing windows open at most
// about 0.52 s before contact (targets; hurdles 0.47 s), so the whole window is searched while
// few candidate ticks are wasted (planning costs ~0.3 ms of CPU per obstacle, spread over ticks).
inline constexpr float kBotPlanHorizon = 0.65f;
// Runner steps of planning a bot does per tick (a trial stops there and goes on next tick); more
// only when its press could otherwise come before the plan is finished.
inline constexpr int kBotPlanStepsPerTick = 20;
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
  // Call once per tick, in order, for the same runner, course and dt.
  Input decide(const RunnerState& state, const Course& course, Tick tick, float dt = kDefaultDt);

 private:
  struct Plan {
    std::uint32_t obstacle = kNoObstacle;  // obstacle the plan is for
    Tick act_at = 0;                       // tick to press the button (once ready)
    Button button = Button::Jump;
    bool ready = false;  // act_at is known (the search is finished)
    bool done = false;   // pressed already
    bool miss = false;   // a blunder: the press never comes
    Tick start = 0;      // the tick the plan was begun: candidate k is tick start + k
    int error = 0;       // the reaction error, ticks (drawn when the plan is begun)
    float dt = kDefaultDt;
  };
  // Where the search of a plan stands, from the trials done so far (see bot.cpp).
  struct Search {
    bool finished = false;
    int chosen = 0;  // finished: the candidate to act at (before the reaction error)
    int need = 0;    // not finished: the candidate to try next
    int floor = 0;   // not finished: `chosen` will be at least this
  };
  // Is `obstacle` close enough to plan (kBotPlanHorizon and this bot's stagger, + extra_seconds)?
  bool in_view(const RunnerState& state, const Obstacle& obstacle,
               double extra_seconds = 0.0) const;
  std::uint32_t next_to_plan(const RunnerState& state) const;  // the obstacle to plan next
  // Begins plan_ (its tick counted from `tick`); adds the runner steps it took to `steps`.
  void make_plan(const RunnerState& state, const Course& course, const Obstacle& obstacle,
                 Tick tick, float dt, int& steps);
  // chain_ from `state`, for a plan of `obstacle`: begun, then extended until `steps` reaches
  // `limit` (false) or it is whole (true; tried_ is cleared then).
  void begin_chain(const RunnerState& state);
  bool extend_chain(const Course& course, std::uint32_t obstacle, float dt, int& steps, int limit);
  // Runs trials of the plan under way: kBotPlanStepsPerTick steps' worth (`steps` spent already
  // this tick), or more if the press could be due at `tick`.
  void advance_plan(const Course& course, Tick tick, int steps);
  Search search(const Plan& plan) const;
  // Steps the trial of candidate k of `plan` (chain_[k], the button pressed at once, no input
  // after) until it ends, then puts its outcome in tried_; or until `steps` reaches `limit`, and
  // the next call for k resumes it.
  void try_candidate(const Plan& plan, const Course& course, int k, int& steps, int limit);
  // Between plans: foresees the runner with no input up to the tick its next obstacle comes
  // into view, and begins that plan's search from there, kBotPlanStepsPerTick steps a tick.
  void look_ahead(const RunnerState& state, const Course& course, Tick tick, float dt);

  float skill_;
  BotPersonality personality_;
  SplitMix64 rng_;
  std::uint32_t stagger_ticks_ = 0;  // this bot's share of kBotPlanStagger, in ticks at 60 Hz
  Plan plan_{};
  // The plan's candidates: chain_[k] is the runner k ticks after the plan's start, no input;
  // tried_[k] is −1 untried, 0 fails, 1 clears the obstacle. Kept between plans (no allocation).
  std::vector<RunnerState> chain_;
  std::vector<signed char> tried_;
  bool chain_done_ = false;
  int trial_k_ = -1;           // the candidate whose trial is under way (−1: none)
  std::uint32_t trial_t_ = 0;  // its ticks stepped
  RunnerState trial_state_{};  // its runner
  // Work ahead (look_ahead): Running, ahead_state_ is the runner before ahead_tick_; Found, the
  // next plan would begin at ahead_tick_ with ahead_state_ and chain_ and tried_ are its search
  // (make_plan takes them if the runner is exactly there); Lost, the runner would not be running.
  enum class Ahead : std::uint8_t { None, Running, Found, Lost };
  Ahead ahead_ = Ahead::None;
  RunnerState ahead_state_{};
  Tick ahead_tick_ = 0;
  Plan ahead_plan_{};      // Found: obstacle, button and dt of the plan foreseen
  std::uint32_t run_ = 0;  // the runner's `runs` the plan belongs to
  Tick restart_at_ = 0;    // when down: the tick to press Jump
  bool restart_set_ = false;
};

}  // namespace spear::sim
