// level_list.h — reads the level lists the suites check (tests/golden/levels.txt,
// assets/packs/*.txt): '# comment' lines, and entries of a header line
//   == GAME seed=SEED [KEY=VALUE]...
// followed by the level text, up to the next header (blank lines inside a
// level are its own, as Golf Peaks has them; those at its end are not).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "helpers.h"

namespace tl_test {

struct ListedLevel {
  std::string header, game, seed, level;
  std::vector<std::pair<std::string, std::string>> keys;  // all but seed, in order

  // The value of a key, or "" when absent.
  std::string get(const std::string& key) const {
    for (const auto& kv : keys)
      if (kv.first == key) return kv.second;
    return "";
  }
  // The generator parameters among the keys, on the game's defaults.
  bool params(tl::ParamValues* p, std::string* error) const {
    const tl::GameInfo* g = tl::find_game(game.c_str());
    if (!g) {
      *error = "unknown game " + game;
      return false;
    }
    tl::params_default(*g, p);
    for (const auto& kv : keys) {
      if (tl::param_index(*g, kv.first.data(), kv.first.size()) < 0) continue;
      tl::Error e;
      if (!tl::param_set(*g, p, kv.first.data(), kv.first.size(), kv.second.data(), kv.second.size(), &e)) {
        *error = e.message;
        return false;
      }
    }
    return true;
  }
};

inline std::vector<ListedLevel> read_level_list(const std::string& text) {
  std::vector<ListedLevel> entries;
  bool in_level = false;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line.rfind("== ", 0) == 0) {
      ListedLevel e;
      e.header = line;
      size_t at = 3;
      while (at < line.size()) {
        size_t space = line.find(' ', at);
        if (space == std::string::npos) space = line.size();
        std::string word = line.substr(at, space - at);
        size_t eq = word.find('=');
        if (e.game.empty()) e.game = word;
        else if (word.rfind("seed=", 0) == 0) e.seed = word.substr(5);
        else if (eq != std::string::npos) e.keys.emplace_back(word.substr(0, eq), word.substr(eq + 1));
        at = space + 1;
      }
      entries.push_back(e);
      in_level = true;
    } else if (line.rfind("# ", 0) == 0) {
      continue;  // a comment (no level row starts with '#' and a space)
    } else if (in_level) {  // inside a level every line is its own, '#' walls too
      entries.back().level += line + "\n";
    }
  }
  for (ListedLevel& e : entries)
    while (e.level.size() >= 2 && e.level.compare(e.level.size() - 2, 2, "\n\n") == 0) e.level.pop_back();
  return entries;
}

}  // namespace tl_test
