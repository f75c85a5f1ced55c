// Golf Peaks: every tile and card, the article's two complete levels, the level
// text and its faults, and the generator's guarantees.
//
// [SECTION] Helpers and the article's levels
// [SECTION] The article's levels and the roll
// [SECTION] The real game's rules
// [SECTION] The article's rules for later tiles
// [SECTION] Every tile
// [SECTION] Text, generated levels and solutions
#include <catch2/catch.hpp>

#include <string.h>

#include <string>

#include "core/games/golf/golf.h"
#include "core/midend/registry.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

// ---------------------------------------------------------------------------
// [SECTION] Helpers and the article's levels
// ---------------------------------------------------------------------------
namespace {

// Plays the moves; returns the outcome and where the ball is ("row,column").
Outcome shot(const char* level_text, const char* moves, std::string* ball = nullptr) {
  auto level = parse("golf", level_text);
  INFO(level_text);
  REQUIRE(level);
  GameState s;
  Outcome o = play(*level, moves, &s);
  if (ball) {
    BoardView v;
    level->view(s, &v);
    for (int y = 0; y < v.height; ++y)
      for (int x = 0; x < v.width; ++x)
        if (v.at(x, y).shape == Shape::kBall) *ball = std::to_string(y) + "," + std::to_string(x);
  }
  return o;
}

std::string error_of(const char* text) { return parse_error("golf", text); }

// The article's 9x9 level (nine cards) with its listed solution: Golf Peaks'
// bench level.
const char* const kNineByNine = kGolf.bench_level;

// The article's warp level. Its first listed solution lost its last arrow in
// the article ("... 1-↗ 1-"); the second is complete.
const char kWarps[] =
    "6x4\n"
    "0,flag  0,warp7 0,warp6 0,warp4 0,warp7 x\n"
    "x       0,warp1 0,warp0 0,warp5 0,warp3 x\n"
    "x       0,warp2 0,warp1 0,warp6 0,warp2 x\n"
    "x       0,warp4 0,warp3 0,warp5 0,warp0 0,ball\n"
    "\n"
    "1- 1- 1- 1- 1- 1- 1- 1-\n"
    "\n"
    "1-\xe2\x86\x96 1-\xe2\x86\x98 1-\xe2\x86\x96 1-\xe2\x86\x97 1-\xe2\x86\x96\n";

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] The article's levels and the roll
// ---------------------------------------------------------------------------
TEST_CASE("the article's 9x9 level solves to exactly the solution it lists - which replays to a win") {
  auto level = parse("golf", kNineByNine);
  REQUIRE(level);
  const std::vector<MoveList>& known = golf::known_solutions(*level);
  REQUIRE(known.size() == 1);
  GameState s;
  level->initial_state(&s);
  MoveList path;
  SolveResult r = level->solve(s, SearchLimits(), &path);
  REQUIRE(r.solvable);
  CHECK(path == known[0]);
  Outcome o = Outcome::kNoChange;
  for (tl::Move m : known[0]) o = level->apply(&s, m);
  CHECK(o == Outcome::kWon);
  // Nine cards, five of them distinct: identical cards branch once.
  CHECK(level->move_count() == 4 * 5);
}

TEST_CASE("the article's warp level solves and its listed solution replays to a win") {
  auto level = parse("golf", kWarps);
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  Outcome o = Outcome::kNoChange;
  for (tl::Move m : golf::known_solutions(*level).at(0)) o = level->apply(&s, m);
  CHECK(o == Outcome::kWon);
  level->initial_state(&s);
  SolveResult r = level->solve(s, SearchLimits(), nullptr);
  CHECK(r.solvable);
  CHECK(r.length == 5);
}

TEST_CASE("rolling - bouncing off higher ground - dropping to lower ground - falling off") {
  std::string at;
  CHECK(shot("3x1\n0,ball 0 0,flag\n\n2-\n", "2-r") == Outcome::kWon);
  // The bounce costs the cell it did not enter: right, bounce, back left.
  CHECK(shot("4x1\n0,ball 0 1 0,flag\n\n3-\n", "3-r", &at) == Outcome::kMoved);
  CHECK(at == "0,0");
  CHECK(shot("4x1\n1,ball 0 0 0,flag\n\n3-\n", "3-r") == Outcome::kWon);
  // Rolling off the edge loses.
  CHECK(shot("3x1\n0,ball x 0,flag\n\n2-\n", "2-r") == Outcome::kLost);
}

