// editor.cpp — the level editor's midend (see editor.h): a level text read as
// a grid of cells, painted with the palette's brushes, resized, with undo.
//
// [SECTION] Lines and rows of a level's text
// [SECTION] Listings
// [SECTION] Cell grids
// [SECTION] Editor
#include "editor.h"

#include <string.h>

namespace tl {

namespace {

// ---------------------------------------------------------------------------
// [SECTION] Lines and rows of a level's text
// ---------------------------------------------------------------------------
bool is_space(char c) { return c == ' ' || c == '\t'; }

// The text of a word grid's cell split at its first ',': height and tile
// (the tile with its comma, or empty).
void split_word(const Text& word, Text* height, Text* tile) {
  height->clear();
  tile->clear();
  size_t i = 0;
  for (; i < word.size() && word[i] != ','; ++i) height->push(word[i]);
  for (; i < word.size(); ++i) tile->push(word[i]);
}

bool all_digits(const char* s) {
  if (!*s) return false;
  for (; *s; ++s)
    if (*s < '0' || *s > '9') return false;
  return true;
}

// The lines of a text with where each starts, so the tail can be kept whole.
struct Line {
  const char* start;
  size_t n;
  int number;
};

void lines_of(const char* text, size_t len, std::vector<Line>* out) {
  out->clear();
  for_each_line(text, len, [&](const char* s, size_t n, int number) {
    out->push_back(Line{s, n, number});
    return true;
  });
}

// Everything after the line `last` (its newline included), as it was.
void keep_tail(const char* text, size_t len, const Line& last, Text* tail) {
  tail->clear();
  size_t from = (size_t)(last.start - text) + last.n;
  while (from < len && text[from] != '\n') ++from;  // a '\r' before the newline
  if (from < len) ++from;
  tail->append(text + from, len - from);
}

// Control bytes are never cells: a '\r' would not survive being written out.
bool check_printable(const Line& l, Error* err) {
  for (size_t k = 0; k < l.n; ++k) {
    const unsigned char c = (unsigned char)l.start[k];
    if ((c < 0x20 && c != '\t') || c == 0x7f)
      return fail(err, l.number, (int)k + 1, "line %d, column %d: byte 0x%02x is not a cell", l.number, (int)k + 1, c);
  }
  return true;
}

// A "key: ..." line after a grid (Flow's blocks and walls): it ends the grid
// and is kept with the tail.
bool is_directive(const Line& l) {
  size_t k = 0;
  while (k < l.n && l.start[k] >= 'a' && l.start[k] <= 'z') ++k;
  return k > 0 && k < l.n && l.start[k] == ':' && (k + 1 == l.n || l.start[k + 1] == ' ');
}

bool read_char_rows(const std::vector<Line>& lines, size_t first, CellGrid* out, size_t* next, Error* err) {
  size_t i = first;
  for (; i < lines.size() && lines[i].n > 0 && !(out->height > 0 && is_directive(lines[i])); ++i) {
    const Line& l = lines[i];
    if (!check_printable(l, err)) return false;
    if (out->height == 0) out->width = (int)l.n;
    else if ((int)l.n != out->width)
      return fail(err, l.number, 1, "line %d: a row of %d cells under rows of %d; every row is as long", l.number,
                  (int)l.n, out->width);
    if (out->width > kEditorMaxSide || out->height >= kEditorMaxSide)
      return fail(err, l.number, 1, "line %d: the editor's boards are at most %dx%d", l.number, kEditorMaxSide,
                  kEditorMaxSide);
    for (size_t k = 0; k < l.n; ++k) {
      Text cell;
      cell.push(l.start[k]);
      out->cells.push_back(cell);
    }
    ++out->height;
  }
  *next = i;
  return true;
}

bool read_word_rows(const std::vector<Line>& lines, size_t first, CellGrid* out, size_t* next, Error* err) {
  if (first >= lines.size()) return fail(err, 1, 1, "the level is empty: expected a size line such as 7x7");
  const Line& size = lines[first];
  int w = 0, h = 0;
  size_t k = 0;
  while (k < size.n && size.start[k] >= '0' && size.start[k] <= '9' && w <= kEditorMaxSide) w = w * 10 + (size.start[k++] - '0');
  bool ok = k > 0 && k < size.n && (size.start[k] == 'x' || size.start[k] == 'X');
  size_t digits = ++k;
  while (ok && k < size.n && size.start[k] >= '0' && size.start[k] <= '9' && h <= kEditorMaxSide) h = h * 10 + (size.start[k++] - '0');
  while (ok && k < size.n && is_space(size.start[k])) ++k;
  if (!ok || k == digits || k != size.n)
    return fail(err, size.number, 1, "line %d: expected the board's size such as 7x7", size.number);
  if (w < 1 || h < 1 || w > kEditorMaxSide || h > kEditorMaxSide)
    return fail(err, size.number, 1, "line %d: the editor's boards are 1x1 to %dx%d", size.number, kEditorMaxSide,
                kEditorMaxSide);
  out->width = w;
  size_t i = first + 1;
  for (int y = 0; y < h; ++y, ++i) {
    if (i >= lines.size() || lines[i].n == 0)
      return fail(err, i < lines.size() ? lines[i].number : size.number + y + 1, 1,
                  "line %d: the size line says %d rows; row %d is missing", size.number + y + 1, h, y + 1);
    const Line& l = lines[i];
    if (!check_printable(l, err)) return false;
    int words = 0;
    for (size_t c = 0; c < l.n;) {
      while (c < l.n && is_space(l.start[c])) ++c;
      if (c == l.n) break;
      Text word;
      while (c < l.n && !is_space(l.start[c])) word.push(l.start[c++]);
      if (++words <= w) out->cells.push_back(word);
    }
    if (words != w)
      return fail(err, l.number, 1, "line %d: %d cells in a row of a %dx%d board (the editor needs every cell written)",
                  l.number, words, w, h);
    ++out->height;
  }
  *next = i;
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Listings: the "key:" lines after the grid
// ---------------------------------------------------------------------------
// A listing's entry naming a cell: "x,y", "x,y:2" (a cell with more to
// say) or, with sides, either half of "x,y/x,y".
bool names_cell(const char* entry, size_t n, const char* cell, bool sides) {
  const size_t c = strlen(cell);
  for (size_t from = 0; from < n;) {
    size_t to = from;
    while (to < n && entry[to] != '/') ++to;
    if (to - from >= c && memcmp(entry + from, cell, c) == 0 && (to - from == c || entry[from + c] == ':')) return true;
    if (!sides) return false;
    from = to + 1;
  }
  return false;
}

// The "key:" lines right after the grid, each kept whole, and the rest of
// the tail.
void cut_listings(const Text& tail, std::vector<Text>* lines, Text* rest) {
  lines->clear();
  rest->clear();
  size_t at = 0;
  const char* t = tail.c_str();
  while (at < tail.size()) {
    size_t end = at;
    while (end < tail.size() && t[end] != '\n') ++end;
    const Line l{t + at, end - at, 0};
    if (!is_directive(l)) break;
    lines->push_back(Text());
    lines->back().append(t + at, end - at);
    at = end < tail.size() ? end + 1 : end;
  }
  rest->append(t + at, tail.size() - at);
}

void join_listings(const std::vector<Text>& lines, const Text& rest, Text* tail) {
  tail->clear();
  for (const Text& l : lines) {
    tail->append(l);
    tail->push('\n');
  }
  tail->append(rest);
}

bool has_key(const Text& line, const char* key) {
  const size_t k = strlen(key);
  return line.size() > k && memcmp(line.c_str(), key, k) == 0 && line[k] == ':';
}

// Calls f(entry, length) for each entry of a "key: ..." line.
template <class F>
void for_each_entry(const Text& line, const char* key, F f) {
  const char* s = line.c_str();
  for (size_t at = strlen(key) + 1; at < line.size();) {
    while (at < line.size() && is_space(s[at])) ++at;
    size_t end = at;
    while (end < line.size() && !is_space(s[end])) ++end;
    if (end > at) f(s + at, end - at);
    at = end;
  }
}

// The line of `key` without the entries naming `cell`; a line left with
// none goes.
void drop_entries(std::vector<Text>* lines, const char* key, const char* cell, bool sides) {
  for (size_t i = 0; i < lines->size(); ++i) {
    if (!has_key((*lines)[i], key)) continue;
    Text kept(key);
    kept.push(':');
    bool any = false;
    for_each_entry((*lines)[i], key, [&](const char* entry, size_t n) {
      if (names_cell(entry, n, cell, sides)) return;
      kept.push(' ');
      kept.append(entry, n);
      any = true;
    });
    if (any) (*lines)[i] = kept;
    else lines->erase(lines->begin() + (ptrdiff_t)i--);
  }
}

// Adds an entry to the line of `key` (made after the others when there is none).
void add_entry(std::vector<Text>* lines, const char* key, const char* entry) {
  for (Text& line : *lines)
    if (has_key(line, key)) {
      line.push(' ');
      line.append(entry);
      return;
    }
  Text line(key);
  line.append(": ");
  line.append(entry);
  lines->push_back(line);
}

// The cell completes the pair of one cell on the line of `key`, or starts a
// pair of its own (a level with a pair of one cell does not read until the
// next cell is painted).
void pair_entry(std::vector<Text>* lines, const char* key, const char* cell) {
  for (Text& line : *lines) {
    if (!has_key(line, key)) continue;
    Text paired(key);
    paired.push(':');
    bool done = false;
    for_each_entry(line, key, [&](const char* entry, size_t n) {
      paired.push(' ');
      paired.append(entry, n);
      if (!done && !memchr(entry, '/', n)) {
        paired.push('/');
        paired.append(cell);
        done = true;
      }
    });
    if (done) {
      line = paired;
      return;
    }
  }
  add_entry(lines, key, cell);
}

// Whether an entry on the line of `key` passes f(entry, length).
template <class F>
bool any_entry(const std::vector<Text>& lines, const char* key, F f) {
  bool found = false;
  for (const Text& line : lines)
    if (has_key(line, key)) for_each_entry(line, key, [&](const char* entry, size_t n) { found = found || f(entry, n); });
  return found;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Cell grids: read, written, painted and resized
// ---------------------------------------------------------------------------
bool read_cell_grid(const GameInfo& game, const char* text, size_t len, CellGrid* out, Error* err) {
  *out = CellGrid();
  std::vector<Line> lines;
  lines_of(text, len, &lines);
  size_t first = 0;
  while (first < lines.size() && lines[first].n == 0) ++first;  // blank lines before the level
  size_t next = first;
  bool ok = game.edit_words ? read_word_rows(lines, first, out, &next, err)
                            : read_char_rows(lines, first, out, &next, err);
  if (ok && out->height == 0) ok = fail(err, 1, 1, "the level is empty: expected rows of cells");
  if (!ok) {
    *out = CellGrid();
    return false;
  }
  keep_tail(text, len, lines[next - 1], &out->tail);
  return true;
}

void write_cell_grid(const GameInfo& game, const CellGrid& grid, Text* out) {
  out->clear();
  if (game.edit_words) {
    out->appendf("%dx%d\n", grid.width, grid.height);
    size_t column = 1;  // padded to the widest cell, so the columns line up as the game writes them
    for (const Text& cell : grid.cells) column = cell.size() + 1 > column ? cell.size() + 1 : column;
    column = column < 8 ? 8 : column;
    for (int y = 0; y < grid.height; ++y) {
      for (int x = 0; x < grid.width; ++x) {
        const Text& cell = grid.at(x, y);
        out->append(cell);
        if (x + 1 < grid.width)
          for (size_t k = cell.size(); k < column; ++k) out->push(' ');
      }
      out->push('\n');
    }
  } else {
    for (int y = 0; y < grid.height; ++y) {
      for (int x = 0; x < grid.width; ++x) out->append(grid.at(x, y));
      out->push('\n');
    }
  }
  out->append(grid.tail);
}

void paint_side(CellGrid* grid, int x0, int y0, int x1, int y1, const Brush& brush) {
  if (!(brush.flags & kBrushSides)) return;
  Text a, b, side;
  a.appendf("%d,%d", x0, y0);
  b.appendf("%d,%d", x1, y1);
  std::vector<Text> lines;
  Text rest;
  cut_listings(grid->tail, &lines, &rest);
  // Listed already when an entry names both cells, either way round.
  if (any_entry(lines, brush.token, [&](const char* entry, size_t n) {
        return names_cell(entry, n, a.c_str(), true) && names_cell(entry, n, b.c_str(), true);
      }))
    return;
  side.appendf("%s/%s", a.c_str(), b.c_str());
  add_entry(&lines, brush.token, side.c_str());
  join_listings(lines, rest, &grid->tail);
}

void paint_cell(const GameInfo& game, CellGrid* grid, int x, int y, const Brush& brush) {
  if (x < 0 || y < 0 || x >= grid->width || y >= grid->height) return;
  const char* blank = game.palette_count ? game.palette[0].token : ".";
  Text height, tile;
  if (!game.edit_words) {
    if (brush.flags & kBrushSides) return;  // a side, not a cell: paint_side
    // The cell leaves the listings (a dot is not a block), and with the blank
    // brush the sides' too: the blank clears a cell of everything.
    Text at;
    at.appendf("%d,%d", x, y);
    std::vector<Text> lines;
    Text rest;
    cut_listings(grid->tail, &lines, &rest);
    const bool clear = strcmp(brush.token, blank) == 0;
    for (int i = 0; i < game.palette_count; ++i) {
      const Brush& b = game.palette[i];
      if ((b.flags & (kBrushListed | kBrushPairs)) || (clear && (b.flags & kBrushSides)))
        drop_entries(&lines, b.token, at.c_str(), (b.flags & (kBrushSides | kBrushPairs)) != 0);
    }
    if (brush.flags & kBrushListed) add_entry(&lines, brush.token, at.c_str());
    if (brush.flags & kBrushPairs) pair_entry(&lines, brush.token, at.c_str());
    join_listings(lines, rest, &grid->tail);
    if (brush.flags & (kBrushListed | kBrushPairs)) {
      grid->at(x, y) = Text(blank);
      return;
    }
    if (brush.flags & kBrushUnique)
      for (Text& cell : grid->cells)
        if (cell.equals(brush.token)) cell = Text(blank);
    grid->at(x, y) = Text(brush.token);
    return;
  }
  if (brush.flags & kBrushUnique)
    for (Text& cell : grid->cells) {
      split_word(cell, &height, &tile);
      if (tile.equals(brush.token)) cell = height;
    }
  Text& cell = grid->at(x, y);
  split_word(cell, &height, &tile);
  const bool no_ground = height.empty() || height.equals("x");
  if (brush.token[0] == ',') {  // a tile on the cell's height
    Text word(no_ground ? "0" : height.c_str());
    if (brush.token[1]) word.append(brush.token);
    cell = word;
  } else if (all_digits(brush.token)) {  // a height under the cell's tile
    Text word(brush.token);
    if (!no_ground) word.append(tile);
    cell = word;
  } else {
    cell = Text(brush.token);
  }
}

void resize_grid(const GameInfo& game, CellGrid* grid, int w, int h) {
  const char* blank = game.palette_count ? game.palette[0].token : ".";
  w = w < 1 ? 1 : w > kEditorMaxSide ? kEditorMaxSide : w;
  h = h < 1 ? 1 : h > kEditorMaxSide ? kEditorMaxSide : h;
  std::vector<Text> cells((size_t)(w * h), Text(blank));
  for (int y = 0; y < h && y < grid->height; ++y)
    for (int x = 0; x < w && x < grid->width; ++x) cells[(size_t)(y * w + x)] = grid->at(x, y);
  grid->cells.swap(cells);
  grid->width = w;
  grid->height = h;
}

// ---------------------------------------------------------------------------
// [SECTION] Editor
// ---------------------------------------------------------------------------
void Editor::open(const GameInfo& game, const char* text, size_t len) {
  game_ = &game;
  level_.reset();
  level_text_.clear();
  level_grid_ = CellGrid();
  undo_.clear();
  redo_.clear();
  Text t;
  t.append(text, len);
  take(t, false);
}

void Editor::take(const Text& text, bool canonical) {
  text_ = text;
  Error err;
  std::unique_ptr<Level> level = game_->parse(text.c_str(), text.size(), &err);
  if (level) {
    error_.clear();
    level_ = std::move(level);
    level_text_.clear();
    level_->canonical_text(&level_text_);
    if (canonical) text_ = level_text_;
    Error ignored;
    if (!read_cell_grid(*game_, level_text_.c_str(), level_text_.size(), &level_grid_, &ignored)) level_grid_ = CellGrid();
    ++level_version_;
  } else {
    error_ = err;
  }
  Error ignored;
  if (!read_cell_grid(*game_, text_.c_str(), text_.size(), &grid_, &ignored)) grid_ = CellGrid();
  mark_pending_listings();
}

void Editor::mark_pending_listings() {
  pending_listing_.assign(grid_.cells.size(), 0);
  if (!error_.set() || game_->edit_words) return;
  std::vector<Text> now, then;
  Text rest;
  cut_listings(grid_.tail, &now, &rest);
  cut_listings(level_grid_.tail, &then, &rest);
  for (int y = 0; y < grid_.height; ++y)
    for (int x = 0; x < grid_.width; ++x) {
      Text at;
      at.appendf("%d,%d", x, y);
      for (int i = 0; i < game_->palette_count; ++i) {
        const Brush& b = game_->palette[i];
        if (!(b.flags & (kBrushListed | kBrushSides | kBrushPairs))) continue;
        const bool sides = (b.flags & (kBrushSides | kBrushPairs)) != 0;
        auto names = [&](const char* entry, size_t n) { return names_cell(entry, n, at.c_str(), sides); };
        if (any_entry(now, b.token, names) != any_entry(then, b.token, names)) {
          pending_listing_[(size_t)(y * grid_.width + x)] = (uint8_t)(i + 1);
          break;
        }
      }
    }
}

void Editor::push_undo() {
  if ((int)undo_.size() >= kEditorUndoSteps) undo_.erase(undo_.begin());
  undo_.push_back(text_);
  redo_.clear();
}

bool Editor::set_text(const char* text, size_t len) {
  if (!game_) return false;
  Text t;
  t.append(text, len);
  if (!t.equals(text_.c_str())) {
    push_undo();
    stroke_open_ = false;
    take(t, false);
  }
  return error_.message[0] == '\0';
}

bool Editor::paint(int x, int y, int brush, bool continue_stroke) {
  if (!continue_stroke) stroke_open_ = false;
  if (!game_ || brush < 0 || brush >= game_->palette_count || grid_.width == 0) return false;
  const Brush& b = game_->palette[brush];
  // A sides brush's stroke may step one cell off the board: the side it
  // crosses is a row's (column's) way round an edge that warps, and the
  // stroke goes on from that row's (column's) other end.
  const int w = grid_.width, h = grid_.height;
  const bool sides = (b.flags & kBrushSides) != 0, inside = x >= 0 && y >= 0 && x < w && y < h;
  const bool off_x = x == -1 || x == w, off_y = y == -1 || y == h;  // one step past an edge
  const bool across_edge = sides && continue_stroke && (off_x ? y >= 0 && y < h : off_y && x >= 0 && x < w);
  if (!inside && !across_edge) return false;
  const int from_x = stroke_x_, from_y = stroke_y_;
  const int to_x = (x + w) % w, to_y = (y + h) % h;
  stroke_x_ = to_x;
  stroke_y_ = to_y;
  CellGrid grid = grid_;
  if (sides) {  // the side between the stroke's last cell and this one
    if (!continue_stroke || from_x < 0 || (from_x == x && from_y == y)) return false;
    if (from_x - x > 1 || x - from_x > 1 || from_y - y > 1 || y - from_y > 1) return false;
    paint_side(&grid, from_x, from_y, to_x, to_y, b);
  } else {
    paint_cell(*game_, &grid, x, y, b);
  }
  Text t;
  write_cell_grid(*game_, grid, &t);
  if (t.equals(text_.c_str())) return false;
  if ((b.flags & kBrushSides) && error_.message[0] == '\0') {  // a level that reads keeps reading
    Error err;
    if (!game_->parse(t.c_str(), t.size(), &err)) return false;
  }
  if (!stroke_open_) push_undo();
  stroke_open_ = true;
  take(t, true);
  return true;
}

bool Editor::resize(int width, int height) {
  if (!game_ || grid_.width == 0) return false;
  CellGrid grid = grid_;
  resize_grid(*game_, &grid, width, height);
  return take_grid(grid);
}

bool Editor::take_grid(const CellGrid& grid) {
  Text t;
  write_cell_grid(*game_, grid, &t);
  if (t.equals(text_.c_str())) return false;
  push_undo();
  stroke_open_ = false;
  take(t, true);
  return true;
}

namespace {

// The tail's hand line: where it starts and its length (npos: none).
void find_hand_line(const Text& tail, size_t* start, size_t* n) {
  const char* t = tail.c_str();
  *start = (size_t)-1;
  *n = 0;
  for (size_t at = 0; at < tail.size();) {
    size_t end = at;
    while (end < tail.size() && t[end] != '\n') ++end;
    size_t k = at;
    while (k < end && (t[k] == ' ' || t[k] == '\t' || t[k] == '\r')) ++k;
    if (k < end) {
      *start = at;
      *n = end - at;
      return;
    }
    at = end + 1;
  }
}

}  // namespace

std::vector<Text> Editor::hand() const {
  std::vector<Text> cards;
  size_t start, n;
  find_hand_line(grid_.tail, &start, &n);
  if (start == (size_t)-1) return cards;
  const char* line = grid_.tail.c_str() + start;
  for (size_t k = 0; k < n;) {
    while (k < n && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r')) ++k;
    size_t end = k;
    while (end < n && line[end] != ' ' && line[end] != '\t' && line[end] != '\r') ++end;
    if (end > k) {
      cards.push_back(Text());
      cards.back().append(line + k, end - k);
    }
    k = end;
  }
  return cards;
}

bool Editor::set_hand(const std::vector<Text>& cards) {
  if (!game_ || !game_->hand_cards || grid_.width == 0) return false;
  CellGrid grid = grid_;
  size_t start, n;
  find_hand_line(grid.tail, &start, &n);
  Text tail;
  if (start == (size_t)-1) tail.append(grid.tail.size() ? grid.tail.c_str() : "\n");
  else tail.append(grid.tail.c_str(), start);
  for (size_t i = 0; i < cards.size(); ++i) {
    if (i) tail.push(' ');
    tail.append(cards[i]);
  }
  tail.push('\n');
  grid.tail = tail;
  return take_grid(grid);
}

bool Editor::add_card(const char* card) {
  std::vector<Text> cards = hand();
  cards.push_back(Text(card));
  return set_hand(cards);
}

bool Editor::remove_card(int index) {
  std::vector<Text> cards = hand();
  if (index < 0 || index >= (int)cards.size()) return false;
  cards.erase(cards.begin() + index);
  return set_hand(cards);
}

// Undo and redo: the text moves from one history to the other.
bool Editor::step(std::vector<Text>* from, std::vector<Text>* to) {
  if (from->empty()) return false;
  to->push_back(text_);
  Text t = from->back();
  from->pop_back();
  stroke_open_ = false;
  take(t, false);
  return true;
}

bool Editor::undo() { return step(&undo_, &redo_); }
bool Editor::redo() { return step(&redo_, &undo_); }

bool Editor::pending(int x, int y) const {
  if (!error_.set() || x < 0 || y < 0 || x >= grid_.width || y >= grid_.height) return false;
  if (level_grid_.width != grid_.width || level_grid_.height != grid_.height) return true;
  return !grid_.at(x, y).equals(level_grid_.at(x, y).c_str()) || *pending_listing(x, y);
}

const char* Editor::pending_listing(int x, int y) const {
  if (x < 0 || y < 0 || x >= grid_.width || y >= grid_.height) return "";
  const int brush = pending_listing_[(size_t)(y * grid_.width + x)];
  return brush ? game_->palette[brush - 1].token : "";
}

}  // namespace tl
