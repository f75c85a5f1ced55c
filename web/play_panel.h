// play_panel.h — the Play panel: moves against par, undo, redo, restart,
// hint, solve, and the hand of cards for games that have one (each card's
// meaning in its tooltip); and on a phone the toolbar under the board with
// the buttons a player needs at hand.
#pragma once
#include "imgui.h"

struct Playground;

struct PlayPanel {
  void draw(Playground& app);
  // A row of large buttons in [pos, pos + size]: Undo, Restart, Hint and
  // Solve (after a win, Next), and Help.
  void draw_toolbar(Playground& app, ImVec2 pos, ImVec2 size);
};
