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
  // Under them, in a game of cards, a second row: the hand.
  void draw_toolbar(Playground& app, ImVec2 pos, ImVec2 size);
  int toolbar_rows(const Playground& app) const;
  // The hand of cards as buttons of the given size (0, 0: the panel's, after
  // a "Cards:" line); false when the game has no hand.
  bool draw_hand(Playground& app, ImVec2 button);
};
