// Golf Peaks: the level text (the article's format), the moves written as
// cards and arrows, the view and the hand. The rules of a card are in
// golf_rules.cpp.
//
// [SECTION] Tiles, cards and arrows as the article writes them
// [SECTION] The level: its text, moves, view, hand and input
// [SECTION] Reading a level
#include <stdio.h>
#include <string.h>

#include <algorithm>

#include "core/base/tl_assert.h"
#include "core/base/grid.h"
#include "core/game/level_of.h"
#include "golf.h"

namespace tl {
namespace golf {

namespace {

// ---------------------------------------------------------------------------
// [SECTION] Tiles, cards and arrows as the article writes them
// ---------------------------------------------------------------------------
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

// A move's direction is written as the key a person pressed, which is the
// way the ball goes on the board as every host draws it (row - 1 at the
// top): ↑ up, → right, ↓ down, ← left.
const char* const kArrows[4] = {"\xe2\x86\x91", "\xe2\x86\x93", "\xe2\x86\x90", "\xe2\x86\x92"};  // in Dir order
// The article's arrows, read too: the real game draws its board turned, so
// its up (row - 1) points up and right, ↗; right ↘, down ↙, left ↖.
const char* const kArticleArrows[4] = {"\xe2\x86\x97", "\xe2\x86\x99", "\xe2\x86\x96", "\xe2\x86\x98"};

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

// ---------------------------------------------------------------------------
// [SECTION] The level: its text, moves, view, hand and input
// ---------------------------------------------------------------------------
class GolfLevel : public RulesLevel<Rules> {
 public:
  GolfLevel(const Rules& r, std::vector<MoveList> solutions) : RulesLevel<Rules>(r), solutions_(std::move(solutions)) {}
  const GameInfo& game() const override { return kGolf; }
  const std::vector<MoveList>* listed_solutions() const override { return &solutions_; }
  // A card loses by ending on quicksand or by taking the ball off the course
  // (golf_rules.cpp: the ball stays on the last cell it was on).
  const char* lost_reason(const GameState& g) const override {
    return rules_.tile[load(g).ball()].kind == kQuick ? "the ball stopped on quicksand and sank"
                                                      : "the ball fell off the course";
  }

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

  // Golf Peaks' difficulty: the newest rule the level asks for, the wrong
  // moves to rule out along the solution and the course's size, with the
  // weights fitted on the real game's levels in their designer's order (the
  // manual: "Difficulty").
  Difficulty rate(const Analysis& a) const override {
    LevelFacts facts;
    facts.newest_rule = newest_rule(rules_, &facts.newest_rule_name);
    facts.cells = ground_cells(rules_);
    return rate_moves(a, facts, difficulty_weights());
  }
  int rules_taught() const override { return kRulesTaught; }

  // Golf Peaks weighs its hand beside the board (Level::similarity, two
  // thirds): a course alike on the ground but played with other cards is
  // another level. The hand's share: cards in common over the larger hand.
  int similarity(const Level& other) const override {
    const int board = Level::similarity(other);
    HandCard mine[kMaxHand], theirs[kMaxHand];
    GameState a, b;
    initial_state(&a);
    other.initial_state(&b);
    const int n = hand(a, mine), m = other.hand(b, theirs);
    int total_a = 0, total_b = 0, common = 0;
    for (int i = 0; i < n; ++i) total_a += mine[i].count;
    for (int j = 0; j < m; ++j) total_b += theirs[j].count;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        if (strcmp(mine[i].label, theirs[j].label) == 0) common += mine[i].count < theirs[j].count ? mine[i].count : theirs[j].count;
    const int most = total_a > total_b ? total_a : total_b;
    return (2 * board + (most ? 100 * common / most : 100)) / 3;
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

  void describe_card(int index, char* out, size_t size) const override {
    if (index < 0 || index >= rules_.kind_count) {
      if (size) out[0] = '\0';
      return;
    }
    const Card& c = rules_.kinds[index];
    if (c.jump && c.move)
      snprintf(out, size, "flies %d cell%s, then rolls %d", c.jump, c.jump == 1 ? "" : "s", c.move);
    else if (c.jump)
      snprintf(out, size, "flies %d cell%s over whatever lies between", c.jump, c.jump == 1 ? "" : "s");
    else
      snprintf(out, size, "rolls %d cell%s", c.move, c.move == 1 ? "" : "s");
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

  void format_moves(const Move* moves, size_t count, Text* out) const override {
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

  // Moves "1/↑ 2-↓" (or with u r d l, or the article's ↗ ↘ ↙ ↖) for these rules; line numbers errors
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
        if (rest == 3 && (memcmp(arrow, kArrows[d], 3) == 0 || memcmp(arrow, kArticleArrows[d], 3) == 0)) dir = d;
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
        return fail(err, line, column, "%s: '%.*s' needs a direction after the card: \xe2\x86\x91 \xe2\x86\x92 "
                    "\xe2\x86\x93 \xe2\x86\x90, u r d l, or the article's \xe2\x86\x97 \xe2\x86\x98 \xe2\x86\x99 "
                    "\xe2\x86\x96", where, (int)(n > 20 ? 20 : n), w);
      out->push_back((Move)(kind * 4 + dir));
      return true;
    });
  }

