// tilelab soak — every generator, every setting a person can pick, many
// seeds: each level made must be sound (shell/cli/soundness.h: reads back, solves
// in its par, both its links reopen it). A line a setting with its figures;
// each unsound level as the one command that shows it. Exit 1 when one is.
#include <stdio.h>

#include <chrono>
#include <string>
#include <vector>

#include "cli.h"
#include "soundness.h"
#include "core/midend/generation.h"
#include "core/midend/registry.h"

using namespace tl;

namespace cli {

namespace {

// The command that makes (and checks) one level of a setting.
std::string command_for(const GameInfo& g, const GeneratorSetting& s, const std::string& seed) {
  std::string c = std::string("tilelab generate ") + g.id;
  const char* at = s.sets.c_str();
  while (*at) {
    const char* end = at;
    while (*end && *end != ' ') ++end;
    c += " --set " + std::string(at, end);
    at = *end ? end + 1 : end;
  }
  return c + " --seed " + seed + " --check";
}

}  // namespace

int run_soak(const std::vector<const GameInfo*>& games, long seeds, int part, int parts) {
  long made_all = 0, refused_all = 0, unsound_all = 0, settings_all = 0, index = 0;
  const auto t_all = std::chrono::steady_clock::now();
  for (const GameInfo* g : games) {
    std::vector<GeneratorSetting> settings;
    generator_settings(*g, true, &settings);
    for (const GeneratorSetting& s : settings) {
      if (index++ % parts != part - 1) continue;
      long made = 0, refused = 0, unsound = 0;
      const auto t0 = std::chrono::steady_clock::now();
      for (long i = 1; i <= seeds; ++i) {
        const std::string seed = "soak-" + std::to_string(i);
        GeneratedInfo info;
        Error e;
        std::unique_ptr<Level> level = generate_level(*g, s.params, seed.c_str(), &info, &e);
        if (!level) {
          ++refused;
          continue;
        }
        ++made;
        Error why;
        if (!check_generated(*g, s.params, seed.c_str(), *level, info, &why)) {
          ++unsound;
          printf("unsound: %s   # %s\n", command_for(*g, s, seed).c_str(), why.message);
        }
      }
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      printf("%-9s %-36s %5ld seeds: %5ld levels, %5ld refused, %ld unsound, %8.2f ms a seed\n", g->id,
             s.sets.empty() ? "(defaults)" : s.sets.c_str(), seeds, made, refused, unsound, ms / (double)seeds);
      fflush(stdout);
      made_all += made;
      refused_all += refused;
      unsound_all += unsound;
      ++settings_all;
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_all).count();
  printf("soak: %ld settings, %ld seeds a setting: %ld levels, %ld refused (the generator said why), %ld unsound, "
         "%.0f s\n", settings_all, seeds, made_all, refused_all, unsound_all, s);
  return unsound_all ? kNo : kOk;
}

}  // namespace cli
