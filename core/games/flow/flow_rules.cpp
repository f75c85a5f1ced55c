// Flow: the level as hosts play it. A position is the lines drawn so far (in
// GameState::lines) and the line being drawn; a move grabs a dot or a line
// (starting a stroke) or drags the line being drawn to a cell beside its end.
// Dragging back along a line shortens it; dragging over another line cuts it,
// as in Flow Free. Play accepts any solution under the fill rule. Lines are
// kept as nodes (a bridge's lanes are nodes of one cell); moves name cells,
// and a drag into a bridge takes the lane the line enters it on.
//
// [SECTION] Moves and a position's lines
// [SECTION] The level: its start, moves and input
// [SECTION] Text, moves written and the view
// [SECTION] Solving and judging
// [SECTION] Searches worked out once
// [SECTION] Reading a drawing
// [SECTION] Drawing: grab, drag and the pointer
// [SECTION] Views and reading a level
#include <stdio.h>
#include <string.h>

#include <algorithm>

#include "core/base/tl_assert.h"
#include "core/base/grid.h"
#include "flow.h"

namespace tl {
namespace flow {

namespace {

// ---------------------------------------------------------------------------
// [SECTION] Moves and a position's lines
// ---------------------------------------------------------------------------
constexpr int kGrab = 1 << 24;  // a move that grabs a dot or a line at its cell (above every cell)

// The lines of a position: each colour's cells from the dot it was started
// at, and the colour being drawn (0: none). Packed into GameState::lines as
// [active, length of colour 1, its cells..., length of colour 2, ...].
struct Drawing {
  int active = 0;
  std::vector<std::vector<int32_t>> lines;  // [colour - 1]

  void load(const GameState& g, int colours) {
    lines.assign((size_t)colours, std::vector<int32_t>());
    if (g.lines.empty()) return;
    size_t at = 0;
    active = g.lines[at++];
    for (int k = 0; k < colours; ++k) {
      const size_t n = g.lines[at++];
      lines[(size_t)k].assign(g.lines.begin() + (long)at, g.lines.begin() + (long)(at + n));
      at += n;
    }
  }
  void store(GameState* g) const {
    g->lines.clear();
    g->lines.push_back((int32_t)active);
    for (const std::vector<int32_t>& l : lines) {
      g->lines.push_back((int32_t)l.size());
      g->lines.insert(g->lines.end(), l.begin(), l.end());
    }
  }
};

// ---------------------------------------------------------------------------
// [SECTION] The level: its start, moves and input
// ---------------------------------------------------------------------------
class FlowLevel : public Level {
 public:
  explicit FlowLevel(const Puzzle& p) : p_(p) {}
  const GameInfo& game() const override { return kFlow; }
  const Puzzle& puzzle() const { return p_; }

  void initial_state(GameState* out) const override {
    *out = GameState();
    Drawing().store(out);
    out->lines.resize(1 + (size_t)p_.colours, 0);
  }
  int move_count() const override { return kGrab + kMaxCells; }
  // The game's line, and where the board has them, how a line goes round
  // an edge or through a portal (a plain board's player is told of neither;
  // a finger's words are the mouse's: Flow's controls name no key).
  const char* controls(bool touch) const override {
    static const char* const kWithWarpsOrPortals[3] = {
        "Press on a dot and drag to draw its line; drag back along it to shorten it, over another to cut it; past "
        "an edge that warps to go round to the other side.",
        "Press on a dot and drag to draw its line; drag back along it to shorten it, over another to cut it; into "
        "a portal to come out of its pair.",
        "Press on a dot and drag to draw its line; drag back along it to shorten it, over another to cut it; past "
        "an edge that warps, or into a portal, to go through."};
    const bool portals = !p_.portal.empty();  // (as Puzzle::planar reads it)
    if (p_.warps == 0 && !portals) return Level::controls(touch);
    return kWithWarpsOrPortals[p_.warps == 0 ? 1 : portals ? 2 : 0];
  }
  bool starts_stroke(int move) const override { return (move & kGrab) != 0; }
  int move_cell(int move) const override { return move & ~kGrab; }

  Outcome apply(GameState* state, int move) const override {
    const int cell = move & ~kGrab;  // a cell: drag() picks a bridge's lane
    if (cell < 0 || cell >= p_.cells()) return Outcome::kNoChange;
    Drawing d;
    d.load(*state, p_.colours);
    const bool changed = (move & kGrab) ? grab(&d, cell) : drag(&d, cell);
    if (!changed) return Outcome::kNoChange;
    d.store(state);
    return won(d) ? Outcome::kWon : Outcome::kMoved;
  }

