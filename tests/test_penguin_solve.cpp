// Tickles Penguin's own solver (penguin_solve.cpp) and its stop table, held
// to the shared engine (core/search/search.h) and to the slide step by step
// (Board::slide): the same shortest solution, the same states expanded and
// stored, capped and paused at the same places, on hand-made levels with
// every special case of the rules and on generated ones.
#include <catch2/catch.hpp>

#include <string>

#include "core/game/level_of.h"
#include "core/games/penguin/penguin.h"
#include "core/search/search.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

namespace {

penguin::Board board_of(const std::string& text) {
  penguin::Board b;
  Error e;
  INFO(text);
  REQUIRE(penguin::parse_board(text.c_str(), text.size(), &b, &e));
  return b;
}

penguin::Rules rules_of(const penguin::Board& b) {
  penguin::Rules r;
  r.board = b;
  r.build_stops();
  return r;
}

bool penguin_rests_on(const penguin::Board& b, int cell) {
  const int t = b.tile[(size_t)cell];
  return t != penguin::kWall && t != penguin::kTree && t != penguin::kPicks && t != penguin::kFinish;
}

// Every entry of the stop table is the slide Board::slide makes.
void check_stop_table(const penguin::Board& b) {
  const penguin::Rules r = rules_of(b);
  for (int c = 0; c < b.width * b.height; ++c) {
    if (!penguin_rests_on(b, c)) continue;
    for (int d = 0; d < 4; ++d) {
      INFO("cell " << c << " dir " << d);
      CHECK(r.stops[(size_t)c * 4 + (size_t)d] == penguin::pack_stop(b.slide(c, d)));
    }
  }
}

void check_same_result(const SolveResult& mine, const SolveResult& shared) {
  CHECK(mine.solvable == shared.solvable);
  CHECK(mine.capped == shared.capped);
  CHECK(mine.length == shared.length);
  CHECK(mine.expanded == shared.expanded);
  CHECK(mine.states == shared.states);
}

// The level's solve from `from` against the shared engine's: whole, and
// paused every `slice` states.
void check_same_solve(const Level& level, const penguin::Rules& rules, const GameState& from,
                      const SearchLimits& limits) {
  const penguin::State start = RulesLevel<penguin::Rules>::load(from);
  MoveList shared_path, path;
  const SolveResult shared = search_solve(rules, start, limits, &shared_path);
  check_same_result(level.solve(from, limits, &path), shared);
  CHECK(path == shared_path);
  for (uint64_t slice : {(uint64_t)1, (uint64_t)3}) {
    MoveList sliced_path, shared_sliced_path;
    std::unique_ptr<SolveTask> task = level.begin_solve(from, limits, &sliced_path);
    ShortestSolution<penguin::Rules> shared_task(rules, start, limits, &shared_sliced_path);
    for (int slices = 0; slices < 10000; ++slices) {
      uint64_t budget = slice, shared_budget = slice;
      const bool done = task->run(&budget), shared_done = shared_task.run(&shared_budget);
      REQUIRE(done == shared_done);
      CHECK(budget == shared_budget);
      if (done) break;
    }
    check_same_result(task->result(), shared_task.result());
    CHECK(sliced_path == shared_sliced_path);
  }
}

// A board solved from its start, from every cell the penguin can rest on,
// from a state won or lost, under small caps and reporting progress: the
// same as the shared engine each time. Returns how many solves were compared.
int check_board(const penguin::Board& board) {
  check_stop_table(board);
  int compared = 0;
  penguin::Board b = board;
  for (int c = -1; c < b.width * b.height; ++c) {
    if (c >= 0) {
      if (!penguin_rests_on(board, c) || c == board.start) continue;
      b.start = c;
    }
    const penguin::Rules rules = rules_of(b);
    std::unique_ptr<Level> level = penguin::make_level(b);
    GameState s;
    level->initial_state(&s);
    check_same_solve(*level, rules, s, SearchLimits());
    ++compared;
    if (c >= 0) continue;
    // From the start only: small caps, and every state one move on (won and lost too).
    for (uint32_t cap : {0u, 1u, 2u, 3u, 5u}) {
      SearchLimits limits;
      limits.max_states = cap;
      check_same_solve(*level, rules, s, limits);
    }
    // The progress reported to the host: the same calls with the same figures.
    struct Reports {
      int calls = 0;
      uint32_t states = 0, most = 0;
    } mine, shared;
    SearchLimits limits;
    limits.progress = [](void* context, uint32_t states, uint32_t most) {
      Reports& r = *(Reports*)context;
      ++r.calls;
      r.states = states;
      r.most = most;
    };
    limits.progress_context = &mine;
    level->solve(s, limits, nullptr);
    limits.progress_context = &shared;
    search_solve(rules, rules.initial(), limits, nullptr);
    CHECK(mine.calls == shared.calls);
    CHECK(mine.states == shared.states);
    CHECK(mine.most == shared.most);
    for (int d = 0; d < 4; ++d) {
      GameState after = s;
      level->apply(&after, d);
      check_same_solve(*level, rules, after, SearchLimits());
    }
  }
  return compared;
}

}  // namespace

