// Flow boards beyond the plain rectangle: bridges, hexagonal boards (hexes
// and hives, crosses), board designs with wall patterns, and the search for
// the fewest lines that fill a design (the article's perfect designs).
//
// [SECTION] Helpers
// [SECTION] Bridges and hexes
// [SECTION] The searches against brute force
// [SECTION] Play by drag
// [SECTION] Rims that cross, and generated boards
// [SECTION] Fewest lines of a design, and similarity
#include <catch2/catch.hpp>
#include <string.h>

#include <algorithm>
#include <functional>
#include <set>
#include <string>

#include "core/game/game.h"
#include "core/games/flow/flow.h"
#include "core/lines/lines.h"
#include "core/base/grid.h"
#include "core/midend/pack.h"
#include "core/base/params.h"
#include "core/base/rng.h"
#include "core/midend/session.h"
#include "flow_util.h"

using namespace tl;
using namespace tl::flow;
using namespace tl::flow::test;

// ---------------------------------------------------------------------------
// [SECTION] Helpers
// ---------------------------------------------------------------------------
namespace {

// Parameters as "key=value key=value" over the defaults.
bool parse_params(const GameInfo& game, const char* text, ParamValues* values, Error* err) {
  params_default(game, values);
  return params_read(game, text, strlen(text), ' ', values, err);
}

uint64_t count(const Puzzle& p, RuleSet rules, uint64_t up_to) {
  return solve(p, rules, up_to, SearchLimits(), nullptr, nullptr).count;
}

// The level of a generator's parameters ("size=5x5 bridges=1") and seed.
Puzzle generated(const char* params, const char* seed, Solution* s) {
  ParamValues values;
  Error e;
  INFO(params);
  REQUIRE(parse_params(kFlow, params, &values, &e));
  GeneratedInfo info;
  std::unique_ptr<Level> level = kFlow.generate(values, seed, &info, &e);
  INFO(e.message);
  REQUIRE(level);
  Puzzle p = flow::puzzle_of(*level);
  REQUIRE(solve(p, RuleSet::kNoTouch, 2, SearchLimits(), s, nullptr).count == 1);
  Error why;
  INFO(why.message);
  CHECK(check_solution(p, *s, RuleSet::kNoTouch, &why));
  return p;
}

// A generated level's text as it is, with a pair of dots taken away, all but
// two pairs, or a dot moved to a free cell (blocks and bridges stay).
std::string changed_text(const Puzzle& level, Rng& rng) {
  std::string text = text_of(level);
  const size_t row_chars = (size_t)(level.height * (level.width + 1));
  std::vector<size_t> dots, free;
  for (size_t i = 0; i < row_chars; ++i) {
    const int cell = (int)(i / (size_t)(level.width + 1) * (size_t)level.width + i % (size_t)(level.width + 1));
    if (text[i] == '\n' || level.is_block(cell) || level.is_bridge(cell)) continue;
    (text[i] == '.' ? free : dots).push_back(i);
  }
  const int change = (int)rng.below(4);
  if (change == 1 && level.colours > 2) {  // a pair taken away
    const char gone = text[dots[rng.below((uint32_t)dots.size())]];
    for (size_t i : dots)
      if (text[i] == gone) text[i] = '.';
  } else if (change == 3) {  // all but two pairs taken away
    const char keep[2] = {text[dots[rng.below((uint32_t)dots.size())]], text[dots[rng.below((uint32_t)dots.size())]]};
    for (size_t i : dots)
      if (text[i] != keep[0] && text[i] != keep[1]) text[i] = '.';
  } else if (change == 2 && !free.empty()) {  // a dot moved to a free cell
    std::swap(text[dots[rng.below((uint32_t)dots.size())]], text[free[rng.below((uint32_t)free.size())]]);
  }
  return text;
}

// Plays strokes ("+x,y x,y ..." from 1) on a level; the last outcome.
Outcome play(const Level& level, const char* moves, GameState* state) {
  MoveList list;
  Error e;
  REQUIRE(level.parse_moves(moves, strlen(moves), &list, &e));
  level.initial_state(state);
  Outcome last = Outcome::kNoChange;
  for (Move m : list) {
    const Outcome o = level.apply(state, m);
    if (o != Outcome::kNoChange) last = o;
  }
  return last;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Bridges and hexes: text and neighbours
// ---------------------------------------------------------------------------
TEST_CASE("bridges: two lines cross one each way, and a line that enters one goes straight on") {
  // a from the top-left to the bottom-right, b from the top-right to the
  // bottom-left: they must cross, which only the bridge allows.
  Puzzle p = puzzle_of("a.b\n...\nb.a\nbridges: 1,1\n");
  CHECK(p.nodes() == 10);  // the bridge's second lane
  CHECK(p.open_cells() == 10);
  const int across = p.neighbour(3, kRight), down = p.neighbour(1, kDown);
  CHECK(p.cell_of(across) == 4);
  CHECK(p.cell_of(down) == 4);
  CHECK(across != down);                       // one lane each way
  CHECK(p.neighbour(across, kRight) == 5);     // straight on
  CHECK(p.neighbour(across, kDown) == -1);     // never a turn on a bridge
  CHECK(p.neighbour(down, kDown) == 7);
  CHECK(count(p, RuleSet::kFill, 10) == 2);    // a across and b down, or the other way round
  CHECK(count(puzzle_of("a.b\n...\nb.a\n"), RuleSet::kFill, 10) == 0);
  Solution s;
  REQUIRE(solve(p, RuleSet::kNoTouch, 1, SearchLimits(), &s, nullptr).count == 1);
  int through = 0;
  for (const std::vector<int32_t>& line : s.lines)
    for (int32_t node : line) through += p.cell_of(node) == 4;
  CHECK(through == 2);  // both lines cross the bridge cell
  // A board whose bridge no line can fill one way: unsolvable, not malformed.
  CHECK(count(puzzle_of("a..\n...\n..a\nbridges: 1,0\n"), RuleSet::kFill, 10) == 0);
}

TEST_CASE("bridges and hexes: written after the rows, read back exactly, refused naming the place") {
  for (const char* text : {"a.b\n...\nb.a\nbridges: 1,1\n", "a..b\n....\n.a.b\nshape: hex\n",
                           "a...b\n.....\n.....\nb...a\nshape: hex\nwalls: 1,0/2,0 1,1/1,2\nbridges: 2,1 2,2:2\n",
                           "a....\n.....\n.....\n....a\nshape: hex\nwarps: both\n"}) {
    INFO(text);
    CHECK(text_of(puzzle_of(text)) == text);
  }
  CHECK(refusal("a.b\n...\nb.a\nbridges: 0,0\n").find("line 4, column 10: a bridge goes on an empty cell") !=
        std::string::npos);
  CHECK(refusal("a.b\n...\nb.a\nbridges: 1,1:2\n").find("only a hex board's cross") != std::string::npos);
  CHECK(refusal("a.b\n...\nb.a\nbridges: 1,1 1,1\n").find("once") != std::string::npos);
  CHECK(refusal("a.b\n...\nb.a\nshape: round\n").find("line 4, column 8: a shape is square or hex") !=
        std::string::npos);
  CHECK(refusal("a.b\n...\nb.a\nshape: hex\nwarps: columns\n").find("even number of rows") != std::string::npos);
  CHECK(refusal("a.b\n...\nb.a\nbridges: 1,1\nblocks: 1,1\n").find("a block on a bridge") != std::string::npos);
  // On a hex board cells side by side are the six neighbours: (0,0) and
  // (1,1) are (an odd row sits half a cell right) but not on a square board.
  CHECK(refusal("a.b\n...\nb.a\nwalls: 0,0/1,1\n").find("side by side") != std::string::npos);
  CHECK(puzzle_of("a.b\n...\nb.a\nshape: hex\nwalls: 0,1/0,0\n").walled(0, kSouthEast));
}

TEST_CASE("hex boards: six neighbours, odd rows half a cell right, and opposite sides meet") {
  Puzzle p = puzzle_of("a..b\n....\n....\nb..a\nshape: hex\n");
  CHECK(p.dirs() == 6);
  const int c = 1 * 4 + 1;  // (1,1), an odd row
  CHECK(p.neighbour(c, kEast) == 6);
  CHECK(p.neighbour(c, kWest) == 4);
  CHECK(p.neighbour(c, kNorthEast) == 2);   // (2,0)
  CHECK(p.neighbour(c, kNorthWest) == 1);   // (1,0)
  CHECK(p.neighbour(c, kSouthEast) == 10);  // (2,2)
  CHECK(p.neighbour(c, kSouthWest) == 9);   // (1,2)
  const int e = 2 * 4 + 1;  // (1,2), an even row
  CHECK(p.neighbour(e, kNorthEast) == 5);   // (1,1)
  CHECK(p.neighbour(e, kNorthWest) == 4);   // (0,1)
  for (int cell = 0; cell < p.cells(); ++cell)
    for (int d = 0; d < 6; ++d) {
      const int n = p.neighbour(cell, d);
      if (n >= 0) CHECK(p.neighbour(n, d ^ 1) == cell);
    }
}

// ---------------------------------------------------------------------------
// [SECTION] The searches against brute force
// ---------------------------------------------------------------------------
TEST_CASE("bridges, crosses and hexes: the solver counts what brute force counts on small boards") {
  Rng rng("flow-bridges-hexes-brute-force");
  int bridged = 0, hexes = 0, solvable = 0, crossed = 0;
  for (int t = 0; t < 400; ++t) {
    const bool hex = rng.below(2) == 0;
    const int w = 3 + (int)rng.below(2), h = 3 + (int)rng.below(2);
    const int k = 1 + (int)rng.below(3);
    const std::string g = place_dots(rng, w, h, k);
    std::string text = rows_of(g, w, h) + (hex ? "shape: hex\n" : "");
    if (rng.below(4) != 0) {  // a bridge (a hex board's three- or two-way cross) on a free inner cell
      const int x = 1 + (int)rng.below((uint32_t)(w - 2)), y = 1 + (int)rng.below((uint32_t)(h - 2));
      if (g[(size_t)(y * w + x)] == '.')
        text += "bridges: " + std::to_string(x) + "," + std::to_string(y) + (hex && rng.below(2) ? ":2" : "") + "\n";
    }
    if (rng.below(3) == 0) {
      const int cell = (int)rng.below((uint32_t)(w * h));
      if (g[(size_t)cell] == '.' && text.find("bridges: " + std::to_string(cell % w) + "," + std::to_string(cell / w)) ==
                                        std::string::npos)
        text += "blocks: " + std::to_string(cell % w) + "," + std::to_string(cell / w) + "\n";
    }
    if (rng.below(4) == 0) text += hex ? (h % 2 ? "warps: rows\n" : "warps: both\n") : "warps: both\n";
    INFO(text);
    Puzzle p = puzzle_of(text.c_str());
    bridged += !p.bridge.empty();
    hexes += p.hex;
    uint64_t fill = 0;
    const int solved = agrees_with_brute_force(p, &fill);
    if (!p.bridge.empty()) crossed += solved;
    solvable += fill > 0;
  }
  CHECK(bridged > 150);
  CHECK(hexes > 150);
  CHECK(solvable > 40);
  CHECK(crossed > 10);
}

TEST_CASE("no-touch's cuts (ways apart, the corner rule): the line search counts what brute force counts") {
  // The line search cuts no-touch positions by the cells that cannot take
  // two ways apart and by the turns whose inside cell cannot be filled.
  // Random dots rarely have a no-touch solution, so the boards are small
  // generated levels (squares, hexes, hives with blocks, a block step that
  // warps, bridges and crosses), as they are, with a pair of dots taken away, all but two, or
  // one dot moved. Brute force checks whole boards only.
  static const char* kBoards[] = {"size=4x4",          "size=5x4",
                                  "size=4x5 shape=hexes", "size=5x4 shape=hexes",
                                  "size=5x5 shape=hive",  "size=5x5 pattern=block-step",
                                  "size=5x4 bridges=1",   "size=5x4 shape=hexes bridges=1"};
  Rng rng("flow-no-touch-cuts");
  int counts[3] = {0, 0, 0};  // boards with no solution, one, several
  for (int t = 0; t < 320; ++t) {
    const char* params = kBoards[t % 8];
    Solution s;
    const Puzzle level = generated(params, ("cuts-" + std::to_string(t)).c_str(), &s);
    const std::string text = changed_text(level, rng);
    INFO(text);
    Puzzle p = puzzle_of(text.c_str());
    Solution a;
    const uint64_t found = search_lines(p, RuleSet::kNoTouch, 40, SearchLimits(), &a, nullptr).count;
    REQUIRE(found == brute_count(p, RuleSet::kNoTouch, 40));
    Error e;
    if (found) CHECK(check_solution(p, a, RuleSet::kNoTouch, &e));
    ++counts[found > 1 ? 2 : found];
  }
  CHECK(counts[0] > 100);
  CHECK(counts[1] > 50);  // (no-touch boards with several solutions are rare: a cut too many shows as none)
}

TEST_CASE("a solve's board and lines: drawn from its strokes at once, the same as playing them move by move") {
  // solve() gives plain strokes (a grab at a dot, then cells each beside the
  // last), which solution_board draws in one pass; anything else is played.
  static const char* kBoards[] = {"size=6x6", "size=9x7", "size=8x8 warps=rows", "size=7x7 bridges=1", "size=7x7 shape=hexes"};
  for (int t = 0; t < 25; ++t) {
    Solution expected;
    const Puzzle p = generated(kBoards[t % 5], ("strokes-" + std::to_string(t)).c_str(), &expected);
    const std::string text = text_of(p);
    Error e;
    std::unique_ptr<Level> level = kFlow.parse(text.c_str(), text.size(), &e);
    REQUIRE(level);
    GameState start;
    level->initial_state(&start);
    MoveList path;
    REQUIRE(level->solve(start, SearchLimits(), &path).solvable);
    Text grid;
    std::vector<std::vector<int32_t>> lines;
    REQUIRE(level->solution_board(path, &grid, &lines));
    // The same moves played one by one.
    GameState played = start;
    Outcome last = Outcome::kNoChange;
    for (Move m : path) last = level->apply(&played, m);
    REQUIRE(last == Outcome::kWon);
    Text grid_played;
    std::vector<std::vector<int32_t>> lines_played;
    // The first stroke drawn twice is no plain stroke: played move by move.
    MoveList again = path;
    again.push_back(path.front());
    for (size_t i = 1; i < path.size() && !level->starts_stroke(path[i]); ++i) again.push_back(path[i]);
    REQUIRE(level->solution_board(again, &grid_played, &lines_played));
    INFO(text);
    CHECK(std::string(grid.c_str()) == grid_played.c_str());
    CHECK(lines == lines_played);
    CHECK(std::string(grid.c_str()) == grid_of(p, expected));
  }
}

TEST_CASE("lines round a cluster of dots, and the checkerboard's count: no solution said without a search") {
  // Four dots in a square in the middle of a 6x6 board, their partners in
  // the corners: in the same order round (clockwise) the lines can be drawn;
  // with two partners swapped they would have to cross.
  const char* kSameOrder = "a....b\n......\n..ab..\n..dc..\n......\nd....c\n";
  const char* kSwapped = "a....b\n......\n..ab..\n..dc..\n......\nc....d\n";
  Puzzle same = puzzle_of(kSameOrder), swapped = puzzle_of(kSwapped);
  CHECK_FALSE(lines_cross_round_dots(same));
  CHECK(lines_cross_round_dots(swapped));
  CHECK_FALSE(checkerboard_unbalanced(swapped));  // (the cluster's rule alone settles it)
  CHECK(search_frontier(same, RuleSet::kFill, 1, SearchLimits(), nullptr, nullptr).count == 1);
  const SolveFigures searched = search_frontier(swapped, RuleSet::kFill, 1, SearchLimits(), nullptr, nullptr);
  CHECK(searched.count == 0);
  CHECK_FALSE(searched.capped);
  const SolveFigures said = solve(swapped, RuleSet::kFill, 1, SearchLimits(), nullptr, nullptr);
  CHECK(said.count == 0);
  CHECK(said.nodes == 0);
  // One line corner to corner on an 8x8: both dots black, 32 black cells
  // and 32 white. A cell along, and it fills.
  CHECK(checkerboard_unbalanced(puzzle_of("a.......\n........\n........\n........\n........\n........\n........\n.......a\n")));
  CHECK_FALSE(checkerboard_unbalanced(puzzle_of("a.......\n........\n........\n........\n........\n........\n........\n......a.\n")));
  // Random small boards, some with blocks: whenever either rule says no
  // solution, the frontier search finds none under fill either.
  Rng rng("flow-cluster-checkerboard");
  int unbalanced = 0, round = 0;
  for (int t = 0; t < 1500; ++t) {
    const int w = 2 + (int)rng.below(5), h = 2 + (int)rng.below(5);
    int k = 1 + (int)rng.below(6);
    if (2 * k > w * h) k = w * h / 2;
    // Half the boards pack their dots into a square at the middle.
    std::string g = place_dots(rng, w, h, k);
    if (t % 2 && w >= 4 && h >= 4 && k >= 4) {
      std::string packed((size_t)(w * h), '.');
      const int cx = w / 2 - 1, cy = h / 2 - 1;
      const int inner[4] = {cy * w + cx, cy * w + cx + 1, (cy + 1) * w + cx, (cy + 1) * w + cx + 1};
      for (int c = 0; c < 4; ++c) packed[(size_t)inner[c]] = (char)('a' + c);
      for (int c = 0; c < k; ++c) {
        int cell;
        do cell = (int)rng.below((uint32_t)(w * h));
        while (packed[(size_t)cell] != '.' || (c < 4 && cell % w != 0 && cell % w != w - 1 && cell / w != 0 && cell / w != h - 1));
        packed[(size_t)cell] = (char)('a' + c);
        if (c >= 4) {
          do cell = (int)rng.below((uint32_t)(w * h));
          while (packed[(size_t)cell] != '.');
          packed[(size_t)cell] = (char)('a' + c);
        }
      }
      g = packed;
    }
    const std::string text = rows_of(g, w, h);
    INFO(text);
    Puzzle p = puzzle_of(text.c_str());
    const bool no_by_colours = checkerboard_unbalanced(p), no_by_cluster = lines_cross_round_dots(p);
    if (!no_by_colours && !no_by_cluster) continue;
    unbalanced += no_by_colours;
    round += no_by_cluster;
    const SolveFigures f = search_frontier(p, RuleSet::kFill, 1, SearchLimits(), nullptr, nullptr);
    REQUIRE_FALSE(f.capped);
    REQUIRE(f.count == 0);
  }
  CHECK(unbalanced > 300);
  CHECK(round > 10);
}

TEST_CASE("the diagonal search counts what brute force and the frontier search count under no-touch on plain boards") {
  // Generated plain levels as they are, with a pair of dots taken away, all
  // but two, or a dot moved (most of those have no solution), and random
  // dots on small boards.
  static const char* kBoards[] = {"size=4x4", "size=5x4", "size=5x5", "size=6x5", "size=7x7", "size=8x6"};
  Rng rng("flow-diagonal");
  int counts[3] = {0, 0, 0};  // boards with no solution, one, several
  for (int t = 0; t < 600; ++t) {
    std::string text;
    if (t % 4 == 3) {
      const int w = 2 + (int)rng.below(5), h = 2 + (int)rng.below(4);
      int k = 1 + (int)rng.below(4);
      if (2 * k > w * h) k = w * h / 2;
      text = rows_of(place_dots(rng, w, h, k), w, h);
    } else {
      Solution s;
      const Puzzle level = generated(kBoards[t % 6], ("diagonal-" + std::to_string(t)).c_str(), &s);
      text = changed_text(level, rng);
    }
    INFO(text);
    Puzzle p = puzzle_of(text.c_str());
    REQUIRE(p.plain());
    Solution a, b;
    const SolveFigures diagonal = search_diagonal(p, 40, SearchLimits(), &a, &b);
    REQUIRE_FALSE(diagonal.capped);
    const uint64_t expected = p.cells() <= 30 ? brute_count(p, RuleSet::kNoTouch, 40)
                                              : search_frontier(p, RuleSet::kNoTouch, 40, SearchLimits(), nullptr, nullptr).count;
    REQUIRE(diagonal.count == expected);
    // solve() goes by the diagonal search on these boards, and says the same.
    REQUIRE(solve(p, RuleSet::kNoTouch, 40, SearchLimits(), nullptr, nullptr).count == expected);
    // Stopped at every position and gone on from there, it ends the same.
    if (t % 3 == 0) {
      Solution c, d;
      DiagonalRun stepped(p, 40, SearchLimits(), &c, &d);
      uint64_t calls = 0;
      for (uint64_t one_node = 1; !stepped.run(&one_node) && ++calls < 100000; one_node = 1) CHECK(one_node == 0);
      const SolveFigures f = stepped.figures();
      REQUIRE_FALSE(f.capped);
      CHECK(f.count == diagonal.count);
      CHECK(f.nodes == diagonal.nodes);
      CHECK(c.lines == a.lines);
      CHECK(d.lines == b.lines);
    }
    Error e;
    if (diagonal.count >= 1) CHECK(check_solution(p, a, RuleSet::kNoTouch, &e));
    if (diagonal.count >= 2) {
      CHECK(check_solution(p, b, RuleSet::kNoTouch, &e));
      CHECK(a.lines != b.lines);
    }
    ++counts[diagonal.count > 1 ? 2 : diagonal.count];
  }
  INFO(counts[0] << " boards with no solution, " << counts[1] << " with one, " << counts[2] << " with several");
  CHECK(counts[0] > 100);
  CHECK(counts[1] > 100);  // (no-touch boards with several solutions are rare: none of these has one)
}

// ---------------------------------------------------------------------------
// [SECTION] Play by drag: bridges, hexes, warps, portals and walls
// ---------------------------------------------------------------------------
TEST_CASE("bridges in play: a line dragged into a bridge takes the lane it enters by, and the other line crosses") {
  std::unique_ptr<Level> level = make_level(puzzle_of("a.b\n...\nb.a\nbridges: 1,1\n"));
  GameState state;
  // a down the left and across the bridge; b across the top and down through it.
  CHECK(play(*level, "+1,1 1,2 2,2 3,2 3,3 +3,1 2,1 2,2 2,3 1,3", &state) == Outcome::kWon);
  BoardView view;
  level->view(state, &view);
  const CellView& bridge = view.at(1, 1);
  CHECK(bridge.bridge == kSquareBridge);
  CHECK(bridge.axis_line[axis_of(kLeft)] == 1);  // a across
  CHECK(bridge.axis_line[axis_of(kUp)] == 2);    // b down
  CHECK(bridge.links == 0xf);
  CHECK(std::string(view.caption) == "2 of 2 lines joined, 100% filled");
  // A line on a bridge's lane cannot turn there: from (2,2) across, a drag
  // down goes nowhere; the next cell across does.
  level->initial_state(&state);
  MoveList moves;
  Error e;
  REQUIRE(level->parse_moves("+1,1 1,2 2,2", 12, &moves, &e));
  for (Move m : moves) level->apply(&state, m);
  CHECK(level->apply(&state, 7) == Outcome::kNoChange);  // (2,3)
  CHECK(level->apply(&state, 5) == Outcome::kMoved);     // (3,2)
}

TEST_CASE("hex boards in play: a drag toward a cell takes the neighbour nearest it, and keys keep to the column") {
  std::unique_ptr<Level> level = make_level(puzzle_of("a..b\n....\n....\nb..a\nshape: hex\n"));
  GameState state;
  level->initial_state(&state);
  PlayUi ui;
  // Press on a's dot at (0,0), then drag to the pointer over (0,2): from an
  // even row the nearest neighbour is south-east (0,1)... the hex layout's
  // units: x in cell widths (odd rows half a cell right), y in rows.
  auto at = [](int x, int y) { return Input::pointer(InputKind::kPointerDrag, x * kPointerUnit + (y % 2 ? 48 : 16) + 8, y * kPointerUnit + 32); };
  int move = level->interpret(state, &ui, Input::pointer(InputKind::kPointerPress, 32, 32));
  REQUIRE(move != kNoMove);
  level->apply(&state, move);
  move = level->interpret(state, &ui, at(0, 2));
  CHECK(move == 4);  // (0,1): south-east of (0,0)
  level->apply(&state, move);
  move = level->interpret(state, &ui, Input::direction(kDown));
  CHECK(move == 8);  // from the odd row (0,1) down the column: south-west, (0,2)
}

// A player's drag through a session: a press at cell (x, y)'s centre, then
// the pointer through each point (in cells, may be off the board), released
// at the last.
static void drag_through(Session* s, std::initializer_list<std::pair<double, double>> points) {
  auto at = [](InputKind kind, std::pair<double, double> p) {
    return Input::pointer(kind, (int)((p.first + 0.5) * kPointerUnit), (int)((p.second + 0.5) * kPointerUnit));
  };
  const std::pair<double, double>* p = points.begin();
  s->input(at(InputKind::kPointerPress, *p));
  for (++p; p != points.end(); ++p) s->input(at(p + 1 == points.end() ? InputKind::kPointerRelease : InputKind::kPointerDrag, *p));
}
static std::string caption_of(const Session& s) {
  BoardView view;
  s.level().view(s.state(), &view);
  return view.caption;
}

TEST_CASE("warps and portals by drag: off one edge a line comes in at the other, into a portal it leaves by its pair") {
  Session s;
  // Each line goes from its dot in the last column off the right edge to its
  // dot in the first (the middle column is blocked).
  const char* warp = "a.a\nb.b\nc.c\nblocks: 1,0 1,1 1,2\nwarps: rows\n";
  REQUIRE(s.open_text("flow", warp, strlen(warp)));
  drag_through(&s, {{2, 0}, {3.2, 0}});
  CHECK(caption_of(s).find("1 of 3 lines joined") == 0);
  // Off the other edge too; a drag off an edge that does not warp goes nowhere.
  drag_through(&s, {{0, 1}, {-1.2, 1}});
  CHECK(caption_of(s).find("2 of 3 lines joined") == 0);
  drag_through(&s, {{2, 2}, {2, 3.4}});
  CHECK(caption_of(s).find("2 of 3 lines joined") == 0);
  drag_through(&s, {{2, 2}, {3.4, 2}});
  CHECK(s.status() == PlayStatus::kWon);
  CHECK((int)s.moves_made() == s.par());
  // Past the edge the pointer is over the other side, as if the board were
  // repeated: a goes round from (3,0) to (0,0) and on to its dot at (1,0).
  const char* round = ".a.a\nb..b\nblocks: 2,0\nwarps: rows\n";
  REQUIRE(s.open_text("flow", round, strlen(round)));
  drag_through(&s, {{3, 0}, {4, 0}, {5, 0}});
  CHECK(caption_of(s).find("1 of 2 lines joined") == 0);
  drag_through(&s, {{0, 1}, {3, 1}});
  CHECK(s.status() == PlayStatus::kWon);
  CHECK((int)s.moves_made() == s.par());
  // a: right from (0,0) into the portal at (1,0), out of (1,1) going right,
  // onto a's other dot (2,1); b the other way.
  const char* portal = "a.b\nb.a\nportals: 1,0/1,1\n";
  REQUIRE(s.open_text("flow", portal, strlen(portal)));
  drag_through(&s, {{0, 0}, {1, 0}});
  CHECK(caption_of(s).find("1 of 2 lines joined") == 0);
  drag_through(&s, {{2, 0}, {1, 0}});
  CHECK(s.status() == PlayStatus::kWon);
  CHECK(caption_of(s).find("2 of 2 lines joined") == 0);
  CHECK((int)s.moves_made() == s.par());  // a stroke a line, nothing taken back and drawn again
}

TEST_CASE("walls across a warped edge: only the rows (columns) left open lead round, written back, drawn closed") {
  // Three rows that warp, their middles blocked: each line can only go round its row's edge.
  const char* const text = "a.a\nb.b\nc.c\nblocks: 1,0 1,1 1,2\nwalls: 2,1/0,1\nwarps: rows\n";
  Puzzle p = puzzle_of(text);
  CHECK(text_of(p) == text);
  CHECK(p.neighbour(0, kLeft) == 2);   // row 0 leads round
  CHECK(p.neighbour(3, kLeft) == -1);  // row 1 does not
  CHECK(p.neighbour(5, kRight) == -1);
  // The warps line before or after, either cell first: the same board.
  CHECK(text_of(puzzle_of("a.a\nb.b\nc.c\nblocks: 1,0 1,1 1,2\nwarps: rows\nwalls: 0,1/2,1\n")) == text);
  CHECK(count(puzzle_of("a.a\nb.b\nc.c\nblocks: 1,0 1,1 1,2\nwarps: rows\n"), RuleSet::kFill, 10) == 1);
  CHECK(count(p, RuleSet::kFill, 10) == 0);  // b cannot join
  CHECK(refusal("a.a\nb.b\nc.c\nwalls: 2,1/0,1\n").find("side by side (or across an edge that warps)") !=
        std::string::npos);
  for (const char* t : {"a..\n...\n..a\nwalls: 1,2/1,0\nwarps: columns\n",
                        "a....\n.....\n.....\n....a\nshape: hex\nwalls: 4,1/0,1\nwarps: rows\n"}) {
    INFO(t);
    CHECK(text_of(puzzle_of(t)) == t);
  }
  // The view: row 1's way round is closed, a wall on both its rim sides.
  std::unique_ptr<Level> level = make_level(p);
  GameState state;
  level->initial_state(&state);
  BoardView view;
  level->view(state, &view);
  CHECK(view.row_warps(0));
  CHECK_FALSE(view.row_warps(1));
  CHECK(view.row_warps(2));
  CHECK_FALSE(view.column_warps(0));
  CHECK(view.side_off_board(0, 1, kLeft));
  CHECK_FALSE(view.side_off_board(1, 1, kLeft));
  CHECK((view.at(0, 1).walls >> kLeft & 1));
  CHECK((view.at(2, 1).walls >> kRight & 1));
  CHECK_FALSE((view.at(0, 0).walls >> kLeft & 1));
  // A drag past a closed row's edge is over that row's nearest cell, as past
  // an edge that does not warp (not over the row's other end): b stays put;
  // past row 2's open edge c goes round to its dot.
  Session s;
  const char* const closed = ".a.a\nb..b\nc.c.\nblocks: 2,0 1,2\nwalls: 3,1/0,1\nwarps: rows\n";
  REQUIRE(s.open_text("flow", closed, strlen(closed)));
  const std::string before = caption_of(s);
  drag_through(&s, {{0, 1}, {-1.2, 1}, {-2.4, 1}});
  CHECK(caption_of(s) == before);
  drag_through(&s, {{0, 2}, {-1.7, 2}});
  CHECK(caption_of(s).find("1 of 3 lines joined") == 0);
}

TEST_CASE("random drags on every kind of board settle: each pointer input ends within a move a cell") {
  // Presses, drags anywhere (up to two cells off the board) and releases,
  // played a cell a move until the line catches up, as the session does: a
  // pointer input that would not settle is a loop (it once was, through a
  // portal).
  for (const char* params : {"size=6x6 warps=both", "size=6x6 portals=2", "size=6x6 bridges=2", "size=7x6 shape=hexes",
                             "size=7x7 shape=hive", "size=8x8 pattern=river", "size=6x6 warps=rows portals=1"}) {
    Solution solution;
    const Puzzle p = generated(params, "drags", &solution);
    std::unique_ptr<Level> level = make_level(p);
    Rng rng(params);
    GameState state;
    level->initial_state(&state);
    PlayUi ui;
    int moved = 0;
    for (int i = 0; i < 400; ++i) {
      const uint32_t r = rng.below(10);
      const InputKind kind = r == 0 ? InputKind::kPointerPress : r == 1 ? InputKind::kPointerRelease : InputKind::kPointerDrag;
      Input in = Input::pointer(kind, rng.range(-2 * kPointerUnit, (p.width + 2) * kPointerUnit),
                                rng.range(-2 * kPointerUnit, (p.height + 2) * kPointerUnit));
      if (kind == InputKind::kPointerPress) {  // on a dot, mostly (a hex board's odd rows sit half a cell right)
        int dot = (int)rng.below((uint32_t)p.cells());
        while (!p.dot[(size_t)dot]) dot = (dot + 1) % p.cells();
        const int x = dot % p.width, y = dot / p.width;
        in = Input::pointer(kind, x * kPointerUnit + (p.hex && y % 2 ? 64 : 32), y * kPointerUnit + 32);
      }
      int steps = 0;
      for (;; ++steps) {
        const int move = level->interpret(state, &ui, in);
        if (move == kNoMove || level->apply(&state, move) != Outcome::kMoved || kind == InputKind::kPointerPress) break;
        ++moved;
        if (steps > p.nodes()) break;
      }
      INFO(params << ", input " << i);
      REQUIRE(steps <= p.nodes());
    }
    CHECK(moved > 20);  // the drags drew lines
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Rims that cross, and generated boards
// ---------------------------------------------------------------------------
TEST_CASE("lines whose dots alternate round the rim would cross: no solution said without a search - and brute force agrees") {
  // Two or three lines' dots put on the rim of small square and hex boards at
  // random (now and then with a block or a wall): where the cut fires, brute
  // force finds no solution; where it does not, the solver agrees with brute
  // force.
  int fired = 0, kept = 0;
  for (const char* shape : {"", "shape: hex\n"}) {
    for (int w = 3; w <= 4; ++w) {
      const int h = 4;
      std::vector<int> rim;
      for (int x = 0; x < w; ++x) rim.push_back(x);
      for (int y = 1; y < h; ++y) rim.push_back(y * w + w - 1);
      for (int x = w - 2; x >= 0; --x) rim.push_back((h - 1) * w + x);
      for (int y = h - 2; y >= 1; --y) rim.push_back(y * w);
      const int n = (int)rim.size();
      Rng rng(shape);
      for (int trial = 0; trial < 150; ++trial) {
        std::string grid((size_t)(w * h), '.');
        const int lines = 2 + (int)rng.below(2);
        for (int k = 0; k < 2 * lines; ++k) {
          int at = rim[rng.below((uint32_t)n)];
          while (grid[(size_t)at] != '.') at = rim[(size_t)((std::find(rim.begin(), rim.end(), at) - rim.begin() + 1) % n)];
          grid[(size_t)at] = (char)('a' + k / 2);
        }
        std::string text;
        for (int y = 0; y < h; ++y) text += grid.substr((size_t)(y * w), (size_t)w) + "\n";
        text += shape;
        // Now and then a block (off the dots) and a wall: still no way round the rim.
        if (trial % 3 == 1) {
          int at = (int)rng.below((uint32_t)(w * h));
          while (grid[(size_t)at] != '.') at = (at + 1) % (w * h);
          text += "blocks: " + std::to_string(at % w) + "," + std::to_string(at / w) + "\n";
        }
        if (trial % 4 == 2) text += "walls: 1,1/1,2\n";
        INFO(text);
        const Puzzle p = puzzle_of(text.c_str());
        const bool cut = lines_cross_on_rim(p);
        if (cut) {
          ++fired;
          CHECK(brute_count(p, RuleSet::kFill, 1) == 0);
          const SolveFigures f = solve(p, RuleSet::kFill, 2, SearchLimits(), nullptr, nullptr);
          CHECK((!f.solvable && f.nodes == 0));
        } else if (brute_count(p, RuleSet::kFill, 1) > 0) {
          ++kept;
          CHECK(solve(p, RuleSet::kFill, 1, SearchLimits(), nullptr, nullptr).solvable);
        }
      }
    }
  }
  CHECK(fired > 50);
  CHECK(kept > 50);
  // Not on a board with a warp, a portal or a bridge (lines may cross or go round there).
  CHECK(lines_cross_on_rim(puzzle_of("a.b\n...\nb.a\n")));
  CHECK(lines_cross_on_rim(puzzle_of("a.b\n...\nb.a\nblocks: 1,1\n")));
  CHECK_FALSE(lines_cross_on_rim(puzzle_of("a.b\n...\nb.a\nbridges: 1,1\n")));
  CHECK_FALSE(lines_cross_on_rim(puzzle_of("a.b\n...\nb.a\nwarps: rows\n")));
}

TEST_CASE("generated levels with bridges, on hexes and hives, and with wall patterns: one solution, brute force agrees") {
  for (const char* params :
       {"size=4x4 bridges=1", "size=6x6 bridges=2", "size=4x4 shape=hexes", "size=7x6 shape=hexes bridges=1",
        "size=5x5 shape=hive", "size=7x7 shape=hive", "size=7x7 pattern=step", "size=7x7 pattern=block-step",
        "size=8x8 pattern=river", "size=6x6 algorithm=walls pattern=step"}) {
    int crossing = 0;
    for (int seed = 1; seed <= 4; ++seed) {
      INFO(params << " seed " << seed);
      Solution s;
      const Puzzle p = generated(params, std::to_string(seed).c_str(), &s);
      if (p.nodes() <= 17) CHECK(brute_count(p, RuleSet::kNoTouch, 3) == 1);
      if (strstr(params, "hexes") || strstr(params, "hive")) CHECK(p.hex);
      if (strstr(params, "hive")) CHECK(p.open_cells() == 3 * (p.width / 2) * (p.width / 2 + 1) + 1);
      if (strstr(params, "pattern=step") || strstr(params, "river")) CHECK(!p.wall.empty());
      if (strstr(params, "block-step")) CHECK(p.is_block(0));
      if (strstr(params, "pattern")) CHECK(p.warps == (kWarpRows | kWarpColumns));
      for (const std::vector<int32_t>& line : s.lines)
        for (int32_t node : line) crossing += node >= p.cells();  // a bridge's second lane: crossed
    }
    if (strstr(params, "bridges")) CHECK(crossing >= 4);  // every bridge is crossed both ways
  }
  // The parameters that do not fit together are refused with what is wrong.
  for (const char* bad : {"size=6x6 shape=hive", "size=7x5 shape=hive", "size=7x7 shape=hexes pattern=step",
                          "size=5x5 shape=hexes warps=columns"}) {
    ParamValues values;
    Error e;
    INFO(bad);
    REQUIRE(parse_params(kFlow, bad, &values, &e));
    CHECK(kFlow.generate(values, "1", nullptr, &e) == nullptr);
    CHECK(std::string(e.message).find(strstr(bad, "hive") ? "hive" : strstr(bad, "pattern") ? "pattern" : "warps") !=
          std::string::npos);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Fewest lines of a design, and similarity
// ---------------------------------------------------------------------------
namespace {

// The fewest lines by brute force, independent of the search: every simple
// path of three nodes or more that never runs beside itself and ends on no
// bridge's lane, then the smallest set of them that covers every node once.
int brute_fewest(const Puzzle& p) {
  const int n = p.nodes();
  std::vector<bool> open((size_t)n);
  for (int c = 0; c < n; ++c) open[(size_t)c] = !p.is_block(p.cell_of(c)) && !p.is_portal(p.cell_of(c));
  std::vector<std::vector<int>> paths;
  std::vector<int> path;
  std::vector<bool> on((size_t)n, false);
  std::function<void()> grow = [&]() {
    const int at = path.back();
    if (path.size() >= 3 && p.axis_at(at) < 0 && path.front() < at) paths.push_back(path);
    for (int d = 0; d < p.dirs(); ++d) {
      const int x = p.neighbour(at, d);
      if (x < 0 || !open[(size_t)x] || on[(size_t)x]) continue;
      bool beside = false;
      for (int e = 0; e < p.dirs(); ++e) {
        const int y = p.neighbour(x, e);
        beside = beside || (y >= 0 && y != at && on[(size_t)y]);
      }
      if (beside) continue;
      on[(size_t)x] = true;
      path.push_back(x);
      grow();
      path.pop_back();
      on[(size_t)x] = false;
    }
  };
  for (int c = 0; c < n; ++c)
    if (open[(size_t)c] && p.axis_at(c) < 0) {
      path.assign(1, c);
      on[(size_t)c] = true;
      grow();
      on[(size_t)c] = false;
    }
  std::vector<bool> covered((size_t)n, false);
  int best = 1000;
  std::function<void(int)> cover = [&](int used) {
    if (used >= best) return;
    int first = 0;
    while (first < n && (!open[(size_t)first] || covered[(size_t)first])) ++first;
    if (first == n) {
      best = used;
      return;
    }
    for (const std::vector<int>& q : paths) {
      bool fits = false, clash = false;
      for (int x : q) {
        fits = fits || x == first;
        clash = clash || covered[(size_t)x];
      }
      if (!fits || clash) continue;
      for (int x : q) covered[(size_t)x] = true;
      cover(used + 1);
      for (int x : q) covered[(size_t)x] = false;
    }
  };
  cover(0);
  return best == 1000 ? 0 : best;
}

}  // namespace

TEST_CASE("fewest lines of a design: the search finds what brute force finds on small boards, and its filling holds") {
  Rng rng("flow-fewest-lines");
  int checked = 0, multi = 0;
  for (int t = 0; t < 120; ++t) {
    const bool hex = rng.below(3) == 0;
    const int w = 3 + (int)rng.below(2), h = 3 + (int)rng.below(2);
    std::string text = rows_of(std::string((size_t)(w * h), '.'), w, h) + (hex ? "shape: hex\n" : "");
    const int cell = (int)rng.below((uint32_t)(w * h));
    if (rng.below(2)) text += "blocks: " + std::to_string(cell % w) + "," + std::to_string(cell / w) + "\n";
    if (rng.below(3) == 0 && !hex) text += "walls: 0,0/1,0 1,1/1,2\n";
    if (rng.below(4) == 0 && !hex) text += "bridges: 1,1\n";
    if (rng.below(4) == 0) text += hex && h % 2 ? "warps: rows\n" : "warps: both\n";
    INFO(text);
    Puzzle p;
    Error e;
    if (!parse_puzzle(text.c_str(), text.size(), &p, &e)) continue;  // a block on the bridge
    const FewestLines f = fewest_lines(p, 8, 5000000);
    REQUIRE(f.proven);
    CHECK(f.lines == brute_fewest(p));
    ++checked;
    multi += f.lines > 2;
    if (f.lines == 0) continue;
    // The filling is a level: its lines' ends as dots, solved by its own lines.
    CHECK((int)f.filling.lines.size() == f.lines);
    Puzzle level = p;
    level.colours = f.lines;
    for (int k = 1; k <= f.lines; ++k) {
      const std::vector<int32_t>& l = f.filling.lines[(size_t)k - 1];
      level.letter[k] = (char)('a' + k - 1);
      level.ends[k][0] = (int16_t)l.front();
      level.ends[k][1] = (int16_t)l.back();
      level.dot[l.front()] = level.dot[l.back()] = (uint8_t)k;
    }
    CHECK(check_solution(level, f.filling, RuleSet::kNoTouch, &e));
    if (f.unique) CHECK(count(level, RuleSet::kNoTouch, 2) == 1);
  }
  CHECK(checked > 100);
  CHECK(multi > 5);
}

TEST_CASE("the article's claim: odd block-step designs are perfect (2 lines at 7x7), even ones are not") {
  for (int size = 4; size <= 7; ++size) {
    INFO(size << "x" << size);
    Puzzle design;
    Error e;
    REQUIRE(design_board(BoardShape::kSquare, Pattern::kBlockStep, size, size, 0, &design, &e));
    const FewestLines f = fewest_lines(design, 2, 20000000);
    REQUIRE(f.proven);
    if (size % 2) {
      CHECK(f.lines == 2);
      CHECK(f.unique);  // and a level with two lines has one solution: a perfect level
    } else {
      CHECK(f.lines == 0);  // no filling with two lines (or one)
    }
  }
  // The plain square takes two lines at any size (the spiral), as the article says.
  for (int size = 4; size <= 6; ++size) {
    Puzzle square;
    Error e;
    REQUIRE(design_board(BoardShape::kSquare, Pattern::kNone, size, size, 0, &square, &e));
    CHECK(fewest_lines(square, 3, 20000000).lines == 2);
  }
}

TEST_CASE("flow similarity: levels of one design compared by the pieces of their lines and their dots") {
  // The same lines in other colours (letters) look the same; a level of
  // another design is not alike at all.
  std::unique_ptr<Level> a = make_level(puzzle_of("a..b\n....\n.a..\n...b\n"));
  std::unique_ptr<Level> renamed = make_level(puzzle_of("x..y\n....\n.x..\n...y\n"));
  std::unique_ptr<Level> other_design = make_level(puzzle_of("a..b\n....\n.a..\n...b\nwarps: rows\n"));
  CHECK(a->similarity(*renamed) == 100);
  CHECK(a->similarity(*a) == 100);
  CHECK(a->similarity(*other_design) == 0);
  // The mirror image: other pieces on most cells, other dots.
  std::unique_ptr<Level> mirrored = make_level(puzzle_of("b..a\n....\n..a.\nb...\n"));
  CHECK(a->similarity(*mirrored) < 60);
  // A pack drops levels as alike as it is told: every pair kept is less alike.
  ParamValues values;
  Error e;
  REQUIRE(parse_params(kFlow, "size=5x5 pattern=block-step", &values, &e));
  PackOptions o;
  o.count = 8;
  o.max_similarity = 55;
  std::vector<PackLevel> pack;
  PackFigures figures;
  REQUIRE(make_pack(kFlow, values, "similar", o, &pack, &figures, &e));
  CHECK(figures.alike > 0);
  std::vector<std::unique_ptr<Level>> kept;
  for (const PackLevel& l : pack) kept.push_back(kFlow.parse(l.level.c_str(), l.level.size(), &e));
  for (size_t i = 0; i < kept.size(); ++i)
    for (size_t j = i + 1; j < kept.size(); ++j) CHECK(kept[i]->similarity(*kept[j]) < 55);
}