  void view(const GameState& g, BoardView* out) const override {
    State s = load(g);
    out->reset(rules_.width, rules_.height);
    for (int c = 0; c < rules_.width * rules_.height; ++c) {
      CellView& v = out->cells[(size_t)c];
      tile_view(rules_.tile[c], &v);
      if (c == s.ball()) {
        ball_view(&v);
        out->actor = c;
      }
    }
  }

 private:
  std::vector<MoveList> solutions_;
};

// ---------------------------------------------------------------------------
// [SECTION] Reading a level: one reader per section of the format, in order:
// the size line, the rows of cells, a blank line, the cards, a blank line and
// the known solutions; then the checks of the whole level.
// ---------------------------------------------------------------------------
class LevelReader {
 public:
  explicit LevelReader(Error* err) : err_(err), rules_(new Rules()) {  // over 1 KB: not on the device's stack
    memset(rules_->warp_to, 0, sizeof rules_->warp_to);
    for (int i = 0; i < kWarpPairs; ++i) warp_first_[i] = -1, warp_count_[i] = 0;
  }

  // Reads one line; false stops the reading (err says why).
  bool read_line(const char* line, size_t n, int number) {
    size_t start = 0;
    while (start < n && (line[start] == ' ' || line[start] == '\t')) ++start;
    const bool blank = start == n;
    switch (section_) {
      case kSizeLine: return blank || read_size(line + start, n - start, number);
      case kRows: return read_row(line, n, blank, number);
      case kBlankAfterRows:
        if (!blank) return fail(err_, number, 1, "line %d: expected a blank line after the %d rows", number, rules_->height);
        section_ = kCards;
        return true;
      case kCards: return blank || read_cards(line, n, number);
      case kBlankAfterCards:
        if (!blank) return fail(err_, number, 1, "line %d: expected a blank line before the solutions", number);
        section_ = kSolutions;
        return true;
      case kSolutions: return blank || read_solution(line, n, number);
    }
    return false;
  }

  // The level, once every line is read; null with err set when it is not whole.
  std::unique_ptr<Level> finish() {
    if (!check_sections() || !check_warps() || !check_ball_and_flag()) return nullptr;
    Rules& r = *rules_;
    r.start.bits |= (uint64_t)ball_ << 48 | (uint64_t)ball_ << 56;
    return std::unique_ptr<Level>(new GolfLevel(r, std::move(solutions_)));
  }

 private:
  enum Section { kSizeLine, kRows, kBlankAfterRows, kCards, kBlankAfterCards, kSolutions };
  static constexpr int kWarpPairs = 11;  // pair number 0 (a bare warp) and warp0..warp9 as 1..10

  // WxH
  bool read_size(const char* line, size_t n, int number) {
    size_t x = 0;
    while (x < n && line[x] != 'x') ++x;
    size_t end = n;
    while (end > x && (line[end - 1] == ' ' || line[end - 1] == '\t')) --end;
    int w = x < n ? small_number(line, x, 99) : -1;
    int h = x < n ? small_number(line + x + 1, end - x - 1, 99) : -1;
    if (w < 1 || h < 1) return fail(err_, number, 1, "line %d: expected the size as WIDTHxHEIGHT (like 9x9)", number);
    if (w > kMaxSide || h > kMaxSide)
      return fail(err_, number, 1, "line %d: the level is %dx%d; at most %dx%d", number, w, h, kMaxSide, kMaxSide);
    rules_->width = w;
    rules_->height = h;
    section_ = kRows;
    return true;
  }