  // A press grabs; a drag or a release draws toward the pointer's cell, a
  // cell a move (the session asks again until the line reaches it); a
  // direction key draws the line being drawn one cell on.
  int interpret(const GameState& state, PlayUi* ui, const Input& input) const override {
    Drawing d;
    d.load(state, p_.colours);
    const int y = input.cell_y();
    // A hex board's pointer: x in cell widths from the board's left, an odd
    // row's cells starting half a cell right (the host draws them so).
    const int x = p_.hex && (y & 1) ? Input::pointer(input.kind, input.x - kPointerUnit / 2, 0).cell_x() : input.cell_x();
    const bool inside = x >= 0 && y >= 0 && x < p_.width && y < p_.height;
    switch (input.kind) {
      case InputKind::kPointerPress:
        ui->pressed = inside && owner(d, y * p_.width + x) != 0;
        return ui->pressed ? kGrab | (y * p_.width + x) : kNoMove;
      case InputKind::kPointerDrag:
      case InputKind::kPointerRelease: {
        if (!ui->pressed) return kNoMove;
        // Past an edge that warps the pointer is over the board's other side
        // (as if the board were repeated there): the line goes round, then on
        // toward that cell; past an edge that does not, over the nearest cell.
        int move = !inside && p_.warps ? warp_toward(d, x, y) : kNoMove;
        if (move != kNoMove) return move;
        // A row (column) whose way round a wall closes is as an edge that
        // does not warp.
        const int w = p_.width, h = p_.height;
        const int row = y < 0 ? 0 : y >= h ? h - 1 : y, column = x < 0 ? 0 : x >= w ? w - 1 : x;
        const int cx = p_.row_warps(row) ? (x % w + w) % w : column;
        const int cy = p_.column_warps(column) ? (y % h + h) % h : row;
        move = step_toward(d, cy * w + cx);
        if (move == kNoMove && input.kind == InputKind::kPointerRelease) ui->pressed = false;
        return move;
      }
      case InputKind::kDirection: {
        if (d.active == 0 || d.lines[(size_t)d.active - 1].empty()) return kNoMove;
        const int end = d.lines[(size_t)d.active - 1].back();
        if (!p_.hex) {
          const int next = p_.neighbour(end, input.value);
          return next < 0 ? kNoMove : p_.cell_of(next);
        }
        // A hex board: left and right go west and east; up and down keep to
        // the column (north-west from an odd row, north-east from an even
        // one), else the other way up or down.
        int dirs[2] = {input.value == kLeft ? (int)kWest : (int)kEast, -1};
        const bool odd = p_.cell_of(end) / p_.width % 2 == 1;
        if (input.value == kUp) dirs[0] = odd ? kNorthWest : kNorthEast, dirs[1] = odd ? kNorthEast : kNorthWest;
        if (input.value == kDown) dirs[0] = odd ? kSouthWest : kSouthEast, dirs[1] = odd ? kSouthEast : kSouthWest;
        for (int dir : dirs) {
          const int next = dir < 0 ? -1 : p_.neighbour(end, dir);
          if (next >= 0) return p_.cell_of(next);
        }
        return kNoMove;
      }
      case InputKind::kChooseCard:
        break;
    }
    return kNoMove;
  }

  // ---------------------------------------------------------------------------
  // [SECTION] Text, moves written and the view
  // ---------------------------------------------------------------------------
  // The level text from the start; later, the grid with every drawn cell
  // given its line's character.
  void format(const GameState& state, Text* out) const override {
    Drawing d;
    d.load(state, p_.colours);
    bool drawn = false;
    for (const std::vector<int32_t>& l : d.lines) drawn = drawn || l.size() > 1;
    if (!drawn) {
      format_puzzle(p_, out);
      return;
    }
    Solution s;
    s.colour = colours_of(d);
    format_solution(p_, s, out);
  }

  // "+x,y" grabs the cell in column x, row y (from 1); "x,y" draws to it.
  void format_moves(const Move* moves, size_t count, Text* out) const override {
    for (size_t i = 0; i < count; ++i) {
      const int cell = moves[i] & ~kGrab;
      // (A push and a number at a time: a printf a move took 6.5% of the
      // CPU of counting a file of quick puzzles, inputs9.)
      if (i) out->push(' ');
      if (moves[i] & kGrab) out->push('+');
      out->append_number((uint64_t)(cell % p_.width + 1));
      out->push(',');
      out->append_number((uint64_t)(cell / p_.width + 1));
    }
  }

  // For a person: the lines drawn, by their letters ("line a (7 cells)",
  // "lines a, b, c"), not the cells they pass.
  void describe_moves(const Move* moves, size_t count, Text* out) const override {
    int strokes = 0;
    for (size_t i = 0; i < count; ++i) strokes += (moves[i] & kGrab) ? 1 : 0;
    out->append(strokes == 1 ? "line " : "lines ");
    bool first = true;
    for (size_t i = 0; i < count; ++i) {
      if (!(moves[i] & kGrab)) continue;
      const int cell = moves[i] & ~kGrab;
      const int colour = cell < p_.cells() ? p_.dot[(size_t)cell] : 0;
      out->appendf("%s%c", first ? "" : ", ", colour ? p_.letter[colour] : '?');
      first = false;
    }
    if (strokes == 1) out->appendf(" (%d cells)", (int)count);
  }

