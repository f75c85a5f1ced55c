// generation.cpp — begin_generation (see generation.h).
#include "generation.h"

namespace tl {

namespace {

// A generator quick enough to run whole: all of it in the first slice.
class WholeGeneration : public GenerationTask {
 public:
  WholeGeneration(const GameInfo& game, const ParamValues& params, const char* seed)
      : game_(game), params_(params) {
    seed_.append(seed);
  }
  GenerationStatus step() override {
    if (done_) return level_ ? GenerationStatus::kDone : GenerationStatus::kFailed;
    level_ = game_.generate(params_, seed_.c_str(), &info_, &err_);
    done_ = true;
    return level_ ? GenerationStatus::kDone : GenerationStatus::kFailed;
  }
  int progress_permille() const override { return done_ ? 1000 : 0; }
  std::unique_ptr<Level> take(GeneratedInfo* info, Error* err) override {
    if (info) *info = info_;
    if (err) *err = err_;
    return std::move(level_);
  }

 private:
  const GameInfo& game_;
  ParamValues params_;
  Text seed_;
  bool done_ = false;
  std::unique_ptr<Level> level_;
  GeneratedInfo info_;
  Error err_;
};

}  // namespace

std::unique_ptr<GenerationTask> begin_generation(const GameInfo& game, const ParamValues& params, const char* seed) {
  if (game.begin_generate) return game.begin_generate(params, seed);
  return std::unique_ptr<GenerationTask>(new WholeGeneration(game, params, seed));
}

}  // namespace tl