// ---------------------------------------------------------------------------
// [SECTION] The real game's rules (worlds 1 to 5)
// ---------------------------------------------------------------------------
// The rules the real game's levels showed (worlds 1 to 5; each test fails
// under the rule we had before).
TEST_CASE("real game: a ball rolling over the hole drops in (world 2-3)") {
  CHECK(shot("2x1\n0,ball 0,flag\n\n2-\n", "2-r") == Outcome::kWon);
  CHECK(shot("4x1\n0,ball 0,flag 0 0\n\n3-\n", "3-r") == Outcome::kWon);
}

TEST_CASE("real game: a slope met from the side, level with its top or above, takes the ball down it (1-6)") {
  CHECK(shot("2x2\n1,ball 1,down\nx 0,flag\n\n1-\n", "1-r") == Outcome::kWon);
  // A chain: down one slope and onto the side of the next.
  CHECK(shot("3x2\n2,ball 2,right 1,down\nx x 0,flag\n\n1-\n", "1-r") == Outcome::kWon);
  // Below its top the side is a wall.
  std::string at;
  CHECK(shot("2x2\n0,ball 1,down\nx 0,flag\n\n1-\n", "1-r", &at) == Outcome::kMoved);
  CHECK(at == "0,0");
}

TEST_CASE("real game: a flight that lands on a slope with a roll after it rolls down the slope for the roll's full count (5-7)") {
  std::string at;
  // "1/1-" onto a slope beside a gap ends beside the gap, not in it.
  CHECK(shot("4x2\n0,ball 1,down x x\n0 0 0 0,flag\n\n1/1-\n", "1/1-r", &at) == Outcome::kMoved);
  CHECK(at == "1,1");
  // The roll is turned downhill and runs all three cells: it does not first
  // slide off the slope and stop there.
  CHECK(shot("3x4\n0,ball 1,down x\nx 0 x\nx 0 x\nx 0,flag x\n\n1/3-\n", "1/3-r") == Outcome::kWon);
  CHECK(shot("3x4\n0,ball 1,down x\nx 0 x\nx 0 x\nx 0,flag x\n\n1/2-\n", "1/2-r", &at) == Outcome::kMoved);
  CHECK(at == "2,1");
  // A warp the roll passes over mid-roll does not take the ball.
  CHECK(shot("3x4\n0,ball 1,down 0,warp\nx 0,warp x\nx 0 x\nx 0,flag x\n\n1/3-\n", "1/3-r") == Outcome::kWon);
  // A flight alone that lands on a slope still slides down it when the card is done.
  CHECK(shot("3x4\n0,ball 1,down x\nx 0 x\nx 0 x\nx 0,flag x\n\n1/\n", "1/r", &at) == Outcome::kMoved);
  CHECK(at == "1,1");
}

TEST_CASE("real game: a spring is safe ground: water puts the ball back on it (5-4)") {
  std::string at;
  CHECK(shot("4x1\n0,ball 0,boing 0,water 0,flag\n\n2-\n", "2-r", &at) == Outcome::kMoved);
  CHECK(at == "0,1");
}

TEST_CASE("real game: plain ice is safe ground: water puts the ball back on the ice cell it left - not an ice corner") {
  std::string at;
  // Rolled off ice into water: back on the ice.
  CHECK(shot("4x1\n0,ball 0,ice 0,water 0,flag\n\n2-\n", "2-r", &at) == Outcome::kMoved);
  CHECK(at == "0,1");
  // Sliding along ice into water: back on the last ice cell it slid from.
  CHECK(shot("5x1\n0,ball 0,ice 0,ice 0,water 0,flag\n\n1-\n", "1-r", &at) == Outcome::kMoved);
  CHECK(at == "0,2");
  // An ice corner is not safe ground: back where the ball was before it.
  CHECK(shot("3x2\n0,ball 0,icetr 0,flag\nx 0,water x\n\n2-\n", "2-r", &at) == Outcome::kMoved);
  CHECK(at == "0,0");
}

TEST_CASE("real game: a bounce on a spring throws the ball the rest of the roll (5-3, 5-10)") {
  // Off the wall to the right, back onto the spring, thrown left over the gap.
  CHECK(shot("4x1\n0,flag x 0,boing,ball 1\n\n3-\n", "3-r") == Outcome::kWon);
}

