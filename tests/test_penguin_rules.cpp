// Tickles Penguin's rules: every block and the interactions between them.
#include <catch2/catch.hpp>

#include <string>

#include "helpers.h"

using namespace tl;
using namespace tl_test;

namespace {

// Plays moves on a level; returns the last outcome and the board after it.
Outcome slide(const char* level_text, const char* moves, std::string* board = nullptr) {
  auto level = parse("penguin", level_text);
  INFO(level_text);
  REQUIRE(level);
  GameState s;
  Outcome o = play(*level, moves, &s);
  if (board) *board = text_of(*level, s);
  return o;
}

std::string error_of(const char* text) { return parse_error("penguin", text); }

}  // namespace

TEST_CASE("the penguin slides until a wall and stops in front of it") {
  std::string b;
  CHECK(slide("P...#.\n.....F\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "...P#.\n.....F\n");
}

TEST_CASE("a tree stops the penguin in front of it like a wall") {
  std::string b;
  CHECK(slide("P..T..\n.....F\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "..PT..\n.....F\n");
}

TEST_CASE("snow stops the penguin on it") {
  std::string b;
  CHECK(slide("P..*..\n.....F\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "...P..\n.....F\n");  // P drawn over the snow it stands on
  // ...and it leaves the snow normally.
  CHECK(slide("P..*..\n.....F\n", "RR") == Outcome::kLost);
}

TEST_CASE("picks lose the level and so does sliding off the board") {
  CHECK(slide("P..x.\n....F\n", "R") == Outcome::kLost);
  CHECK(slide("P....\n....F\n", "U") == Outcome::kLost);
  CHECK(slide("P....\n....F\n", "R") == Outcome::kLost);
}

TEST_CASE("reaching the finish wins") {
  CHECK(slide("P...F\n.....\n", "R") == Outcome::kWon);
  CHECK(slide("..F..\n.....\n..P..\n", "U") == Outcome::kWon);
}

TEST_CASE("a move straight into a wall changes nothing") {
  CHECK(slide("P#...\n....F\n", "R") == Outcome::kNoChange);
}

TEST_CASE("a treadmill carries the penguin the way its arrow points") {
  std::string b;
  // Enters the treadmill moving right, carried down to the wall below.
  CHECK(slide("P..v..\n......\n...#.F\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "...v..\n...P..\n...#.F\n");
}

TEST_CASE("a treadmill pointing into a wall leaves the penguin on the treadmill") {
  std::string b;
  CHECK(slide(".....F\n...#..\nP..^..\n", "R", &b) == Outcome::kMoved);
  CHECK(b == ".....F\n...#..\n...P..\n");
  // Standing on it, the penguin moves freely in any other direction.
  CHECK(slide(".....F\n...#..\nP..^..\n", "RR") == Outcome::kLost);
}

TEST_CASE("a treadmill pointing off the board throws the penguin off") {
  CHECK(slide("P..^..\n.....F\n", "R") == Outcome::kLost);
}

TEST_CASE("a door moves the penguin to its twin and the slide goes on the same way") {
  std::string b;
  CHECK(slide("P.1...\n......\n.1..#F\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "..1...\n......\n.1.P#F\n");
}

TEST_CASE("a door whose twin opens onto picks kills the penguin") {
  CHECK(slide("P.1...\n......\n.1x..F\n", "R") == Outcome::kLost);
}

TEST_CASE("a door whose twin faces a wall leaves the penguin on the twin") {
  std::string b;
  CHECK(slide("P.1...\n......\n.1#..F\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "..1...\n......\n.P#..F\n");
}

TEST_CASE("a slide loop between treadmills loses the level") {
  // > v
  // ^ <   the penguin enters the loop and is carried round forever
  CHECK(slide("P>v..\n.^<..\n....F\n", "R") == Outcome::kLost);
}

TEST_CASE("a slide loop through doors loses the level") {
  // Leaving door 1's twin rightwards enters door 2, whose twin sends it into door 1 again.
  CHECK(slide("P1.2.\n.....\n2.1..\n....F\n", "R") == Outcome::kLost);
}

TEST_CASE("a bridge is crossed along its axis whatever lies beneath") {
  std::string b;
  CHECK(slide("P.-..#\n.....F\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "..-.P#\n.....F\n");
  CHECK(slide(".P....\n.|....\n.|....\n.#...F\n", "D", &b) == Outcome::kMoved);
  CHECK(b == "......\n.|....\n.P....\n.#...F\n");
}

TEST_CASE("a bridge stops the penguin in front of it when met from the side") {
  std::string b;
  CHECK(slide("P.|...\n.....F\n", "R", &b) == Outcome::kMoved);
  CHECK(b == ".P|...\n.....F\n");
  CHECK(slide(".P....\n......\n.-....\n.....F\n", "D", &b) == Outcome::kMoved);
  CHECK(b == "......\n.P....\n.-....\n.....F\n");
}

TEST_CASE("a penguin standing on a bridge can only move along it") {
  // Slides onto the horizontal bridge and stops there against the wall.
  auto level = parse("penguin", "P-#...\n.....F\n");
  REQUIRE(level);
  GameState s;
  REQUIRE(play(*level, "R", &s) == Outcome::kMoved);
  CHECK(level->apply(&s, kDown) == Outcome::kNoChange);
  CHECK(level->apply(&s, kUp) == Outcome::kNoChange);
  CHECK(level->apply(&s, kLeft) == Outcome::kLost);  // slides back left off the board
}

TEST_CASE("after a win or a loss no move changes anything") {
  auto level = parse("penguin", "P...F\n.....\n");
  REQUIRE(level);
  GameState s;
  REQUIRE(play(*level, "R", &s) == Outcome::kWon);
  for (int d = 0; d < 4; ++d) CHECK(level->apply(&s, d) == Outcome::kNoChange);
}

TEST_CASE("penguin level text round-trips and bad text names the fault") {
  const char* text = "P.-|*#T\nx<>^v1.\n.1....F\n";
  auto level = parse("penguin", text);
  REQUIRE(level);
  CHECK(canonical(*level) == text);
  CHECK(error_of("P..1\n...F\n") == "line 1, column 4: door '1' has no twin; doors come in pairs");
  CHECK(error_of("P1.1\n.1.F\n") == "line 2, column 2: a third door '1'; doors come in pairs");
  CHECK(error_of("P...\n.F..\n....\n") == "line 2, column 2: the finish 'F' must lie on the board's edge");
  CHECK(error_of("P..Q\n...F\n") ==
        "line 1, column 4: 'Q' is not a cell ('.' ice, 'P' penguin, 'F' finish, 'x' picks, '*' snow, '#' wall, 'T' "
        "tree, '<' '>' '^' 'v' treadmills, '0'-'9' doors, '-' '|' bridges)");
  CHECK(error_of("....\n...F\n") == "the level has no penguin 'P'");
  CHECK(error_of("P...\n....\n") == "the level has no finish 'F'");
  CHECK(error_of("P..P\n...F\n") == "line 1, column 4: a second penguin 'P'; a level has one");
  CHECK(error_of("P..F\n..\n") == "line 2: row is 2 cells wide but the first row is 4");
  CHECK(error_of("PF\n") == "the board is 2x1; it needs at least 2 cells each way");
}

TEST_CASE("the solver and the analysis treat the penguin's cell as the whole state") {
  // Right stops against the wall; down from there slides into the finish.
  // Every other first move slides off the board.
  auto level = parse("penguin", "P.#.\n....\n.F..\n");
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  MoveList path;
  SolveResult r = level->solve(s, SearchLimits(), &path);
  REQUIRE(r.solvable);
  CHECK(r.length == 2);
  CHECK(path[0] == kRight);
  CHECK(path[1] == kDown);
  Analysis a = level->analyze(s, SearchLimits());
  CHECK(a.par == 2);
  CHECK(a.states == 2);
  CHECK(a.win_states == 1);
  CHECK(a.dead_ends == 0);
  CHECK(a.optimal_solutions == 1);
  // A level whose only reachable cell is a dead end.
  auto stuck = parse("penguin", "P...\n....\n.F..\n");
  REQUIRE(stuck);
  stuck->initial_state(&s);
  Analysis b = stuck->analyze(s, SearchLimits());
  CHECK_FALSE(b.solvable);
  CHECK(b.dead_ends == b.states);
}
