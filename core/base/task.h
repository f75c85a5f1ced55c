// task.h — the one protocol of work that pauses. Whatever may outlast a
// device frame (a generator, a solve, an analysis, a fairness check, a line
// search, a Flow proof) is a Task: run(budget) goes on from where the last
// call stopped, spends one of *budget for each position it works through
// (each task says what a position is: a state expanded, a layout's piece),
// pauses where the budget runs out, and is true once its answer is ready
// (a null budget: no end, the whole work at once). The answer never depends
// on how the work was cut. A job (core/midend/job.h) drives tasks a slice at
// a time for every host; each task gives its answer its own way (result()).
#pragma once
#include <stdint.h>

namespace tl {

class Task {
 public:
  virtual ~Task() {}
  // Goes on with the work, spending positions from *budget (null: no end);
  // true once done (and true again on every later call).
  virtual bool run(uint64_t* budget) = 0;
  // How far it has got, 0 to 1000: an estimate (0 for a task that cannot tell).
  virtual int progress_permille() const { return 0; }
};

}  // namespace tl