  // One row of whitespace-separated cells. A row with fewer cells than the
  // size says is read by where its cells stand when they stand in columns of
  // one width (lined up with spaces, or tabs at every 8th column): a column
  // left empty there is a cell with no ground, as `x` (a transcription of the
  // real game leaves one so). Otherwise its cells are the first ones and the
  // cells past its end have no ground: the real game's levels are written
  // with rows that stop at their last piece of ground. A row with more cells
  // than the size says is refused.
  bool read_row(const char* line, size_t n, bool blank, int number) {
    const Rules& r = *rules_;
    if (blank)
      return fail(err_, number, 1, "line %d: the level has %d rows of cells but the size says %d", number, row_,
                  r.height);
    int words = 0;
    for_each_word(line, n, [&](const char*, size_t, int) { return ++words > 0; });
    const int stride = words < r.width ? column_width(line, n, r.width) : 0;
    int column = 0;
    bool ok = for_each_word(line, n, [&](const char* w, size_t wn, int col) {
      column = stride ? display_column(line, (size_t)col - 1) / stride + 1 : column + 1;
      if (column > r.width)
        return fail(err_, number, col, "line %d (row %d, column %d): more than %d cells; the size says %dx%d", number,
                    row_ + 1, column, r.width, r.width, r.height);
      return read_cell(w, wn, number, col, column);
    });
    if (!ok) return false;
    if (++row_ == r.height) section_ = kBlankAfterRows;
    return true;
  }

  // The column a byte of the line shows at, tabs stopping every 8th.
  static int display_column(const char* line, size_t at) {
    int x = 0;
    for (size_t i = 0; i < at; ++i) x = line[i] == '\t' ? (x / 8 + 1) * 8 : x + 1;
    return x;
  }

  // The width of the columns a row's cells stand in, when every cell starts
  // at a multiple of one width (the narrowest gap between two starts, at
  // least 3), fits in its column and lies within the size, and a column
  // between two cells is empty; else 0 (the cells are read in order).
  static int column_width(const char* line, size_t n, int width) {
    int starts[kMaxSide], ends[kMaxSide], count = 0;
    bool too_many = false;
    for_each_word(line, n, [&](const char*, size_t wn, int col) {
      if (count == kMaxSide) return !(too_many = true);
      starts[count] = display_column(line, (size_t)col - 1);
      ends[count++] = display_column(line, (size_t)col - 1 + wn);
      return true;
    });
    if (too_many || count < 2) return 0;
    int stride = starts[1] - starts[0];
    for (int i = 2; i < count; ++i) stride = starts[i] - starts[i - 1] < stride ? starts[i] - starts[i - 1] : stride;
    if (stride < 3) return 0;
    bool gap = false;  // a column left empty between two cells: the evidence it is lined up
    for (int i = 0; i < count; ++i) {
      if (starts[i] % stride != 0 || ends[i] - starts[i] >= stride + (i + 1 == count ? 1 : 0) ||
          starts[i] / stride >= width)
        return 0;
      gap = gap || (i > 0 && starts[i] - starts[i - 1] >= 2 * stride);
    }
    return gap ? stride : 0;
  }

  // One cell: x, or a height, then at most one tile and the ball, comma separated.
  bool read_cell(const char* w, size_t wn, int number, int col, int column) {
    const int c = row_ * rules_->width + column - 1;
    Tile& t = rules_->tile[c];
    if (wn == 1 && w[0] == 'x') return true;  // no ground
    size_t comma = 0;
    while (comma < wn && w[comma] != ',') ++comma;
    int h = small_number(w, comma, kMaxGround);
    if (h < 0)
      return fail(err_, number, col, "line %d (row %d, column %d): '%.*s' is not a cell: a height 0-%d, "
                  "'height,tile' or x", number, row_ + 1, column, (int)(wn > 20 ? 20 : wn), w, kMaxGround);
    t.kind = kFlat;
    t.height = (uint8_t)h;
    size_t at = comma;
    while (at < wn) {
      size_t from = at + 1, to = from;
      while (to < wn && w[to] != ',') ++to;
      const char* name = w + from;
      size_t nn = to - from;
      at = to;
      if (word_is(name, nn, "ball")) {
        ++balls_;
        ball_ = c;
        continue;
      }
      if (t.kind != kFlat)
        return fail(err_, number, col, "line %d (row %d, column %d): '%.*s' has two tiles", number, row_ + 1, column,
                    (int)(wn > 20 ? 20 : wn), w);
      bool read = nn >= 4 && memcmp(name, "warp", 4) == 0 ? read_warp(name, nn, c, number, col, column)
                                                          : read_tile(name, nn, c, number, col, column);
      if (!read) return false;
    }
    return true;
  }

