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
// Either way the level it gives reads back from its own text (see
// generate_level).
std::unique_ptr<GenerationTask> begin_generation(const GameInfo& game, const ParamValues& params, const char* seed);

// The level the game's generator makes for these parameters and seed, whole.
// A level whose text does not read back as the same text is never given: it
// is refused with a message saying so, as a level that was not found.
std::unique_ptr<Level> generate_level(const GameInfo& game, const ParamValues& params, const char* seed,
                                      GeneratedInfo* info, Error* err);

// Whether the level's canonical text reads back as the same text; false with
// err naming what the reader said or that another text came back.
bool reads_back(const Level& level, Error* err);

// ---------------------------------------------------------------------------
// Sound levels: what every generated level must be, for every setting a
// person can pick (the native suite, `tilelab soak` and the generation fuzz
// target check it).
// ---------------------------------------------------------------------------

// A setting of a game's generator, named as `--set` takes it ("tiles=warps
// size=4x4"; "" the defaults).
struct GeneratorSetting {
  Text sets;
  ParamValues params;
};

// The settings a person can pick, one change at a time from the defaults:
// the defaults, each preset, each choice of each choice parameter, and each
// number and size at both ends of its range; with `bench_sets`, also the
// parameter sets `tilelab bench` times (GameInfo::bench_variants).
void generator_settings(const GameInfo& game, bool bench_sets, std::vector<GeneratorSetting>* out);

// A generated level is sound when its text reads back as the same text, a
// solve from its start takes exactly the par the generator gave, and its
// seed link and its level link each reopen exactly it. False with `why`
// naming the first of these that fails.
bool check_generated(const GameInfo& game, const ParamValues& params, const char* seed, const Level& level,
                     const GeneratedInfo& info, Error* why);

}  // namespace tl
