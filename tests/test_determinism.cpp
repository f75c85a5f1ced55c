// Determinism: a fixed list of (game, parameters, seed) must give the same
// level text on every target. tests/golden/levels.txt is embedded in the
// suite at build time, so x86-64, wasm32 and Cortex-M7 check the same bytes.
#include <catch2/catch.hpp>

#include "kGoldenLevels.inc"
#include "level_list.h"

using namespace tl;
using namespace tl_test;

TEST_CASE("golden levels: the same game - parameters and seed give the same level on every target") {
  std::vector<ListedLevel> entries = read_level_list(kGoldenLevels);
  REQUIRE(entries.size() >= 10);
  for (const ListedLevel& g : entries) {
    INFO(g.header);
    ParamValues p;
    std::string error;
    REQUIRE(g.params(&p, &error));
    Error e;
    auto level = find_game(g.game.c_str())->generate(p, g.seed.c_str(), nullptr, &e);
    REQUIRE(level);
    CHECK(canonical(*level) == g.level);
  }
}