  // warp, or warp0 to warp9: the two cells of a pair lead to each other.
  bool read_warp(const char* name, size_t nn, int c, int number, int col, int column) {
    int id = nn == 4 ? -1 : small_number(name + 4, nn - 4, 9);
    if (nn > 4 && id < 0)
      return fail(err_, number, col, "line %d (row %d, column %d): '%.*s' is not a warp: warp or warp0 to warp9",
                  number, row_ + 1, column, (int)(nn > 12 ? 12 : nn), name);
    const int pair = id + 1;
    if (++warp_count_[pair] > 2)
      return fail(err_, number, col, "line %d (row %d, column %d): a third %.*s; warps come in pairs", number,
                  row_ + 1, column, (int)nn, name);
    Rules& r = *rules_;
    r.tile[c].kind = kWarp;
    r.tile[c].warp = (uint8_t)pair;
    if (warp_first_[pair] < 0) {
      warp_first_[pair] = c;
    } else {
      r.warp_to[c] = (uint8_t)warp_first_[pair];
      r.warp_to[warp_first_[pair]] = (uint8_t)c;
    }
    return true;
  }

  // A named tile (flag, slopes, angled walls, sand, ...).
  bool read_tile(const char* name, size_t nn, int c, int number, int col, int column) {
    Tile& t = rules_->tile[c];
    bool known = false;
    for (const TileName& tn : kTileNames)
      if (word_is(name, nn, tn.name)) {
        t.kind = tn.kind;
        t.dir = tn.dir;
        known = true;
      }
    if (!known)
      return fail(err_, number, col, "line %d (row %d, column %d): '%.*s' is not a tile; tiles: %s", number, row_ + 1,
                  column, (int)(nn > 12 ? 12 : nn), name, kTileList);
    if (t.kind == kFlag) {
      ++flags_;
      rules_->flag = c;
    }
    return true;
  }

