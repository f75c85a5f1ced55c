// Determinism: a fixed list of (game, parameters, seed) must give the same
// level text on every target. tests/golden/levels.txt is embedded in the
// suite at build time, so x86-64, wasm32 and Cortex-M7 check the same bytes.
#include <catch2/catch.hpp>

#include "kGoldenLevels.inc"
#include "core/midend/session.h"
#include "helpers.h"
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

// One job, the ways every host runs it: the command line's (the command runs
// it to its end), the device's (a slice a frame) and the page's worker's (the
// request run elsewhere, its result handed back). Each gives the golden bytes,
// and the hint each then plays is the same; the suite runs on every target.
TEST_CASE("a Session job run the command line's way, the device's and the worker's gives the same bytes") {
  std::vector<ListedLevel> entries = read_level_list(kGoldenLevels);
  const char* seen = "";
  for (const ListedLevel& g : entries) {
    if (g.game == seen) continue;  // the first level of each game
    seen = g.game.c_str();
    INFO(g.header);
    LevelRecipe recipe;
    recipe.game = find_game(g.game.c_str());
    std::string error;
    REQUIRE(g.params(&recipe.params, &error));
    recipe.seed.append(g.seed.c_str());

    Session cli, device, worker;
    REQUIRE(cli.new_level(recipe));
    device.host_runs_jobs(true);
    device.begin_making(recipe);
    int frames = 0;
    while (device.job_slice() == GenerationStatus::kRunning) REQUIRE(++frames < 1000000);
    worker.host_runs_jobs(true);
    worker.begin_making(recipe);
    REQUIRE(run_elsewhere(&worker) == GenerationStatus::kDone);
    for (Session* s : {&cli, &device, &worker}) {
      REQUIRE(s->loaded());
      CHECK(canonical(s->level()) == g.level);
      CHECK(std::string(s->link()) == cli.link());
      CHECK(s->par() == cli.par());
    }
    // A hint, each its way: the same move played.
    const int move = cli.hint();
    device.hint();
    while (device.job_slice() == GenerationStatus::kRunning) REQUIRE(++frames < 2000000);
    worker.hint();
    REQUIRE(worker.job() == SessionJob::kHint);
    run_elsewhere(&worker);
    for (Session* s : {&device, &worker}) CHECK(s->moves() == cli.moves());
    if (move >= 0) CHECK(cli.moves()[0] == (Move)move);
  }
}