TEST_CASE("penguin's solver finds the shared engine's solution on hand-made levels with every special case") {
  const char* const levels[] = {
      // slides off the board every way but one
      "P.#.\n....\n.F..\n",
      // unsolvable: the only move loses
      "P...\n....\n.F..\n",
      // the start next to the finish, and a finish reached in one move
      "PF\n..\n",
      "....F\n.....\n..P..\n",
      // picks on the way, a pick hole in the middle of the board
      "P..x.\n.....\n.x..F\n",
      "#.....\n..x...\nP....#\n#.....\n.....F\n",
      // snow: stops on it
      "P..*..\n......\n...#.F\n",
      // treadmills: carried on, into a wall (left on it), off the board, and a loop
      "P..v..\n......\n...#.F\n",
      ".....F\n...#..\nP..^..\n",
      "P..^..\n.....F\n",
      "P>v..\n.^<..\n....F\n",
      // doors: to the twin and on, twin facing a wall, twin onto picks, a loop through doors
      "P.1...\n......\n.1..#F\n",
      "P.1...\n......\n.1#..F\n",
      "P.1...\n......\n.1x..F\n",
      "P1.2.\n.....\n2.1..\n....F\n",
      // bridges: crossed along, met from the side, the penguin on a bridge
      "P.-..#\n.....F\n",
      ".P....\n.|....\n.|....\n.#...F\n",
      "P.|...\n.....F\n",
      "P-#...\n.....F\n",
      // a mix of everything, several routes of the same length
      "..#..F\n.P..1.\n*.>..v\n.1.-.#\nT...|.\n..x...\n",
      "#.T..#..\n..1..*..\nP..v..#.\n.-...1..\n..#.<..F\n.x...|..\n",
      // the article's worked example
      "..Fx..\nT....P\n......\n......\n......\nx|.*x.\n....T.\n.T....\n",
  };
  int compared = 0;
  for (const char* text : levels) {
    INFO(text);
    compared += check_board(board_of(text));
  }
  CHECK(compared > 100);
}

TEST_CASE("penguin's solver finds the shared engine's solution on generated levels of every size and setting") {
  struct Setting {
    const char* name;
    const char* values[4][2];
    int seeds;
  };
  const Setting settings[] = {
      {"defaults", {{nullptr, nullptr}}, 30},
      {"from-end", {{"mode", "from-end"}}, 30},
      {"small", {{"size", "4x4"}, {"min_moves", "3"}}, 20},
      {"busy", {{"size", "16x12"}, {"min_moves", "10"}, {"treadmills", "6"}, {"doors", "3"}}, 10},
      {"large", {{"size", "32x32"}, {"min_moves", "14"}, {"constraint_paths", "6"}}, 3},
  };
  int levels = 0;
  for (const Setting& setting : settings) {
    ParamValues p = defaults("penguin");
    for (const auto& kv : setting.values)
      if (kv[0]) set("penguin", &p, kv[0], kv[1]);
    for (int i = 0; i < setting.seeds; ++i) {
      const std::string seed = std::string("solve-") + setting.name + "-" + std::to_string(i);
      Error e;
      std::unique_ptr<Level> level = find_game("penguin")->generate(p, seed.c_str(), nullptr, &e);
      if (!level) continue;  // a small board may find no level: nothing to compare
      const std::string text = canonical(*level);
      INFO(seed << "\n" << text);
      check_board(board_of(text));
      ++levels;
    }
  }
  CHECK(levels >= 80);
}