  // The cards line: each card counted into its kind.
  bool read_cards(const char* line, size_t n, int number) {
    Rules& r = *rules_;
    bool ok = for_each_word(line, n, [&](const char* w, size_t wn, int col) {
      Card c;
      size_t used = read_card(w, wn, &c);
      // A roll written with more dashes than one ("1-----", a slip seen in
      // transcriptions) is that roll.
      while (used > 0 && c.move && used < wn && w[used] == '-') ++used;
      if (used != wn)
        return fail(err_, number, col, "line %d, column %d: '%.*s' is not a card: N- rolls, N/ flies, N/M- flies then "
                    "rolls (N, M from 1 to 9)", number, col, (int)(wn > 20 ? 20 : wn), w);
      if (++cards_ > kMaxCards)
        return fail(err_, number, col, "line %d, column %d: more than %d cards", number, col, kMaxCards);
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
    if (!ok) return false;
    section_ = kBlankAfterCards;
    return true;
  }

  // A known solution, one a line.
  bool read_solution(const char* line, size_t n, int number) {
    MoveList m;
    if (!GolfLevel::parse_moves_of(*rules_, line, n, number, &m, err_)) return false;
    solutions_.push_back(m);
    return true;
  }

  bool check_sections() {
    if (section_ == kSizeLine)
      return fail(err_, 1, 1, "the level is empty: expected a size line like 9x9, the rows, a blank line and the cards");
    if (section_ < kBlankAfterRows)
      return fail(err_, 0, 0, "the level has %d rows of cells but the size says %d", row_, rules_->height);
    if (section_ < kBlankAfterCards || cards_ == 0)
      return fail(err_, 0, 0, "the level has no cards: after the rows, a blank line and a line like '1- 2/ 1/1-'");
    return true;
  }

  bool check_warps() {
    for (int pair = 0; pair < kWarpPairs; ++pair)
      if (warp_count_[pair] == 1) {
        int c = warp_first_[pair];
        char name[8];
        if (pair) snprintf(name, sizeof name, "warp%d", pair - 1);
        else snprintf(name, sizeof name, "warp");
        return fail(err_, 0, 0, "row %d, column %d: %s has no partner; every warp comes in a pair",
                    c / rules_->width + 1, c % rules_->width + 1, name);
      }
    return true;
  }

  bool check_ball_and_flag() {
    if (balls_ != 1) {
      if (balls_) return fail(err_, 0, 0, "the level has %d balls; exactly one cell says ',ball'", balls_);
      return fail(err_, 0, 0, "the level has no ball: one cell says 'height,ball'");
    }
    if (flags_ != 1) {
      if (flags_) return fail(err_, 0, 0, "the level has %d flags; exactly one cell says ',flag'", flags_);
      return fail(err_, 0, 0, "the level has no flag: one cell says 'height,flag'");
    }
    if (ball_ == rules_->flag)
      return fail(err_, 0, 0, "row %d, column %d: the ball starts on the flag", ball_ / rules_->width + 1,
                  ball_ % rules_->width + 1);
    return true;
  }

  Error* err_;
  std::unique_ptr<Rules> rules_;
  std::vector<MoveList> solutions_;
  Section section_ = kSizeLine;
  int row_ = 0, balls_ = 0, flags_ = 0, ball_ = 0, cards_ = 0;
  int warp_first_[kWarpPairs];  // per pair number: its first cell, -1 none
  int warp_count_[kWarpPairs];
};

}  // namespace

void tile_view(const Tile& t, CellView* v) {
  *v = CellView();
  v->height = (int8_t)t.height;
  switch (t.kind) {
    case kNone: v->floor = Floor::kNone; v->height = 0; break;
    case kFlag: v->floor = Floor::kGoal; v->shape = Shape::kFlag; v->colour = Colour::kRed; break;
    case kSlope: v->arrow = (int8_t)t.dir; break;  // the arrow points down the slope
    case kBelt: v->floor = Floor::kBelt; v->arrow = (int8_t)t.dir; break;
    case kAngle: case kIceAngle:
      if (t.kind == kIceAngle) v->floor = Floor::kIce;
      v->shape = Shape::kWedge;
      v->colour = Colour::kGrey;
      v->corner = (int8_t)t.dir;  // AngleType is in the same order
      break;
    case kSand: v->floor = Floor::kSand; break;
    case kQuick: v->floor = Floor::kSand; v->colour = Colour::kBrown; strcpy(v->label, "Q"); break;
    case kWater: v->floor = Floor::kWater; break;
    case kSpring: v->colour = Colour::kGreen; strcpy(v->label, "S"); break;
    case kWarp: v->colour = Colour::kPurple; v->label[0] = 'W';
      v->label[1] = t.warp ? (char)('0' + (t.warp - 1) % 10) : '\0';
      break;
    case kIce: v->floor = Floor::kIce; break;
    default: break;
  }
}

void ball_view(CellView* v) {
  v->shape = Shape::kBall;
  v->colour = Colour::kWhite;
}

bool brush_tile(const char* token, Tile* t, bool* ball) {
  *t = Tile();
  *ball = false;
  if (token[0] >= '0' && token[0] <= '9' && token[1] == '\0') {  // a height
    t->kind = kFlat;
    t->height = (uint8_t)(token[0] - '0');
    return true;
  }
  if (strcmp(token, "x") == 0) return true;  // no ground
  if (token[0] != ',') return false;
  const char* name = token + 1;
  t->kind = kFlat;
  if (name[0] == '\0') return true;
  if (strcmp(name, "ball") == 0) return *ball = true;
  if (strncmp(name, "warp", 4) == 0 && name[4] >= '0' && name[4] <= '9' && name[5] == '\0') {
    t->kind = kWarp;
    t->warp = (uint8_t)(name[4] - '0' + 1);
    return true;
  }
  for (const TileName& n : kTileNames)
    if (strcmp(n.name, name) == 0) {
      t->kind = n.kind;
      t->dir = n.dir;
      return true;
    }
  return false;
}

std::unique_ptr<Level> make_level(const Rules& r) {
  return std::unique_ptr<Level>(new GolfLevel(r, std::vector<MoveList>()));
}

const std::vector<MoveList>& known_solutions(const Level& level) {
  TL_ASSERT(&level.game() == &kGolf);
  return *level.listed_solutions();
}

std::unique_ptr<Level> parse(const char* text, size_t len, Error* err) {
  LevelReader reader(err);
  bool ok = true;
  for_each_line(text, len, [&](const char* line, size_t n, int number) { return ok = reader.read_line(line, n, number); });
  return ok ? reader.finish() : nullptr;
}

}  // namespace golf
}  // namespace tl