TEST_CASE("real game: a card that is only a flight and lands on a spring stops there (5-2)") {
  std::string at;
  CHECK(shot("5x1\n0,ball x 0,boing x 0,flag\n\n2/\n", "2/r", &at) == Outcome::kMoved);
  CHECK(at == "0,2");
  // The next card leaves the spring as from any ground: a roll is no flight.
  CHECK(shot("5x1\n0,ball x 0,boing x 0,flag\n\n2/ 2-\n", "2/r 2-r") == Outcome::kLost);
  CHECK(shot("5x1\n0,ball x 0,boing x 0,flag\n\n2/ 2/\n", "2/r 2/r") == Outcome::kWon);
  // A flight with a roll after it: the roll flies instead.
  CHECK(shot("5x1\n0,ball 0,boing x 0,flag 0\n\n1/2-\n", "1/2-r") == Outcome::kWon);
}

TEST_CASE("real game transcriptions: a column left empty in a lined-up row is no ground, and '1-----' is 1- (5-9)") {
  auto level = parse("golf", "4x1\n0,ball  0               0,flag\n\n3- 1-----\n");
  REQUIRE(level);
  GameState start;
  level->initial_state(&start);
  Text t;
  level->format(start, &t);
  CHECK(std::string(t.c_str()).find("0,ball 0      x      0,flag") != std::string::npos);
  CHECK(shot("4x1\n0,ball  0               0,flag\n\n3-\n", "3-r") == Outcome::kLost);
  CHECK(shot("2x1\n0,ball 0,flag\n\n1-----\n", "1-r") == Outcome::kWon);
  // Tabs: two in a row leave a cell empty between them.
  CHECK(shot("4x1\n0,ball\t0\t\t0,flag\n\n3-\n", "3-r") == Outcome::kLost);
  CHECK(shot("4x1\n0,ball\t0\t\t0,flag\n\n3/\n", "3/r") == Outcome::kWon);
}

// ---------------------------------------------------------------------------
// [SECTION] The article's rules for later tiles
// ---------------------------------------------------------------------------
// The rules the article describes for tiles the real game's later worlds mix
// (conveyors, ice, ice corners, sand, warps, springs and slopes), each as a
// level of our own with the move that shows it.
TEST_CASE("a row written shorter than the size line says: the cells past its end are no ground") {
  auto level = parse("golf", "4x2\n0,ball 0 0,flag\n0 0\n\n2-\n");
  REQUIRE(level);
  CHECK(canonical(*level) == "4x2\n0,ball 0      0,flag x\n0      0      x      x\n\n2-\n");
  // Rolling past a row's written end is rolling off the ground.
  CHECK(shot("4x2\n0,ball 0 0,flag\n0 0\n\n1- 2-\n", "1-d 2-r") == Outcome::kLost);
  CHECK(shot("4x2\n0,ball 0 0,flag\n0 0\n\n2-\n", "2-r") == Outcome::kWon);
  // A row with more cells than the size says is refused, naming its row and column.
  CHECK(error_of("3x2\n0,ball 0 0,flag 0\n0 0 0\n\n1-\n") ==
        "line 2 (row 1, column 4): more than 3 cells; the size says 3x2");
}

TEST_CASE("article: a conveyor carries a ball that arrives in flight, off a spring or sliding on ice") {
  std::string at;
  // A flight that lands on a conveyor: carried on east onto the flag.
  CHECK(shot("5x1\n0,ball 0 0,*e 0,flag 0\n\n2/\n", "2/r") == Outcome::kWon);
  // Thrown by a spring onto a conveyor pointing south: carried down to the flag.
  CHECK(shot("4x2\n0,ball 0,boing x 0,*s\nx x x 0,flag\n\n3-\n", "3-r") == Outcome::kWon);
  // Sliding off ice onto a conveyor: carried on the conveyor's way.
  CHECK(shot("4x2\n0,ball 0,ice 0,*s 0\nx x 0,flag x\n\n1-\n", "1-r") == Outcome::kWon);
  // A roll that bounces off higher ground and stops on a conveyor: carried.
  CHECK(shot("3x2\n0,ball 0,*s 1\nx 0,flag x\n\n2-\n", "2-r") == Outcome::kWon);
  // One cell more takes it back off the conveyor: it stops on flat ground.
  CHECK(shot("3x2\n0,ball 0,*s 1\nx 0,flag x\n\n3-\n", "3-r", &at) == Outcome::kMoved);
  CHECK(at == "0,0");
  // A conveyor that carries the ball onto a spring leaves it there: the
  // article's spring turns a card's next part into a flight, and a carry is no part.
  CHECK(shot("5x1\n0,ball 0 0,*e 0,boing 0,flag\n\n2/\n", "2/r", &at) == Outcome::kMoved);
  CHECK(at == "0,3");
}

