// Tickles Penguin: the slide, the stop table, the text format and the view.
//
// [SECTION] The slide, step by step
// [SECTION] The stop table, a slide a jump at a time
// [SECTION] Text: one character a cell
// [SECTION] The level: rating, solving, the view and why a move lost
// [SECTION] Reading a level
//
// A slide, step by step, from the penguin's cell in the chosen direction:
//   - off the board: lost;
//   - into a wall '#' or tree 'T': stops in front of it;
//   - into a bridge '-' or '|' along its axis: crosses it, whatever lies
//     beneath; from the side: stops in front of it;
//   - into picks 'x': lost; into the finish 'F': won;
//   - onto snow '*': stops on it;
//   - onto a treadmill '<' '>' '^' 'v': carried on the way the arrow points;
//   - into a door '0'..'9': comes out of its twin and slides on the same way;
//   - onto ice: slides on.
// Standing on a bridge, the penguin can only move along it. Treadmills and
// doors act when the penguin enters them, not while it stands on them. A slide
// that would never end (treadmills and doors sending it round a loop) loses:
// the penguin is swept round forever.
#include <string.h>

#include "core/base/grid.h"
#include "core/game/level_of.h"
#include "penguin.h"

namespace tl {
namespace penguin {

// ---------------------------------------------------------------------------
// [SECTION] The slide, step by step
// ---------------------------------------------------------------------------
Stop Board::slide(int cell, int dir) const {
  Stop result{(uint16_t)cell, (uint8_t)Outcome::kNoChange, 0};
  int t0 = tile[(size_t)cell];
  if ((t0 == kBridgeH && (dir == kUp || dir == kDown)) || (t0 == kBridgeV && (dir == kLeft || dir == kRight)))
    return result;  // no stepping off a bridge sideways
  // A slide enters each (cell, direction) at most once unless it loops, so
  // more steps than there are such pairs means an endless slide.
  const int max_steps = width * height * 4;
  int at = cell, d = dir;
  for (int steps = 0;; ++steps) {
    if (steps > max_steps) {
      result.outcome = (uint8_t)Outcome::kLost;
      result.cell = (uint16_t)at;
      return result;
    }
    int x = at % width + dir_dx(d), y = at / width + dir_dy(d);
    if (!inside(x, y)) {
      result.outcome = (uint8_t)Outcome::kLost;
      result.cell = (uint16_t)at;
      return result;
    }
    int next = y * width + x;
    int t = tile[(size_t)next];
    bool horizontal = d == kLeft || d == kRight;
    if (t == kWall || t == kTree || (t == kBridgeH && !horizontal) || (t == kBridgeV && horizontal)) break;
    at = next;
    if (t == kPicks) {
      result.outcome = (uint8_t)Outcome::kLost;
      result.cell = (uint16_t)at;
      return result;
    }
    if (t == kFinish) {
      result.outcome = (uint8_t)Outcome::kWon;
      result.cell = (uint16_t)at;
      return result;
    }
    if (t == kSnow) break;
    if (t >= kTreadUp && t <= kTreadRight) d = t - kTreadUp;
    if (t == kDoor) at = twin[(size_t)at];
  }
  result.cell = (uint16_t)at;
  result.outcome = (uint8_t)(at == cell ? Outcome::kNoChange : Outcome::kMoved);
  return result;
}

// ---------------------------------------------------------------------------
// [SECTION] The stop table, a slide a jump at a time
// ---------------------------------------------------------------------------
// Over each row and column a mask of the cells that do something to a slide
// along it (every tile but ice and a bridge along that axis), so the slide
// jumps straight to the next such cell (or off the edge) and only acts
// there. It counts the steps it passes as Board::slide does; a slide that
// passes as many as Board::slide allows is going round a loop, and
// Board::slide itself says where it is lost.
// ---------------------------------------------------------------------------
namespace {

struct SlideMasks {
  uint32_t row[kMaxSide];     // bit x: cell (x, y) acts on a slide along row y
  uint32_t column[kMaxSide];  // bit y: cell (x, y) acts on a slide along column x

