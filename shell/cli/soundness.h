// soundness.h — what every generated level must be, for every setting a
// person can pick: the native suite, `tilelab soak`, `tilelab generate
// --check` and the generation fuzz target check it. Not the core's: it runs
// the searches a player never waits for.
#pragma once
#include <vector>

#include "core/game/game.h"

namespace tl {

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