TEST_CASE("article: an ice corner turns a sliding ball and it slides on the new way") {
  // Each corner, met from each of its two open sides.
  CHECK(shot("3x3\n0,flag 0 0\n0,ice 0 0\n0,icebl 0,ice 0,ball\n\n1-\n", "1-l") == Outcome::kWon);   // left, turned up
  CHECK(shot("3x3\n0,ball 0,ice 0,icetr\nx x 0,ice\nx x 0,flag\n\n1-\n", "1-r") == Outcome::kWon);  // right, turned down
  CHECK(shot("3x3\n0,icetl 0,ice 0,flag\n0,ice x x\n0,ball x x\n\n1-\n", "1-u") == Outcome::kWon);   // up, turned right
  CHECK(shot("3x3\n0,flag x x\n0,ice x x\n0,icetl 0,ice 0,ball\n\n1-\n", "1-l") == Outcome::kLost);  // its back: a wall one higher
  CHECK(shot("3x3\n0,ball x x\n0,ice x x\n0,icebr 0,ice 0,flag\n\n1-\n", "1-d") == Outcome::kLost);  // down into /br: turned left, off
  CHECK(shot("3x3\n0 x 0,ball\n0 x 0,ice\n0,flag 0,ice 0,icebr\n\n1-\n", "1-d") == Outcome::kWon);   // down, turned left
}

TEST_CASE("article: sand stops a slide that began on ice - quicksand swallows it") {
  std::string at;
  CHECK(shot("5x1\n0,ball 0,ice 0,ice 0,sand 0,flag\n\n1-\n", "1-r", &at) == Outcome::kMoved);
  CHECK(at == "0,3");
  CHECK(shot("5x1\n0,ball 0,ice 0,ice 0,quick 0,flag\n\n1-\n", "1-r") == Outcome::kLost);
  // The ice slide goes on down a slope and the sand at its foot stops it.
  CHECK(shot("5x1\n1,ball 1,ice 1,right 0,sand 0,flag\n\n1-\n", "1-r", &at) == Outcome::kMoved);
  CHECK(at == "0,3");
}

TEST_CASE("article: a warp entered while a conveyor carries the ball or it slides on ice moves it to its partner") {
  std::string at;
  CHECK(shot("4x2\n0,ball 0,*e 0,warp1 0\n0,flag 0,warp1 x x\n\n1-\n", "1-r", &at) == Outcome::kMoved);
  CHECK(at == "1,1");
  CHECK(shot("4x2\n0,ball 0,ice 0,warp1 0\n0,flag 0,warp1 x x\n\n1-\n", "1-r", &at) == Outcome::kMoved);
  CHECK(at == "1,1");
  // The partner is where the ball rests: a conveyor beside it does not carry it.
  CHECK(shot("4x2\n0,ball 0,*e 0,warp1 0\n0,flag 0,warp1 0,*w x\n\n1- 1-\n", "1-r 1-l") == Outcome::kWon);
}

TEST_CASE("article: a spring's throw that lands on a slope slides down it") {
  // Rolled onto a spring, thrown two cells onto a slope, down it to the flag.
  CHECK(shot("5x2\n0,ball 0,boing x 1,down x\nx x x 0,flag x\n\n3-\n", "3-r") == Outcome::kWon);
  // A flight onto a spring: its roll is thrown onto a slope, and down it.
  CHECK(shot("5x2\n0,ball 0,boing x 1,down x\nx x x 0,flag x\n\n1/2-\n", "1/2-r") == Outcome::kWon);
  // A bounce off a wall carries the rest of the roll back onto a slope and down it.
  CHECK(shot("3x2\n1,down 1,ball 2\n0,flag x x\n\n2-\n", "2-r") == Outcome::kWon);
}

// ---------------------------------------------------------------------------
// [SECTION] Every tile
// ---------------------------------------------------------------------------
TEST_CASE("a flight lands where it lands whatever lies between - and a card may fly then roll") {
  CHECK(shot("4x1\n0,ball x 5 0,flag\n\n3/\n", "3/r") == Outcome::kWon);
  CHECK(shot("4x1\n0,ball x 0 0,flag\n\n2/1-\n", "2/1-r") == Outcome::kWon);
  CHECK(shot("3x1\n0,ball 0 0,flag\n\n3/\n", "3/r") == Outcome::kLost);
}

