// play_panel.h — the Play panel: moves against par, undo, redo, restart,
// hint, solve, and the hand of cards for games that have one (each card's
// meaning in its tooltip); and on a phone the toolbar under the board with
// the buttons a player needs at hand.
#pragma once
#include <string>

#include "core/game/game.h"
#include "imgui.h"

class Page;

struct PlayPanel {
  // `toolbar`: the toolbar is on screen (a phone's layout), so the panel
  // leaves out what it holds (Undo, Restart, Hint, Solve, the hand, and in
  // its status the moves against par, the note and how to move).
  void draw(Page& page, const tl::BoardView& view, bool toolbar);
  // A row of large buttons in [pos, pos + size]: Undo, Restart, Hint and
  // Solve (after a win, Next), and Help.
  // Under them, in a game of cards, a second row: the hand.
  // The toolbar under a phone's board; with the Playdate preview in the
  // board's place (preview), what plays the board is greyed out.
  void draw_toolbar(Page& page, ImVec2 pos, ImVec2 size, bool preview);
  int toolbar_rows(const Page& page) const;
  // Its height: rows of buttons a finger's height (kFingerHeight), and the
  // status under them.
  float toolbar_height(const Page& page) const;
  // The toolbar's status, under its buttons (the Play panel is off screen
  // under a phone's board): moves against par, the board's caption when the
  // game gives one (Flow: "2 of 5 lines joined, 40% filled"), then what the
  // page or the game said last (a hint played, "Link copied", a solve), or,
  // before the first move, how to move (then whole, with no caption). Empty
  // in Edit mode. Drawn in kStatusLines lines
  // whatever it says (cut with "..." past them), so the panels under the
  // toolbar do not move as it changes.
  std::string status(const Page& page) const;
  float status_height(const Page& page) const;
  static constexpr int kStatusLines = 3;
  // The hand of cards as buttons of the given size (0, 0: the panel's, after
  // a "Cards:" line); false when the game has no hand.
  bool draw_hand(Page& page, ImVec2 button);
};
