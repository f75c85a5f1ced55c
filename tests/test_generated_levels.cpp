// Every generated level is sound, for every game and every setting a person
// can pick (shell/cli/soundness.h: generator_settings): it reads back as the same
// text, solves in the par it was given, and its seed link and level link
// reopen exactly it; a setting the generator cannot meet is refused with one
// line saying why. `tilelab soak` runs the same check on many more seeds.
#include <catch2/catch.hpp>

#include <string.h>

#include <string>

#include "core/midend/generation.h"
#include "core/midend/registry.h"
#include "shell/cli/soundness.h"

using namespace tl;

namespace {

// Seeds a setting: hundreds natively; fewer in wasm under node and on the
// Cortex-M7 under QEMU, which run the same suite many times slower. Skiddy's
// generator analyses every layout's whole state graph (tens of milliseconds a
// level natively): fewer seeds there, many more in the soak.
int seeds_a_setting(const GameInfo& game) {
  const bool slow_game = strcmp(game.id, "skiddy") == 0;
#if defined(TILELAB_DEVICE)
  return slow_game ? 1 : 3;
#elif defined(__EMSCRIPTEN__)
  return slow_game ? 3 : 30;
#else
  return slow_game ? 8 : 200;
#endif
}

void check_every_setting(const char* id) {
  const GameInfo& game = *find_game(id);
  std::vector<GeneratorSetting> settings;
  generator_settings(game, false, &settings);
  REQUIRE(settings.size() > 4);
  const int seeds = seeds_a_setting(game);
  int levels = 0;
  for (const GeneratorSetting& s : settings) {
    // What a host asks before it offers Generate: parameters that cannot go
    // together are refused as such by the generator, and only those.
    Error unfit;
    const bool fits = !game.check_params || game.check_params(s.params, &unfit);
    int made = 0, refused_in_a_row = 0;
    for (int i = 1; i <= seeds; ++i) {
      const std::string seed = "sound-" + std::to_string(i);
      INFO("tilelab generate " << id << " " << s.sets.c_str() << " --seed " << seed << " --check");
      GeneratedInfo info;
      Error e;
      std::unique_ptr<Level> level = generate_level(game, s.params, seed.c_str(), &info, &e);
      if (!level) {
        // Refused: one line that says why. A setting refused three times
        // before any level is one the generator cannot meet: on to the next.
        CHECK(e.message[0] != '\0');
        CHECK(strchr(e.message, '\n') == nullptr);
        CHECK(info.bad_params == !fits);
        if (!fits) CHECK(std::string(e.message) == unfit.message);
        if (++refused_in_a_row == 3 && made == 0) break;
        continue;
      }
      CHECK(fits);
      refused_in_a_row = 0;
      ++made;
      Error why;
      const bool sound = check_generated(game, s.params, seed.c_str(), *level, info, &why);
      INFO(why.message);
      CHECK(sound);
    }
    levels += made;
  }
  // Most settings make levels: the check is not vacuous.
  CHECK(levels >= seeds * (int)settings.size() / 2);
}

}  // namespace

TEST_CASE("every generated The Last Ball level is sound, for every setting a person can pick") {
  check_every_setting("lastball");
}
TEST_CASE("every generated Tickles Penguin level is sound, for every setting a person can pick") {
  check_every_setting("penguin");
}
TEST_CASE("every generated Skiddy level is sound, for every setting a person can pick") { check_every_setting("skiddy"); }
TEST_CASE("every generated Golf Peaks level is sound, for every setting a person can pick") {
  check_every_setting("golf");
}
TEST_CASE("every generated Flow level is sound, for every setting a person can pick") { check_every_setting("flow"); }

TEST_CASE("settings: the defaults, the presets, every choice and both ends of every range, each once") {
  for (int g = 0; g < game_count(); ++g) {
    const GameInfo& game = game_at(g);
    INFO(game.id);
    std::vector<GeneratorSetting> settings;
    generator_settings(game, false, &settings);
    // Every preset names only the game's parameters.
    for (int p = 0; p < kPresetCount; ++p) {
      ParamValues v;
      Error e;
      INFO(game.presets[p]);
      CHECK(params_preset(game, p, &v, &e));
    }
    for (int i = 0; i < game.param_count; ++i) {
      const ParamSpec& spec = game.params[i];
      INFO(spec.key);
      const int wanted = spec.kind == ParamKind::kChoice ? spec.choice_count : 2;
      int found = 0;
      for (int v = 0; v < wanted; ++v) {
        const int a = spec.kind == ParamKind::kChoice ? v : v ? param_max(spec) : param_min(spec);
        for (const GeneratorSetting& s : settings)
          if (s.params.a[i] == a && (spec.kind != ParamKind::kSize || s.params.b[i] == (v ? param_max(spec, 1) : param_min(spec, 1)))) {
            ++found;
            break;
          }
      }
      CHECK(found == wanted);
    }
    for (size_t i = 0; i < settings.size(); ++i)
      for (size_t j = 0; j < i; ++j) CHECK_FALSE(params_equal(game, settings[i].params, settings[j].params));
  }
}
