// generator.cpp — the slice loop every generator runs in (see generator.h).
#include "generator.h"

namespace tl {

bool SlicedGeneration::run(uint64_t* positions) {
  if (status_ != GenerationStatus::kRunning) return true;
  SliceBudget budget;
  budget.left = positions ? *positions : kWholeSlice;
  const uint64_t given = budget.left;
  while (status_ == GenerationStatus::kRunning && !budget.spent()) {
    if (par_solve_) go_on_solving(&budget);
    else advance(&budget);
  }
  const uint64_t spent = given - budget.left + budget.over;
  if (positions) {
    *positions = budget.left;
    if (spent > most_spent_) most_spent_ = spent;
  }
  return status_ != GenerationStatus::kRunning;
}

int SlicedGeneration::progress_permille() const {
  if (status_ != GenerationStatus::kRunning) return 1000;
  const int at = attempts_ > 0 ? attempts_ - 1 : 0;
  return at >= max_attempts_ ? 999 : (int)(1000LL * at / max_attempts_);
}

std::unique_ptr<Level> SlicedGeneration::take(GeneratedInfo* info, Error* err) {
  if (status_ != GenerationStatus::kDone) {
    if (err) *err = err_;
    if (info) info->bad_params = info_.bad_params;
    return nullptr;
  }
  if (info) *info = info_;
  return std::move(level_);
}

void SlicedGeneration::made(std::unique_ptr<Level> level) {
  level_ = std::move(level);
  status_ = GenerationStatus::kDone;
}

void SlicedGeneration::made_solved(std::unique_ptr<Level> level, SliceBudget* budget) {
  solving_ = std::move(level);
  GameState s;
  solving_->initial_state(&s);
  par_solve_ = solving_->begin_solve(s, SearchLimits(), &info_.solution);
  go_on_solving(budget);
}

void SlicedGeneration::go_on_solving(SliceBudget* budget) {
  if (!par_solve_->run(&budget->left)) return;
  info_.par = par_solve_->result().length;
  info_.attempts = attempts();
  par_solve_.reset();
  made(std::move(solving_));
}

void SlicedGeneration::failed(bool bad_params) {
  info_.bad_params = bad_params;
  status_ = GenerationStatus::kFailed;
}

std::unique_ptr<Level> GameInfo::generate(const ParamValues& values, const char* seed, GeneratedInfo* info,
                                          Error* err) const {
  // (On the heap: the device's stack is small.)
  std::unique_ptr<SlicedGeneration> task = begin_generate(values, seed, kWholeSlice);
  return run_whole(task.get(), info, err);
}

std::unique_ptr<Level> run_whole(GenerationTask* task, GeneratedInfo* info, Error* err) {
  task->run(nullptr);
  return task->take(info, err);
}

}  // namespace tl
