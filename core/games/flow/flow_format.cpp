// Flow: the Numberlink text (puzzles, solutions; the check of a solution is
// the engine's, core/lines/board.cpp).
#include <string.h>

#include "core/base/grid.h"
#include "flow.h"

namespace tl {
namespace flow {

namespace {

// In the usual form every printable character but '.' is a colour: letters
// and digits, and the symbols large collections run on to ('[', '^', '_'...).
bool is_colour_char(char c) { return c > ' ' && c <= '~' && c != '.'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

struct Line {
  const char* text;
  size_t len;
  int number;
};

// "W H": two whole numbers.
bool read_size_line(const Line& l, int* w, int* h) {
  int v[2] = {0, 0}, k = 0;
  size_t i = 0;
  while (i < l.len && k < 2) {
    while (i < l.len && (l.text[i] == ' ' || l.text[i] == '\t')) ++i;
    if (i == l.len || l.text[i] < '0' || l.text[i] > '9') return false;
    while (i < l.len && l.text[i] >= '0' && l.text[i] <= '9' && v[k] < 10000) v[k] = v[k] * 10 + (l.text[i++] - '0');
    ++k;
  }
  while (i < l.len && (l.text[i] == ' ' || l.text[i] == '\t')) ++i;
  if (k != 2 || i != l.len) return false;
  *w = v[0];
  *h = v[1];
  return true;
}

// The board's features, a line each after the rows ("shape: hex",
// "blocks: ...", "walls: ...", "warps: ...", "portals: ...", "bridges: ...").
enum Feature { kNoFeature, kShape, kBlocks, kWalls, kWarps, kPortals, kBridges };
const char* const kFeatureKeys[] = {"", "shape:", "blocks:", "walls:", "warps:", "portals:", "bridges:"};

Feature feature_of(const Line& l) {
  for (int f = kShape; f <= kBridges; ++f) {
    const size_t n = strlen(kFeatureKeys[f]);
    if (l.len >= n && memcmp(l.text, kFeatureKeys[f], n) == 0 && (l.len == n || l.text[n] == ' ')) return (Feature)f;
  }
  return kNoFeature;
}

// "c,r" at text[*i]: a cell of the board; false (err naming the place) when not.
bool read_cell(const Line& l, size_t* i, const Puzzle& p, int* cell, Error* err) {
  int v[2] = {0, 0};
  const size_t start = *i;
  for (int k = 0; k < 2; ++k) {
    if (k == 1) {
      if (*i >= l.len || l.text[*i] != ',') break;
      ++*i;
    }
    const size_t digits = *i;
    while (*i < l.len && l.text[*i] >= '0' && l.text[*i] <= '9' && v[k] < 1000) v[k] = v[k] * 10 + (l.text[(*i)++] - '0');
    if (*i == digits) {
      v[0] = -1;
      break;
    }
  }
  if (v[0] < 0 || *i == start)
    return fail(err, l.number, (int)start + 1, "line %d, column %d: expected a cell as column,row (from 0)", l.number,
                (int)start + 1);
  if (v[0] >= p.width || v[1] >= p.height)
    return fail(err, l.number, (int)start + 1, "line %d, column %d: cell %d,%d is off the %dx%d board", l.number,
                (int)start + 1, v[0], v[1], p.width, p.height);
  *cell = v[1] * p.width + v[0];
  return true;
}

// The word of a "key: word" line, trimmed: [*from, *to).
void word_of(const Line& l, Feature feature, size_t* from, size_t* to) {
  size_t i = strlen(kFeatureKeys[feature]), end = l.len;
  while (i < l.len && l.text[i] == ' ') ++i;
  while (end > i && (l.text[end - 1] == ' ' || l.text[end - 1] == '\t')) --end;
  *from = i;
  *to = end;
}

// "shape: square|hex".
bool read_shape(const Line& l, Puzzle* p, Error* err) {
  size_t i, end;
  word_of(l, kShape, &i, &end);
  if (end - i == 3 && memcmp(l.text + i, "hex", 3) == 0) p->hex = true;
  else if (end - i == 6 && memcmp(l.text + i, "square", 6) == 0) p->hex = false;
  else return fail(err, l.number, (int)i + 1, "line %d, column %d: a shape is square or hex", l.number, (int)i + 1);
  return true;
}

// "warps: rows|columns|both".
bool read_warps(const Line& l, Puzzle* p, Error* err) {
  size_t i, end;
  word_of(l, kWarps, &i, &end);
  static const char* const kNames[] = {"rows", "columns", "both"};
  for (int k = 0; k < 3; ++k)
    if (end - i == strlen(kNames[k]) && memcmp(l.text + i, kNames[k], end - i) == 0) {
      p->warps = (uint8_t)(k + 1);
      if ((p->warps & kWarpColumns) && p->hex && p->height % 2)
        return fail(err, l.number, (int)i + 1, "line %d: columns that warp on a hex board need an even number of rows",
                    l.number);
      if ((p->warps & kWarpRows) && p->width < 3)
        return fail(err, l.number, (int)i + 1, "line %d: rows that warp need a board 3 wide or more", l.number);
      if ((p->warps & kWarpColumns) && p->height < 3)
        return fail(err, l.number, (int)i + 1, "line %d: columns that warp need a board 3 high or more", l.number);
      return true;
    }
  return fail(err, l.number, (int)i + 1, "line %d, column %d: warps are rows, columns or both", l.number, (int)i + 1);
}

// Whether a cell is an empty cell of the board: no dot, block, portal or bridge.
bool free_cell(const Puzzle& p, int c) { return !p.dot[(size_t)c] && !p.is_block(c) && !p.is_portal(c) && !p.is_bridge(c); }

// A feature line onto the puzzle (the shape is read before the others).
bool read_feature(const Line& l, Feature feature, Puzzle* p, Error* err) {
  if (feature == kShape || feature == kWarps) return true;  // read before the others
  size_t i = strlen(kFeatureKeys[feature]);
  for (;;) {
    while (i < l.len && (l.text[i] == ' ' || l.text[i] == '\t')) ++i;
    if (i == l.len) return true;
    const size_t at = i;
    int a = 0, b = 0;
    if (!read_cell(l, &i, *p, &a, err)) return false;
    if (feature == kPortals) {
      if (i >= l.len || l.text[i] != '/')
        return fail(err, l.number, (int)i + 1, "line %d, column %d: a portal is a pair of cells: c,r/c,r", l.number,
                    (int)i + 1);
      ++i;
      if (!read_cell(l, &i, *p, &b, err)) return false;
      if (a == b || !free_cell(*p, a) || !free_cell(*p, b))
        return fail(err, l.number, (int)at + 1,
                    "line %d, column %d: a portal's two cells are distinct empty cells, each in one pair", l.number,
                    (int)at + 1);
      if (p->portal.empty()) p->portal.assign((size_t)p->cells(), -1);
      p->portal[(size_t)a] = (int32_t)b;
      p->portal[(size_t)b] = (int32_t)a;
      continue;
    }
    if (feature == kBridges) {
      uint8_t axes = p->hex ? kCrossThree : kSquareBridge;
      if (i + 1 < l.len && l.text[i] == ':' && l.text[i + 1] == '2' && p->hex) {
        axes = kCrossTwo;
        i += 2;
      } else if (i < l.len && l.text[i] == ':') {
        return fail(err, l.number, (int)i + 1, "line %d, column %d: only a hex board's cross may be \":2\" (two-way)",
                    l.number, (int)i + 1);
      }
      if (!free_cell(*p, a))
        return fail(err, l.number, (int)at + 1, "line %d, column %d: a bridge goes on an empty cell, once", l.number,
                    (int)at + 1);
      if (p->bridge.empty()) p->bridge.assign((size_t)p->cells(), 0);
      p->bridge[(size_t)a] = axes;
      continue;
    }
    if (feature == kBlocks) {
      if (p->dot[(size_t)a])
        return fail(err, l.number, (int)at + 1, "line %d, column %d: a block on the '%c' dot", l.number, (int)at + 1,
                    p->letter[p->dot[(size_t)a]]);
      if (p->is_portal(a) || p->is_bridge(a))
        return fail(err, l.number, (int)at + 1, "line %d, column %d: a block on a %s", l.number, (int)at + 1,
                    p->is_portal(a) ? "portal" : "bridge");
      if (p->block.empty()) p->block.assign((size_t)p->cells(), 0);
      p->block[(size_t)a] = 1;
      continue;
    }
    if (i >= l.len || l.text[i] != '/')
      return fail(err, l.number, (int)i + 1, "line %d, column %d: a wall is two cells side by side: c,r/c,r", l.number,
                  (int)i + 1);
    ++i;
    if (!read_cell(l, &i, *p, &b, err)) return false;
    // Side by side on the board, or across an edge that warps (the wall
    // closes that row's or column's way round).
    int dir = -1;
    for (int d = 0; d < p->dirs(); ++d)
      if (p->step(a, d) == b) dir = d;
    if (dir < 0)
      return fail(err, l.number, (int)at + 1,
                  "line %d, column %d: the two cells of a wall must be side by side (or across an edge that warps)",
                  l.number, (int)at + 1);
    p->add_wall(a, dir, true);
  }
}

// One puzzle from its lines (no blank or comment lines among them).
bool read_block(const Line* lines, int count, Puzzle* p, Error* err) {
  // The feature lines (blocks, walls, warps, portals) come after the rows.
  int features = count;
  while (features > 0 && feature_of(lines[features - 1]) != kNoFeature) --features;
  if (features == 0)
    return fail(err, lines[0].number, 1, "line %d: a shape, blocks, walls, warps, portals or bridges but no rows",
                lines[0].number);
  const int all = count;
  count = features;
  int first = 0, w = -1, h = -1;
  if (read_size_line(lines[0], &w, &h)) first = 1;
  if (first == count)
    return fail(err, lines[0].number, 1, "line %d: a size line but no rows after it", lines[0].number);
  const int rows = count - first;
  // The form: the usual one ('.' and a character a colour), or, when no
  // row has a '.', letters as dots and anything else empty.
  bool letters_form = true;
  for (int r = first; r < count; ++r)
    for (size_t x = 0; x < lines[r].len; ++x)
      if (lines[r].text[x] == '.') letters_form = false;
  const int width = (int)lines[first].len;
  if (first == 1 && (w != width || h != rows))
    return fail(err, lines[0].number, 1, "line %d: the size line says %dx%d but the rows make %dx%d", lines[0].number,
                w, h, width, rows);
  if (width < kMinSide || rows < kMinSide || width * rows < 2)
    return fail(err, lines[first].number, 1, "line %d: the board is %dx%d; a board has two cells or more",
                lines[first].number, width, rows);
  if (width > kMaxSide || rows > kMaxSide)
    return fail(err, lines[first].number, 1, "line %d: the board is %dx%d; %s reads boards up to %dx%d",
                lines[first].number, width, rows, kMaxSide < 1024 ? "the device" : "tilelab", kMaxSide, kMaxSide);
  p->width = width;
  p->height = rows;
  p->colours = 0;
  p->dot.assign((size_t)(width * rows), 0);
  uint8_t count_of[kMaxColours + 1] = {0};
  uint8_t colour_of[128] = {0};
  for (int r = 0; r < rows; ++r) {
    const Line& l = lines[first + r];
    if ((int)l.len > width || (!letters_form && (int)l.len != width))
      return fail(err, l.number, (int)(l.len < (size_t)width ? l.len + 1 : (size_t)width + 1),
                  "line %d: the row has %d cells but the first row has %d", l.number, (int)l.len, width);
    for (int x = 0; x < (int)l.len; ++x) {
      const char ch = l.text[x];
      if (!letters_form && ch != '.' && !is_colour_char(ch))
        return fail(err, l.number, x + 1, "line %d, column %d: byte 0x%02x is not a cell: '.' or a colour's character",
                    l.number, x + 1, (unsigned char)ch);
      if ((unsigned char)ch >= 128)
        return fail(err, l.number, x + 1, "line %d, column %d: byte 0x%02x is not a cell: a letter or an empty cell",
                    l.number, x + 1, (unsigned char)ch);
      if (ch == '.' || (letters_form && !is_letter(ch))) continue;
      uint8_t& c = colour_of[(int)ch];
      if (c == 0) {
        if (p->colours == kMaxColours)
          return fail(err, l.number, x + 1, "line %d, column %d: '%c' is colour %d; a board has at most %d", l.number,
                      x + 1, ch, kMaxColours + 1, kMaxColours);
        c = (uint8_t)++p->colours;
        p->letter[c] = ch;
      }
      if (count_of[c] == 2)
        return fail(err, l.number, x + 1, "line %d, column %d: a third '%c' dot; every colour has exactly two",
                    l.number, x + 1, ch);
      p->ends[c][count_of[c]++] = (int32_t)(r * width + x);
      p->dot[(size_t)(r * width + x)] = (uint8_t)c;
    }
  }
  for (int c = 1; c <= p->colours; ++c)
    if (count_of[c] == 1) {
      int cell = p->ends[c][0];
      const Line& l = lines[first + cell / width];
      return fail(err, l.number, cell % width + 1, "line %d, column %d: '%c' has one dot; every colour has exactly two",
                  l.number, cell % width + 1, p->letter[c]);
    }
  for (int f = features; f < all; ++f)  // the shape first: the others read cells by it
    if (feature_of(lines[f]) == kShape && !read_shape(lines[f], p, err)) return false;
  for (int f = features; f < all; ++f)  // then the warps: a wall may close a warped edge
    if (feature_of(lines[f]) == kWarps && !read_warps(lines[f], p, err)) return false;
  for (int f = features; f < all; ++f)
    if (!read_feature(lines[f], feature_of(lines[f]), p, err)) return false;
  p->index_lanes();
  // Portals and warps must not make a cell its own neighbour, or two cells
  // neighbours twice over (a line between them could go either way).
  const int node = p->doubled_neighbour();
  if (node >= 0) {
    const int c = p->cell_of(node);
    bool own = false;
    for (int d = 0; d < p->dirs(); ++d) own = own || p->neighbour(node, d) == node;
    return fail(err, lines[all - 1].number, 1, "line %d: the portals make cell %d,%d %s; move a portal",
                lines[all - 1].number, c % width, c / width,
                own ? "its own neighbour" : "a neighbour of another cell twice");
  }
  return true;
}

}  // namespace

bool parse_puzzles(const char* text, size_t len, std::vector<Puzzle>* out, Error* err) {
  out->clear();
  std::vector<Line> block;
  bool ok = true;
  auto finish_block = [&]() {
    if (block.empty()) return true;
    Puzzle p;
    if (!read_block(block.data(), (int)block.size(), &p, err)) return false;
    out->push_back(p);
    block.clear();
    return true;
  };
  // Puzzles are parted by a blank line, or by the next puzzle's size line
  // right after the last row; a line "0 0" ends the stream (what follows it
  // is not read).
  bool ended = false;
  for_each_line(text, len, [&](const char* line, size_t n, int number) {
    if (ended) return true;
    size_t start = 0;
    while (start < n && (line[start] == ' ' || line[start] == '\t')) ++start;
    if (start < n && line[start] == '#') return true;  // a comment
    if (start == n) return ok = finish_block();        // a blank line ends a puzzle
    const Line l{line, n, number};
    // (A row of the letters form may read as one: only a puzzle begun with
    // a size line, or none, is ended by one.)
    int w = 0, h = 0, bw = 0, bh = 0;
    if (read_size_line(l, &w, &h) && (block.empty() || read_size_line(block[0], &bw, &bh))) {
      if (!finish_block()) return ok = false;
      if (w == 0 && h == 0) return !(ended = true);
    }
    block.push_back(l);
    return true;
  });
  if (!ok || !finish_block()) return false;
  if (out->empty()) return fail(err, 1, 1, "no puzzle: expected rows of '.' and a letter or digit a colour");
  return true;
}

bool parse_puzzle(const char* text, size_t len, Puzzle* out, Error* err) {
  std::vector<Puzzle> all;
  if (!parse_puzzles(text, len, &all, err)) return false;
  if (all.size() > 1) return fail(err, 0, 0, "%d puzzles in the text; one was expected", (int)all.size());
  *out = all[0];
  return true;
}

void format_puzzle(const Puzzle& p, Text* out) {
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      const uint8_t c = p.dot[(size_t)(y * p.width + x)];
      out->push(c ? p.letter[c] : '.');
    }
    out->push('\n');
  }
  if (p.hex) out->append("shape: hex\n");
  if (!p.block.empty()) {
    Text cells;
    for (int c = 0; c < p.cells(); ++c)
      if (p.block[(size_t)c]) cells.appendf(" %d,%d", c % p.width, c / p.width);
    if (!cells.empty()) out->appendf("blocks:%s\n", cells.c_str());
  }
  if (!p.wall.empty()) {
    Text walls;
    for (int c = 0; c < p.cells(); ++c)
      for (int k = 0; k < p.dirs() / 2; ++k) {
        static const int kForward[2][3] = {{kRight, kDown, -1}, {kEast, kSouthWest, kSouthEast}};
        const int d = kForward[p.hex][k];
        // Each wall once: from the cell before in reading order, or (across
        // an edge that warps) from the cell whose forward side it is.
        const int inside = p.step(c, d, false), n = p.step(c, d);
        if (p.walled(c, d) && n >= 0 && (inside < 0 || n > c))
          walls.appendf(" %d,%d/%d,%d", c % p.width, c / p.width, n % p.width, n / p.width);
      }
    if (!walls.empty()) out->appendf("walls:%s\n", walls.c_str());
  }
  static const char* const kWarpNames[] = {"", "rows", "columns", "both"};
  if (p.warps) out->appendf("warps: %s\n", kWarpNames[p.warps & 3]);
  if (!p.portal.empty()) {
    Text pairs;
    for (int c = 0; c < p.cells(); ++c)
      if (p.portal[(size_t)c] > c)
        pairs.appendf(" %d,%d/%d,%d", c % p.width, c / p.width, (int)(p.portal[(size_t)c] % p.width),
                      (int)(p.portal[(size_t)c] / p.width));
    out->appendf("portals:%s\n", pairs.c_str());
  }
  if (!p.bridge.empty()) {
    Text cells;
    for (int c = 0; c < p.cells(); ++c)
      if (p.bridge[(size_t)c])
        cells.appendf(" %d,%d%s", c % p.width, c / p.width, p.bridge[(size_t)c] == kCrossTwo ? ":2" : "");
    if (!cells.empty()) out->appendf("bridges:%s\n", cells.c_str());
  }
}

void format_solution(const Puzzle& p, const Solution& s, Text* out) {
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      const uint8_t c = s.colour[(size_t)(y * p.width + x)];
      out->push(c ? p.letter[c] : '.');
    }
    out->push('\n');
  }
}

}  // namespace flow
}  // namespace tl
