// Every generator a slice at a time (core/game/generator.h): for each game,
// preset and a few seeds, the level made in slices of any size is byte for
// byte the one generate() makes whole, and no slice spends more positions
// than its bound (the slice's positions and the largest piece of work that
// does not pause). Counted in positions, never timed.
#include <catch2/catch.hpp>

#include <string>

#include "core/game/generator.h"
#include "core/midend/registry.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

namespace {

struct Sliced {
  std::string text;
  int par = -1, slices = 0;
  uint64_t most_spent = 0, bound = 0;
};

// The level the game's task makes with slices of `slice` positions (0: the
// game's own), checking its progress never goes back.
Sliced make_in_slices(const GameInfo& g, const ParamValues& p, const char* seed, uint64_t slice) {
  std::unique_ptr<SlicedGeneration> task = g.begin_generate(p, seed, slice);
  Sliced out;
  int last = task->progress_permille();
  GenerationStatus status;
  do {
    status = run_frame(task.get());
    ++out.slices;
    CHECK(task->progress_permille() >= last);
    last = task->progress_permille();
    REQUIRE(out.slices < 10000000);
  } while (status == GenerationStatus::kRunning);
  GeneratedInfo info;
  Error e;
  std::unique_ptr<Level> level = task->take(&info, &e);
  REQUIRE(level);
  out.text = canonical(*level);
  out.par = info.par;
  out.most_spent = task->most_spent_in_a_slice();
  out.bound = task->slice_bound();
  return out;
}

}  // namespace

TEST_CASE("every game's generator, sliced any way, makes the level generate() makes, each slice within its bound") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    REQUIRE(g.begin_generate != nullptr);
    const int seeds = std::string(g.id) == "skiddy" ? 2 : 3;  // (Skiddy's analyses are slow)
    for (int preset = 0; preset < kPresetCount; ++preset) {
      ParamValues p;
      Error e;
      REQUIRE(params_preset(g, preset, &p, &e));
      for (int k = 1; k <= seeds; ++k) {
        const std::string seed = "slices." + std::to_string(k);
        INFO(g.id << " preset " << preset_name(preset) << " seed " << seed);
        GeneratedInfo info;
        std::unique_ptr<Level> whole = g.generate(p, seed.c_str(), &info, &e);
        REQUIRE(whole);
        const std::string text = canonical(*whole);
        // A position a slice (every search paused at every step), an odd
        // size, and the game's own slice for the device.
        for (uint64_t slice : {(uint64_t)1, (uint64_t)37, (uint64_t)0}) {
          INFO("slice " << slice);
          const Sliced s = make_in_slices(g, p, seed.c_str(), slice);
          CHECK(s.text == text);
          CHECK(s.par == info.par);
          CHECK(s.most_spent <= s.bound);
        }
      }
    }
  }
}

TEST_CASE("a generator's slice that fails says why, as generate() does") {
  // Parameters that cannot go together: refused in the first slice, with bad_params.
  const GameInfo& g = *find_game("lastball");
  ParamValues p = defaults("lastball");
  Error e;
  REQUIRE(param_assign(g, &p, "balls=20", 8, &e));
  REQUIRE(param_assign(g, &p, "size=4x4", 8, &e));
  std::unique_ptr<SlicedGeneration> task = g.begin_generate(p, "x", 0);
  CHECK(run_frame(task.get()) == GenerationStatus::kFailed);
  GeneratedInfo info;
  CHECK_FALSE(task->take(&info, &e));
  CHECK(info.bad_params);
  GeneratedInfo whole_info;
  Error whole_e;
  CHECK_FALSE(g.generate(p, "x", &whole_info, &whole_e));
  CHECK(std::string(e.message) == whole_e.message);
}
