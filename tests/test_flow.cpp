// Flow (Numberlink): the text, the two rule sets, the solver's counts under
// each, and the article's generator.
//
// [SECTION] Helpers and golden levels
// [SECTION] Flow text
// [SECTION] The rule sets and the searches' counts
// [SECTION] Blocks, walls, warps and portals
// [SECTION] Large boards
// [SECTION] Generated levels
// [SECTION] Detours and single lines
// [SECTION] The controls line
#include <catch2/catch.hpp>
#include <functional>
#include <string>

#include "core/games/flow/flow.h"
#include "core/lines/lines.h"
#include "core/base/grid.h"
#include "core/base/rng.h"
#include "flow_util.h"

using namespace tl;
using namespace tl::flow;
using namespace tl::flow::test;

// ---------------------------------------------------------------------------
// [SECTION] Helpers and golden levels
// ---------------------------------------------------------------------------
namespace {

uint64_t count(const Puzzle& p, RuleSet rules, uint64_t up_to) {
  return solve(p, rules, up_to, SearchLimits(), nullptr, nullptr).count;
}

// tests/golden/levels.txt holds the games of the game table; Flow's own
// golden level, until it joins the table, is this one.
const char kFlowGolden1[] =
    "a..ab..\n"
    "cd...d.\n"
    ".ef....\n"
    "...gf..\n"
    ".....g.\n"
    "..e..c.\n"
    "....b..\n";

// k copies of the 3x2 gadget "a.b" over "a.b" side by side, each with colours of its own.
std::string gadgets(int k) {
  static const char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::string row;
  for (int i = 0; i < k; ++i) row += std::string(1, kLetters[2 * i]) + "." + kLetters[2 * i + 1];
  return row + "\n" + row + "\n";
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Flow text
// ---------------------------------------------------------------------------
TEST_CASE("flow text: rows of dots and colours with or without a size line and comments round-trip") {
  const char* canonical = "a.b\n...\na.b\n";
  CHECK(text_of(puzzle_of(canonical)) == canonical);
  CHECK(text_of(puzzle_of("# a comment\n3 3\na.b\n...\na.b\n")) == canonical);
  CHECK(text_of(puzzle_of("a.b\r\n...\r\na.b\r\n")) == canonical);
  Puzzle p = puzzle_of("R.G\n1.2\nR21\n..G\n");
  CHECK(p.colours == 4);
  CHECK(p.width == 3);
  CHECK(p.height == 4);
  CHECK(p.letter[1] == 'R');
  CHECK(p.ends[1][0] == 0);
  CHECK(p.ends[1][1] == 6);
}

TEST_CASE("flow text: several puzzles a file separated by blank lines") {
  std::vector<Puzzle> all = puzzles_of("2 2\nab\nab\n\n\n# the second\na.a\n...\n\nxy.\n..y\n.x.\n");
  REQUIRE(all.size() == 3);
  CHECK(text_of(all[1]) == "a.a\n...\n");
  CHECK(all[2].colours == 2);
  CHECK(std::string(refusal("")).find("no puzzle") != std::string::npos);
}

TEST_CASE("flow text: a stream's puzzles may follow one another with no blank line, and a line 0 0 ends it") {
  // The next size line right after the last row; "0 0", and anything after it, ends the stream.
  std::vector<Puzzle> all = puzzles_of("# two\n3 2\na.a\n...\n2 2\nbc\nbc\n0 0\nnot a puzzle\n");
  REQUIRE(all.size() == 2);
  CHECK(text_of(all[0]) == "a.a\n...\n");
  CHECK(text_of(all[1]) == "bc\nbc\n");
  // Blank lines between, as most files write it, read the same.
  CHECK(puzzles_of("3 2\na.a\n...\n\n2 2\nbc\nbc\n\n0 0\n").size() == 2);
  // A size line too few rows after the last one is still refused, naming it.
  CHECK(refusal("3 3\na.a\n...\n2 2\nbc\nbc\n").find("the size line says 3x3 but the rows make 3x2") !=
        std::string::npos);
  // Boards of two cells, and boards past 64 cells a side (not on the
  // device), as published sets have them.
  Puzzle tiny = puzzle_of("1 2\na\na\n");
  CHECK((tiny.width == 1 && tiny.height == 2 && tiny.colours == 1));
  const int side = kMaxSide < 300 ? kMaxSide : 300;
  std::string row((size_t)side, '.');
  row[0] = row[(size_t)side - 1] = 'z';
  Puzzle wide = puzzle_of((std::to_string(side) + " 2\n" + row + "\n" + std::string((size_t)side, '.') + "\n").c_str());
  CHECK((wide.width == side && wide.ends[1][1] == side - 1));
}

TEST_CASE("flow text: the other form takes letters as dots and any other character as an empty cell") {
  CHECK(text_of(puzzle_of("A-B\n---\nA-B\n")) == "A.B\n...\nA.B\n");
  CHECK(text_of(puzzle_of("A B\n0 0\nA B\n")) == "A.B\n...\nA.B\n");
  // A row cut short (its spaces trimmed) is filled with empty cells; a row of
  // spaces alone would be a blank line, which ends a puzzle.
  CHECK(text_of(puzzle_of("A  B\n----\nA\nB   \n")) == "A..B\n....\nA...\nB...\n");
}

TEST_CASE("flow text: bad puzzles are refused naming the line and column") {
  CHECK(refusal("a.b\n...\na..\n") == "line 1, column 3: 'b' has one dot; every colour has exactly two");
  CHECK(refusal("a.a\n.a.\n") == "line 2, column 2: a third 'a' dot; every colour has exactly two");
  CHECK(refusal("a.a\n..\nbb.\n") == "line 2: the row has 2 cells but the first row has 3");
  CHECK(refusal("4 4\na.a\n...\n").find("the size line says 4x4 but the rows make 3x2") != std::string::npos);
  CHECK(refusal("1 1\n.\n") == "line 2: the board is 1x1; a board has two cells or more");
  std::string wide((size_t)kMaxSide + 1, '.');
#if defined(TILELAB_DEVICE)
  CHECK(refusal((wide + "\n" + wide + "\n").c_str()) == "line 1: the board is 65x2; the device reads boards up to 64x64");
#else
  CHECK(refusal((wide + "\n" + wide + "\n").c_str()) == "line 1: the board is 1025x2; tilelab reads boards up to 1024x1024");
#endif
  CHECK(refusal("a.\xc3\xa9\na..\n").find("line 1, column 3: byte 0xc3 is not a cell") == 0);
  CHECK(refusal("a.b\n. .\na.b\n") == "line 2, column 2: byte 0x20 is not a cell: '.' or a colour's character");
  // 63 colours: one more than a board has.
  std::string many;
  for (char ch = '!'; many.size() < 63; ++ch)
    if (ch != '#' && ch != '.') many += ch;
  CHECK(refusal((many + ".\n" + many + ".\n").c_str()).find("is colour 63; a board has at most 62") !=
        std::string::npos);
}

TEST_CASE("flow text: with '.' for empty cells every other printable character is a colour, as large sets use") {
  Puzzle p = puzzle_of("[^_\n...\n[^_\n");
  CHECK(p.colours == 3);
  CHECK(p.letter[1] == '[');
  CHECK(p.letter[3] == '_');
  CHECK(text_of(p) == "[^_\n...\n[^_\n");
  CHECK(count(p, RuleSet::kNoTouch, 2) == 1);
}

// ---------------------------------------------------------------------------
// [SECTION] The rule sets and the searches' counts
// ---------------------------------------------------------------------------
TEST_CASE("the two rule sets differ: a.b over a.b has two fill solutions and no no-touch one") {
  Puzzle p = puzzle_of("a.b\na.b\n");
  Solution first, second;
  SolveFigures f = solve(p, RuleSet::kFill, 10, SearchLimits(), &first, &second);
  CHECK(f.count == 2);
  CHECK(grid_of(p, first) != grid_of(p, second));
  Error e;
  CHECK(check_solution(p, first, RuleSet::kFill, &e));
  CHECK(check_solution(p, second, RuleSet::kFill, &e));
  CHECK_FALSE(check_solution(p, first, RuleSet::kNoTouch, &e));
  CHECK(std::string(e.message).find("runs beside itself") != std::string::npos);
  CHECK(count(p, RuleSet::kNoTouch, 10) == 0);
  CHECK(search_lines(p, RuleSet::kFill, 10, SearchLimits(), nullptr, nullptr).count == 2);
}

TEST_CASE("a solution must join each pair and fill the board without crossing") {
  Puzzle p = puzzle_of("R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n");
  Solution s;
  REQUIRE(solve(p, RuleSet::kNoTouch, 2, SearchLimits(), &s, nullptr).count == 1);
  CHECK(grid_of(p, s) == "RGGYY\nRGBYO\nRGBYO\nRGBYO\nRRBOO\n");
  Error e;
  CHECK(check_solution(p, s, RuleSet::kNoTouch, &e));
  Solution unfilled = s;
  unfilled.lines[0].pop_back();
  CHECK_FALSE(check_solution(p, unfilled, RuleSet::kFill, &e));
  Solution crossing = s;
  crossing.lines[1].insert(crossing.lines[1].begin() + 1, crossing.lines[0][1]);
  CHECK_FALSE(check_solution(p, crossing, RuleSet::kFill, &e));
}

TEST_CASE("the frontier count and the line search agree on every small board") {
  Rng rng("flow-cross-check");
  int solvable = 0;
  for (int t = 0; t < 1500; ++t) {
    const int w = 2 + (int)rng.below(5), h = 2 + (int)rng.below(4);
    int k = 1 + (int)rng.below(5);
    if (2 * k > w * h) k = w * h / 2;
    const std::string g = place_dots(rng, w, h, k);
    std::string text = rows_of(g, w, h);
    INFO(text);
    Puzzle p = puzzle_of(text.c_str());
    Solution a, b;
    SolveFigures frontier = search_frontier(p, RuleSet::kFill, 100000, SearchLimits(), &a, &b);
    SolveFigures lines = search_lines(p, RuleSet::kFill, 100000, SearchLimits(), nullptr, nullptr);
    REQUIRE(frontier.count == lines.count);
    Error e;
    if (frontier.count >= 1) CHECK(check_solution(p, a, RuleSet::kFill, &e));
    if (frontier.count >= 2) {
      CHECK(check_solution(p, b, RuleSet::kFill, &e));
      CHECK(a.lines != b.lines);
    }
    // Under no-touch both searches count alike, every solution found keeps
    // the rule, and there are never more than under fill.
    Solution n, m;
    SolveFigures no_touch = search_lines(p, RuleSet::kNoTouch, 100000, SearchLimits(), &n, nullptr);
    SolveFigures no_touch_frontier = search_frontier(p, RuleSet::kNoTouch, 100000, SearchLimits(), &m, nullptr);
    REQUIRE(no_touch_frontier.count == no_touch.count);
    CHECK(no_touch.count <= frontier.count);
    if (no_touch.count >= 1) CHECK(check_solution(p, n, RuleSet::kNoTouch, &e));
    if (no_touch.count >= 1) CHECK(check_solution(p, m, RuleSet::kNoTouch, &e));
    solvable += frontier.count > 0;
  }
  CHECK(solvable > 200);
}

TEST_CASE("blocks and walls: both searches agree on every small board, and each solution keeps them") {
  Rng rng("flow-walls-cross-check");
  int solvable = 0, walled = 0;
  for (int t = 0; t < 1500; ++t) {
    const int w = 2 + (int)rng.below(5), h = 2 + (int)rng.below(4);
    // Blocks first (a few), then dots on the other cells.
    std::string blocks;
    const int block_count = (int)rng.below(3);
    std::vector<bool> is_block((size_t)(w * h), false);
    for (int b = 0; b < block_count; ++b) {
      const int cell = (int)rng.below((uint32_t)(w * h));
      if (is_block[(size_t)cell]) continue;
      is_block[(size_t)cell] = true;
      blocks += " " + std::to_string(cell % w) + "," + std::to_string(cell / w);
    }
    int free_cells = 0;
    for (bool b : is_block) free_cells += !b;
    int k = 1 + (int)rng.below(4);
    if (2 * k > free_cells) k = free_cells / 2;
    const std::string g = place_dots(rng, w, h, k, is_block);
    std::string walls;
    const int wall_count = (int)rng.below(4);
    for (int x = 0; x < wall_count; ++x) {
      const int cell = (int)rng.below((uint32_t)(w * h));
      const bool right = rng.below(2) == 0;
      const int cx = cell % w, cy = cell / w;
      if (right && cx + 1 < w) walls += " " + std::to_string(cx) + "," + std::to_string(cy) + "/" + std::to_string(cx + 1) + "," + std::to_string(cy);
      if (!right && cy + 1 < h) walls += " " + std::to_string(cx) + "," + std::to_string(cy) + "/" + std::to_string(cx) + "," + std::to_string(cy + 1);
    }
    if (k == 0) continue;
    std::string text = rows_of(g, w, h);
    if (!blocks.empty()) text += "blocks:" + blocks + "\n";
    if (!walls.empty()) text += "walls:" + walls + "\n";
    INFO(text);
    Puzzle p = puzzle_of(text.c_str());
    walled += !p.plain();
    for (RuleSet rules : {RuleSet::kFill, RuleSet::kNoTouch}) {
      Solution a, b;
      SolveFigures frontier = search_frontier(p, rules, 100000, SearchLimits(), &a, nullptr);
      SolveFigures lines = search_lines(p, rules, 100000, SearchLimits(), &b, nullptr);
      INFO(rule_set_name(rules));
      REQUIRE(frontier.count == lines.count);
      Error e;
      if (frontier.count >= 1) {
        CHECK(check_solution(p, a, rules, &e));
        CHECK(check_solution(p, b, rules, &e));
      }
      solvable += rules == RuleSet::kFill && frontier.count > 0;
    }
  }
  CHECK(walled > 1000);
  CHECK(solvable > 100);
}

// ---------------------------------------------------------------------------
// [SECTION] Blocks, walls, warps and portals
// ---------------------------------------------------------------------------
TEST_CASE("blocks and walls: written after the rows, read back exactly, refused naming the place") {
  const char* text = "a.b\n...\na.b\nblocks: 1,1\nwalls: 0,1/1,1 1,0/2,0\n";
  Puzzle p = puzzle_of(text);
  CHECK(p.is_block(4));
  CHECK(p.walled(3, kRight));
  CHECK(p.walled(4, kLeft));
  CHECK(p.neighbour(3, kRight) == -1);
  CHECK(p.neighbour(1, kRight) == -1);
  CHECK(p.neighbour(1, kDown) == -1);  // the block
  CHECK(p.open_cells() == 8);
  // Walls are written once each, from the cell on the left or above, in reading order.
  CHECK(text_of(p) == "a.b\n...\na.b\nblocks: 1,1\nwalls: 1,0/2,0 0,1/1,1\n");
  CHECK(text_of(puzzle_of(text_of(p).c_str())) == text_of(p));
  CHECK(refusal("a.b\n...\na.b\nblocks: 3,1\n").find("line 4, column 9: cell 3,1 is off the 3x3 board") != std::string::npos);
  CHECK(refusal("a.b\n...\na.b\nblocks: 0,0\n").find("a block on the 'a' dot") != std::string::npos);
  CHECK(refusal("a.b\n...\na.b\nwalls: 0,0/1,1\n").find("side by side") != std::string::npos);
  CHECK(refusal("a.b\n...\na.b\nwalls: 0,0\n").find("line 4, column 11: a wall is two cells") != std::string::npos);
  CHECK(refusal("blocks: 1,1\n").find("no rows") != std::string::npos);
  CHECK(refusal("a.b\n...\na.b\nportals: 1,0/1,1\nblocks: 1,1\n").find("a block on a portal") != std::string::npos);
  // A wall changes the answer: the 3x2 "a.b" gadget has two fill solutions;
  // a wall under the top middle cell leaves it no way to be filled.
  CHECK(count(puzzle_of("a.b\na.b\n"), RuleSet::kFill, 10) == 2);
  CHECK(count(puzzle_of("a.b\na.b\nwalls: 1,0/1,1\n"), RuleSet::kFill, 10) == 0);
  // A wall beside the 'a' dot sends a straight down: b takes the middle, the one fill solution left.
  CHECK(count(puzzle_of("a.b\na.b\nwalls: 0,0/1,0\n"), RuleSet::kFill, 10) == 1);
  CHECK(count(puzzle_of("a.b\na.b\nwalls: 0,0/1,0\n"), RuleSet::kNoTouch, 10) == 0);  // b would run beside itself
  // A block between b's dots cuts them apart.
  CHECK(count(puzzle_of("a.a\nb.b\nblocks: 1,1\n"), RuleSet::kFill, 10) == 0);
  // A cell with one way left (a dot, a wall, a block) can't be filled.
  CHECK(count(puzzle_of("a.a\n...\nb.b\nblocks: 1,1\nwalls: 0,1/0,2 2,1/2,2\n"), RuleSet::kFill, 10) == 0);
}

TEST_CASE("warps, portals, blocks and walls: the solver counts what brute force counts on small boards") {
  Rng rng("flow-warps-brute-force");
  int warped = 0, solvable = 0, portals = 0, rim_walls = 0;
  for (int t = 0; t < 500; ++t) {
    const int w = 3 + (int)rng.below(2), h = 3 + (int)rng.below(2);
    const int k = 1 + (int)rng.below(3);
    const std::string g = place_dots(rng, w, h, k);
    std::string text = rows_of(g, w, h);
    static const char* const kWarps[] = {"", "warps: rows\n", "warps: columns\n", "warps: both\n"};
    const int warp = (int)rng.below(4);
    if (rng.below(3) == 0) {  // a block on a free cell
      const int cell = (int)rng.below((uint32_t)(w * h));
      if (g[(size_t)cell] == '.') text += "blocks: " + std::to_string(cell % w) + "," + std::to_string(cell / w) + "\n";
    }
    if (rng.below(3) == 0) {
      const int cx = (int)rng.below((uint32_t)(w - 1)), cy = (int)rng.below((uint32_t)h);
      text += "walls: " + std::to_string(cx) + "," + std::to_string(cy) + "/" + std::to_string(cx + 1) + "," + std::to_string(cy) + "\n";
    }
    text += kWarps[warp];
    if (warp != 0 && rng.below(3) == 0) {  // a wall that closes one row's (column's) way round
      const bool rows = (warp & 1) && (warp == 1 || rng.below(2) == 0);
      const int at = (int)rng.below((uint32_t)(rows ? h : w));
      text += rows ? "walls: " + std::to_string(w - 1) + "," + std::to_string(at) + "/0," + std::to_string(at) + "\n"
                   : "walls: " + std::to_string(at) + "," + std::to_string(h - 1) + "/" + std::to_string(at) + ",0\n";
      ++rim_walls;
    }
    if (rng.below(2) == 0) {  // a portal pair on two free cells
      const int a = (int)rng.below((uint32_t)(w * h)), b = (int)rng.below((uint32_t)(w * h));
      if (a != b && g[(size_t)a] == '.' && g[(size_t)b] == '.' && text.find("blocks") == std::string::npos)
        text += "portals: " + std::to_string(a % w) + "," + std::to_string(a / w) + "/" + std::to_string(b % w) + "," +
                std::to_string(b / w) + "\n";
    }
    INFO(text);
    Puzzle p;
    Error refused;
    if (!parse_puzzle(text.c_str(), text.size(), &p, &refused)) {
      // Only a portal pair that makes cells neighbours twice is refused.
      REQUIRE(std::string(refused.message).find("portals make") != std::string::npos);
      continue;
    }
    portals += !p.portal.empty();
    warped += warp != 0;
    uint64_t fill = 0;
    agrees_with_brute_force(p, &fill);
    solvable += fill > 0;
  }
  CHECK(warped > 250);
  CHECK(rim_walls > 50);
  CHECK(portals > 25);  // many random pairs on boards this small are refused (neighbours twice)
  CHECK(solvable > 40);
}

TEST_CASE("warps: written after the rows, read back, and a line that goes round the edge") {
  Puzzle p = puzzle_of("a..\n...\n..a\nwarps: both\n");
  CHECK(p.warps == (kWarpRows | kWarpColumns));
  CHECK(p.neighbour(0, kLeft) == 2);
  CHECK(p.neighbour(0, kUp) == 6);
  CHECK(text_of(p) == "a..\n...\n..a\nwarps: both\n");
  CHECK(refusal("a.\na.\nwarps: rows\n").find("3 wide") != std::string::npos);
  CHECK(refusal("a..\n...\n..a\nwarps: diagonals\n").find("line 4, column 8: warps are rows, columns or both") !=
        std::string::npos);
  // Two dots on the left and right edges of a row of three: without warps the
  // line must take the middle; with rows warping it may step round the edge,
  // leaving the middle cell to no one (fill needs it): still one way, through
  // the middle, under fill. With a block in the middle only the warp joins them.
  CHECK(count(puzzle_of("a.a\n"
                        "b.b\n"
                        "c.c\n"), RuleSet::kFill, 10) == 1);
  CHECK(count(puzzle_of("a.a\nb.b\nc.c\nblocks: 1,0 1,1 1,2\n"), RuleSet::kFill, 10) == 0);
  Puzzle round = puzzle_of("a.a\nb.b\nc.c\nblocks: 1,0 1,1 1,2\nwarps: rows\n");
  Solution s;
  REQUIRE(solve(round, RuleSet::kNoTouch, 2, SearchLimits(), &s, nullptr).count == 1);
  CHECK(s.lines[0] == std::vector<int32_t>({0, 2}));  // round the edge: the dots are neighbours
}

TEST_CASE("portals: a pair of cells a line enters on one side and leaves by the other's opposite side") {
  // a's dots at the two ends of the top row, portals in the middle of each
  // row: a goes into the top portal and comes out of the bottom one.
  Puzzle p = puzzle_of("a.a..\n.....\n.....\nportals: 1,0/3,2\n");
  CHECK(p.is_portal(1));
  CHECK(p.is_portal(13));
  CHECK(p.neighbour(0, kRight) == 14);  // into (1,0), out of (3,2) going right: (4,2)
  CHECK(p.neighbour(12, kRight) == 2);  // into (3,2) from the left, out of (1,0): (2,0)
  CHECK(p.neighbour(1, kLeft) == -1);   // a portal is no cell of its own
  CHECK(p.open_cells() == 13);
  CHECK(text_of(p) == "a.a..\n.....\n.....\nportals: 1,0/3,2\n");
  CHECK(refusal("a.a\n...\nportals: 0,0/1,1\n").find("distinct empty cells") != std::string::npos);
  CHECK(refusal("ab.\n...\n.ab\nportals: 2,0/0,0\n").find("distinct empty cells") != std::string::npos);
  // A pair side by side on a diagonal: (0,0) reaches (1,1) going right
  // (through (1,0), out of (0,1)) and going down (through (0,1), out of (1,0)).
  CHECK(refusal("a..\n...\n..a\nportals: 1,0/0,1\n").find("portals make cell 0,0 a neighbour of another cell twice") !=
        std::string::npos);
  // Two dots of one line in different rows, the only way between them a
  // portal: the line jumps from the cell before one to the cell after the other.
  Puzzle q = puzzle_of("a.b\nb.a\nportals: 1,0/1,1\n");
  Solution s;
  REQUIRE(solve(q, RuleSet::kFill, 2, SearchLimits(), &s, nullptr).count == 1);
  CHECK(s.lines[0] == std::vector<int32_t>({0, 5}));  // a: (0,0) right, through (1,0), out of (1,1): (2,1)
  CHECK(s.lines[1] == std::vector<int32_t>({2, 3}));  // b: (2,0) left, through (1,0), out of (1,1): (0,1)
}

// ---------------------------------------------------------------------------
// [SECTION] Large boards
// ---------------------------------------------------------------------------
// A wide open board from our generator (40x20, lines up to 30 cells): the
// line search is still guessing after 50,000 positions (and minutes later);
// the frontier search, where every turn needs a run of like turns down to a
// dot, proves the one solution in under 100,000.
const char kOpen40x20[] =
    "a......................ab...bc.........c\n"
    "def...........fg................gh.....i\n"
    "..j.......jk.........................k..\n"
    "..lm.....mn....no....................p..\n"
    "d..q..rs............st..................\n"
    "u....vw................wx...............\n"
    "......yz.................zA.............\n"
    ".e.....BC..........CD...................\n"
    ".E......FG.....H.....................p..\n"
    ".........I...I.JK......L.L.........t.M..\n"
    ".........G.......JN..N.....O.OK....P....\n"
    "...........................F........o...\n"
    "...............BQ....Q.....RHD......S...\n"
    "..............yT.TU.U..A..............h.\n"
    ".....vV........VR............WX..Xx...Y.\n"
    "...q.........W.........P................\n"
    "...Z..............0.0S..................\n"
    "..........l......rM.....................\n"
    "..E1...........1..ZY....................\n"
    ".........u2.........23.....3i...........\n";

// solve() proves p's one solution under `rules` within `cap` positions,
// using fewer than `within`; the solution it writes holds.
static void proves_one_solution(const Puzzle& p, RuleSet rules, uint64_t cap, uint64_t within) {
  SearchLimits limits;
  limits.max_positions = cap;
  Solution a;
  SolveFigures f = solve(p, rules, 2, limits, &a, nullptr);
  CHECK_FALSE(f.capped);
  CHECK(f.count == 1);
  CHECK(f.nodes < within);
  Error e;
  CHECK(check_solution(p, a, rules, &e));
}

TEST_CASE("a wide open 40x20 board: the frontier search proves its one no-touch solution where drawing lines stalls") {
  Puzzle p = puzzle_of(kOpen40x20);
  proves_one_solution(p, RuleSet::kNoTouch, 300000, 100000);
  SearchLimits limits;
  limits.max_positions = 50000;
  CHECK(search_lines(p, RuleSet::kNoTouch, 2, limits, nullptr, nullptr).capped);
}

// A 20x20 level of 39 lines (our generator's, no-touch, lines up to 20 cells).
const char* const kPacked20x20 =
    "ab...............bc.\n"
    ".d............de....\n"
    ".fgh................\n"
    "...ij............h..\n"
    ".f..k.......kl..jme.\n"
    ".n..op...pq...q.r.s.\n"
    "..g..tu......uv.....\n"
    "..w...xy.....z.l....\n"
    ".......AB..A...C....\n"
    "...i.....D...z......\n"
    "...E....D....F......\n"
    "........B.........s.\n"
    "...........y.....mG.\n"
    "............F....H..\n"
    "a.........tx...C...c\n"
    "I...ov.........E...J\n"
    ".nw.................\n"
    "...........KL.rH....\n"
    ".KM..MJ.........LG..\n"
    "...........I........\n";

TEST_CASE("a 20x20 board packed with 39 lines: under fill the line search counts it where the frontier search stalls, and solve lets it") {
  Puzzle p = puzzle_of(kPacked20x20);
  SearchLimits limits;
  limits.max_positions = 300000;
  // The frontier is forty lines wide: its rows of line pieces are too many.
  CHECK(search_frontier(p, RuleSet::kFill, 2, limits, nullptr, nullptr).capped);
  // The two searches take turns (the frontier's first turn is sixteen times
  // the line search's), so the line search's next turn finishes the count.
  proves_one_solution(p, RuleSet::kFill, 300000, 150000);
}

TEST_CASE("independent parts are counted part by part: 18 gadgets make 2^18 fill solutions in a few hundred steps") {
  Puzzle p = puzzle_of(gadgets(18).c_str());
  SolveFigures f = solve(p, RuleSet::kFill, 1000000, SearchLimits(), nullptr, nullptr);
  CHECK(f.count == 262144);
  CHECK(f.nodes < 2000);
  CHECK(count(p, RuleSet::kNoTouch, 2) == 0);
  // Asked for two, the count stops at two.
  CHECK(count(p, RuleSet::kFill, 2) == 2);
}

TEST_CASE("an open board with one line: parity proves the 8x8 corner to corner unsolvable, the next cell solvable") {
  Puzzle corner = puzzle_of("a.......\n........\n........\n........\n........\n........\n........\n.......a\n");
  SolveFigures f = solve(corner, RuleSet::kFill, 1, SearchLimits(), nullptr, nullptr);
  CHECK_FALSE(f.solvable);
  CHECK_FALSE(f.capped);
  CHECK(f.nodes < 100000);
  Puzzle beside = puzzle_of("a.......\n........\n........\n........\n........\n........\n........\n......a.\n");
  Solution s;
  CHECK(solve(beside, RuleSet::kFill, 1, SearchLimits(), &s, nullptr).solvable);
  Error e;
  CHECK(check_solution(beside, s, RuleSet::kFill, &e));
}

// ---------------------------------------------------------------------------
// [SECTION] Generated levels
// ---------------------------------------------------------------------------
TEST_CASE("generated flow levels keep the article's rules and have one solution under the rules asked for") {
  const Algorithm kAll[] = {Algorithm::kEdges, Algorithm::kRandom, Algorithm::kBackwards,
                            Algorithm::kBackwardsRandom, Algorithm::kWalls, Algorithm::kMix};
  for (Algorithm a : kAll) {
    for (int i = 0; i < 3; ++i) {
      GenerateOptions o;
      o.width = 6 + i;
      o.height = 6;
      o.algorithm = a;
      o.max_line = 14;
      std::string seed = std::string("flow-") + algorithm_name(a) + "-" + std::to_string(i);
      INFO(seed);
      Puzzle p;
      Solution s;
      GenerateFigures fig;
      Error e;
      REQUIRE(generate(o, seed.c_str(), &p, &s, &fig, &e));
      CHECK(check_solution(p, s, RuleSet::kNoTouch, &e));
      for (const std::vector<int32_t>& line : s.lines) {
        CHECK(line.size() >= 3);
        CHECK((int)line.size() <= o.max_line + 2);
      }
      CHECK(count(p, RuleSet::kNoTouch, 2) == 1);
      // The same seed gives the same level.
      Puzzle again;
      REQUIRE(generate(o, seed.c_str(), &again, nullptr, nullptr, &e));
      CHECK(text_of(again) == text_of(p));
    }
  }
  GenerateOptions fill;
  fill.width = fill.height = 6;
  fill.unique = RuleSet::kFill;
  Puzzle p;
  Error e;
  REQUIRE(generate(fill, "flow-fill", &p, nullptr, nullptr, &e));
  CHECK(count(p, RuleSet::kFill, 2) == 1);
}

TEST_CASE("a flow setting whose levels cannot be proven unique is refused within its positions, saying what to change") {
  // Fill on a 40x40 board: every proof runs to the solver's cap. Before the
  // budget, 2,000 attempts searched 400 million positions (minutes).
  GenerateOptions o;
  o.width = o.height = 40;
  o.unique = RuleSet::kFill;
  Puzzle p;
  GenerateFigures fig, again;
  Error e, e2;
  CHECK_FALSE(generate(o, "budget", &p, nullptr, &fig, &e));
  CHECK(fig.search_spent);
  CHECK(fig.attempts < 2000);
  CHECK(fig.nodes >= 120000000 / 80);
  CHECK(fig.nodes <= 120000000 / 80 + 100);  // each proof stops where the budget ends (a search counts the position it stops at)
  CHECK(std::string(e.message).find("proven unique under fill within the 1500000 positions") != std::string::npos);
  CHECK(std::string(e.message).find("try no-touch") != std::string::npos);
  // The same refusal, after the same attempts, on every run.
  CHECK_FALSE(generate(o, "budget", &p, nullptr, &again, &e2));
  CHECK(again.attempts == fig.attempts);
  CHECK(std::string(e2.message) == e.message);
  // Warps all round a 12x22 hex board under fill, with lines to 39 (a fuzzed setting): refused, warps named.
  GenerateOptions hexes;
  hexes.width = 12;
  hexes.height = 22;
  hexes.shape = BoardShape::kHexes;
  hexes.algorithm = Algorithm::kBackwards;
  hexes.warps = kWarpRows | kWarpColumns;
  hexes.min_lines = 39;
  hexes.unique = RuleSet::kFill;
  CHECK_FALSE(generate(hexes, "aaaa", &p, nullptr, &fig, &e));
  CHECK(fig.search_spent);
  CHECK(std::string(e.message).find("fewer warps") != std::string::npos);
}

TEST_CASE("generated flow levels on boards that warp: one solution, proven by brute force on small ones, lines going round") {
  int round_the_edge = 0;
  for (uint8_t warps : {kWarpRows, kWarpColumns, (uint8_t)(kWarpRows | kWarpColumns)}) {
    for (int i = 0; i < 6; ++i) {
      GenerateOptions o;
      o.width = 4 + i % 2;
      o.height = 4;
      o.warps = warps;
      o.max_line = 8;
      std::string seed = "flow-warps-" + std::to_string(warps) + "-" + std::to_string(i);
      INFO(seed);
      Puzzle p;
      Solution s;
      Error e;
      REQUIRE(generate(o, seed.c_str(), &p, &s, nullptr, &e));
      CHECK(p.warps == warps);
      CHECK(check_solution(p, s, RuleSet::kNoTouch, &e));
      CHECK(count(p, RuleSet::kNoTouch, 2) == 1);
      CHECK(brute_count(p, RuleSet::kNoTouch, 3) == 1);
      // A line that steps between cells of opposite edges.
      for (const std::vector<int32_t>& line : s.lines)
        for (size_t k = 1; k < line.size(); ++k) {
          const int dx = line[k] % p.width - line[k - 1] % p.width, dy = line[k] / p.width - line[k - 1] / p.width;
          round_the_edge += dx * dx + dy * dy > 1;
        }
      // Written and read back: the warps travel with the level.
      CHECK(text_of(puzzle_of(text_of(p).c_str())) == text_of(p));
    }
  }
  CHECK(round_the_edge > 5);
  GenerateOptions narrow;
  narrow.width = 2;
  narrow.height = 5;
  narrow.warps = kWarpRows;
  Puzzle p;
  Error e;
  CHECK_FALSE(generate(narrow, "narrow", &p, nullptr, nullptr, &e));
  CHECK(std::string(e.message).find("warps") != std::string::npos);
}

TEST_CASE("generated flow levels with portal pairs: one solution, proven by brute force, lines through the portals") {
  int through = 0;
  for (int i = 0; i < 10; ++i) {
    GenerateOptions o;
    o.width = o.height = 4 + i % 2;
    o.portals = 1 + i % 2;
    o.max_line = 8;
    std::string seed = "flow-portals-" + std::to_string(i);
    INFO(seed);
    Puzzle p;
    Solution s;
    Error e;
    REQUIRE(generate(o, seed.c_str(), &p, &s, nullptr, &e));
    int pairs = 0;
    for (int c = 0; c < p.cells(); ++c) pairs += p.is_portal(c) && p.portal[(size_t)c] > c;
    CHECK(pairs == o.portals);
    CHECK(check_solution(p, s, RuleSet::kNoTouch, &e));
    CHECK(count(p, RuleSet::kNoTouch, 2) == 1);
    if (p.cells() <= 16) CHECK(brute_count(p, RuleSet::kNoTouch, 3) == 1);
    for (const std::vector<int32_t>& line : s.lines)
      for (size_t k = 1; k < line.size(); ++k) {
        const int dx = line[k] % p.width - line[k - 1] % p.width, dy = line[k] / p.width - line[k - 1] / p.width;
        through += dx * dx + dy * dy > 1;
      }
    CHECK(text_of(puzzle_of(text_of(p).c_str())) == text_of(p));
    // The same seed, the same level.
    Puzzle again;
    REQUIRE(generate(o, seed.c_str(), &again, nullptr, nullptr, &e));
    CHECK(text_of(again) == text_of(p));
  }
  CHECK(through > 3);
}

TEST_CASE("flow golden levels: the same options and seed give the same level on every target") {
  GenerateOptions o;
  o.max_line = 12;
  Puzzle p;
  Error e;
  REQUIRE(generate(o, "golden-f1", &p, nullptr, nullptr, &e));
  CHECK(text_of(p) == kFlowGolden1);
}

// ---------------------------------------------------------------------------
// [SECTION] Detours and single lines
// ---------------------------------------------------------------------------
TEST_CASE("an open board whose lines must run beside themselves: drawn under fill by detours, and found from another corner, where one corner caps") {
  // a's dots hold b's between them on the left edge; a must go round b's
  // far dot and back, beside itself: no no-touch solution. From the top-left
  // corner the searches wander past two million positions; turning the
  // board round settles it, and drawing the lines (a route each, then
  // detours) fills it at once.
  Puzzle p = puzzle_of(
      "............\n............\n............\n..c.........\n............\n............\n"
      "......b.....\n............\nc...........\na...........\nb...........\na...........\n");
  const SolveFigures no_touch = solve(p, RuleSet::kNoTouch, 1, SearchLimits(), nullptr, nullptr);
  CHECK(no_touch.count == 0);
  CHECK_FALSE(no_touch.capped);
  SearchLimits two_million;
  two_million.max_positions = 2000000;
  CHECK(search_lines(p, RuleSet::kFill, 1, two_million, nullptr, nullptr).capped);
  Error e;
  Solution s;
  const SolveFigures corners = search_fill_from_four_corners(p, two_million, &s);
  REQUIRE(corners.solvable);
  CHECK(corners.nodes < 500000);
  INFO(grid_of(p, s));
  CHECK(check_solution(p, s, RuleSet::kFill, &e));
  Solution drawn;
  const SolveFigures d = draw_fill_by_detours(p, 1, &drawn, nullptr);
  REQUIRE(d.solvable);
  CHECK(d.nodes <= 24);  // orders of the lines tried
  INFO(grid_of(p, drawn));
  CHECK(check_solution(p, drawn, RuleSet::kFill, &e));
  Solution solved;
  REQUIRE(solve(p, RuleSet::kFill, 1, two_million, &solved, nullptr).solvable);
  CHECK(check_solution(p, solved, RuleSet::kFill, &e));
  // And on random small boards (some with blocks and walls), one fill
  // solution is found exactly when the frontier search counts one, and it
  // holds; drawing one never claims a board without, and fills most that
  // have one (many two ways: no search needed to show a second); the four
  // corners find one exactly when there is one.
  Rng rng("flow-fill-one");
  int with_one = 0, with_two = 0, drawn_ones = 0, drawn_twice = 0;
  for (int t = 0; t < 600; ++t) {
    const int w = 2 + (int)rng.below(6), h = 2 + (int)rng.below(6);
    int k = 1 + (int)rng.below(4);
    if (2 * k > w * h) k = w * h / 2;
    const std::string text = rows_of(place_dots(rng, w, h, k), w, h);
    INFO(text);
    Puzzle q = puzzle_of(text.c_str());
    if (t % 3 == 2) {  // a wall somewhere, and a block on an empty cell
      q.add_wall((int)rng.below((uint32_t)q.cells()), (int)rng.below(4));
      const int c = (int)rng.below((uint32_t)q.cells());
      if (!q.dot[(size_t)c]) q.block.assign((size_t)q.cells(), 0), q.block[(size_t)c] = 1;
    }
    const bool has_one = search_frontier(q, RuleSet::kFill, 1, SearchLimits(), nullptr, nullptr).count > 0;
    Solution one;
    const SolveFigures found = solve(q, RuleSet::kFill, 1, SearchLimits(), &one, nullptr);
    REQUIRE_FALSE(found.capped);
    REQUIRE(found.solvable == has_one);
    if (found.solvable) CHECK(check_solution(q, one, RuleSet::kFill, &e));
    Solution line_drawing;
    const SolveFigures by_detours = draw_fill_by_detours(q, 1, &line_drawing, nullptr);
    CHECK((!by_detours.solvable || has_one));
    if (by_detours.solvable) CHECK(check_solution(q, line_drawing, RuleSet::kFill, &e));
    Solution two[2];
    const SolveFigures drawn_two = draw_fill_by_detours(q, 2, &two[0], &two[1]);
    if (drawn_two.count == 2) {  // two distinct solutions: the frontier count agrees
      CHECK(two[0].lines != two[1].lines);
      CHECK(check_solution(q, two[0], RuleSet::kFill, &e));
      CHECK(check_solution(q, two[1], RuleSet::kFill, &e));
      CHECK(search_frontier(q, RuleSet::kFill, 2, SearchLimits(), nullptr, nullptr).count == 2);
      ++drawn_twice;
    }
    with_one += has_one;
    with_two += has_one && search_frontier(q, RuleSet::kFill, 2, SearchLimits(), nullptr, nullptr).count == 2;
    drawn_ones += by_detours.solvable;
    if (q.plain()) CHECK(search_fill_from_four_corners(q, SearchLimits(), nullptr).solvable == has_one);
  }
  INFO(drawn_ones << " of " << with_one << " drawn; " << drawn_twice << " of " << with_two << " two ways");
  CHECK(drawn_ones * 2 > with_one);
  CHECK(drawn_twice * 5 > with_two);
}

TEST_CASE("no single line fills a board under no-touch - so two lines is perfect - while fill allows one") {
  for (int w = 2; w <= 4; ++w)
    for (int h = 2; h <= w; ++h) {
      int fill_solvable = 0;
      for (int a = 0; a < w * h; ++a)
        for (int b = a + 1; b < w * h; ++b) {
          std::string g((size_t)(w * h), '.');
          g[(size_t)a] = g[(size_t)b] = 'a';
          const std::string text = rows_of(g, w, h);
          INFO(text);
          Puzzle p = puzzle_of(text.c_str());
          CHECK(count(p, RuleSet::kNoTouch, 1) == 0);
          fill_solvable += count(p, RuleSet::kFill, 1) == 1;
        }
      CHECK(fill_solvable > 0);
    }
}

namespace {

// A search's figures and solutions as text, to compare two runs whole.
std::string figures_text(const Puzzle& p, const SolveFigures& f, const Solution& first, const Solution& second) {
  std::string out;
  for (uint64_t v : {(uint64_t)f.solvable, (uint64_t)f.capped, f.count, f.nodes, f.branches, f.forced, f.peak_bytes})
    out += std::to_string(v) + " ";
  if (!first.colour.empty()) out += "\n" + grid_of(p, first);
  if (!second.colour.empty()) out += "\n" + grid_of(p, second);
  return out;
}

}  // namespace

TEST_CASE("a uniqueness proof paused anywhere answers what it answers whole") {
  // The generator proves a level unique a slice at a time (its proof pauses
  // where the slice's positions run out): cut into slices of 1, 37 and 5,000
  // positions, every strategy of solve() (the diagonal search with the other
  // two on a plain no-touch board, the drawing then the searches under fill,
  // the line search alone on a board that warps) counts the same, with the
  // same figures and the same two solutions.
  std::vector<Puzzle> boards{puzzle_of(kOpen40x20), puzzle_of(kPacked20x20),
                             puzzle_of("a.b.\n....\n.b.a\nwarps: rows\n"),
                             puzzle_of("a...\n.bc.\n..b.\nc..a\nwalls: 1,1/2,1\n")};
  Rng rng("flow-proof-slices");
  for (int t = 0; t < 12; ++t) {
    const int w = 4 + (int)rng.below(3), h = 4 + (int)rng.below(3);
    boards.push_back(puzzle_of(rows_of(place_dots(rng, w, h, 2 + (int)rng.below(3)), w, h).c_str()));
  }
  int paused = 0;
  for (const Puzzle& p : boards) {
    for (RuleSet rules : {RuleSet::kNoTouch, RuleSet::kFill}) {
      INFO(text_of(p) << (rules == RuleSet::kFill ? "fill" : "no-touch"));
      SearchLimits limits;
      limits.max_positions = 300000;
      Solution whole_first, whole_second;
      const SolveFigures whole = solve(p, rules, 2, limits, &whole_first, &whole_second);
      const std::string expected = figures_text(p, whole, whole_first, whole_second);
      for (uint64_t slice : {(uint64_t)1, (uint64_t)37, (uint64_t)5000}) {
        INFO("slices of " << slice);
        Solution first, second;
        std::unique_ptr<SearchTask> task = begin_solve(p, rules, 2, limits, &first, &second);
        int slices = 1;
        for (;; ++slices) {
          uint64_t budget = slice;
          if (task->run(&budget)) break;
          CHECK(budget == 0);  // it pauses only where the slice is spent
          REQUIRE(slices < 10000000);
        }
        CHECK(figures_text(p, task->figures(), first, second) == expected);
        if (slice == 1 && slices > 1) ++paused;
      }
    }
  }
  CHECK(paused >= 4);  // (small boards are often settled by the rules or drawn at once)
}

// ---------------------------------------------------------------------------
// [SECTION] The controls line
// ---------------------------------------------------------------------------
TEST_CASE("the controls line names warps and portals only on a board that has them") {
  auto controls = [](const char* text, bool touch) {
    Error e;
    std::unique_ptr<Level> level = kFlow.parse(text, strlen(text), &e);
    INFO(text << ": " << e.message);
    REQUIRE(level);
    return std::string(level->controls(touch));
  };
  for (bool touch : {false, true}) {
    const std::string plain = controls("a..\n...\n..a\n", touch);
    CHECK(plain.find("drag") != std::string::npos);
    CHECK(plain.find("warp") == std::string::npos);
    CHECK(plain.find("portal") == std::string::npos);
    const std::string warps = controls("a..\n...\n..a\nwarps: rows\n", touch);
    CHECK(warps.find("warps") != std::string::npos);
    CHECK(warps.find("portal") == std::string::npos);
    const std::string portals = controls("a...\n....\n...a\nportals: 1,1/2,1\n", touch);
    CHECK(portals.find("portal") != std::string::npos);
    CHECK(portals.find("warp") == std::string::npos);
    const std::string both = controls("a......\n.......\n.......\n.......\n.......\n.......\n......a\nwarps: both\nportals: 1,1/5,5\n", touch);
    CHECK(both.find("warps") != std::string::npos);
    CHECK(both.find("portal") != std::string::npos);
  }
}
