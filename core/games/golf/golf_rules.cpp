// Golf Peaks: playing a card, the level text, the moves and the view.
//
// A card in a direction, part by part (the seed's try_card):
//   1. its flight, if any: the ball flies N cells the card's way and lands
//      whatever the heights; then its roll: cell by cell, N cells (a roll
//      flies instead when the flight landed on a spring);
//   2. after each part: water puts the ball back on the last safe cell it was
//      on (flat ground, sand, an angled wall, the flag) and ends the card; a
//      warp moves it to its partner; the flag wins; a slope takes it down one
//      cell at a time (warps and water act between those cells);
//   3. when the card is done, belts carry the ball and on ice it slides on in
//      its last direction until it leaves the ice or bounces, slopes too, in
//      any chain; quicksand then swallows the ball: lost.
// Rolling one cell: from sand the ball cannot roll (only a flight leaves
// sand). Higher ground ahead: the ball bounces, turning back, and the bounce
// costs the cell. Lower ground: it drops and rolls on. No ground (x or the
// edge): it falls, lost. An angled wall at the ball's height turns a ball
// coming from an open side (and a ball on it rolling into its wall) and is a
// wall one higher from behind. A slope's top edge is at its height and its
// low edge one below; the ball rolls onto an edge at its own height, drops
// onto a lower one, and bounces off a higher one or a side. A spring: the
// ball lands on it and flies the rest of the roll.
//
// Cases the seed leaves open, decided so that its two complete levels replay
// to a win (and its 9x9 level's shortest solution is exactly the one it lists),
// each with a test:
//   - only slopes act between a card's flight and its roll; belts and ice act
//     when the card is done;
//   - a ball on an angled wall rolling into its wall is turned like a ball
//     coming in (the 9x9 level's seventh card needs it);
//   - slope heights as above (the seed's early code has the ball one higher
//     going down a slope than going up, which its own solution contradicts);
//   - lower flat ground ahead: the ball drops and keeps rolling;
//   - dropping onto a slope other than down it stops the roll and the ball
//     slides down the slope;
//   - water or a spring on higher ground is a wall; water always ends the card;
//   - the last safe cell is also taken where a card starts (a flight from
//     safe ground into water comes back to where it was hit from);
//   - a slide that cannot move the ball (a belt or slope into a wall) ends
//     there; a slide that comes back to a cell in the same direction within
//     one card is a loop: the card fails, lost.
#include <stdio.h>
#include <string.h>

#include <algorithm>

#include "../../grid.h"
#include "../../level_of.h"
#include "golf.h"

namespace tl {
namespace golf {

namespace {

bool is_safe(uint8_t kind) { return kind == kFlat || kind == kFlag || kind == kAngle || kind == kSand; }
bool is_ice(uint8_t kind) { return kind == kIce || kind == kIceAngle; }

// The direction an angled wall turns a ball moving in `dir`, or -1 (a wall).
int reflect(int type, int dir) {
  switch (type) {
    case kTopLeft: return dir == kUp ? kRight : dir == kLeft ? kDown : -1;
    case kTopRight: return dir == kUp ? kLeft : dir == kRight ? kDown : -1;
    case kBottomLeft: return dir == kDown ? kRight : dir == kLeft ? kUp : -1;
    default: return dir == kDown ? kLeft : dir == kRight ? kUp : -1;
  }
}

enum Result { kRolled, kFell, kSplash };

// The ball during one card.
struct Ball {
  int cell, last_safe, dir;
  uint64_t slid[kMaxSide * kMaxSide * 4 / 64];  // (cell, dir) pairs slid from in this card
};

class Player {
 public:
  explicit Player(const Rules& r) : r_(r) {}

