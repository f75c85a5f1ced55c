// editor.h — the level editor's midend: a level text, painted cell by cell
// with the brushes of the game's palette, resized, or typed whole, with undo.
//
// The editor works on the text, not on a parsed level, so a half-made level
// (one Flow dot of a pair, a second flag) can still be painted on: the text
// holds it, the reader's message says what is wrong, and level() stays the
// last text that read. Hosts draw level() and mark the cells where the text
// differs from it (pending()).
//
// A game's text is a grid of cells: one character a cell (every game but
// Golf Peaks), or whitespace-separated words under a "WxH" line (Golf Peaks,
// GameInfo::edit_words). Whatever follows the grid after a blank line (Golf
// Peaks' cards) is kept as it is. The palette is the game's own (GameInfo::
// palette), so a new game gets an editor by listing its brushes.
#pragma once
#include <stdint.h>

#include <memory>
#include <vector>

#include "core/game/game.h"

namespace tl {

// The largest board the editor makes (every game refuses larger on its own).
constexpr int kEditorMaxSide = 64;
// Undo steps kept (older ones are dropped).
constexpr int kEditorUndoSteps = 256;

// A level text cut into its grid of cells and what surrounds it.
struct CellGrid {
  int width = 0, height = 0;
  std::vector<Text> cells;  // row-major
  Text tail;                // from the blank line after the grid on, as it was
  const Text& at(int x, int y) const { return cells[(size_t)(y * width + x)]; }
  Text& at(int x, int y) { return cells[(size_t)(y * width + x)]; }
};

// Cuts a text into its cells; false with err naming the line when it is not
// a grid (rows of different lengths, a bad "WxH" line).
bool read_cell_grid(const GameInfo& game, const char* text, size_t len, CellGrid* out, Error* err);
void write_cell_grid(const GameInfo& game, const CellGrid& grid, Text* out);

// Paints one brush on cell (x, y). A brush that may be on the board once
// (kBrushUnique) leaves the cell it was on, which gets the blank brush. In a
// word grid a brush that starts with ',' is a tile on the cell's height, and
// a number is a height under the cell's tile.
// A listing brush (kBrushListed) adds the cell to its line after the grid;
// any brush takes the cell off the other listings' lines first (and the
// pair naming it off a pairs brush's line), and the blank brush (the
// palette's first) off the sides' lines too. A pairs brush (kBrushPairs)
// completes its line's pair of one cell with this cell, or starts one.
void paint_cell(const GameInfo& game, CellGrid* grid, int x, int y, const Brush& brush);
// Adds the side between cells (x0, y0) and (x1, y1) to a kBrushSides
// brush's line (once: either way round is the same side).
void paint_side(CellGrid* grid, int x0, int y0, int x1, int y1, const Brush& brush);
// Crops or pads the grid (with the palette's first brush) to w x h.
void resize_grid(const GameInfo& game, CellGrid* grid, int w, int h);

class Editor {
 public:
  // Starts editing a text of this game; the undo history starts here.
  void open(const GameInfo& game, const char* text, size_t len);
  // A text typed in the box: kept as typed; the level follows when it reads.
  // Returns whether it reads.
  bool set_text(const char* text, size_t len);
  // Paints cell (x, y) with brush `brush` of the palette. A stroke (a press
  // and its drag) is one undo step: pass continue_stroke for every cell after
  // the first. A sides brush (walls) paints the side between each cell of a
  // stroke and the next, when the game reads it (a level that reads is not
  // spoilt by a pair that is not side by side); a step one cell off the
  // board paints the side across an edge that warps (closing that row's or
  // column's way round). False when nothing changed (outside the grid, the
  // same brush).
  bool paint(int x, int y, int brush, bool continue_stroke);
  bool resize(int width, int height);
  // The hand (GameInfo::hand_cards): the words of the first line after the
  // grid that is not blank. Adding a card puts it at the hand's end (a hand
  // line made when there is none), removing takes the index'th; each is an
  // undo step, and known solutions listed after the hand are dropped (a new
  // hand makes them stale). False when nothing changed.
  std::vector<Text> hand() const;
  bool add_card(const char* card);
  bool remove_card(int index);
  bool undo();
  bool redo();
  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }

  const GameInfo* game() const { return game_; }
  const Text& text() const { return text_; }
  // The last text that read (null before one did).
  const Level* level() const { return level_.get(); }
  const Text& level_text() const { return level_text_; }
  // The reader's message for the text, "" when it reads.
  const char* error() const { return error_.message; }
  // The grid of the text (width 0 when the text is not a grid).
  int width() const { return grid_.width; }
  int height() const { return grid_.height; }
  // What the text writes in cell (x, y) ("" outside the grid).
  const char* cell_text(int x, int y) const {
    return x < 0 || y < 0 || x >= grid_.width || y >= grid_.height ? "" : grid_.at(x, y).c_str();
  }
  // Whether cell (x, y) of the text differs from the last level that read
  // (its character, or a listing after the grid that names it).
  bool pending(int x, int y) const;
  // The key of a listing after the grid that names cell (x, y) in the text
  // but not in the last level that read, or the other way round ("portals"
  // for the first cell of a pair not yet completed); "" when none.
  const char* pending_listing(int x, int y) const;
  // Counts changes of level(): a host re-analyses when it moves.
  uint32_t level_version() const { return level_version_; }

 private:
  void push_undo();
  bool step(std::vector<Text>* from, std::vector<Text>* to);
  void take(const Text& text, bool canonical);
  bool set_hand(const std::vector<Text>& cards);
  // An edit of the whole grid (a resize, the hand) as one undo step; false
  // when it changes nothing.
  bool take_grid(const CellGrid& grid);
  // Finds, once an edit is taken, the cells pending_listing() names.
  void mark_pending_listings();

  const GameInfo* game_ = nullptr;
  Text text_, level_text_;
  CellGrid grid_, level_grid_;
  std::unique_ptr<Level> level_;
  Error error_;
  std::vector<Text> undo_, redo_;
  uint32_t level_version_ = 0;
  bool stroke_open_ = false;  // a stroke's first change made its undo step
  int stroke_x_ = -1, stroke_y_ = -1;  // the stroke's last cell (a sides brush paints from it)
  std::vector<uint8_t> pending_listing_;  // per cell of grid_: 1 + the palette index of its pending listing, or 0
};

}  // namespace tl
