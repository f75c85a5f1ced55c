// flow_util.h — what the Flow tests share: puzzles from text, refusals,
// random dots, and a brute-force count of solutions independent of the solver.
#pragma once
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <string.h>

#include "core/games/flow/flow.h"
#include "core/base/rng.h"

namespace tl {
namespace flow {
namespace test {

inline Puzzle puzzle_of(const char* text) {
  Puzzle p;
  Error e;
  INFO(text);
  REQUIRE(parse_puzzle(text, strlen(text), &p, &e));
  return p;
}

inline std::vector<Puzzle> puzzles_of(const char* text) {
  std::vector<Puzzle> all;
  Error e;
  INFO(text);
  REQUIRE(parse_puzzles(text, strlen(text), &all, &e));
  return all;
}

inline std::string refusal(const char* text) {
  std::vector<Puzzle> all;
  Error e;
  CHECK_FALSE(parse_puzzles(text, strlen(text), &all, &e));
  return e.message;
}

inline std::string text_of(const Puzzle& p) {
  Text t;
  format_puzzle(p, &t);
  return t.c_str();
}

inline std::string grid_of(const Puzzle& p, const Solution& s) {
  Text t;
  format_solution(p, s, &t);
  return t.c_str();
}

// k random pairs of dots on a w x h board (never on a blocked cell), as the
// board's cells ('.' or the colour's letter), and those cells as rows.
inline std::string place_dots(Rng& rng, int w, int h, int k, const std::vector<bool>& blocked = std::vector<bool>()) {
  std::string g((size_t)(w * h), '.');
  for (int c = 0; c < k; ++c)
    for (int e = 0; e < 2; ++e) {
      int cell;
      do cell = (int)rng.below((uint32_t)(w * h));
      while (g[(size_t)cell] != '.' || (!blocked.empty() && blocked[(size_t)cell]));
      g[(size_t)cell] = (char)('a' + c);
    }
  return g;
}
inline std::string rows_of(const std::string& g, int w, int h) {
  std::string text;
  for (int y = 0; y < h; ++y) text += g.substr((size_t)(y * w), (size_t)w) + "\n";
  return text;
}
// Every solution by brute force, independent of both searches: each line in
// turn takes every simple path between its dots through free cells; a full
// board is checked by check_solution. Counts up to cap.
inline uint64_t brute_count(const Puzzle& p, RuleSet rules, uint64_t cap) {
  Solution s;
  s.colour.assign((size_t)p.nodes(), 0);
  s.lines.assign((size_t)p.colours, std::vector<int32_t>());
  for (int k = 1; k <= p.colours; ++k) s.colour[(size_t)p.ends[k][0]] = s.colour[(size_t)p.ends[k][1]] = (uint8_t)k;
  uint64_t found = 0;
  std::function<void(int)> line = [&](int k) {
    if (found >= cap) return;
    if (k > p.colours) {
      Error e;
      found += check_solution(p, s, rules, &e);
      return;
    }
    std::vector<int32_t>& path = s.lines[(size_t)k - 1];
    std::function<void(int)> extend = [&](int at) {
      for (int d = 0; d < p.dirs() && found < cap; ++d) {
        const int n = p.neighbour(at, d);
        if (n < 0) continue;
        if (n == p.ends[k][1]) {
          path.push_back((int32_t)n);
          line(k + 1);
          path.pop_back();
        } else if (s.colour[(size_t)n] == 0 && !p.is_block(p.cell_of(n))) {
          s.colour[(size_t)n] = (uint8_t)k;
          path.push_back((int32_t)n);
          extend(n);
          path.pop_back();
          s.colour[(size_t)n] = 0;
        }
      }
    };
    path.assign(1, (int32_t)p.ends[k][0]);
    extend(p.ends[k][0]);
    path.clear();
  };
  line(1);
  return found;
}

// Solves under both rule sets, checks each count against brute force (up to
// 40) and the solution found; returns how many rule sets have a solution,
// and sets *fill to the fill count.
inline int agrees_with_brute_force(const Puzzle& p, uint64_t* fill) {
  int solved = 0;
  for (RuleSet rules : {RuleSet::kFill, RuleSet::kNoTouch}) {
    INFO(rule_set_name(rules));
    Solution a;
    SolveFigures f = solve(p, rules, 40, SearchLimits(), &a, nullptr);
    REQUIRE(f.count == brute_count(p, rules, 40));
    Error e;
    if (f.count) CHECK(check_solution(p, a, rules, &e));
    solved += f.count > 0;
    if (rules == RuleSet::kFill) *fill = f.count;
  }
  return solved;
}

}  // namespace test
}  // namespace flow
}  // namespace tl