  Outcome play(const Card& card, int dir, Ball& b) const {
    b.dir = dir;
    memset(b.slid, 0, sizeof b.slid);
    if (is_safe(r_.tile[b.cell].kind)) b.last_safe = b.cell;
    bool sprung = false;  // landed on a spring: the roll flies
    for (int part = 0; part < 2; ++part) {
      const int strength = part == 0 ? card.jump : card.move;
      if (strength == 0) continue;
      b.dir = dir;  // each part goes the card's way, whatever turned the ball before
      Result res = part == 0 || sprung ? fly(b, strength) : roll(b, strength);
      const bool last = part == 1 || card.move == 0;
      if (res == kRolled) res = settle(b, last);
      if (res == kFell) return Outcome::kLost;
      if (res == kSplash) return Outcome::kMoved;
      if (b.cell == r_.flag) return Outcome::kWon;
      if (r_.tile[b.cell].kind == kSpring) sprung = true;
    }
    return r_.tile[b.cell].kind == kQuick ? Outcome::kLost : Outcome::kMoved;
  }

 private:
  const Tile* at(int x, int y) const {
    if (x < 0 || y < 0 || x >= r_.width || y >= r_.height) return nullptr;
    const Tile* t = &r_.tile[y * r_.width + x];
    return t->kind == kNone ? nullptr : t;
  }

  Result fly(Ball& b, int n) const {
    int x = b.cell % r_.width + dir_dx(b.dir) * n, y = b.cell / r_.width + dir_dy(b.dir) * n;
    if (!at(x, y)) return kFell;
    b.cell = y * r_.width + x;
    return kRolled;
  }

  Result roll(Ball& b, int n) const {
    while (n > 0) {
      const Tile& cur = r_.tile[b.cell];
      if (is_safe(cur.kind)) b.last_safe = b.cell;
      if (cur.kind == kSand) return kRolled;
      if (cur.kind == kAngle || cur.kind == kIceAngle) {
        const int turned = reflect(cur.dir, b.dir);  // rolling into its angled wall from inside
        if (turned >= 0) b.dir = turned;
      }
      // On a slope the ball leaves its low edge going down it, its top going up.
      int ground = cur.height;
      if (cur.kind == kSlope) {
        if (b.dir == cur.dir) ground = cur.height - 1;
        else if (b.dir != dir_opposite(cur.dir)) return kFell;  // never happens: nothing rolls across a slope
      }
      const int x = b.cell % r_.width + dir_dx(b.dir), y = b.cell / r_.width + dir_dy(b.dir);
      const Tile* next = at(x, y);
      if (!next) return kFell;
      const int to = y * r_.width + x;
      int h = next->height;
      --n;
      switch (next->kind) {
        case kSlope: {
          // Its top edge is at its height, its low edge one below; its sides
          // stand as high as its top.
          const bool down = next->dir == b.dir, up = next->dir == dir_opposite(b.dir);
          const int edge = up ? h - 1 : h;
          if ((down || up) && ground == edge) {
            b.cell = to;  // rolls onto it, on down or up the slope
          } else if (ground > edge) {
            b.cell = to;  // drops onto it: rolling down it, on; else the slide takes it down
            if (!down) return kRolled;
          } else {
            b.dir = dir_opposite(b.dir);
          }
          continue;
        }
        case kAngle:
        case kIceAngle: {
          const int turned = reflect(next->dir, b.dir);
          if (h == ground && turned >= 0) {
            b.cell = to;
            b.dir = turned;
            continue;
          }
          ++h;  // its back: a wall one higher
          break;
        }
        case kWater:
          if (h > ground) break;
          b.cell = b.last_safe;
          return kSplash;
        case kSpring:
          if (h > ground) break;
          b.cell = to;
          return n > 0 ? fly(b, n) : kRolled;
        default:
          break;
      }
      if (h > ground) b.dir = dir_opposite(b.dir);
      else b.cell = to;
    }
    return kRolled;
  }

  // One slide step from the ball's cell in direction d: kFell on a loop.
  bool first_slide(Ball& b, int d) const {
    uint64_t& word = b.slid[(b.cell * 4 + d) / 64];
    const uint64_t bit = 1ull << ((b.cell * 4 + d) % 64);
    if (word & bit) return false;
    word |= bit;
    return true;
  }

