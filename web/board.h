// board.h — draws any game's BoardView with ImGui's draw list. No game code
// here: the view model's layers (floor, shape, colour, arrow, label, height)
// are all a game can ask for.
#pragma once
#include "core/game.h"
#include "imgui.h"

struct BoardLayout {
  ImVec2 origin;  // top-left of cell (0, 0)
  float cell = 0;  // side of one cell
};

// Fits the board into [min, max] and draws it; returns where it went.
BoardLayout draw_board(ImDrawList* dl, ImVec2 min, ImVec2 max, const tl::BoardView& view);
