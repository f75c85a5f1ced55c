// registry.h — the table of games. The CLI, the playground, the Embind API and
// the tests all iterate over it; adding a game is adding its row here.
#pragma once
#include <stddef.h>

#include "game.h"

namespace tl {

int game_count();
const GameInfo& game_at(int index);
// The game with this id, or null.
const GameInfo* find_game(const char* id, size_t len);
const GameInfo* find_game(const char* id);

}  // namespace tl