  // Where a step leaves the ball: water, warps, the flag and slides.
  // Between a card's flight and its roll only slopes act; belts and ice
  // take the ball when the card is done (`last`).
  Result settle(Ball& b, bool last) const {
    for (;;) {
      const Tile& t = r_.tile[b.cell];
      if (t.kind == kWater) {
        b.cell = b.last_safe;
        return kSplash;
      }
      if (t.kind == kWarp) b.cell = r_.warp_to[b.cell];
      if (b.cell == r_.flag) return kRolled;
      const Tile& here = r_.tile[b.cell];
      const int from = b.cell;
      if (!last && here.kind != kSlope) return kRolled;
      if (is_ice(here.kind)) {
        // On in the last direction while on ice; a bounce ends the slide.
        while (is_ice(r_.tile[b.cell].kind)) {
          if (!first_slide(b, b.dir)) return kFell;
          const int start = b.cell;
          Result res = roll(b, 1);
          if (res != kRolled) return res;
          if (b.cell == start) return kRolled;
        }
        continue;
      }
      if (here.kind != kSlope && here.kind != kBelt) return kRolled;
      if (!first_slide(b, here.dir)) return kFell;
      b.dir = here.dir;
      Result res = roll(b, 1);
      if (res != kRolled) return res;
      if (b.cell == from) return kRolled;  // blocked: it rests here
    }
  }

  const Rules& r_;
};

}  // namespace

Outcome Rules::apply(State& s, int move) const {
  const int kind = move / 4, dir = move % 4;
  if (kind >= kind_count || s.count(kind) == 0) return Outcome::kNoChange;
  Ball b;
  b.cell = s.ball();
  b.last_safe = s.last_safe();
  Outcome o = Player(*this).play(kinds[kind], dir, b);
  s.bits = ((s.bits & 0xffffffffffffull) - (1ull << (4 * kind))) | (uint64_t)b.cell << 48 |
           (uint64_t)b.last_safe << 56;
  return o;
}

void card_text(const Card& c, char* out) {
  char* p = out;
  if (c.jump) {
    *p++ = (char)('0' + c.jump);
    *p++ = '/';
  }
  if (c.move) {
    *p++ = (char)('0' + c.move);
    *p++ = '-';
  }
  *p = '\0';
}

// ---------------------------------------------------------------------------
// Tiles and arrows as the seed writes them.
// ---------------------------------------------------------------------------
namespace {

struct TileName {
  const char* name;
  uint8_t kind, dir;
};
const TileName kTileNames[] = {
    {"flag", kFlag, 0},         {"up", kSlope, kUp},          {"down", kSlope, kDown},
    {"left", kSlope, kLeft},    {"right", kSlope, kRight},    {"/tl", kAngle, kTopLeft},
    {"/tr", kAngle, kTopRight}, {"/bl", kAngle, kBottomLeft}, {"/br", kAngle, kBottomRight},
    {"sand", kSand, 0},         {"quick", kQuick, 0},         {"water", kWater, 0},
    {"boing", kSpring, 0},      {"*n", kBelt, kUp},           {"*s", kBelt, kDown},
    {"*e", kBelt, kRight},      {"*w", kBelt, kLeft},         {"ice", kIce, 0},
    {"icetl", kIceAngle, kTopLeft}, {"icetr", kIceAngle, kTopRight}, {"icebl", kIceAngle, kBottomLeft},
    {"icebr", kIceAngle, kBottomRight},
};
const char kTileList[] =
    "flag ball up down left right /tl /tr /bl /br sand quick water boing warpN *n *s *e *w ice icetl icetr icebl icebr";

// The arrows on screen: up is row - 1 (the seed's ↗), right ↘, down ↙, left ↖.
const char* const kArrows[4] = {"\xe2\x86\x97", "\xe2\x86\x99", "\xe2\x86\x96", "\xe2\x86\x98"};  // in Dir order

void tile_text(const Tile& t, Text* out) {
  if (t.kind == kNone) {
    out->push('x');
    return;
  }
  out->appendf("%d", t.height);
  if (t.kind == kFlat) return;
  if (t.kind == kWarp) {
    if (t.warp) out->appendf(",warp%d", t.warp - 1);
    else out->append(",warp");
    return;
  }
  for (const TileName& n : kTileNames)
    if (n.kind == t.kind && (n.dir == t.dir || (t.kind != kSlope && t.kind != kBelt && t.kind != kAngle &&
                                                t.kind != kIceAngle))) {
      out->push(',');
      out->append(n.name);
      return;
    }
}

bool word_is(const char* s, size_t n, const char* word) { return string_equal_n(s, n, word); }

// A number 0..max from s[0..n), or -1.
int small_number(const char* s, size_t n, int max) {
  if (n == 0 || n > 3) return -1;
  int v = 0;
  for (size_t i = 0; i < n; ++i) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + (s[i] - '0');
  }
  return v <= max ? v : -1;
}

// A card's text at the start of s[0..n): its length, or 0.
size_t read_card(const char* s, size_t n, Card* c) {
  *c = Card();
  if (n < 2 || s[0] < '1' || s[0] > '9') return 0;
  if (s[1] == '-') {
    c->move = (uint8_t)(s[0] - '0');
    return 2;
  }
  if (s[1] != '/') return 0;
  c->jump = (uint8_t)(s[0] - '0');
  if (n >= 4 && s[2] >= '1' && s[2] <= '9' && s[3] == '-') {
    c->move = (uint8_t)(s[2] - '0');
    return 4;
  }
  return 2;
}

// Splits a line into whitespace-separated words: f(word, length, column).
template <class F>
bool for_each_word(const char* line, size_t n, F&& f) {
  size_t i = 0;
  while (i < n) {
    while (i < n && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i == n) break;
    size_t start = i;
    while (i < n && line[i] != ' ' && line[i] != '\t') ++i;
    if (!f(line + start, i - start, (int)start + 1)) return false;
  }
  return true;
}

}  // namespace

// ---------------------------------------------------------------------------
// The level.
// ---------------------------------------------------------------------------
class GolfLevel : public RulesLevel<Rules> {
 public:
  GolfLevel(const Rules& r, std::vector<MoveList> solutions) : RulesLevel<Rules>(r), solutions_(std::move(solutions)) {}
  const GameInfo& game() const override { return kGolf; }
  const std::vector<MoveList>& known_solutions() const { return solutions_; }

