// The session every host shares: moves, undo, redo, restart, hint.
#include <catch2/catch.hpp>

#include "core/session.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

TEST_CASE("undo and redo walk the move history and a new move drops the redo tail") {
  Session s;
  s.load(parse("lastball", "@o...o\n......\n"));
  std::string start = text_of(s.level(), s.state());
  CHECK(s.play(kRight) == Outcome::kMoved);
  std::string one = text_of(s.level(), s.state());
  CHECK(one != start);
  CHECK(s.undo());
  CHECK(text_of(s.level(), s.state()) == start);
  CHECK_FALSE(s.undo());
  CHECK(s.redo());
  CHECK(text_of(s.level(), s.state()) == one);
  CHECK_FALSE(s.redo());
  CHECK(s.undo());
  CHECK(s.play(kDown) == Outcome::kLost);
  CHECK_FALSE(s.can_redo());
  CHECK(s.status() == PlayStatus::kLost);
  CHECK(s.moves_made() == 1);
}

TEST_CASE("after a win or a loss moves are ignored until undo or restart") {
  Session s;
  s.load(parse("lastball", "@.o.\n....\n"));
  CHECK(s.play(kRight) == Outcome::kWon);
  CHECK(s.status() == PlayStatus::kWon);
  CHECK(s.play(kLeft) == Outcome::kNoChange);
  CHECK(s.moves_made() == 1);
  s.restart();
  CHECK(s.status() == PlayStatus::kPlaying);
  CHECK(s.moves_made() == 0);
  CHECK(s.can_redo());
}

TEST_CASE("hint gives the next move of a shortest solution from where the player is") {
  Session s;
  s.load(parse("lastball", "@o...o\n......\n"));
  SearchLimits limits;
  // Following hints wins in par moves.
  GameState start;
  s.level().initial_state(&start);
  int par = s.level().solve(start, limits, nullptr).length;
  int played = 0;
  while (s.status() == PlayStatus::kPlaying && played < 10) {
    int h = s.hint(limits);
    REQUIRE(h >= 0);
    s.play(h);
    ++played;
  }
  CHECK(s.status() == PlayStatus::kWon);
  CHECK(played == par);
  // From a dead end there is no hint.
  s.load(parse("lastball", "..o..\n.....\n..@..\n.....\n....o\n"));
  s.play(kUp);
  CHECK(s.hint(limits) == -1);
}