TEST_CASE("slopes: rolled onto at an edge of the ball's height - and every ball on one slides down it") {
  std::string at;
  // Up a slope from its low edge (its height less one) and on at its top.
  CHECK(shot("4x1\n0,ball 1,left 1 1,flag\n\n3-\n", "3-r") == Outcome::kWon);
  // Ending on a slope: the ball slides down it onto lower ground.
  CHECK(shot("4x1\n0,flag 1,left 1,ball 1\n\n1-\n", "1-l") == Outcome::kWon);
  // Its top edge is higher than the ball coming the wrong way: a wall.
  CHECK(shot("4x1\n0 0,ball 1,right 0,flag\n\n2-\n", "2-r", &at) == Outcome::kMoved);
  CHECK(at == "0,0");
  // Dropping onto a slope sideways stops the roll; the slope takes the ball down.
  CHECK(shot("3x3\n0 0,flag 0\n3,ball 1,up 0\n0 0 0\n\n2-\n", "2-r") == Outcome::kWon);
}

TEST_CASE("angled walls turn a ball from their open sides and are a wall one higher behind") {
  std::string at;
  // /tl turns a ball going left downwards (its roll ends on the wall's cell).
  CHECK(shot("3x2\n0,flag 0,/tl 0,ball\n0 0 0\n\n1- 1-\n", "1-l", &at) == Outcome::kMoved);
  CHECK(at == "0,1");
  CHECK(shot("3x2\n0 0,/tl 0,ball\n0 0,flag 0\n\n2-\n", "2-l") == Outcome::kWon);
  // From behind (going right into /tl) it is a wall: the ball bounces.
  CHECK(shot("4x1\n0 0,ball 0,/tl 0,flag\n\n2-\n", "2-r", &at) == Outcome::kMoved);
  CHECK(at == "0,0");
  // A ball resting on /tl rolling up meets its wall and goes right.
  CHECK(shot("2x2\n0 0,flag\n0,ball 0,/br\n\n1- 1-\n", "1-r 1-u") == Outcome::kWon);
}

TEST_CASE("sand stops a rolling ball and only a flight leaves it - quicksand swallows a ball that stops on it") {
  std::string at;
  CHECK(shot("4x1\n0,ball 0,sand 0 0,flag\n\n3-\n", "3-r", &at) == Outcome::kMoved);
  CHECK(at == "0,1");
  CHECK(shot("4x1\n0,ball 0,sand 0 0,flag\n\n1- 1- 2/\n", "1-r 1-r", &at) == Outcome::kMoved);
  CHECK(at == "0,1");
  CHECK(shot("4x1\n0,ball 0,sand 0 0,flag\n\n1- 2/\n", "1-r 2/r") == Outcome::kWon);
  CHECK(shot("4x1\n0,ball 0,quick 0 0,flag\n\n3-\n", "3-r") == Outcome::kWon);
  CHECK(shot("4x1\n0,ball 0,quick 0 0,flag\n\n1- 2-\n", "1-r") == Outcome::kLost);
}

TEST_CASE("water puts the ball back on the last safe cell and ends the card") {
  std::string at;
  CHECK(shot("5x1\n0,ball 0 0,water 0 0,flag\n\n4-\n", "4-r", &at) == Outcome::kMoved);
  CHECK(at == "0,1");
  // A flight into water comes back to where it was hit from.
  CHECK(shot("5x1\n0,ball 0 0,water 0 0,flag\n\n2/ 4/\n", "2/r", &at) == Outcome::kMoved);
  CHECK(at == "0,0");
}

TEST_CASE("belts and ice wait for the card's end: a flight landing on a belt rolls on") {
  // Landing on a belt west mid-card: the roll goes on east to the flag.
  CHECK(shot("4x1\n0,ball 0,*w 0 0,flag\n\n1/2-\n", "1/2-r") == Outcome::kWon);
}

TEST_CASE("water and springs on higher ground are walls") {
  std::string at;
  CHECK(shot("4x1\n0 0,ball 1,water 0,flag\n\n2-\n", "2-r", &at) == Outcome::kMoved);
  CHECK(at == "0,0");
  CHECK(shot("4x1\n0 0,ball 1,boing 0,flag\n\n2-\n", "2-r", &at) == Outcome::kMoved);
  CHECK(at == "0,0");
}

TEST_CASE("a spring turns the rest of a roll - or a card's roll after a flight - into a flight") {
  CHECK(shot("5x1\n0,ball 0,boing x x 0,flag\n\n4-\n", "4-r") == Outcome::kWon);
  CHECK(shot("5x1\n0,ball 0,boing x 0,flag 0\n\n1/2-\n", "1/2-r") == Outcome::kWon);
}