  bool parse_moves(const char* text, size_t len, MoveList* out, Error* err) const override {
    out->clear();
    size_t i = 0;
    int index = 0;
    while (i < len) {
      while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
      if (i == len) break;
      const size_t start = i;
      ++index;
      const bool grab = text[i] == '+';
      if (grab) ++i;
      int v[2] = {0, 0};
      bool ok = true;
      for (int k = 0; k < 2 && ok; ++k) {
        if (k == 1) ok = i < len && text[i++] == ',';
        const size_t digits = i;
        while (ok && i < len && text[i] >= '0' && text[i] <= '9' && v[k] < 1000) v[k] = v[k] * 10 + (text[i++] - '0');
        ok = ok && i > digits;
      }
      ok = ok && (i == len || text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r');
      if (!ok || v[0] < 1 || v[1] < 1 || v[0] > p_.width || v[1] > p_.height)
        return fail(err, 0, (int)start + 1, "move %d at column %d: expected +x,y (grab) or x,y (draw to), x 1-%d, "
                    "y 1-%d", index, (int)start + 1, p_.width, p_.height);
      out->push_back((Move)((grab ? kGrab : 0) | ((v[1] - 1) * p_.width + v[0] - 1)));
    }
    return true;
  }

  void view(const GameState& state, BoardView* out) const override {
    Drawing d;
    d.load(state, p_.colours);
    out->reset(p_.width, p_.height);
    out->warps = p_.warps;
    out->hex = p_.hex;
    for (int y = 0; y < p_.height; ++y) out->closed_rows |= (uint64_t)(p_.warps & kWarpRows && !p_.row_warps(y)) << y;
    for (int x = 0; x < p_.width; ++x)
      out->closed_columns |= (uint64_t)(p_.warps & kWarpColumns && !p_.column_warps(x)) << x;
    for (int c = 0; c < p_.cells(); ++c) {
      CellView& v = out->cells[(size_t)c];
      v.floor = p_.is_block(c) ? Floor::kNone : Floor::kDark;
      if (p_.is_portal(c)) {  // a portal: a ring marked with its pair's number
        int pair = 0;
        for (int o = 0; o < c && o < p_.portal[(size_t)c]; ++o) pair += p_.is_portal(o) && p_.portal[(size_t)o] > o;
        portal_view(pair, &v);
      }
      for (int dir = 0; dir < p_.dirs(); ++dir)
        if (p_.walled(c, dir)) v.walls |= (uint8_t)(1 << dir);
      v.bridge = p_.is_bridge(c) ? p_.bridge[(size_t)c] : 0;
      if (p_.dot[(size_t)c]) dot_view(p_.dot[(size_t)c], p_.letter[p_.dot[(size_t)c]], &v);
    }
    int lanes_filled = 0;  // bridges' second and third lanes with a line
    for (int k = 1; k <= p_.colours; ++k) {
      const std::vector<int32_t>& l = d.lines[(size_t)k - 1];
      for (size_t i = 0; i < l.size(); ++i) {
        CellView& v = out->cells[(size_t)p_.cell_of(l[i])];
        v.line = (uint8_t)k;
        lanes_filled += l[i] >= p_.cells();
        if (p_.axis_at(l[i]) >= 0) v.axis_line[p_.axis_at(l[i])] = (uint8_t)k;
        for (int dir = 0; dir < p_.dirs(); ++dir) {
          const int n = p_.neighbour(l[i], dir);
          if ((i > 0 && n == l[i - 1]) || (i + 1 < l.size() && n == l[i + 1])) v.links |= (uint8_t)(1 << dir);
        }
      }
    }
    if (d.active && !d.lines[(size_t)d.active - 1].empty()) out->actor = p_.cell_of(d.lines[(size_t)d.active - 1].back());
    // As Flow Free says it: lines joined, and how much of the board is filled.
    int joined = 0, filled = lanes_filled;
    for (int k = 1; k <= p_.colours; ++k) joined += complete(d, k);
    for (const CellView& v : out->cells) filled += v.line != 0;
    snprintf(out->caption, sizeof out->caption, "%d of %d lines joined, %d%% filled%s", joined,
             p_.colours, 100 * filled / p_.open_cells(),
             joined == p_.colours && filled < p_.open_cells() ? ": fill every cell" : "");
  }

  // ---------------------------------------------------------------------------
  // [SECTION] Solving and judging: solve, analyze, count, similarity, difficulty
  // ---------------------------------------------------------------------------
  // Strokes that draw the lines of a solution (no-touch first: the level's
  // intended one; else any under fill) that are not drawn so already.
  SolveResult solve(const GameState& from, const SearchLimits& limits, MoveList* path) const override {
    if (p_.colours == 0) return solve_design(limits, path);
    Solution s;
    SolveFigures f = flow::solve(p_, RuleSet::kNoTouch, 1, solve_limits(limits), &s, nullptr);
    const uint64_t peak = f.peak_bytes, no_touch_nodes = f.nodes;
    const bool fill = !f.solvable && !f.capped;  // none under no-touch: any under fill?
    if (fill) f = flow::solve(p_, RuleSet::kFill, 1, solve_limits(limits), &s, nullptr);
    SolveResult r;
    r.peak_bytes = f.peak_bytes > peak ? f.peak_bytes : peak;
    r.solvable = f.solvable;
    r.capped = !f.solvable && f.capped;
    r.expanded = f.nodes + (fill ? no_touch_nodes : 0);
    if (!f.solvable) return r;
    r.length = strokes_to(s, from, path);
    return r;
  }

  // The strokes that draw solution s from `from` (its lines not drawn so
  // already; into *path when not null): how many.
  int strokes_to(const Solution& s, const GameState& from, MoveList* path) const {
    Drawing d;
    d.load(from, p_.colours);
    int strokes = 0;
    if (path) path->clear();
    for (int k = 1; k <= p_.colours; ++k) {
      const std::vector<int32_t>& want = s.lines[(size_t)k - 1];
      const std::vector<int32_t>& have = d.lines[(size_t)k - 1];
      if (have == want || (have.size() == want.size() && std::equal(have.rbegin(), have.rend(), want.begin())))
        continue;
      ++strokes;
      if (!path) continue;
      path->push_back((Move)(kGrab | want[0]));
      for (size_t i = 1; i < want.size(); ++i) path->push_back((Move)p_.cell_of(want[i]));
    }
    return strokes;
  }

  // No state graph: a line puzzle is judged by its solutions (see
  // analysis_figures). Par is the number of lines, one stroke each.
  Analysis analyze(const GameState& from, const SearchLimits& limits) const override {
    Analysis a;
    a.state_graph = false;
    if (p_.colours == 0) {  // a board design: the fewest lines that fill it
      const FewestLines& f = design(limits);
      a.solvable = f.lines > 0;
      a.capped = !f.proven;
      a.par = f.lines > 0 ? f.lines : -1;
      return a;
    }
    SolveResult r = solve(from, limits, nullptr);
    a.solvable = r.solvable;
    a.capped = r.capped;
    a.par = r.solvable ? r.length : -1;
    return a;
  }

  int analysis_figures(const GameState& from, const Analysis& a, const SearchLimits& limits,
                       Figure* out) const override {
    (void)from;
    (void)a;
    int n = 0;
    if (p_.colours == 0) {
      const FewestLines& f = design(limits);
      out[n++] = Figure{"fewest_lines", "Fewest lines (0: none found)", (uint64_t)f.lines, false};
      out[n++] = Figure{"proven", "Proven the fewest", f.proven && f.lines > 0, true};
      out[n++] = Figure{"perfect_level", "A level with that many lines is unique (no-touch)", f.unique, true};
      out[n++] = Figure{"design_nodes", "Positions searched", f.nodes, false};
      return n;
    }
    Solution s;
    SolveFigures no_touch = flow::solve(p_, RuleSet::kNoTouch, 10, solve_limits(limits), &s, nullptr);
    // Fill counts run long on open boards (every wiggle of a line is one
    // more solution to walk past): half a million positions at most.
    SearchLimits fill_limits = solve_limits(limits);
    if (fill_limits.max_positions > 500000) fill_limits.max_positions = 500000;
    SolveFigures fill = flow::solve(p_, RuleSet::kFill, 10, fill_limits, nullptr, nullptr);
    SolveFigures guesses;
    guessing(&guesses);
    size_t longest = 0;
    for (const std::vector<int32_t>& l : s.lines) longest = l.size() > longest ? l.size() : longest;
    out[n++] = Figure{"unique", "Unique (no-touch)", no_touch.count == 1 && !no_touch.capped, true};
    out[n++] = Figure{"solutions_no_touch", "Solutions, no-touch (up to 10)", no_touch.count, false};
    // Every no-touch solution is a fill one: a capped fill count is at least that.
    const uint64_t fill_count = fill.count > no_touch.count ? fill.count : no_touch.count;
    out[n++] = Figure{"solutions_fill", "Solutions, fill (up to 10)", fill_count, false};
    out[n++] = Figure{"branches", "Guesses (no-touch search)", guesses.branches, false};
    // A count the search cap stopped is a lower bound, not the count.
    out[n++] = Figure{"counts_capped", "Counts stopped at the search cap", no_touch.capped || fill.capped, true};
    out[n++] = Figure{"guesses_capped", "Guesses stopped at 200,000 positions", guesses.capped, true};
    out[n++] = Figure{"lines", "Lines", (uint64_t)p_.colours, false};
    // Perfect: as few lines as the board can take. One line never fills a
    // board of 2x2 or more under the article's rules: the corner cell's two
    // neighbours must both join it, and the cell diagonal to it touches both,
    // which closes a loop; so two lines is perfect.
    out[n++] = Figure{"perfect", "Perfect (2 lines, the fewest any board takes)", p_.colours == 2, true};
    // (A board with walls, blocks or warps may need more: analyze its design,
    // the board without dots, for its fewest.)
    out[n++] = Figure{"longest_line", "Longest line", (uint64_t)longest, false};
    return n;
  }

  bool solution_board(const MoveList& solution, Text* grid,
                      std::vector<std::vector<int32_t>>* lines) const override {
    if (p_.colours == 0) {  // a design: the filling with the fewest lines, a letter a line
      if (!designed_ || design_.lines == 0) return false;
      Puzzle level;
      Solution filling;
      level_of_lines(p_, design_.filling.lines, &level, &filling);
      format_solution(level, filling, grid);
      lines->clear();
      for (const std::vector<int32_t>& l : design_.filling.lines) {
        lines->push_back(std::vector<int32_t>());
        for (int32_t node : l) lines->back().push_back((int32_t)p_.cell_of(node));
      }
      return true;
    }
    Drawing d;
    if (!strokes_of(solution, &d)) {  // not plain strokes: played move by move
      GameState s;
      initial_state(&s);
      for (Move m : solution) apply(&s, m);
      d.load(s, p_.colours);
    }
    Solution board;
    board.colour = colours_of(d);
    format_solution(p_, board, grid);
    lines->clear();  // each line's cells (a bridge's lane is its cell)
    for (const std::vector<int32_t>& l : d.lines) {
      lines->push_back(std::vector<int32_t>());
      for (int32_t node : l) lines->back().push_back((int32_t)p_.cell_of(node));
    }
    return true;
  }

  bool count_solutions(const char* rules, uint64_t max, SearchTeam* team, SolutionCount* out,
                       Error* err) const override {
    RuleSet r;
    if (!*rules || !strcmp(rules, "no-touch")) r = RuleSet::kNoTouch;
    else if (!strcmp(rules, "fill")) r = RuleSet::kFill;
    else return fail(err, 0, 0, "--rules: '%.20s' is not a rule set of flow: fill or no-touch", rules);
    Solution first;
    SearchLimits limits;
    limits.team = team;
    limits.long_diagonal_turns = true;
    SolveFigures f = flow::solve(p_, r, max, limits, &first, nullptr);
    out->count = f.count;
    out->capped = f.capped;
    snprintf(out->rules, sizeof out->rules, "%s", rule_set_name(r));
    out->positions = f.nodes;
    out->peak_bytes = f.peak_bytes;
    out->solution.clear();
    out->solution_is_solve = false;
    if (p_.colours > 0 && f.count > 0 && !first.lines.empty()) {
      GameState start;
      initial_state(&start);
      strokes_to(first, start, &out->solution);
      // solve() looks under no-touch first: the one solution there is its answer.
      out->solution_is_solve = r == RuleSet::kNoTouch && f.count == 1 && !f.capped && max >= 2;
    }
    return true;
  }

  // How alike two levels of one design look (the article filters its
  // levels so before picking favourites): the pieces of their solutions'
  // lines cell by cell (straight, which corner, an end: whatever the colour),
  // two parts in three, and where their dots are (shared over either's),
  // one part. Levels of other designs (size, shape, blocks, walls, warps)
  // are not alike at all; a level without a solution is compared as any
  // game's (Level::similarity).
  int similarity(const Level& other) const override {
    if (&other.game() != &kFlow) return 0;
    const FlowLevel& o = static_cast<const FlowLevel&>(other);
    const Puzzle& q = o.p_;
    if (q.width != p_.width || q.height != p_.height || q.hex != p_.hex || q.block != p_.block || q.wall != p_.wall ||
        q.warps != p_.warps)
      return 0;
    const std::vector<uint8_t>& a = pieces();
    const std::vector<uint8_t>& b = o.pieces();
    if (a.empty() || b.empty()) return Level::similarity(other);
    int cells = 0, same = 0, dots = 0, both = 0;
    for (int c = 0; c < p_.cells(); ++c) {
      if (p_.is_block(c)) continue;
      ++cells;
      same += a[(size_t)c] == b[(size_t)c];
      dots += p_.dot[(size_t)c] || q.dot[(size_t)c];
      both += p_.dot[(size_t)c] && q.dot[(size_t)c];
    }
    if (cells == 0) return 100;
    return (2 * 100 * same / cells + (dots ? 100 * both / dots : 100)) / 3;
  }

  Difficulty rate(const Analysis& a) const override {
    (void)a;
    if (p_.colours == 0) return Difficulty();
    guessing(nullptr);
    return difficulty_;
  }

 private:
  // ---------------------------------------------------------------------------
  // [SECTION] Searches worked out once
  // ---------------------------------------------------------------------------
  // Each cell's piece of the solution's lines: the sides they leave it by
  // (bit 1 << direction), dots marked by bit 7; empty when no solution.
  const std::vector<uint8_t>& pieces() const {
    if (!pieced_) {
      pieced_ = true;
      Solution s;
      SolveFigures f = flow::solve(p_, RuleSet::kNoTouch, 1, SearchLimits(), &s, nullptr);
      if (!f.solvable) f = flow::solve(p_, RuleSet::kFill, 1, SearchLimits(), &s, nullptr);
      if (!f.solvable || p_.colours == 0) return pieces_;
      pieces_.assign((size_t)p_.cells(), 0);
      for (const std::vector<int32_t>& l : s.lines)
        for (size_t i = 0; i < l.size(); ++i) {
          uint8_t& piece = pieces_[(size_t)p_.cell_of(l[i])];
          if (i == 0 || i + 1 == l.size()) piece |= 0x80;
          for (int d = 0; d < p_.dirs(); ++d) {
            const int n = p_.neighbour(l[i], d);
            if ((i > 0 && n == l[i - 1]) || (i + 1 < l.size() && n == l[i + 1])) piece |= (uint8_t)(1 << d);
          }
        }
    }
    return pieces_;
  }

  // A design's "solution": the filling with the fewest lines, a stroke a
  // line (written as moves; the board shows it, see solution_board).
  SolveResult solve_design(const SearchLimits& limits, MoveList* path) const {
    const FewestLines& f = design(limits);
    SolveResult r;
    r.solvable = f.lines > 0;
    r.capped = !r.solvable && !f.proven;
    r.expanded = f.nodes;
    r.length = f.lines;
    if (path) {
      path->clear();
      for (const std::vector<int32_t>& l : f.filling.lines)
        for (size_t i = 0; i < l.size() && r.solvable; ++i)
          path->push_back((Move)((i == 0 ? kGrab : 0) | p_.cell_of(l[i])));
    }
    return r;
  }

  // The fewest lines of a design (a board with no dots), searched once.
  const FewestLines& design(const SearchLimits& limits) const {
    if (!designed_) {
      design_ = fewest_lines(p_, 8, limits.max_states);
      designed_ = true;
    }
    return design_;
  }
  // flow::difficulty of the level, worked out once (its search is the
  // slowest part of an analysis, and the text and figures both ask).
  void guessing(SolveFigures* figures) const {
    if (!guessed_) {
      difficulty_ = flow::difficulty(p_, RuleSet::kNoTouch, &guesses_);
      guessed_ = true;
    }
    if (figures) *figures = guesses_;
  }

  // The search limits of the move games, as the line searches count: a
  // position searched for each state the move games may store.
  static SearchLimits solve_limits(const SearchLimits& limits) {
    SearchLimits l;
    l.max_positions = limits.max_states;
    l.max_memo_bytes = limits.max_bytes;
    return l;
  }

  // ---------------------------------------------------------------------------
  // [SECTION] Reading a drawing
  // ---------------------------------------------------------------------------
  // The colour on each node: the dots' and the drawn lines'.
  std::vector<uint8_t> colours_of(const Drawing& d) const {
    std::vector<uint8_t> colour(p_.dot.begin(), p_.dot.end());
    colour.resize((size_t)p_.nodes(), 0);
    for (size_t k = 0; k < d.lines.size(); ++k)
      for (int32_t c : d.lines[k]) colour[c] = (uint8_t)(k + 1);
    return colour;
  }
  // The lines of a solution given as plain strokes (as solve() gives them):
  // each a grab at a dot, then cells each beside the last, never a cell
  // drawn before, on a board without bridges. Drawn in one pass, where
  // playing the moves one by one costs a pass over the lines a move (a
  // million-cell line would take minutes). False for anything else.
  bool strokes_of(const MoveList& moves, Drawing* d) const {
    if (!p_.bridge.empty()) return false;
    d->lines.assign((size_t)p_.colours, std::vector<int32_t>());
    std::vector<uint8_t> drawn((size_t)p_.cells(), 0);
    std::vector<int32_t>* line = nullptr;
    int k = 0;
    for (Move m : moves) {
      const int cell = m & ~kGrab;
      if (cell < 0 || cell >= p_.cells() || drawn[(size_t)cell]) return false;
      if (m & kGrab) {
        k = p_.dot[(size_t)cell];
        if (!k || !d->lines[(size_t)k - 1].empty()) return false;
        line = &d->lines[(size_t)k - 1];
      } else {
        if (!line || complete(*d, k)) return false;
        bool beside = false;
        for (int dir = 0; dir < p_.dirs() && !beside; ++dir) beside = p_.neighbour(line->back(), dir) == cell;
        if (!beside || (p_.dot[(size_t)cell] && p_.dot[(size_t)cell] != k)) return false;
      }
      drawn[(size_t)cell] = 1;
      line->push_back((int32_t)cell);
    }
    d->active = k;
    return true;
  }

  // The colour of the dot or a line on a cell (any lane of a bridge), 0 when none.
  int owner(const Drawing& d, int cell) const {
    const std::vector<uint8_t> colour = colours_of(d);
    for (int axis = 0; axis < 3 && p_.is_bridge(cell); ++axis) {
      const int node = p_.lane(cell, axis);
      if (node >= 0 && colour[(size_t)node]) return colour[(size_t)node];
    }
    return colour[(size_t)cell];
  }
  // Where a line has a node: exactly that node, or any lane of a cell.
  static int index_of(const std::vector<int32_t>& line, int node) {
    for (size_t i = 0; i < line.size(); ++i)
      if (line[i] == node) return (int)i;
    return -1;
  }
  int index_of_cell(const std::vector<int32_t>& line, int cell) const {
    for (size_t i = 0; i < line.size(); ++i)
      if (p_.cell_of(line[i]) == cell) return (int)i;
    return -1;
  }
  bool complete(const Drawing& d, int k) const {
    const std::vector<int32_t>& l = d.lines[(size_t)k - 1];
    return l.size() >= 2 && p_.dot_at(l.back()) == k;
  }
  bool won(const Drawing& d) const {
    size_t filled = 0;
    for (int k = 1; k <= p_.colours; ++k) {
      if (!complete(d, k)) return false;
      filled += d.lines[(size_t)k - 1].size();
    }
    return (int)filled == p_.open_cells();
  }

  // ---------------------------------------------------------------------------
  // [SECTION] Drawing: grab, drag and the pointer
  // ---------------------------------------------------------------------------
  // Grabbing a dot starts its line afresh there; grabbing a line cuts it
  // back to that cell.
  bool grab(Drawing* d, int cell) const {
    if (cell >= p_.cells()) return false;
    const int dot = p_.dot[(size_t)cell];
    if (dot) {
      std::vector<int32_t>& l = d->lines[(size_t)dot - 1];
      if (d->active == dot && l.size() == 1 && l[0] == cell) return false;
      l.assign(1, (int32_t)cell);
      d->active = dot;
      return true;
    }
    for (int k = 1; k <= p_.colours; ++k) {
      std::vector<int32_t>& l = d->lines[(size_t)k - 1];
      const int i = index_of_cell(l, cell);
      if (i < 0) continue;
      if (d->active == k && i + 1 == (int)l.size()) return false;
      l.resize((size_t)i + 1);
      d->active = k;
      return true;
    }
    return false;
  }

  // Drawing the active line to a cell beside its end: back along itself it
  // shortens; over another line it cuts that line; into its own other dot it
  // ends. A line that has ended goes no further.
  bool drag(Drawing* d, int cell) const {
    const int k = d->active;
    if (k == 0 || cell >= p_.cells()) return false;
    std::vector<int32_t>& l = d->lines[(size_t)k - 1];
    if (l.empty() || p_.cell_of(l.back()) == cell) return false;
    // The node of the cell beside the line's end: the cell, or the lane of a
    // bridge the line enters it on.
    int node = -1;
    for (int dir = 0; dir < p_.dirs() && node < 0; ++dir) {
      const int n = p_.neighbour(l.back(), dir);
      if (n >= 0 && p_.cell_of(n) == cell) node = n;
    }
    const int back = node >= 0 ? index_of(l, node) : index_of_cell(l, cell);
    if (back >= 0) {
      l.resize((size_t)back + 1);
      return true;
    }
    if (node < 0 || complete(*d, k)) return false;
    const int dot = p_.dot_at(node);
    if (dot && dot != k) return false;
    for (int j = 1; j <= p_.colours; ++j) {
      if (j == k) continue;
      std::vector<int32_t>& other = d->lines[(size_t)j - 1];
      const int i = index_of(other, node);
      if (i >= 0) other.resize((size_t)i);
    }
    l.push_back((int32_t)node);
    return true;
  }

  // The pointer off the board past an edge that warps: the line being drawn
  // goes round, if its end is on that edge; otherwise nothing.
  int warp_toward(const Drawing& d, int x, int y) const {
    if (d.active == 0 || d.lines[(size_t)d.active - 1].empty()) return kNoMove;
    const int end = d.lines[(size_t)d.active - 1].back(), cell = p_.cell_of(end);
    const int ex = cell % p_.width, ey = cell / p_.width;
    int dirs[2] = {-1, -1};
    if ((p_.warps & kWarpRows) && x >= p_.width && ex == p_.width - 1) dirs[0] = p_.hex ? (int)kEast : (int)kRight;
    else if ((p_.warps & kWarpRows) && x < 0 && ex == 0) dirs[0] = p_.hex ? (int)kWest : (int)kLeft;
    else if ((p_.warps & kWarpColumns) && y >= p_.height && ey == p_.height - 1) {
      dirs[0] = p_.hex ? (int)kSouthEast : (int)kDown;
      if (p_.hex) dirs[1] = kSouthWest;
    } else if ((p_.warps & kWarpColumns) && y < 0 && ey == 0) {
      dirs[0] = p_.hex ? (int)kNorthEast : (int)kUp;
      if (p_.hex) dirs[1] = kNorthWest;
    }
    for (int dir : dirs)
      if (extends(d, dir)) return p_.cell_of(p_.neighbour(end, dir));
    return kNoMove;
  }

  // Whether the active line's end goes on one cell in direction `dir`. A
  // step toward the pointer only ever extends the line: stepping back onto
  // it is for the pointer on the line itself (else, round a warp or through
  // a portal, the next step toward the pointer could lead back onto the line
  // and the one after out again, for ever).
  bool extends(const Drawing& d, int dir) const {
    const std::vector<int32_t>& l = d.lines[(size_t)d.active - 1];
    const int next = dir < 0 ? -1 : p_.neighbour(l.back(), dir);
    if (next < 0 || index_of(l, next) >= 0) return false;
    Drawing probe = d;
    return drag(&probe, p_.cell_of(next));
  }

  // The move that takes the active line one cell toward `target`.
  int step_toward(const Drawing& d, int target) const {
    if (d.active == 0) return kNoMove;
    const std::vector<int32_t>& l = d.lines[(size_t)d.active - 1];
    if (l.empty() || p_.cell_of(l.back()) == target) return kNoMove;
    if (index_of_cell(l, target) >= 0) return target;
    const int end = l.back(), cell = p_.cell_of(end);
    if (!p_.hex) {
      const int dx = target % p_.width - cell % p_.width, dy = target / p_.width - cell / p_.width;
      const int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
      int dirs[2] = {adx >= ady ? (dx > 0 ? kRight : kLeft) : (dy > 0 ? kDown : kUp), -1};
      // A line on a bridge's lane goes on along it: the other way toward the pointer.
      if (p_.axis_at(end) >= 0 && adx && ady) dirs[1] = adx >= ady ? (dy > 0 ? kDown : kUp) : (dx > 0 ? kRight : kLeft);
      for (int dir : dirs)
        if (extends(d, dir)) return p_.cell_of(p_.neighbour(end, dir));
      return kNoMove;
    }
    // A hex board: the neighbour nearest the pointer's cell that comes nearer
    // (centres in quarter cells: odd rows half a cell right, rows 7/8 apart).
    auto centre = [&](int c, int* x, int* y) {
      *x = 4 * (c % p_.width) + 2 * (c / p_.width % 2);
      *y = 7 * (c / p_.width) / 2;
    };
    int tx, ty, ex, ey;
    centre(target, &tx, &ty);
    centre(cell, &ex, &ey);
    int best = -1, best_distance = (tx - ex) * (tx - ex) + (ty - ey) * (ty - ey);
    for (int dir = 0; dir < p_.dirs(); ++dir) {
      const int next = p_.neighbour(end, dir), grid = p_.step(cell, dir, false);
      if (next < 0 || grid < 0) continue;  // round a warped edge: warp_toward's
      int nx, ny;
      centre(grid, &nx, &ny);
      const int distance = (tx - nx) * (tx - nx) + (ty - ny) * (ty - ny);
      if (distance < best_distance && extends(d, dir)) {
        best = p_.cell_of(next);
        best_distance = distance;
      }
    }
    return best < 0 ? kNoMove : best;
  }

  Puzzle p_;
  mutable bool guessed_ = false;
  mutable Difficulty difficulty_;
  mutable SolveFigures guesses_;
  mutable bool designed_ = false;
  mutable bool pieced_ = false;
  mutable std::vector<uint8_t> pieces_;
  mutable FewestLines design_;
};

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Views and reading a level
// ---------------------------------------------------------------------------
void dot_view(int line, char letter, CellView* v) {
  v->shape = Shape::kDot;
  v->line = (uint8_t)line;
  v->label[0] = letter;
  v->label[1] = '\0';
}

void portal_view(int pair, CellView* v) {
  v->shape = Shape::kPit;
  v->colour = Colour::kCyan;
  snprintf(v->label, sizeof v->label, "%d", (pair + 1) % 100);
}

std::unique_ptr<Level> make_level(const Puzzle& puzzle) { return std::unique_ptr<Level>(new FlowLevel(puzzle)); }

std::unique_ptr<Level> parse(const char* text, size_t len, Error* err) {
  Puzzle p;
  if (!parse_puzzle(text, len, &p, err)) return nullptr;
  return make_level(p);
}

bool split_puzzles(const char* text, size_t len, std::vector<Text>* levels, Error* err) {
  std::vector<Puzzle> all;
  if (!parse_puzzles(text, len, &all, err)) return false;
  levels->assign(all.size(), Text());
  for (size_t i = 0; i < all.size(); ++i) format_puzzle(all[i], &(*levels)[i]);
  return true;
}

const Puzzle& puzzle_of(const Level& level) {
  TL_ASSERT(&level.game() == &kFlow);
  return static_cast<const FlowLevel&>(level).puzzle();
}

}  // namespace flow
}  // namespace tl
