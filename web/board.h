// board.h — draws any game's BoardView with ImGui's draw list: the shapes
// core/picture/picture.h makes of it (the same a saved picture or a printed
// sheet is made of). No game code here: the view model's layers (floor,
// shape, colour, arrow, label, height) are all a game can ask for.
#pragma once
#include <string>

#include "core/game/game.h"
#include "imgui.h"

struct BoardLayout {
  ImVec2 origin;  // top-left of cell (0, 0)
  float cell = 0;  // side of one cell (a hex board's: its width, flat side to flat side)
  float row = 0;   // from one row to the next: the cell, or on a hex board 0.866 of it
  bool hex = false;  // hexagonal cells, odd rows half a cell right
  // The cell under a point (floor: off the board is out of range), as a
  // rectangle of cell x row a cell (an odd row's half a cell right on a hex board).
  void cell_at(ImVec2 at, int* x, int* y) const;
  // The centre of a cell.
  ImVec2 centre(int x, int y) const;
};

// Fits the board into [min, max] and draws it; returns where it went.
BoardLayout draw_board(ImDrawList* dl, ImVec2 min, ImVec2 max, const tl::BoardView& view);

// One cell as the board draws it (an editor's brush), fitted into [min, max].
void draw_cell(ImDrawList* dl, ImVec2 min, ImVec2 max, const tl::CellView& cell);

// What a cell of a game's board is, in the words of the game's palette
// (the editor's brushes: "slope down", "white ball"): the brush that looks
// like it, or the piece on the ground it stands on ("ball on sand"), with
// its height where the game has heights ("slope down, height 2").
std::string cell_name(const tl::GameInfo& game, const tl::CellView& cell);