TEST_CASE("warps come in pairs: a part of a card that ends on one moves the ball to its partner") {
  std::string at;
  CHECK(shot("3x2\n0,ball 0,warp3 0\nx 0,flag 0,warp3\n\n1- 1-\n", "1-r", &at) == Outcome::kMoved);
  CHECK(at == "1,2");
  CHECK(shot("3x2\n0,ball 0,warp 0\nx 0,flag 0,warp\n\n1- 1-\n", "1-r 1-l") == Outcome::kWon);
  // Rolling over a warp does not take it.
  CHECK(shot("4x2\n0,ball 0,warp 0 0,flag\nx x x 0,warp\n\n3-\n", "3-r") == Outcome::kWon);
}

TEST_CASE("belts carry the ball when the card is done - ice slides it on - and a loop loses") {
  std::string at;
  CHECK(shot("3x1\n0,ball 0,*e 0,flag\n\n1-\n", "1-r") == Outcome::kWon);
  CHECK(shot("4x1\n0,ball 0,*e 0 0,flag\n\n1-\n", "1-r", &at) == Outcome::kMoved);
  CHECK(at == "0,2");
  CHECK(shot("4x1\n0,ball 0,ice 0,ice 0,flag\n\n1-\n", "1-r") == Outcome::kWon);
  // Ice into a wall: the ball bounces and rests on the ice.
  CHECK(shot("4x1\n0,ball 0,ice 0,ice 1,flag\n\n1-\n", "1-r", &at) == Outcome::kMoved);
  CHECK(at == "0,2");
  // An ice angle turns a sliding ball and it slides on in the new direction.
  CHECK(shot("3x2\n0,ball 0,ice 0,icetr\nx x 0,flag\n\n1-\n", "1-r") == Outcome::kWon);
  // Two belts facing each other: the ball would go round for ever.
  CHECK(shot("4x1\n0,ball 0,*e 0,*w 0,flag\n\n1-\n", "1-r") == Outcome::kLost);
}

// ---------------------------------------------------------------------------
// [SECTION] Text, generated levels and solutions
// ---------------------------------------------------------------------------
TEST_CASE("a move is written as the direction pressed, as the board shows it - the article's turned arrows still read") {
  // A course of one column, the flag above the ball, one cell of rough
  // ground to its right: up on the board is row - 1.
  const char text[] = "2x3\n0,flag x\n0 x\n0,ball 0\n\n2- 1-\n";
  auto level = parse("golf", text);
  REQUIRE(level);
  GameState start;
  level->initial_state(&start);
  // Each direction a person presses, with the first card: written as its
  // arrow on the board (never the article's diagonal), and read back.
  const char* const pressed[4] = {"2-\xe2\x86\x91", "2-\xe2\x86\x93", "2-\xe2\x86\x90", "2-\xe2\x86\x92"};
  const int dirs[4] = {kUp, kDown, kLeft, kRight};
  for (int i = 0; i < 4; ++i) {
    PlayUi ui;
    const int move = level->interpret(start, &ui, Input::direction(dirs[i]));
    REQUIRE(move != kNoMove);
    const Move m = (Move)move;
    Text written;
    level->format_moves(&m, 1, &written);
    CHECK(std::string(written.c_str()) == pressed[i]);
    MoveList back;
    Error e;
    REQUIRE(level->parse_moves(written.c_str(), written.size(), &back, &e));
    CHECK(back == MoveList{m});
  }
  // Up, as the board shows it, rolls the ball two cells up onto the flag.
  GameState s;
  CHECK(play(*level, "2-\xe2\x86\x91", &s) == Outcome::kWon);
  // The article's arrows (↗ up on its turned board) and u r d l are the same moves.
  for (const char* same : {"2-\xe2\x86\x97 1-\xe2\x86\x98", "2-u 1-r", "2-\xe2\x86\x91 1-\xe2\x86\x92"}) {
    MoveList moves;
    Error e;
    INFO(same);
    REQUIRE(level->parse_moves(same, strlen(same), &moves, &e));
    Text written;
    level->format_moves(moves.data(), moves.size(), &written);
    CHECK(std::string(written.c_str()) == "2-\xe2\x86\x91 1-\xe2\x86\x92");
  }
  // A level text listing solutions in the article's arrows reads; its
  // canonical text writes them as pressed and reads back to the same moves.
  auto warps = parse("golf", kWarps);
  REQUIRE(warps);
  const std::string canon = canonical(*warps);
  CHECK(canon.find("1-\xe2\x86\x90 1-\xe2\x86\x92 1-\xe2\x86\x90 1-\xe2\x86\x91 1-\xe2\x86\x90") != std::string::npos);
  CHECK(canon.find("\xe2\x86\x97") == std::string::npos);
  auto again = parse("golf", canon.c_str());
  REQUIRE(again);
  CHECK(golf::known_solutions(*again) == golf::known_solutions(*warps));
  // A direction that is none of them is named with every notation read.
  CHECK(error_of("1x2\n0,flag\n0,ball\n\n1-\n\n1-x\n").find("u r d l") != std::string::npos);
}

