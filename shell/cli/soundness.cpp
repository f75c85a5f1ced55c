// soundness.cpp — generator settings and the check of a generated level (see soundness.h).
#include "soundness.h"

#include <stdio.h>

#include "core/midend/generation.h"

namespace tl {

namespace {

// Sets one parameter from its text; false (a table that names a parameter
// or value the game lacks) is a programming error the tests catch.
bool set_param(const GameInfo& game, ParamValues* p, int index, const char* value, Text* sets) {
  Error e;
  const char* key = game.params[index].key;
  if (!param_set(game, p, key, string_length(key), value, string_length(value), &e)) return false;
  sets->appendf("%s%s=%s", sets->empty() ? "" : " ", key, value);
  return true;
}

}  // namespace

void generator_settings(const GameInfo& game, bool bench_sets, std::vector<GeneratorSetting>* out) {
  out->clear();
  GeneratorSetting defaults;
  params_default(game, &defaults.params);
  out->push_back(defaults);
  // The presets and the bench's parameter sets: settings of several parameters together.
  const char* named[kPresetCount + 32];
  int named_count = 0;
  for (int preset = 0; preset < kPresetCount; ++preset)
    if (*game.presets[preset]) named[named_count++] = game.presets[preset];
  for (int v = 0; bench_sets && v < game.bench_variant_count && named_count < (int)(sizeof named / sizeof named[0]); ++v)
    named[named_count++] = game.bench_variants[v];
  for (int k = 0; k < named_count; ++k) {
    GeneratorSetting s;
    params_default(game, &s.params);
    Error e;
    const bool ok = params_read(game, named[k], string_length(named[k]), ' ', &s.params, &e);
    bool seen = false;
    for (const GeneratorSetting& earlier : *out) seen = seen || params_equal(game, earlier.params, s.params);
    if (!ok || seen) continue;
    s.sets.append(named[k]);
    out->push_back(s);
  }
  for (int i = 0; i < game.param_count; ++i) {
    const ParamSpec& spec = game.params[i];
    char value[24];
    const int values = spec.kind == ParamKind::kChoice ? spec.choice_count : 2;
    for (int v = 0; v < values; ++v) {
      GeneratorSetting s = defaults;
      if (spec.kind == ParamKind::kChoice) {
        if (v == spec.def) continue;
        snprintf(value, sizeof value, "%s", spec.choices[v]);
      } else if (spec.kind == ParamKind::kSize) {
        snprintf(value, sizeof value, "%dx%d", v ? param_max(spec) : param_min(spec), v ? param_max(spec, 1) : param_min(spec, 1));
      } else {
        snprintf(value, sizeof value, "%d", v ? spec.max : spec.min);
      }
      bool seen = false;
      if (set_param(game, &s.params, i, value, &s.sets))
        for (const GeneratorSetting& earlier : *out) seen = seen || params_equal(game, earlier.params, s.params);
      if (!seen) out->push_back(s);
    }
  }
}

bool check_generated(const GameInfo& game, const ParamValues& params, const char* seed, const Level& level,
                     const GeneratedInfo& info, Error* why) {
  if (!reads_back(level, why)) return false;
  Text text;
  level.canonical_text(&text);
  GameState start;
  level.initial_state(&start);
  MoveList path;
  const SolveResult solved = level.solve(start, SearchLimits(), &path);
  if (!solved.solvable)
    return fail(why, 0, 0, "the level does not solve (%s)", solved.capped ? "the search hit its cap" : "proven unsolvable");
  if (solved.length != info.par)
    return fail(why, 0, 0, "the level solves in %d moves but the generator gave par %d", solved.length, info.par);
  Text links[2];
  link_for_seed(game, params, seed, &links[0]);
  link_for_level(level, &links[1]);
  for (const Text& link : links) {
    const char* kind = &link == &links[0] ? "seed" : "level";
    LinkTarget target;
    Error e;
    std::unique_ptr<Level> reopened;
    if (parse_link(link.c_str(), link.size(), &target, &e)) reopened = open_link(target, nullptr, &e);
    if (!reopened) return fail(why, 0, 0, "its %s link does not reopen: %.120s", kind, e.message);
    Text again;
    reopened->canonical_text(&again);
    if (!again.equals(text.c_str())) return fail(why, 0, 0, "its %s link reopens another level", kind);
  }
  return true;
}

}  // namespace tl