  int all_solutions(const GameState& from, const SearchLimits& limits, size_t max,
                    std::vector<MoveList>* out) const override {
    out->clear();
    search_all_solutions(rules_, load(from), limits, max, out);
    std::stable_sort(out->begin(), out->end(),
                     [](const MoveList& a, const MoveList& b) { return a.size() < b.size(); });
    return (int)out->size();
  }

  // Beside the generic figures: how many distinct solutions (up to 1,000),
  // and whether every one of them plays every card left.
  int analysis_figures(const GameState& from, const Analysis& a, const SearchLimits& limits,
                       Figure* out) const override {
    std::vector<MoveList> all;
    int n = all_solutions(from, limits, 1000, &all);
    State s = load(from);
    size_t cards = 0;
    for (int k = 0; k < rules_.kind_count; ++k) cards += (size_t)s.count(k);
    bool every_card = a.solvable;
    for (const MoveList& m : all) every_card = every_card && m.size() == cards;
    out[0] = Figure{"solutions", "Distinct solutions (up to 1000)", (uint64_t)n, false};
    out[1] = Figure{"every_card", "Every solution plays every card", every_card, true};
    return 2;
  }

  int hand(const GameState& g, HandCard* out) const override {
    State s = load(g);
    for (int k = 0; k < rules_.kind_count; ++k) {
      card_text(rules_.kinds[k], out[k].label);
      out[k].count = s.count(k);
      out[k].first_move = 4 * k;
    }
    return rules_.kind_count;
  }

