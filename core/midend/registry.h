// registry.h — the table of games. The CLI, the playground, the Embind API and
// the tests all iterate over it; adding a game is adding its row here.
#pragma once
#include <stddef.h>

#include "core/game/game.h"

namespace tl {

int game_count();
const GameInfo& game_at(int index);
// The game with this id, or null.
const GameInfo* find_game(const char* id, size_t len);
const GameInfo* find_game(const char* id);

// Parses a level of the named game, or, with game null or empty, of whichever
// single game's format it fits. The error names the game and the position.
std::unique_ptr<Level> parse_level(const char* game, const char* text, size_t len, Error* err);

}  // namespace tl
