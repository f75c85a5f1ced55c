#include "grid_text.h"

#include "core/base/grid.h"

namespace tl {

void format_dir_moves(const Move* moves, size_t count, Text* out) {
  for (size_t i = 0; i < count; ++i) {
    if (i) out->push(' ');
    out->push(dir_letter(moves[i]));
  }
}

void describe_dir_moves(const Move* moves, size_t count, Text* out) {
  static const char* const kWords[] = {"up", "down", "left", "right"};
  if (count > 3) {
    format_dir_moves(moves, count, out);
    out->appendf(" (%d moves)", (int)count);
    return;
  }
  for (size_t i = 0; i < count; ++i) {
    if (i) out->append(i + 1 == count ? ", then " : ", ");
    out->append(kWords[moves[i] & 3]);
  }
}

bool parse_dir_moves(const char* text, size_t len, MoveList* out, Error* err) {
  out->clear();
  for (size_t i = 0; i < len; ++i) {
    char c = text[i];
    if (c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r') continue;
    int d = dir_from_letter(c);
    if (d < 0) return fail(err, 1, (int)i + 1, "moves: '%c' at column %d is not one of U D L R", c, (int)i + 1);
    out->push_back((Move)d);
  }
  return true;
}

bool fail_not_a_cell(Error* err, int x, int y, char c, const char* legend) {
  unsigned char u = (unsigned char)c;
  if (u >= 32 && u < 127)
    return fail(err, y + 1, x + 1, "line %d, column %d: '%c' is not a cell %s", y + 1, x + 1, c, legend);
  return fail(err, y + 1, x + 1, "line %d, column %d: byte 0x%02x is not a cell %s", y + 1, x + 1, u, legend);
}

}  // namespace tl