  // A card is picked from the hand (kept in ui->card); a direction plays the
  // picked card that way, or, when it is used up, the first card left.
  int interpret(const GameState& g, PlayUi* ui, const Input& input) const override {
    HandCard cards[kMaxHand];
    int n = hand(g, cards);
    if (input.kind == InputKind::kChooseCard) {
      if (input.value >= 0 && input.value < n && cards[input.value].count > 0) ui->card = input.value;
      return kNoMove;
    }
    if (input.kind != InputKind::kDirection) return Level::interpret(g, ui, input);
    int card = chosen_card(cards, n, ui->card);
    if (card < 0 || input.value < 0 || input.value >= kDirCount) return kNoMove;
    ui->card = card;
    return cards[card].first_move + input.value;
  }

  void format(const GameState& g, Text* out) const override {
    State s = load(g);
    std::vector<Text> cells((size_t)(rules_.width * rules_.height));
    size_t widest = 0;
    for (int c = 0; c < rules_.width * rules_.height; ++c) {
      tile_text(rules_.tile[c], &cells[(size_t)c]);
      if (c == s.ball()) cells[(size_t)c].append(",ball");
      if (cells[(size_t)c].size() > widest) widest = cells[(size_t)c].size();
    }
    out->appendf("%dx%d\n", rules_.width, rules_.height);
    for (int y = 0; y < rules_.height; ++y) {
      for (int x = 0; x < rules_.width; ++x) {
        const Text& t = cells[(size_t)(y * rules_.width + x)];
        out->append(t);
        if (x + 1 < rules_.width)
          for (size_t pad = t.size(); pad < widest + 1; ++pad) out->push(' ');
      }
      out->push('\n');
    }
    out->push('\n');
    bool first = true;
    for (int k = 0; k < rules_.kind_count; ++k)
      for (int i = 0; i < s.count(k); ++i) {
        char card[8];
        card_text(rules_.kinds[k], card);
        if (!first) out->push(' ');
        out->append(card);
        first = false;
      }
    out->push('\n');
    if (!solutions_.empty() && s == rules_.start) {
      out->push('\n');
      for (const MoveList& m : solutions_) {
        format_moves(m.data(), m.size(), out);
        out->push('\n');
      }
    }
  }

  void format_moves(const uint8_t* moves, size_t count, Text* out) const override {
    for (size_t i = 0; i < count; ++i) {
      if (i) out->push(' ');
      char card[8];
      card_text(rules_.kinds[moves[i] / 4], card);
      out->append(card);
      out->append(kArrows[moves[i] % 4]);
    }
  }

  bool parse_moves(const char* text, size_t len, MoveList* out, Error* err) const override {
    out->clear();
    return parse_moves_of(rules_, text, len, 0, out, err);
  }

  // Moves "1/↗ 2-↙" (or with u r d l) for these rules; line numbers errors
  // when not 0.
  static bool parse_moves_of(const Rules& r, const char* text, size_t len, int line, MoveList* out, Error* err) {
    int index = 0;
    return for_each_word(text, len, [&](const char* w, size_t n, int column) {
      ++index;
      Card c;
      size_t used = read_card(w, n, &c);
      int kind = -1;
      for (int k = 0; used && k < r.kind_count; ++k)
        if (r.kinds[k] == c) kind = k;
      char where[40];
      if (line) snprintf(where, sizeof where, "line %d, column %d", line, column);
      else snprintf(where, sizeof where, "move %d", index);
      if (!used)
        return fail(err, line, column, "%s: '%.*s' does not start with a card (N- N/ N/M-)", where, (int)(n > 20 ? 20 : n),
                    w);
      if (kind < 0) {
        char card[8];
        card_text(c, card);
        return fail(err, line, column, "%s: there is no %s card in this hand", where, card);
      }
      int dir = -1;
      const char* arrow = w + used;
      size_t rest = n - used;
      for (int d = 0; d < 4; ++d)
        if (rest == 3 && memcmp(arrow, kArrows[d], 3) == 0) dir = d;
      if (rest == 1) {
        switch (arrow[0]) {
          case 'u': case 'U': dir = kUp; break;
          case 'r': case 'R': dir = kRight; break;
          case 'd': case 'D': dir = kDown; break;
          case 'l': case 'L': dir = kLeft; break;
          default: break;
        }
      }
      if (dir < 0)
        return fail(err, line, column, "%s: '%.*s' needs a direction after the card: \xe2\x86\x97 \xe2\x86\x98 "
                    "\xe2\x86\x99 \xe2\x86\x96 or u r d l", where, (int)(n > 20 ? 20 : n), w);
      out->push_back((uint8_t)(kind * 4 + dir));
      return true;
    });
  }

