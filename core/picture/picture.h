// picture.h — a level as a picture: the core's view of a board (tl::
// BoardView, what every host draws) turned into shapes in the palette's
// colours (palette.h), each shape naming the piece it draws. The page draws
// these shapes with ImGui (web/board.cpp), `tilelab render` writes them as
// SVG (write_svg, below) or through cairo as PNG and PDF (shell/cli/
// render.cpp), so the page, the pictures and the printed sheets agree.
// Plain C++ with floats (a host's drawing, not the core's search).
#pragma once
#include <stdint.h>

#include <string>
#include <vector>

#include "core/game/game.h"
#include "core/midend/pack.h"
#include "palette.h"

namespace picture {

struct Rgba {
  uint8_t r, g, b, a;
};
inline Rgba rgba(palette::Rgb c, uint8_t a = 255) { return Rgba{c.r, c.g, c.b, a}; }

struct Mark {
  enum Kind : uint8_t { kRect, kCircle, kLine, kPolygon, kText };
  Kind kind = kRect;
  // What the shape draws, for people and tests: "floor", "ball", "line",
  // "wall", "label", "path" (a solution), ... (an SVG element's class).
  const char* piece = "";
  int cell = -1;       // the board's cell (row-major), or -1
  Rgba fill{0, 0, 0, 0}, stroke{0, 0, 0, 0};  // alpha 0: none
  float width = 1;     // the stroke's width
  // kRect: corner (x, y), size (w, h), corners rounded by `round`;
  // kCircle: centre (x, y), radius w; kLine: from (x, y) to (w, h);
  // kText: at (x, y) (see centred), h high.
  float x = 0, y = 0, w = 0, h = 0, round = 0;
  std::vector<float> points;  // kPolygon: x0, y0, x1, y1, ...
  std::string text;           // kText
  bool centred = true;        // kText: (x, y) its middle, else its left end's middle
};

struct Picture {
  float width = 0, height = 0;
  Rgba background{255, 255, 255, 255};
  std::vector<Mark> marks;
};

// Where a board goes: cell (0, 0)'s top-left corner, a cell's side and the
// distance from one row to the next (0.866 of a cell on a hex board, odd rows
// half a cell right).
struct Layout {
  float x = 0, y = 0, cell = 0, row = 0;
  bool hex = false;
  float centre_x(int cx, int cy) const { return x + cell * ((float)cx + 0.5f + (hex && (cy & 1) ? 0.5f : 0.f)); }
  float centre_y(int cy) const { return y + row * ((float)cy + 0.5f); }
};

// Fits a board into the box (x, y, w, h): the layout, cells in whole units
// while they are 4 or more.
Layout fit_board(const tl::BoardView& v, float x, float y, float w, float h);
// The board, its frame, cells, walls and warped edges.
void draw_board(const tl::BoardView& v, const Layout& at, Picture* out);
// A solution on the board: a line through the cells the piece played stood
// on, move after move (path[0] the start), each move's number at its cell.
void draw_path(const std::vector<int>& path, int width, const Layout& at, Picture* out);
// A line of text, its middle at (x, y) when `centred`, else its left end.
void draw_text(const std::string& text, float x, float y, float size, Rgba colour, bool centred, const char* piece,
               Picture* out);

// A hand of cards (a game of cards: Golf Peaks) as the page shows it: a box a
// card with its text and how many are left ("1/2-  x2"), in rows within
// `width` from (x, y), `cell` units a card's height over 0.8 (piece "card",
// its words "card-text"). Returns the height drawn; cards used up are left out.
float draw_hand(const tl::HandCard* hand, int count, float x, float y, float width, float cell, Picture* out);

// A level's picture: its board at the start, with the hand it starts with
// (a game of cards) under it, `cell` units a cell (fewer for
// a board that would be wider than kLargestSide), with its
// name and par under it; with `solution` the solution on it (a line
// puzzle's lines; the path of the piece played with each move's number, and
// the moves written under the board). False with `error` set when the level
// has no solution to draw.
constexpr float kLargestSide = 2400;
bool level_picture(const tl::Level& level, bool solution, float cell, Picture* out, std::string* error);

// A printable sheet of a pack: A4 pages (in points) of six levels each with
// its number, par, link (its seed link when that regenerates it:
// seed_link_if_same) and the link's QR code beside the number, then the
// same pages with their solutions. `page` is the address of the page the
// links open (the links are `page` + "#game=..."; "" leaves them fragments).
// False with `error` naming the level that does not read.
constexpr float kPageWidth = 595.28f, kPageHeight = 841.89f;
bool sheet_pages(const tl::GameInfo& game, const std::vector<tl::PackLevel>& pack, const std::string& page,
                 std::vector<Picture>* pages, std::string* error);
// The pages one under another on grey, as one picture (a sheet as SVG).
void stack_pages(const std::vector<Picture>& pages, Picture* out);
// The shapes of `src`, k times as large, moved by (dx, dy), onto `dst`.
void append_scaled(const Picture& src, float dx, float dy, float k, Picture* dst);

// The SVG document of a picture: an element a shape, its class the piece.
void write_svg(const Picture& p, std::string* out);

}  // namespace picture
