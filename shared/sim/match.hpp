#pragma once
// A match: one course from a seed, any number of runners on their own lanes (they never touch
// each other), per-tick inputs, a fixed step. A pure function of (seed, config, the sequence of
// add/remove/submit calls per tick): the same calls give the same state bit for bit.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/course.hpp"
#include "sim/input.hpp"
#include "sim/runner.hpp"
#include "sim/runner_check.hpp"
#include "sim/runner_history.hpp"
#include "sim/tick.hpp"

namespace spear::sim {

using RunnerId = std::uint32_t;  // 1, 2, 3 ... in order of joining; never reused
inline constexpr RunnerId kNoRunner = 0;

inline constexpr Tick kStateMemoryTicks = 30;  // past states kept per runner at least

struct MatchConfig {
  int tick_rate = kDefaultTickRate;  // ticks per second, 10..1000
  CourseParams course{};
  Tick max_input_lead = 600;  // inputs stamped further ahead than this many ticks are refused
  // Fair input timing: a late input (stamped before tick()) is applied at its own tick by
  // re-simulating its runner from the state saved there, if that tick is at most this many
  // ticks back and after the runner's last applied input; otherwise at the earliest tick that
  // is (the next step at the latest). 0: every late input applies at the next step.
  Tick rewind_ticks = 0;
  // The first tick the match steps (tick() at the start). A server that runs race after race
  // starts each race's match at the server's running tick, so ticks never go back on the wire.
  Tick first_tick = 0;
};

enum class SubmitResult : std::uint8_t {
  Accepted,       // queued; applies at its tick, or at the next step when already late
  UnknownRunner,  // no such runner in the match
  Duplicate,      // this tick's input was already received (redundant resend): ignored
  TooOld,         // older than the 64 newest stamps seen: cannot be told from a duplicate
  TooFarAhead,    // stamped more than max_input_lead ticks ahead of the match
};

struct MatchRunner {
  RunnerId id = kNoRunner;
  RunnerState state{};
  RunnerEvents events{};  // what happened to it in the last step
};

class Match {
 public:
  // Throws std::invalid_argument for a bad tick rate or course parameters.
  explicit Match(std::uint64_t seed, const MatchConfig& config = {});

  std::uint64_t seed() const { return seed_; }
  Tick tick() const { return tick_; }  // the next tick step() simulates (0 at the start)
  int tick_rate() const { return config_.tick_rate; }
  const MatchConfig& config() const { return config_; }
  float dt() const { return dt_; }
  const Course& course() const { return course_; }

  // A new runner at the course start, running; with start_wait_ticks > 0 it stands that long
  // first (waiting_runner_state).
  RunnerId add_runner(std::uint32_t start_wait_ticks = 0);
  // A runner under a given id in a given state (a server that keeps its runners' ids from one
  // race's match to the next, or seats a late joiner exactly as those who stood there from the
  // start). `id` must be above every id the match has given: std::invalid_argument otherwise.
  // add_runner() goes on from id + 1.
  RunnerId add_runner_as(RunnerId id, const RunnerState& start);
  bool remove_runner(RunnerId id);  // false if unknown
  bool has_runner(RunnerId id) const { return find(id) != nullptr; }

  // Queues an input for a runner. Each tick stamp is applied at most once; an input stamped
  // before tick() is late and applies at the next step (merged with that tick's own input).
  SubmitResult submit_input(RunnerId id, const Input& input);

  // Simulates tick(): every runner (in id order) with its inputs due, then tick() + 1.
  void step();

  const MatchRunner* runner(RunnerId id) const { return find(id); }
  std::span<const MatchRunner> runners() const { return runners_; }  // sorted by id
  std::size_t runner_count() const { return runners_.size(); }

  // Tick of the newest input with buttons applied to this runner (nullopt: none yet, unknown id).
  std::optional<Tick> last_applied_input(RunnerId id) const;
  // Inputs of this runner applied at a later tick than stamped during the last second, oldest
  // first (empty for an unknown id).
  std::vector<InputMove> input_moves(RunnerId id) const;
  // Inputs of this runner queued and not applied yet (sorted by tick; empty for an unknown id):
  // what a server carries over into the next race's match for the ticks after the switch.
  std::vector<Input> pending_inputs(RunnerId id) const;
  // The runner's state after tick `tick` was stepped, for the last kStateMemoryTicks ticks
  // (and the rewind window); nullopt for older or future ticks and unknown ids.
  std::optional<RunnerState> state_after(RunnerId id, Tick tick) const;

  // The input applied to this runner at `tick` as it stands now: late inputs merged into that
  // step and inputs put in at that tick by a re-simulation included (empty() when nothing was
  // applied). Inside the rewind window it may still change; older ticks are final. nullopt for
  // ticks not stepped yet, ticks older than the runner's history (the last
  // max(rewind_ticks, kStateMemoryTicks) + 1 ticks) and unknown ids. A replay recorder reads
  // each tick once it is final: re-simulating those inputs, each at its own tick with no
  // rewind, gives the same states bit for bit.
  std::optional<Input> applied_input(RunnerId id, Tick tick) const;

  // Hash of the tick and every runner's id, state and pose.
  std::uint64_t state_hash() const;

 private:
  struct InputQueue {
    std::vector<Input> pending;  // sorted by tick
    Tick newest = 0;             // newest stamp seen
    std::uint64_t seen = 0;      // bit k: stamp newest − k seen
    bool any = false;
    RunnerHistory history{1};          // the last max(rewind_ticks, kStateMemoryTicks) + 1 ticks
    std::optional<Tick> last_applied;  // newest tick an input with buttons was applied at
    std::vector<InputMove> moves;      // see input_moves()
    RunnerEvents rewind_events{};      // from re-simulations since the last step
  };
  void apply_late(std::size_t index, const Input& input);
  void note_move(InputQueue& q, Tick stamp, Tick applied);
  const MatchRunner* find(RunnerId id) const;
  std::size_t index_of(RunnerId id) const;  // runners_.size() when absent

  std::uint64_t seed_;
  MatchConfig config_;
  float dt_;
  Course course_;
  Tick tick_ = 0;
  RunnerId next_id_ = 1;
  std::vector<MatchRunner> runners_;  // sorted by id
  std::vector<InputQueue> queues_;    // parallel to runners_
};

}  // namespace spear::sim