  void view(const GameState& g, BoardView* out) const override {
    State s = load(g);
    out->reset(rules_.width, rules_.height);
    for (int c = 0; c < rules_.width * rules_.height; ++c) {
      const Tile& t = rules_.tile[c];
      CellView& v = out->cells[(size_t)c];
      v.height = (int8_t)t.height;
      switch (t.kind) {
        case kNone: v.floor = Floor::kNone; v.height = 0; break;
        case kFlag: v.floor = Floor::kGoal; v.shape = Shape::kFlag; v.colour = Colour::kRed; break;
        case kSlope: v.arrow = (int8_t)t.dir; break;  // the arrow points down the slope
        case kBelt: v.floor = Floor::kBelt; v.arrow = (int8_t)t.dir; break;
        case kAngle: case kIceAngle:
          if (t.kind == kIceAngle) v.floor = Floor::kIce;
          v.shape = Shape::kWedge;
          v.colour = Colour::kGrey;
          v.corner = (int8_t)t.dir;  // AngleType is in the same order
          break;
        case kSand: v.floor = Floor::kSand; break;
        case kQuick: v.floor = Floor::kSand; v.colour = Colour::kBrown; strcpy(v.label, "Q"); break;
        case kWater: v.floor = Floor::kWater; break;
        case kSpring: v.colour = Colour::kGreen; strcpy(v.label, "S"); break;
        case kWarp: v.colour = Colour::kPurple; v.label[0] = 'W';
          v.label[1] = t.warp ? (char)('0' + (t.warp - 1) % 10) : '\0';
          break;
        case kIce: v.floor = Floor::kIce; break;
        default: break;
      }
      if (c == s.ball()) {
        v.shape = Shape::kBall;
        v.colour = Colour::kWhite;
        out->actor = c;
      }
    }
  }

