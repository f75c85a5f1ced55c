// Determinism: a fixed list of (game, parameters, seed) must give the same
// level text on every target. tests/golden/levels.txt is embedded in the
// suite at build time, so x86-64, wasm32 and Cortex-M7 check the same bytes.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "helpers.h"
#include "golden_levels.inc"

using namespace tl;
using namespace tl_test;

namespace {

struct GoldenEntry {
  std::string header, game, seed, level;
  std::vector<std::string> sets;
};

std::vector<GoldenEntry> read_golden() {
  std::vector<GoldenEntry> entries;
  std::string text = kGoldenLevels;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line.rfind("== ", 0) == 0) {
      GoldenEntry e;
      e.header = line;
      size_t at = 3;
      while (at < line.size()) {
        size_t space = line.find(' ', at);
        if (space == std::string::npos) space = line.size();
        std::string word = line.substr(at, space - at);
        if (e.game.empty()) e.game = word;
        else if (word.rfind("seed=", 0) == 0) e.seed = word.substr(5);
        else e.sets.push_back(word);
        at = space + 1;
      }
      entries.push_back(e);
    } else if (!line.empty() && line[0] != '#' && !entries.empty()) {
      entries.back().level += line + "\n";
    }
  }
  return entries;
}

}  // namespace

TEST_CASE("golden levels: the same game - parameters and seed give the same level on every target") {
  std::vector<GoldenEntry> entries = read_golden();
  REQUIRE(entries.size() >= 10);
  for (const GoldenEntry& g : entries) {
    INFO(g.header);
    const GameInfo* game = find_game(g.game.c_str());
    REQUIRE(game);
    ParamValues p;
    params_default(*game, &p);
    for (const std::string& kv : g.sets) {
      size_t eq = kv.find('=');
      Error e;
      REQUIRE(param_set(*game, &p, kv.data(), eq, kv.data() + eq + 1, kv.size() - eq - 1, &e));
    }
    Error e;
    auto level = game->generate(p, g.seed.c_str(), nullptr, &e);
    REQUIRE(level);
    CHECK(canonical(*level) == g.level);
  }
}