  explicit SlideMasks(const Board& b) {
    memset(row, 0, sizeof row);
    memset(column, 0, sizeof column);
    for (int y = 0; y < b.height; ++y)
      for (int x = 0; x < b.width; ++x) {
        const int t = b.tile[(size_t)(y * b.width + x)];
        if (t != kIce && t != kBridgeH) row[y] |= 1u << x;
        if (t != kIce && t != kBridgeV) column[x] |= 1u << y;
      }
  }
};

// The next position along `mask` from `at` (a bit index) going up (+1) or
// down (-1) the bits, or -1 when none is left.
int next_bit(uint32_t mask, int at, bool up) {
  if (up) {
    const uint32_t ahead = at >= 31 ? 0 : mask >> (at + 1);
    return ahead ? at + 1 + __builtin_ctz(ahead) : -1;
  }
  const uint32_t ahead = mask & ((1u << at) - 1);
  return ahead ? 31 - __builtin_clz(ahead) : -1;
}

// Board::slide's answer, or false when the slide passes Board::slide's step
// limit (a loop: Board::slide then gives the answer).
bool jump_slide(const Board& b, const SlideMasks& masks, int cell, int dir, Stop* out) {
  const int t0 = b.tile[(size_t)cell];
  *out = Stop{(uint16_t)cell, (uint8_t)Outcome::kNoChange, 0};
  if ((t0 == kBridgeH && (dir == kUp || dir == kDown)) || (t0 == kBridgeV && (dir == kLeft || dir == kRight)))
    return true;  // no stepping off a bridge sideways
  const int max_steps = b.width * b.height * 4;
  int x = cell % b.width, y = cell / b.width, d = dir, steps = 0;
  for (;;) {
    const bool horizontal = d == kLeft || d == kRight;
    const bool up = d == kRight || d == kDown;
    const int along = horizontal ? x : y;
    const int hit = next_bit(horizontal ? masks.row[y] : masks.column[x], along, up);
    const int edge = up ? (horizontal ? b.width : b.height) - 1 : 0;
    // Board::slide steps once a cell up to the cell that acts (or the edge), and once more into it (or off).
    steps += (hit < 0 ? (up ? edge - along : along - edge) : (up ? hit - along : along - hit) - 1) + 1;
    if (steps > max_steps) return false;
    if (hit < 0) {  // off the board from the edge
      if (horizontal) x = edge; else y = edge;
      *out = Stop{(uint16_t)(y * b.width + x), (uint8_t)Outcome::kLost, 0};
      return true;
    }
    const int hx = horizontal ? hit : x, hy = horizontal ? y : hit;
    const int next = hy * b.width + hx;
    const int t = b.tile[(size_t)next];
    if (t == kWall || t == kTree || t == kBridgeH || t == kBridgeV) {  // stops in front (a bridge met from the side)
      x = hx - dir_dx(d);
      y = hy - dir_dy(d);
      break;
    }
    x = hx;
    y = hy;
    if (t == kPicks || t == kFinish) {
      *out = Stop{(uint16_t)next, (uint8_t)(t == kPicks ? Outcome::kLost : Outcome::kWon), 0};
      return true;
    }
    if (t == kSnow) break;
    if (t >= kTreadUp && t <= kTreadRight) d = t - kTreadUp;
    if (t == kDoor) {
      const int twin = b.twin[(size_t)next];
      x = twin % b.width;
      y = twin / b.width;
    }
  }
  const int at = y * b.width + x;
  *out = Stop{(uint16_t)at, (uint8_t)(at == cell ? Outcome::kNoChange : Outcome::kMoved), 0};
  return true;
}

}  // namespace

void Rules::build_stops() {
  const uint16_t none = pack_stop(Stop{0, (uint8_t)Outcome::kNoChange, 0});
  stops.assign((size_t)(board.width * board.height * 4), none);
  const SlideMasks masks(board);
  for (int c = 0; c < board.width * board.height; ++c) {
    int t = board.tile[(size_t)c];
    if (t == kWall || t == kTree || t == kPicks || t == kFinish) continue;  // the penguin never rests there
    for (int d = 0; d < 4; ++d) {
      Stop stop;
      if (!jump_slide(board, masks, c, d, &stop)) stop = board.slide(c, d);
      stops[(size_t)c * 4 + (size_t)d] = pack_stop(stop);
    }
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Text: one character a cell
// ---------------------------------------------------------------------------
static char tile_char(const Board& b, int cell) {
  switch (b.tile[(size_t)cell]) {
    case kIce: return '.';
    case kFinish: return 'F';
    case kPicks: return 'x';
    case kSnow: return '*';
    case kWall: return '#';
    case kTree: return 'T';
    case kTreadUp: return '^';
    case kTreadDown: return 'v';
    case kTreadLeft: return '<';
    case kTreadRight: return '>';
    case kDoor: return (char)b.digit[(size_t)cell];
    case kBridgeH: return '-';
    case kBridgeV: return '|';
  }
  return '?';
}

void format_board(const Board& b, int penguin_cell, Text* out) {
  for (int y = 0; y < b.height; ++y) {
    for (int x = 0; x < b.width; ++x) {
      int c = y * b.width + x;
      out->push(c == penguin_cell ? 'P' : tile_char(b, c));
    }
    out->push('\n');
  }
}

void tile_view(Tile tile, char digit, CellView* v) {
  *v = CellView();
  v->floor = Floor::kIce;
  switch (tile) {
    case kFinish: v->floor = Floor::kGoal; v->shape = Shape::kFlag; v->colour = Colour::kRed; break;
    case kPicks: v->shape = Shape::kSpikes; v->colour = Colour::kGrey; break;
    case kSnow: v->floor = Floor::kSnow; break;
    case kWall: v->shape = Shape::kBlock; v->colour = Colour::kGrey; break;
    case kTree: v->shape = Shape::kTree; v->colour = Colour::kGreen; break;
    case kTreadUp: case kTreadDown: case kTreadLeft: case kTreadRight:
      v->floor = Floor::kSand;
      v->arrow = (int8_t)(tile - kTreadUp);
      break;
    case kDoor:
      v->shape = Shape::kDoor;
      v->colour = Colour::kPurple;
      v->label[0] = digit;
      break;
    case kBridgeH: v->floor = Floor::kWater; v->shape = Shape::kBridgeH; v->colour = Colour::kBrown; break;
    case kBridgeV: v->floor = Floor::kWater; v->shape = Shape::kBridgeV; v->colour = Colour::kBrown; break;
    default: break;
  }
}

void penguin_view(bool lost, CellView* v) {
  v->shape = Shape::kActor;
  v->colour = lost ? Colour::kRed : Colour::kBlue;
  v->arrow = -1;
  v->label[0] = 0;
}

// ---------------------------------------------------------------------------
// [SECTION] The level: rating, solving, the view and why a move lost
// ---------------------------------------------------------------------------
class PenguinLevel : public DirectionalLevel<Rules> {
 public:
  explicit PenguinLevel(const Rules& r) : DirectionalLevel<Rules>(r) {}
  const GameInfo& game() const override { return kPenguin; }

  // Where the slide that lost ended: on picks, at the edge it slid off, or
  // (anywhere else) round a loop it never leaves.
  const char* lost_reason(const GameState& g) const override {
    const State s = load(g);
    if (s.status != kLostState) return nullptr;
    const Board& b = rules_.board;
    if (b.tile[s.cell] == kPicks) return "the penguin slid onto the picks";
    const int x = s.cell % b.width, y = s.cell / b.width;
    if (x == 0 || y == 0 || x == b.width - 1 || y == b.height - 1) return "the penguin slid off the edge of the ice";
    return "the penguin slides round a loop and never stops";
  }

  // Penguin's difficulty (core/search/rating.h): the kinds of tile in play
  // (picks, snow, walls and trees, treadmills, doors, bridges: 20 each), 15
  // a move of par, 20 a doubling of the wrong moves along the solution, 60
  // for all cells dead ends (a share), 20 for a single shortest solution.
  Difficulty rate(const Analysis& a) const override {
    const Board& b = rules_.board;
    bool has[6] = {false, false, false, false, false, false};
    LevelFacts facts;
    for (int c = 0; c < b.width * b.height; ++c) {
      const uint8_t t = b.tile[c];
      if (t == kPicks) has[0] = true;
      else if (t == kSnow) has[1] = true;
      else if (t == kWall || t == kTree) has[2] = true;
      else if (t >= kTreadUp && t <= kTreadRight) has[3] = true;
      else if (t == kDoor) has[4] = true;
      else if (t == kBridgeH || t == kBridgeV) has[5] = true;
    }
    for (bool h : has) facts.kinds += h;
    facts.cells = b.width * b.height;
    MoveWeights w;
    w.kinds = 20;
    w.length = 15;
    w.wrong_moves = 20;
    w.dead_ends = 60;
    w.one_way = 20;
    return rate_moves(a, facts, w);
  }

  // Penguin's own search (penguin_solve.cpp): the shared engine's answer, faster.
  SolveResult solve(const GameState& from, const SearchLimits& limits, MoveList* path) const override {
    return solve_shortest(rules_, load(from), limits, path);
  }
  std::unique_ptr<SolveTask> begin_solve(const GameState& from, const SearchLimits& limits,
                                         MoveList* path) const override {
    return begin_shortest(rules_, load(from), limits, path);
  }

  // A board mid-game shows 'P' over whatever tile the penguin stands on; the
  // canonical level text always has it on ice.
  void format(const GameState& g, Text* out) const override {
    State s = load(g);
    format_board(rules_.board, s.status == kLostState ? -1 : s.cell, out);
  }
  void view(const GameState& g, BoardView* out) const override {
    State s = load(g);
    const Board& b = rules_.board;
    out->reset(b.width, b.height);
    for (int c = 0; c < b.width * b.height; ++c) tile_view((Tile)b.tile[(size_t)c], (char)b.digit[(size_t)c], &out->cells[(size_t)c]);
    // After a loss the penguin shows only where it met the picks; off the
    // board or swept round a loop, it is gone.
    if (s.status != kLostState || b.tile[s.cell] == kPicks) {
      CellView& p = out->cells[s.cell];
      penguin_view(s.status == kLostState, &p);
      if (s.status == kAlive) out->actor = s.cell;
    }
  }
};

std::unique_ptr<Level> make_level(const Board& board) {
  Rules r;
  r.board = board;
  r.build_stops();
  return std::unique_ptr<Level>(new PenguinLevel(r));
}

// ---------------------------------------------------------------------------
// [SECTION] Reading a level
// ---------------------------------------------------------------------------
static const char kLegend[] =
    "('.' ice, 'P' penguin, 'F' finish, 'x' picks, '*' snow, '#' wall, 'T' tree, '<' '>' '^' 'v' treadmills, "
    "'0'-'9' doors, '-' '|' bridges)";

bool parse_board(const char* text, size_t len, Board* out, Error* err) {
  Board& b = *out;
  b = Board();
  int rows = 0, starts = 0, finishes = 0;
  bool ok = read_char_grid(text, len, kMaxSide, &b.width, &rows, err, [&](int x, int y, char c) {
    uint8_t t = kIce, dg = 0;
    switch (c) {
      case '.': break;
      case 'P':
        if (++starts > 1)
          return fail(err, y + 1, x + 1, "line %d, column %d: a second penguin 'P'; a level has one", y + 1, x + 1);
        b.start = (int)b.tile.size();
        break;
      case 'F': t = kFinish; ++finishes; break;
      case 'x': t = kPicks; break;
      case '*': t = kSnow; break;
      case '#': t = kWall; break;
      case 'T': t = kTree; break;
      case '^': t = kTreadUp; break;
      case 'v': t = kTreadDown; break;
      case '<': t = kTreadLeft; break;
      case '>': t = kTreadRight; break;
      case '-': t = kBridgeH; break;
      case '|': t = kBridgeV; break;
      default:
        if (c < '0' || c > '9') return fail_not_a_cell(err, x, y, c, kLegend);
        t = kDoor;
        dg = (uint8_t)c;
    }
    b.tile.push_back(t);
    b.digit.push_back(dg);
    return true;
  });
  if (!ok) return false;
  if (rows == 0) {
    fail(err, 1, 1, "the level is empty: expected rows of cells %s", kLegend);
    return false;
  }
  b.height = rows;
  if (b.width < 2 || b.height < 2) {
    fail(err, 1, 1, "the board is %dx%d; it needs at least 2 cells each way", b.width, b.height);
    return false;
  }
  if (starts == 0) {
    fail(err, 0, 0, "the level has no penguin 'P'");
    return false;
  }
  if (finishes == 0) {
    fail(err, 0, 0, "the level has no finish 'F'");
    return false;
  }
  // Finishes lie on the edge; doors come in pairs of the same digit.
  b.twin.assign(b.tile.size(), -1);
  for (int c = 0; c < b.width * b.height; ++c) {
    int x = c % b.width, y = c / b.width;
    if (b.tile[(size_t)c] == kFinish && x > 0 && y > 0 && x < b.width - 1 && y < b.height - 1) {
      fail(err, y + 1, x + 1, "line %d, column %d: the finish 'F' must lie on the board's edge", y + 1, x + 1);
      return false;
    }
    if (b.tile[(size_t)c] != kDoor || b.twin[(size_t)c] >= 0) continue;
    int pair = -1;
    for (int o = c + 1; o < b.width * b.height; ++o) {
      if (b.tile[(size_t)o] != kDoor || b.digit[(size_t)o] != b.digit[(size_t)c]) continue;
      if (pair >= 0) {
        fail(err, o / b.width + 1, o % b.width + 1, "line %d, column %d: a third door '%c'; doors come in pairs",
             o / b.width + 1, o % b.width + 1, b.digit[(size_t)c]);
        return false;
      }
      pair = o;
    }
    if (pair < 0) {
      fail(err, y + 1, x + 1, "line %d, column %d: door '%c' has no twin; doors come in pairs", y + 1, x + 1,
           b.digit[(size_t)c]);
      return false;
    }
    b.twin[(size_t)c] = (int16_t)pair;
    b.twin[(size_t)pair] = (int16_t)c;
  }
  return true;
}

std::unique_ptr<Level> parse(const char* text, size_t len, Error* err) {
  Board b;
  if (!parse_board(text, len, &b, err)) return nullptr;
  return make_level(b);
}

}  // namespace penguin
}  // namespace tl