 private:
  std::vector<MoveList> solutions_;
};

std::unique_ptr<Level> make_level(const Rules& r) {
  return std::unique_ptr<Level>(new GolfLevel(r, std::vector<MoveList>()));
}

const std::vector<MoveList>& known_solutions(const Level& level) {
  return static_cast<const GolfLevel&>(level).known_solutions();
}

// ---------------------------------------------------------------------------
// Parsing.
// ---------------------------------------------------------------------------
std::unique_ptr<Level> parse(const char* text, size_t len, Error* err) {
  std::unique_ptr<Rules> owned(new Rules());  // over 1 KB: not on the device's stack
  Rules& r = *owned;
  memset(r.warp_to, 0, sizeof r.warp_to);
  std::vector<MoveList> solutions;
  int section = 0;  // 0 size line, 1 rows, 2 blank, 3 cards, 4 blank, 5 solutions
  int row = 0, balls = 0, flags = 0, ball = 0, cards = 0;
  int warp_first[11];  // per pair number (0: bare warp): its first cell, -1 none
  int warp_count[11];
  for (int i = 0; i < 11; ++i) warp_first[i] = -1, warp_count[i] = 0;
  bool ok = true;
  for_each_line(text, len, [&](const char* line, size_t n, int number) {
    size_t start = 0;
    while (start < n && (line[start] == ' ' || line[start] == '\t')) ++start;
    const bool blank = start == n;
    switch (section) {
      case 0: {
        if (blank) return true;
        // WxH
        size_t x = start;
        while (x < n && line[x] != 'x') ++x;
        size_t end = n;
        while (end > x && (line[end - 1] == ' ' || line[end - 1] == '\t')) --end;
        int w = x < n ? small_number(line + start, x - start, 99) : -1;
        int h = x < n ? small_number(line + x + 1, end - x - 1, 99) : -1;
        if (w < 1 || h < 1)
          return ok = fail(err, number, 1, "line %d: expected the size as WIDTHxHEIGHT (like 9x9)", number);
        if (w > kMaxSide || h > kMaxSide)
          return ok = fail(err, number, 1, "line %d: the level is %dx%d; at most %dx%d", number, w, h, kMaxSide,
                           kMaxSide);
        r.width = w;
        r.height = h;
        section = 1;
        return true;
      }
      case 1: {
        if (blank)
          return ok = fail(err, number, 1, "line %d: the level has %d rows of cells but the size says %d", number, row,
                           r.height);
        int column = 0;
        bool row_ok = for_each_word(line, n, [&](const char* w, size_t wn, int col) {
          if (column >= r.width)
            return ok = fail(err, number, col, "line %d (row %d): more than %d cells; the size says %dx%d", number,
                             row + 1, r.width, r.width, r.height);
          const int c = row * r.width + column;
          ++column;
          Tile& t = r.tile[c];
          if (wn == 1 && w[0] == 'x') return true;  // no ground
          size_t comma = 0;
          while (comma < wn && w[comma] != ',') ++comma;
          int h = small_number(w, comma, kMaxGround);
          if (h < 0)
            return ok = fail(err, number, col, "line %d (row %d, column %d): '%.*s' is not a cell: a height 0-%d, "
                             "'height,tile' or x", number, row + 1, column, (int)(wn > 20 ? 20 : wn), w, kMaxGround);
          t.kind = kFlat;
          t.height = (uint8_t)h;
          // Then at most one tile and the ball, comma separated.
          size_t at = comma;
          while (at < wn) {
            size_t from = at + 1, to = from;
            while (to < wn && w[to] != ',') ++to;
            const char* name = w + from;
            size_t nn = to - from;
            at = to;
            if (word_is(name, nn, "ball")) {
              ++balls;
              ball = c;
              continue;
            }
            if (t.kind != kFlat)
              return ok = fail(err, number, col, "line %d (row %d, column %d): '%.*s' has two tiles", number,
                               row + 1, column, (int)(wn > 20 ? 20 : wn), w);
            if (nn >= 4 && memcmp(name, "warp", 4) == 0) {
              int id = nn == 4 ? -1 : small_number(name + 4, nn - 4, 9);
              if (nn > 4 && id < 0)
                return ok = fail(err, number, col, "line %d (row %d, column %d): '%.*s' is not a warp: warp or "
                                 "warp0 to warp9", number, row + 1, column, (int)(nn > 12 ? 12 : nn), name);
              const int pair = id + 1;
              if (++warp_count[pair] > 2)
                return ok = fail(err, number, col, "line %d (row %d, column %d): a third %.*s; warps come in pairs",
                                 number, row + 1, column, (int)nn, name);
              t.kind = kWarp;
              t.warp = (uint8_t)pair;
              if (warp_first[pair] < 0) {
                warp_first[pair] = c;
              } else {
                r.warp_to[c] = (uint8_t)warp_first[pair];
                r.warp_to[warp_first[pair]] = (uint8_t)c;
              }
              continue;
            }
            bool known = false;
            for (const TileName& tn : kTileNames)
              if (word_is(name, nn, tn.name)) {
                t.kind = tn.kind;
                t.dir = tn.dir;
                known = true;
              }
            if (!known)
              return ok = fail(err, number, col, "line %d (row %d, column %d): '%.*s' is not a tile; tiles: %s",
                               number, row + 1, column, (int)(nn > 12 ? 12 : nn), name, kTileList);
            if (t.kind == kFlag) {
              ++flags;
              r.flag = c;
            }
          }
          return true;
        });
        if (!row_ok) return false;
        if (column < r.width)
          return ok = fail(err, number, (int)n + 1, "line %d (row %d, column %d): the row ends after %d cells; the "
                           "size says %d a row", number, row + 1, column + 1, column, r.width);
        if (++row == r.height) section = 2;
        return true;
      }
      case 2:
        if (!blank) return ok = fail(err, number, 1, "line %d: expected a blank line after the %d rows", number, r.height);
        section = 3;
        return true;
      case 3: {
        if (blank) return true;
        bool cards_ok = for_each_word(line, n, [&](const char* w, size_t wn, int col) {
          Card c;
          if (read_card(w, wn, &c) != wn)
            return ok = fail(err, number, col, "line %d, column %d: '%.*s' is not a card: N- rolls, N/ flies, N/M- "
                             "flies then rolls (N, M from 1 to 9)", number, col, (int)(wn > 20 ? 20 : wn), w);
          if (++cards > kMaxCards)
            return ok = fail(err, number, col, "line %d, column %d: more than %d cards", number, col, kMaxCards);
          int kind = -1;
          for (int k = 0; k < r.kind_count; ++k)
            if (r.kinds[k] == c) kind = k;
          if (kind < 0) {
            kind = r.kind_count++;
            r.kinds[kind] = c;
          }
          r.start.bits += 1ull << (4 * kind);
          return true;
        });
        if (!cards_ok) return false;
        section = 4;
        return true;
      }
      case 4:
        if (!blank) return ok = fail(err, number, 1, "line %d: expected a blank line before the solutions", number);
        section = 5;
        return true;
      default: {
        if (blank) return true;
        MoveList m;
        if (!GolfLevel::parse_moves_of(r, line, n, number, &m, err)) return ok = false;
        solutions.push_back(m);
        return true;
      }
    }
  });
  if (!ok) return nullptr;
  if (section == 0) {
    fail(err, 1, 1, "the level is empty: expected a size line like 9x9, the rows, a blank line and the cards");
    return nullptr;
  }
  if (section < 2) {
    fail(err, 0, 0, "the level has %d rows of cells but the size says %d", row, r.height);
    return nullptr;
  }
  if (section < 4 || cards == 0) {
    fail(err, 0, 0, "the level has no cards: after the rows, a blank line and a line like '1- 2/ 1/1-'");
    return nullptr;
  }
  for (int pair = 0; pair < 11; ++pair)
    if (warp_count[pair] == 1) {
      int c = warp_first[pair];
      char name[8];
      if (pair) snprintf(name, sizeof name, "warp%d", pair - 1);
      else snprintf(name, sizeof name, "warp");
      fail(err, 0, 0, "row %d, column %d: %s has no partner; every warp comes in a pair", c / r.width + 1,
           c % r.width + 1, name);
      return nullptr;
    }
  if (balls != 1) {
    if (balls) fail(err, 0, 0, "the level has %d balls; exactly one cell says ',ball'", balls);
    else fail(err, 0, 0, "the level has no ball: one cell says 'height,ball'");
    return nullptr;
  }
  if (flags != 1) {
    if (flags) fail(err, 0, 0, "the level has %d flags; exactly one cell says ',flag'", flags);
    else fail(err, 0, 0, "the level has no flag: one cell says 'height,flag'");
    return nullptr;
  }
  if (ball == r.flag) {
    fail(err, 0, 0, "row %d, column %d: the ball starts on the flag", ball / r.width + 1, ball % r.width + 1);
    return nullptr;
  }
  r.start.bits |= (uint64_t)ball << 48 | (uint64_t)ball << 56;
  return std::unique_ptr<Level>(new GolfLevel(r, std::move(solutions)));
}

}  // namespace golf
}  // namespace tl
