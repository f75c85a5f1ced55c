#include "registry.h"

#include "games/lastball/lastball.h"

namespace tl {

// Constant-initialised: no global constructor runs (the Playdate starts none).
static const GameInfo* const kGames[] = {
    &kLastBall,
};

int game_count() { return (int)(sizeof kGames / sizeof kGames[0]); }
const GameInfo& game_at(int index) { return *kGames[index]; }

const GameInfo* find_game(const char* id, size_t len) {
  for (const GameInfo* g : kGames)
    if (string_equal_n(id, len, g->id)) return g;
  return nullptr;
}

const GameInfo* find_game(const char* id) { return find_game(id, string_length(id)); }

}  // namespace tl
