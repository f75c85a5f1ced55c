#include "registry.h"

#include "core/base/tl_assert.h"
#include "core/games/flow/flow.h"
#include "core/games/golf/golf.h"
#include "core/games/lastball/lastball.h"
#include "core/games/penguin/penguin.h"
#include "core/games/skiddy/skiddy.h"

namespace tl {

// Constant-initialised: no global constructor runs (the Playdate starts none).
static const GameInfo* const kGames[] = {
    &kLastBall,
    &kPenguin,
    &kSkiddy,
    &kGolf,
    &kFlow,
};

int game_count() { return (int)(sizeof kGames / sizeof kGames[0]); }
const GameInfo& game_at(int index) {
  TL_ASSERT(index >= 0 && index < game_count());
  return *kGames[index];
}

const GameInfo* find_game(const char* id, size_t len) {
  for (const GameInfo* g : kGames)
    if (string_equal_n(id, len, g->id)) return g;
  return nullptr;
}

const GameInfo* find_game(const char* id) { return find_game(id, string_length(id)); }

std::unique_ptr<Level> parse_level(const char* game, const char* text, size_t len, Error* err) {
  if (game && *game) {
    const GameInfo* g = find_game(game);
    if (!g) {
      fail(err, 0, 0, "unknown game '%.40s' (see tilelab games)", game);
      return nullptr;
    }
    return g->parse(text, len, err);
  }
  // With no game named, every parser tries; when none accepts the text, the
  // message comes from the one that read furthest into it (an error about the
  // whole level, line 0, means it read it all), the likeliest intended game.
  std::unique_ptr<Level> found, found_loosely;
  Error best;
  const GameInfo* best_game = nullptr;
  long best_reach = -1;
  int matches = 0;
  for (const GameInfo* g : kGames) {
    Error e;
    std::unique_ptr<Level> level = g->parse(text, len, &e);
    if (level && g->reads_any_grid) {
      found_loosely = std::move(level);
      continue;
    }
    if (level) {
      ++matches;
      found = std::move(level);
      continue;
    }
    long reach = e.line == 0 ? 0x7fffffffL : (long)e.line * 4096 + e.column;
    if (reach > best_reach) {
      best_reach = reach;
      best = e;
      best_game = g;
    }
  }
  if (matches == 1) return found;
  if (matches == 0 && found_loosely) return found_loosely;
  if (matches == 0)
    fail(err, best.line, best.column, "not a level of any game; as %s: %s", best_game->id, best.message);
  else
    fail(err, 0, 0, "reads as a level of several games; name the game");
  return nullptr;
}

}  // namespace tl