TEST_CASE("golf level text round-trips and bad text names the row and column") {
  auto level = parse("golf", kNineByNine);
  REQUIRE(level);
  std::string text = canonical(*level);
  auto again = parse("golf", text.c_str());
  REQUIRE(again);
  CHECK(canonical(*again) == text);
  CHECK(error_of("3x1\n0,ball 0,lava 0,flag\n\n1-\n").find("line 2 (row 1, column 2): 'lava' is not a tile") == 0);
  CHECK(error_of("3x2\n0,ball 0 0,flag\n0 0 0 0\n\n1-\n") ==
        "line 3 (row 2, column 4): more than 3 cells; the size says 3x2");
  CHECK(error_of("3x1\n0,ball 0,warp2 0,flag\n\n1-\n") ==
        "row 1, column 2: warp2 has no partner; every warp comes in a pair");
  CHECK(error_of("3x1\n0,ball 0 0,flag\n\n1- 3x\n") ==
        "line 4, column 4: '3x' is not a card: N- rolls, N/ flies, N/M- flies then rolls (N, M from 1 to 9)");
  CHECK(error_of("3x1\n0,ball 0 0,flag\n\n1-\n\n1-q\n").find("line 6, column 1: '1-q' needs a direction") == 0);
  CHECK(error_of("3x1\n0,ball 0 0\n\n1-\n") == "the level has no flag: one cell says 'height,flag'");
  CHECK(error_of("axb\n") == "line 1: expected the size as WIDTHxHEIGHT (like 9x9)");
}

// A generated level, which must be made.
std::unique_ptr<Level> generated(const ParamValues& p, const std::string& seed, GeneratedInfo* info) {
  Error e;
  auto level = find_game("golf")->generate(p, seed.c_str(), info, &e);
  INFO(seed << ": " << e.message);
  REQUIRE(level);
  return level;
}

TEST_CASE("generated golf levels are solvable - every solution plays every card - and the same seed gives the same level") {
  ParamValues p = defaults("golf");
  for (int i = 0; i < 12; ++i) {
    std::string seed = "golf-" + std::to_string(i);
    GeneratedInfo info;
    auto level = generated(p, seed, &info);
    GameState s;
    level->initial_state(&s);
    Analysis a = level->analyze(s, SearchLimits());
    CHECK(a.solvable);
    CHECK(a.par == p.a[1]);  // cards
    CHECK(a.optimal_solutions <= 3);
    CHECK(info.par == a.par);
    CHECK(canonical(*generated(p, seed, nullptr)) == canonical(*level));
  }
}

TEST_CASE("hands of 7 and 8 cards from a designed path: every solution plays every card, at most the allowed few") {
  for (int cards = 7; cards <= 8; ++cards)
    for (int difficulty : {2, 4}) {
      ParamValues p = defaults("golf");
      p.a[golf::kCards] = cards;
      p.a[golf::kDifficulty] = difficulty;
      for (int i = 0; i < 3; ++i) {
        std::string seed = "golf-hand-" + std::to_string(cards) + "-" + std::to_string(difficulty) + "-" +
                           std::to_string(i);
        GeneratedInfo info;
        auto level = generated(p, seed, &info);
        GameState s;
        level->initial_state(&s);
        std::vector<MoveList> all;
        const int n = level->all_solutions(s, SearchLimits(), 100, &all);
        CHECK(n >= 1);
        CHECK(n <= (difficulty <= 2 ? 3 : 1));
        for (const MoveList& m : all) CHECK((int)m.size() == cards);
        CHECK(info.par == cards);
      }
    }
}

