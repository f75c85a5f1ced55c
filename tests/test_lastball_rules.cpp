// The Last Ball's rules, as the article states them.
#include <catch2/catch.hpp>

#include "helpers.h"

using namespace tl;
using namespace tl_test;

static std::string after(const char* level_text, const char* moves, Outcome* outcome = nullptr) {
  auto level = parse("lastball", level_text);
  REQUIRE(level);
  GameState s;
  Outcome o = play(*level, moves, &s);
  if (outcome) *outcome = o;
  return text_of(*level, s);
}

TEST_CASE("the black ball rolls until the next cell holds a ball and pushes it off") {
  Outcome o;
  CHECK(after("@...o.\n", "R", &o) == "...@..\n");
  CHECK(o == Outcome::kWon);
}

TEST_CASE("the black ball stops in front of the ball it pushes") {
  Outcome o;
  CHECK(after("@...o.\n.....o\n", "R", &o) == "...@..\n.....o\n");
  CHECK(o == Outcome::kMoved);
}

TEST_CASE("a pushed white ball rolls on until it meets another ball - which it pushes - stopping itself") {
  Outcome o;
  CHECK(after("@.o..o..\n.......o\n", "R", &o) == ".@..o...\n.......o\n");
  CHECK(o == Outcome::kMoved);
}

TEST_CASE("a move against an adjacent ball leaves the black ball in place and pushes") {
  CHECK(after("..@o...\n......o\n", "R") == "..@....\n......o\n");
}

TEST_CASE("adjacent white balls pass the push down the line like a cradle") {
  // Black pushes the first ball; it cannot move, so it pushes the second,
  // which rolls off. The first stays where it was.
  CHECK(after("@oo...\no.....\n", "R") == "@o....\no.....\n");
}

TEST_CASE("the level is lost when the black ball rolls off the field") {
  auto level = parse("lastball", "..@.\n...o\n");
  REQUIRE(level);
  GameState s;
  CHECK(play(*level, "U", &s) == Outcome::kLost);
  CHECK(play(*level, "L", &s) == Outcome::kLost);
  // A lost state accepts no further moves.
  CHECK(level->apply(&s, kRight) == Outcome::kNoChange);
}

TEST_CASE("the level is won when the last white ball leaves the field") {
  auto level = parse("lastball", "@.o.\n....\n");
  REQUIRE(level);
  GameState s;
  CHECK(play(*level, "R", &s) == Outcome::kWon);
}

TEST_CASE("a ball pushed towards a ball further down the line stops in front of it") {
  // Columns: black at 0, white at 1 and 5. Pushing right: the ball at 1
  // rolls to 4 (in front of 5) and pushes 5 off.
  CHECK(after("@o...o\n", "R") == "@...o.\n");
  CHECK(after("@o...o\n", "RR") == "...@..\n");
}

TEST_CASE("every move changes the state: the black ball either pushes or falls") {
  auto level = parse("lastball", "....\n.@o.\n..o.\n....\n");
  REQUIRE(level);
  for (int d = 0; d < 4; ++d) {
    GameState s, before;
    level->initial_state(&s);
    before = s;
    Outcome o = level->apply(&s, d);
    CHECK(o != Outcome::kNoChange);
    if (o == Outcome::kMoved) CHECK(memcmp(s.words, before.words, sizeof s.words) != 0);
  }
}

TEST_CASE("up and down move along columns") {
  CHECK(after(".@.\n...\n.o.\n...\n.o.\n", "D") == "...\n.@.\n...\n.o.\n...\n");
  CHECK(after(".o.\n...\n.@.\n", "U") == "...\n.@.\n...\n");
}
