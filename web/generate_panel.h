// generate_panel.h — the Generate panel: game, parameters and seed for the
// next Generate, and infinite mode. It edits its own copy; the session keeps
// the parameters and seed of the level being played.
#pragma once
#include <string>

#include "core/game/game.h"

class Page;
namespace tl {
class Session;
}

struct GeneratePanel {
  const tl::GameInfo* game = nullptr;
  tl::ParamValues params{};
  char seed[96] = "";
  std::string unfit;  // why these parameters cannot be generated, "" when they can
  std::string progress;  // the bar's words while a level is made ("12 of at most 400 layouts tried, 1.2 s")

  // Shows the game, parameters and seed of the session's new level.
  void follow(const tl::Session& session);
  void draw(Page& page);
};

// Entropy for a fresh seed: the clock and the browser's random numbers.
uint64_t fresh_entropy();
