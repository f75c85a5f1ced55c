// glyphs.h — every piece of every game as the device draws it, in 1 bit:
// a cell's ground and what stands on it, from the core's view of the cell
// (tl::CellView), at any cell size. Pieces the rules tell apart by colour
// (Skiddy's red and yellow skiddies and goals, Flow's lines) differ by shape
// and pattern here; Golf Peaks' heights are numbers, its cards pictures.
// The app draws boards, the help screen and the hand with these; a test
// draws every brush of every game's palette and fails when two of one game
// look alike.
#pragma once
#include "core/game/game.h"
#include "frame.h"

namespace device {

// The smallest cell the app draws a board at: a board that does not fit the
// screen at this size scrolls with the piece played (or the cursor).
constexpr int kLegibleCell = 20;

// A square cell at (px, py), `cell` pixels a side: its ground, lines and
// walls, then its piece. `left_edge` and `top_edge`: the cell is on the
// board's first column or row (walls closing a warped edge are drawn there).
void draw_square_cell(Frame& frame, const tl::CellView& c, bool left_edge, bool top_edge, int px, int py, int cell);

// A hex cell of board `v` at (x, y), its box's corner at (px, py).
void draw_hex_cell(Frame& frame, const tl::BoardView& v, int x, int y, int px, int py, int cell);

// A card of Golf Peaks' hand as a picture, w x h at (x, y): a jump as an arc
// over its number, a roll as an arrow under its number, how many are left
// in the corner; the chosen card drawn inverted.
void draw_card(Frame& frame, const tl::HandCard& card, bool chosen, int x, int y, int w, int h);

}  // namespace device
