// board_panel.h — the board: the game's view drawn by board.cpp, the win and
// loss banners, the message over the level, and the pointer on the board
// forwarded to the session in board units (a tap, a swipe or a drag is the
// game's to interpret).
#pragma once
#include "board.h"
#include "imgui.h"

struct Playground;

struct BoardPanel {
  tl::BoardView view;    // what was drawn last
  BoardLayout layout;    // and where
  bool pointer_down = false;

  void draw(Playground& app, ImVec2 pos, ImVec2 size);

 private:
  void forward_pointer(Playground& app);
};
