// generation.h — a generator run a slice at a time, for hosts that must keep
// drawing frames while a level is made (the Playdate app draws a progress bar
// between slices). Games whose generator is slow give GameInfo::begin_generate
// (Skiddy: a slice is one analysis of a layout); the rest run whole in the
// first slice. Either way the level is exactly the one generate() makes.
#pragma once
#include <memory>

#include "game.h"

namespace tl {

enum class GenerationStatus : uint8_t { kRunning, kDone, kFailed };

class GenerationTask {
 public:
  virtual ~GenerationTask() {}
  // One slice of the work; kRunning: call again.
  virtual GenerationStatus step() = 0;
  // How far it has got, 0 to 1000 (an estimate: the share of the work it may take at most).
  virtual int progress_permille() const = 0;
  // Once done: the level and what the generator reports (null before, or
  // after a failure, with err saying why).
  virtual std::unique_ptr<Level> take(GeneratedInfo* info, Error* err) = 0;
};

// The game's task, or one that runs generate() whole in its first slice.
std::unique_ptr<GenerationTask> begin_generation(const GameInfo& game, const ParamValues& params, const char* seed);

}  // namespace tl
