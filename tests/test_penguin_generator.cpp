// Tickles Penguin's generator: path first, stoppers, lure paths, shortcut
// blocking, in both modes.
#include <catch2/catch.hpp>

#include <string>

#include "core/games/penguin/penguin.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

namespace {

int count_of(const std::string& text, const char* chars) {
  int n = 0;
  for (char c : text)
    for (const char* k = chars; *k; ++k) n += c == *k;
  return n;
}

}  // namespace

TEST_CASE("generated penguin levels are solvable with no solution shorter than min_moves - in both modes") {
  const char* modes[] = {"from-start", "from-end"};
  for (const char* mode : modes) {
    ParamValues p = defaults("penguin");
    set("penguin", &p, "mode", mode);
    for (int i = 0; i < 40; ++i) {
      std::string seed = std::string("pg-") + mode + "-" + std::to_string(i);
      Error e;
      GeneratedInfo info;
      auto level = find_game("penguin")->generate(p, seed.c_str(), &info, &e);
      INFO(seed << ": " << e.message);
      REQUIRE(level);
      std::string text = canonical(*level);
      INFO(text);
      // Solvable, and the solver's shortest solution is the par reported.
      GameState s;
      level->initial_state(&s);
      MoveList path;
      SolveResult r = level->solve(s, SearchLimits(), &path);
      REQUIRE(r.solvable);
      CHECK(r.length == info.par);
      CHECK(r.length >= p.a[penguin::kMinMoves]);  // no shortcut left
      Outcome o = Outcome::kMoved;
      for (tl::Move m : path) o = level->apply(&s, m);
      CHECK(o == Outcome::kWon);
      // Size and block counts within the parameters.
      CHECK(count_of(text, "\n") == 16);
      CHECK(text.find('\n') == 8);
      CHECK(count_of(text, "P") == 1);
      CHECK(count_of(text, "F") == 1);
      CHECK(count_of(text, "#") <= p.a[penguin::kMaxWalls]);
      CHECK(count_of(text, "T") <= p.a[penguin::kMaxTrees]);
      CHECK(count_of(text, "*") <= p.a[penguin::kMaxSnow]);
      CHECK(count_of(text, "x") <= p.a[penguin::kMaxPicks]);
      CHECK(count_of(text, "-|") <= p.a[penguin::kMaxBridges]);
      CHECK(count_of(text, "<>^v") <= p.a[penguin::kMaxTreadmills]);
      CHECK(count_of(text, "0123456789") <= 2 * p.a[penguin::kMaxDoors]);
    }
  }
}

TEST_CASE("a penguin level's block kinds can be switched off") {
  ParamValues p = defaults("penguin");
  set("penguin", &p, "trees", "0");
  set("penguin", &p, "picks", "0");
  set("penguin", &p, "treadmills", "0");
  set("penguin", &p, "doors", "0");
  set("penguin", &p, "bridges", "0");
  for (int i = 0; i < 20; ++i) {
    Error e;
    auto level = find_game("penguin")->generate(p, ("plain-" + std::to_string(i)).c_str(), nullptr, &e);
    INFO(e.message);
    REQUIRE(level);
    std::string text = canonical(*level);
    CHECK(count_of(text, "Tx<>^v0123456789-|") == 0);
  }
}

TEST_CASE("the same penguin parameters and seed give the same level") {
  ParamValues p = defaults("penguin");
  Error e;
  auto a = find_game("penguin")->generate(p, "same", nullptr, &e);
  auto b = find_game("penguin")->generate(p, "same", nullptr, &e);
  auto c = find_game("penguin")->generate(p, "other", nullptr, &e);
  REQUIRE(a);
  REQUIRE(b);
  REQUIRE(c);
  CHECK(canonical(*a) == canonical(*b));
  CHECK(canonical(*a) != canonical(*c));
}

TEST_CASE("more blocking rounds never leave a shorter shortest solution") {
  // With no rounds the designed path may have shortcuts; rounds only add
  // blocks that kill them.
  ParamValues p = defaults("penguin");
  set("penguin", &p, "min_moves", "4");
  long pars[2] = {0, 0};
  for (int r = 0; r < 2; ++r) {
    set("penguin", &p, "rounds", r ? "20" : "0");
    for (int i = 0; i < 30; ++i) {
      GeneratedInfo info;
      Error e;
      auto level = find_game("penguin")->generate(p, ("rounds-" + std::to_string(i)).c_str(), &info, &e);
      REQUIRE(level);
      pars[r] += info.par;
    }
  }
  CHECK(pars[1] >= pars[0]);
}

TEST_CASE("an impossible penguin request fails with a message") {
  ParamValues p = defaults("penguin");
  set("penguin", &p, "size", "4x4");
  set("penguin", &p, "min_moves", "30");
  Error e;
  CHECK_FALSE(find_game("penguin")->generate(p, "nope", nullptr, &e));
  CHECK(std::string(e.message).find("min_moves") != std::string::npos);
  CHECK(std::string(e.message).find("a larger board or more walls, trees or snow") != std::string::npos);
  // The advice never names a setting already at its end: blocks at their
  // most, only the board and min_moves are left to change.
  for (const char* block : {"walls", "trees", "snow"}) set("penguin", &p, block, "200");
  Error at_most;
  CHECK_FALSE(find_game("penguin")->generate(p, "nope", nullptr, &at_most));
  INFO(at_most.message);
  CHECK(std::string(at_most.message).find("try fewer min_moves or a larger board") != std::string::npos);
  CHECK(std::string(at_most.message).find("walls") == std::string::npos);
}
