// generation.h — making a level from a game's generator, its parameters and
// a seed: whole, or a slice at a time for hosts that must keep drawing frames
// while a level is made (the Playdate app draws a progress bar between
// slices). Every game gives GameInfo::begin_generate (core/game/generator.h):
// its generator as a resumable loop whose slices each fit a device frame.
// Either way the level is exactly the one generate() makes.
#pragma once
#include <memory>

#include "core/game/game.h"
#include "core/game/generator.h"
#include "link.h"

namespace tl {

// The game's task, sliced as the game says a device frame holds. The level
// it gives reads back from its own text (see generate_level).
std::unique_ptr<GenerationTask> begin_generation(const GameInfo& game, const ParamValues& params, const char* seed);

// The level the game's generator makes for these parameters and seed, whole.
// A level whose text does not read back as the same text is never given: it
// is refused with a message saying so, as a level that was not found.
std::unique_ptr<Level> generate_level(const GameInfo& game, const ParamValues& params, const char* seed,
                                      GeneratedInfo* info, Error* err);

// Whether the level's canonical text reads back as the same text; false with
// err naming what the reader said or that another text came back.
bool reads_back(const Level& level, Error* err);

// Generates or parses the level a link names (core/midend/link.h: parse_link).
std::unique_ptr<Level> open_link(const LinkTarget& target, GeneratedInfo* info, Error* err);

}  // namespace tl
