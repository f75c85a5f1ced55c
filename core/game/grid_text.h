// grid_text.h — what the square-grid games share in their text: moves written
// U D L R, and levels written one character a cell, one row a line.
#pragma once
#include <stddef.h>

#include "core/search/search.h"
#include "core/base/text.h"

namespace tl {

// "R U D L" (space separated).
void format_dir_moves(const Move* moves, size_t count, Text* out);
// For a person to read in a note: "up" for one move, "up, then left" for
// two or three, and past that the letters with their count ("R U D L U (5
// moves)"): a hint's one letter alone says nothing to someone new.
void describe_dir_moves(const Move* moves, size_t count, Text* out);
// Reads U D L R in either case; spaces, commas and line breaks are ignored.
bool parse_dir_moves(const char* text, size_t len, MoveList* out, Error* err);

// Reads a grid of one character a cell, one row a line (\n or \r\n), rows all
// as wide as the first, at most max_side each way; a blank line ends the grid
// and only blank lines may follow it. Calls cell(x, y, c) for every cell, which
// returns false (with err set) to reject the text. Returns false on any fault,
// with the line and column; an empty text gives true with *height == 0, for
// the game to word its own message.
template <class CellFn>
bool read_char_grid(const char* text, size_t len, int max_side, int* width, int* height, Error* err, CellFn&& cell) {
  int rows = 0, w = -1;
  bool ok = true, ended = false;
  for_each_line(text, len, [&](const char* line, size_t n, int number) {
    if (n == 0) {
      ended = true;
      return true;
    }
    if (ended) {
      ok = fail(err, number, 1, "line %d: text after the blank line that ended the level", number);
      return false;
    }
    if (w < 0) w = (int)n;
    if ((int)n != w) {
      ok = fail(err, number, (int)(n < (size_t)w ? n + 1 : (size_t)w + 1),
                "line %d: row is %d cells wide but the first row is %d", number, (int)n, w);
      return false;
    }
    if (n > (size_t)max_side) {
      ok = fail(err, number, max_side + 1, "line %d: row is %d cells wide; at most %d", number, (int)n, max_side);
      return false;
    }
    if (rows >= max_side) {
      ok = fail(err, number, 1, "line %d: more than %d rows", number, max_side);
      return false;
    }
    for (size_t x = 0; x < n; ++x)
      if (!cell((int)x, rows, line[x])) {
        ok = false;
        return false;
      }
    ++rows;
    return true;
  });
  *width = w < 0 ? 0 : w;
  *height = rows;
  return ok;
}

// "line 3, column 5: 'Q' is not a cell LEGEND" (bytes outside ASCII in hex).
bool fail_not_a_cell(Error* err, int x, int y, char c, const char* legend);

}  // namespace tl
