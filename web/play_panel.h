// play_panel.h — the Play panel: moves against par, undo, redo, restart,
// hint, solve, and the hand of cards for games that have one.
#pragma once

struct Playground;

struct PlayPanel {
  void draw(Playground& app);
};
