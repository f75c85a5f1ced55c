// The curated packs in assets/packs: every level is what its seed link
// regenerates, its par and difficulty are as recorded, and the pack runs from
// easiest to hardest.
#include <catch2/catch.hpp>

#include <stdlib.h>

#include "core/link.h"
#include "core/rating.h"
#include "kLastBallPack.inc"
#include "level_list.h"

using namespace tl;
using namespace tl_test;

TEST_CASE("the Last Ball pack holds 100 levels - each regenerated exactly from its seed link") {
  std::vector<ListedLevel> pack = read_level_list(kLastBallPack);
  REQUIRE(pack.size() == 100);
  int previous = -1;
  for (const ListedLevel& entry : pack) {
    INFO(entry.header);
    CHECK(entry.game == "lastball");
    ParamValues p;
    std::string error;
    REQUIRE(entry.params(&p, &error));
    Text link;
    link_for_seed(kLastBall, p, entry.seed.c_str(), &link);
    LinkTarget target;
    Error e;
    REQUIRE(parse_link(link.c_str(), link.size(), &target, &e));
    GeneratedInfo info;
    auto level = open_link(target, &info, &e);
    REQUIRE(level);
    CHECK(canonical(*level) == entry.level);
    GameState s;
    level->initial_state(&s);
    Analysis a = level->analyze(s, SearchLimits());
    CHECK(a.par == atoi(entry.get("par").c_str()));
    CHECK(info.par == a.par);
    int d = difficulty(a);
    CHECK(d == atoi(entry.get("difficulty").c_str()));
    CHECK(d >= previous);
    previous = d;
  }
}
