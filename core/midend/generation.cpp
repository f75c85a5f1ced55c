// generation.cpp — making a level from its generator, whole or a slice at a
// time, and opening the level a link names (see generation.h).
#include "generation.h"

#include <stdio.h>

#include "core/base/tl_assert.h"


namespace tl {

namespace {

// A game's own sliced task, its level read back before it is given.
class ReadBackGeneration : public GenerationTask {
 public:
  explicit ReadBackGeneration(std::unique_ptr<GenerationTask> task) : task_(std::move(task)) {}
  bool run(uint64_t* budget) override { return task_->run(budget); }
  GenerationStatus status() const override { return task_->status(); }
  uint64_t frame_slice() const override { return task_->frame_slice(); }
  int progress_permille() const override { return task_->progress_permille(); }
  void layouts(int* tried, int* most) const override { task_->layouts(tried, most); }
  std::unique_ptr<Level> take(GeneratedInfo* info, Error* err) override {
    std::unique_ptr<Level> level = task_->take(info, err);
    if (level && !reads_back(*level, err)) level.reset();
    return level;
  }

 private:
  std::unique_ptr<GenerationTask> task_;
};

}  // namespace

std::unique_ptr<GenerationTask> begin_generation(const GameInfo& game, const ParamValues& params, const char* seed) {
  TL_ASSERT(game.begin_generate != nullptr);
  return std::unique_ptr<GenerationTask>(new ReadBackGeneration(game.begin_generate(params, seed, 0)));
}

std::unique_ptr<Level> generate_level(const GameInfo& game, const ParamValues& params, const char* seed,
                                      GeneratedInfo* info, Error* err) {
  std::unique_ptr<Level> level = game.generate(params, seed, info, err);
  if (level && !reads_back(*level, err)) level.reset();
  return level;
}

bool reads_back(const Level& level, Error* err) {
  Text text, again_text;
  level.canonical_text(&text);
  Error e;
  std::unique_ptr<Level> again = level.game().parse(text.c_str(), text.size(), &e);
  if (!again)
    return fail(err, 0, 0, "the generator made a level its own reader refuses (%.120s); please report the seed",
                e.message);
  again->canonical_text(&again_text);
  if (!again_text.equals(text.c_str()))
    return fail(err, 0, 0, "the generator made a level whose text reads back as another level; please report the seed");
  return true;
}

std::unique_ptr<Level> open_link(const LinkTarget& target, GeneratedInfo* info, Error* err) {
  if (target.is_level) {
    std::unique_ptr<Level> level = target.game->parse(target.level_text.c_str(), target.level_text.size(), err);
    if (!level && err) {
      Text msg("level in link: ");
      msg.append(err->message);
      fail(err, err->line, err->column, "%s", msg.c_str());
    }
    return level;
  }
  return generate_level(*target.game, target.params, target.seed.c_str(), info, err);
}

}  // namespace tl
