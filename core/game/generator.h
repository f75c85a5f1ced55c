// generator.h — a generator run a slice at a time: what a game whose
// generator is slow gives (GameInfo::begin_generate; Skiddy: a slice is one
// analysis of a layout), so a host keeps drawing frames while a level is
// made. The midend (core/midend/generation.h) runs it, or runs a quick
// generator whole in its first slice.
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

}  // namespace tl