TEST_CASE("every distinct solution: each one wins - none twice - shortest first - the article's among them") {
  auto level = parse("golf", kWarps);
  REQUIRE(level);
  GameState start;
  level->initial_state(&start);
  std::vector<MoveList> all;
  int n = level->all_solutions(start, SearchLimits(), 1000, &all);
  REQUIRE(n == (int)all.size());
  CHECK(n > 1);
  for (size_t i = 0; i < all.size(); ++i) {
    GameState s = start;
    Outcome o = Outcome::kNoChange;
    for (tl::Move m : all[i]) o = level->apply(&s, m);
    CHECK(o == Outcome::kWon);
    if (i) CHECK(all[i - 1].size() <= all[i].size());
    for (size_t j = 0; j < i; ++j) CHECK(all[j] != all[i]);
  }
  bool has_known = false;
  for (const MoveList& m : all) has_known |= m == golf::known_solutions(*level).at(0);
  CHECK(has_known);
  // The analysis reports the count and whether every solution plays every card.
  Figure f[kMaxFigures];
  int figures = level->analysis_figures(start, level->analyze(start, SearchLimits()), SearchLimits(), f);
  REQUIRE(figures == 2);
  CHECK(f[0].value == (uint64_t)n);
  CHECK(f[1].value == 0);  // the warp level wins with 5 of its 8 cards
  // A cap stops the list.
  CHECK(level->all_solutions(start, SearchLimits(), 3, &all) == 3);
  // Games whose moves can come back to a state do not offer it.
  auto skiddy = parse("skiddy", "#####\nR.rr#\n#c..#\n#...#\n#####\n");
  REQUIRE(skiddy);
  skiddy->initial_state(&start);
  CHECK(skiddy->all_solutions(start, SearchLimits(), 10, &all) == -1);
}

TEST_CASE("at low difficulty a generated golf level teaches one tile: only its kind - and it matters") {
  struct Kind {
    const char* choice;
    std::vector<std::string> marks;  // how its tiles read in the level text
  };
  const std::vector<Kind> kinds = {
      {"slopes", {",up", ",down", ",left", ",right"}}, {"angles", {",/"}}, {"sand", {",sand"}},
      {"quicksand", {",quick"}}, {"water", {",water"}}, {"springs", {",boing"}}, {"warps", {",warp"}},
      {"belts", {",*"}}, {"ice", {",ice"}}};
  for (const Kind& kind : kinds)
    for (int i = 0; i < 3; ++i) {
      ParamValues p = defaults("golf");
      set("golf", &p, "tiles", kind.choice);
      set("golf", &p, "difficulty", "1");
      std::string seed = std::string("teach-") + kind.choice + "-" + std::to_string(i);
      Error e;
      auto level = find_game("golf")->generate(p, seed.c_str(), nullptr, &e);
      INFO(seed << ": " << e.message);
      REQUIRE(level);
      const std::string text = canonical(*level);
      INFO(text);
      for (const Kind& other : kinds) {
        bool found = false;
        for (const std::string& mark : other.marks) found |= text.find(mark) != std::string::npos;
        CHECK(found == (&other == &kind));
      }
      // Flattened (every special tile plain ground), the hand solves it otherwise or not at all.
      std::string flat;
      for (size_t at = 0; at < text.size();) {
        size_t comma = text.find(',', at), end = text.find_first_of(" \n", at);
        if (comma != std::string::npos && comma < end) {
          std::string what = text.substr(comma, end - comma);
          flat += text.substr(at, comma - at);
          if (what == ",flag" || what == ",ball") flat += what;
        } else {
          flat += text.substr(at, end - at);
        }
        flat += text[end];
        at = end + 1;
      }
      auto plain = parse("golf", flat.c_str());
      REQUIRE(plain);
      GameState s, t;
      level->initial_state(&s);
      plain->initial_state(&t);
      std::vector<MoveList> with, without;
      level->all_solutions(s, SearchLimits(), 100, &with);
      plain->all_solutions(t, SearchLimits(), 100, &without);
      CHECK(with != without);
    }
}

TEST_CASE("each card of the hand says what it does") {
  auto level = parse("golf", "4x1\n0,ball 0 0 0,flag\n\n1- 2/ 1/2- 3-\n");
  REQUIRE(level);
  char text[96];
  level->describe_card(0, text, sizeof text);
  CHECK(std::string(text) == "rolls 1 cell");
  level->describe_card(1, text, sizeof text);
  CHECK(std::string(text) == "flies 2 cells over whatever lies between");
  level->describe_card(2, text, sizeof text);
  CHECK(std::string(text) == "flies 1 cell, then rolls 2");
  level->describe_card(3, text, sizeof text);
  CHECK(std::string(text) == "rolls 3 cells");
  level->describe_card(4, text, sizeof text);
  CHECK(std::string(text).empty());
}
