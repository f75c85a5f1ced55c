// generator.h — a generator run a slice at a time (GameInfo::begin_generate),
// so a host keeps drawing frames while a level is made. Every game writes its
// generator as a SlicedGeneration: a resumable loop over its attempts, each
// piece of work (a layout drawn, part of a search that checks it) counted in
// positions, never in time, and paused where a slice's positions run out.
// The game's generate() is the same task given one slice without end, so a
// seed gives the same level on every target however it is sliced.
#pragma once
#include <stdint.h>

#include <memory>

#include "game.h"

namespace tl {

enum class GenerationStatus : uint8_t { kRunning, kDone, kFailed };

// A generator is a task (core/base/task.h): run(budget) spends the game's
// positions (a layout's pieces, a search's states) and is true once the
// level is made or the generator gave up (status() says which).
class GenerationTask : public Task {
 public:
  virtual GenerationStatus status() const = 0;
  // The positions a device frame holds (what Job::slice spends a slice).
  virtual uint64_t frame_slice() const = 0;
  // How far it has got, 0 to 1000 (an estimate: the share of the work it may take at most).
  int progress_permille() const override = 0;
  // The layouts (a generator's attempts) tried so far and the most it tries
  // (0, 0: it does not count them).
  virtual void layouts(int* tried, int* most) const {
    *tried = 0;
    *most = 0;
  }
  // Once done: the level and what the generator reports (null before, or
  // after a failure, with err saying why).
  virtual std::unique_ptr<Level> take(GeneratedInfo* info, Error* err) = 0;
};

// One device frame's slice of a generator: run() with frame_slice() positions.
inline GenerationStatus run_frame(GenerationTask* task) {
  uint64_t budget = task->frame_slice();
  task->run(&budget);
  return task->status();
}

// What is left of a slice, in positions (a search's positions, a layout's
// pieces: each game says what it counts). A search given a budget pauses
// where it runs out and goes on from there in the next slice.
struct SliceBudget {
  uint64_t left = 0;
  uint64_t over = 0;  // what pieces that do not pause spent past the slice's end
  bool spent() const { return left == 0; }
  void spend(uint64_t n) {
    if (n > left) over += n - left;
    left = n < left ? left - n : 0;
  }
};
// A slice that never runs out: generate(), the whole task at once.
constexpr uint64_t kWholeSlice = ~(uint64_t)0;


// A generator written as a resumable loop. run() calls advance() until the
// budget's positions are spent or the task has ended (made() or failed()).
class SlicedGeneration : public GenerationTask {
 public:
  // slice_positions: what a device frame's slice may spend (frame_slice());
  // largest_piece: the most a piece of work that does not pause (a layout
  // drawn, a quick solve) spends past what was left of a budget. A call of
  // run() spends at most their sum.
  SlicedGeneration(uint64_t slice_positions, uint64_t largest_piece, int max_attempts)
      : slice_(slice_positions), largest_piece_(largest_piece), max_attempts_(max_attempts > 0 ? max_attempts : 1) {}
  bool run(uint64_t* budget) override;
  GenerationStatus status() const override { return status_; }
  uint64_t frame_slice() const override { return slice_; }
  int progress_permille() const override;
  void layouts(int* tried, int* most) const override {
    *tried = attempts_;
    *most = max_attempts_;
  }
  std::unique_ptr<Level> take(GeneratedInfo* info, Error* err) override;

  // The most positions a call of run() given a budget spent, and what a
  // frame's slice may spend at most (slice_positions + largest_piece): tests
  // hold the one to the other, giving frame_slice() a call.
  uint64_t most_spent_in_a_slice() const { return most_spent_; }
  uint64_t slice_bound() const { return slice_ == kWholeSlice ? kWholeSlice : slice_ + largest_piece_; }

 protected:
  // The next piece of work, its positions spent from *budget (a search
  // pauses when it is spent). Ends the task with made() or failed().
  virtual void advance(SliceBudget* budget) = 0;
  void made(std::unique_ptr<Level> level);
  // The level kept with its par and a shortest solution from the solver
  // (the states it expands spent from *budget: the solve pauses where the
  // slice runs out and goes on in the next), after attempts() attempts.
  // advance() is not called again.
  void made_solved(std::unique_ptr<Level> level, SliceBudget* budget);
  // After fail(&err_, ...) (bad_params: the parameters cannot go together).
  void failed(bool bad_params);
  // The attempt begun (1, 2, ...): progress is its share of max_attempts.
  void begin_attempt() { ++attempts_; }
  int attempts() const { return attempts_; }

  GeneratedInfo info_;
  Error err_;

 private:
  void go_on_solving(SliceBudget* budget);

  uint64_t slice_, largest_piece_, most_spent_ = 0;
  int max_attempts_, attempts_ = 0;
  GenerationStatus status_ = GenerationStatus::kRunning;
  std::unique_ptr<Level> level_;
  std::unique_ptr<Level> solving_;       // the level kept, while its par is solved
  std::unique_ptr<SolveTask> par_solve_;  // that solve (it refers to solving_)
};

// Runs a task to its end in one go (run(nullptr)): a game's generate() is its task so run.
std::unique_ptr<Level> run_whole(GenerationTask* task, GeneratedInfo* info, Error* err);

// A game's begin_generate from its task: Task(params, seed,
// slice_positions), `own` the slice the game gives a device frame.
template <class Task>
std::unique_ptr<SlicedGeneration> begin_task(const ParamValues& p, const char* seed, uint64_t slice, uint64_t own) {
  return std::unique_ptr<SlicedGeneration>(new Task(p, seed, slice ? slice : own));
}

}  // namespace tl
