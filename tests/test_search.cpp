// The generic search engine, checked against brute force on small levels.
//
// [SECTION] Brute force to check against
// [SECTION] Solving and analysing against brute force
// [SECTION] Every game: solutions and paused solves
// [SECTION] The breadth-first tree and the memory a state
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <vector>

#include "helpers.h"

using namespace tl;
using namespace tl_test;

namespace {

// [SECTION] Brute force to check against
// Brute force: every move sequence of exactly `depth` moves; counts those that
// win on their last move (and do not end earlier).
uint64_t count_wins_at_depth(const Level& level, const GameState& s, int depth) {
  if (depth == 0) return 0;
  uint64_t total = 0;
  for (int m = 0; m < level.move_count(); ++m) {
    GameState next = s;
    Outcome o = level.apply(&next, m);
    if (o == Outcome::kNoChange || o == Outcome::kLost) continue;
    if (o == Outcome::kWon) total += depth == 1 ? 1 : 0;
    else total += count_wins_at_depth(level, next, depth - 1);
  }
  return total;
}

int brute_force_par(const Level& level, const GameState& s, int max_depth) {
  for (int d = 1; d <= max_depth; ++d)
    if (count_wins_at_depth(level, s, d) > 0) return d;
  return -1;
}

// Every state reachable by brute force (as level texts).
void reachable(const Level& level, const GameState& s, std::set<std::string>* seen,
               std::vector<GameState>* states) {
  std::vector<GameState> stack{s};
  seen->insert(text_of(level, s));
  states->push_back(s);
  while (!stack.empty()) {
    GameState at = stack.back();
    stack.pop_back();
    for (int m = 0; m < level.move_count(); ++m) {
      GameState next = at;
      Outcome o = level.apply(&next, m);
      if (o != Outcome::kMoved && o != Outcome::kWon) continue;
      if (seen->insert(text_of(level, next)).second) {
        states->push_back(next);
        if (o == Outcome::kMoved) stack.push_back(next);
      }
    }
  }
}

const char* const kSmallLevels[] = {
    "@.o.\n.o..\n..o.\n",
    ".....\n.@o..\n..o..\n.o...\n",
    "o...o\n.....\n..@..\n.....\no...o\n",
    "..o...\no.@..o\n...o..\n",
    "@oo.\n.o..\n....\n",
};

}  // namespace

// [SECTION] Solving and analysing against brute force
TEST_CASE("solve finds a shortest solution that replays to a win") {
  for (const char* text : kSmallLevels) {
    auto level = parse("lastball", text);
    REQUIRE(level);
    GameState s;
    level->initial_state(&s);
    MoveList path;
    SolveResult r = level->solve(s, SearchLimits(), &path);
    int par = brute_force_par(*level, s, 8);
    INFO(text);
    CHECK(r.solvable == (par >= 0));
    if (!r.solvable) continue;
    CHECK(r.length == par);
    CHECK((int)path.size() == r.length);
    GameState t = s;
    Outcome o = Outcome::kMoved;
    for (size_t i = 0; i < path.size(); ++i) {
      o = level->apply(&t, path[i]);
      if (i + 1 < path.size()) CHECK(o == Outcome::kMoved);
    }
    CHECK(o == Outcome::kWon);
  }
}

TEST_CASE("analysis counts states - wins - dead ends and optimal solutions as brute force does") {
  for (const char* text : kSmallLevels) {
    auto level = parse("lastball", text);
    REQUIRE(level);
    INFO(text);
    GameState s;
    level->initial_state(&s);
    Analysis a = level->analyze(s, SearchLimits());
    REQUIRE(!a.capped);

    std::set<std::string> seen;
    std::vector<GameState> states;
    reachable(*level, s, &seen, &states);
    uint64_t wins = 0, dead = 0;
    for (const GameState& st : states) {
      // A win state has no white ball left: it accepts no push.
      bool won = text_of(*level, st).find('o') == std::string::npos;
      if (won) {
        ++wins;
        continue;
      }
      if (!level->solve(st, SearchLimits(), nullptr).solvable) ++dead;
    }
    CHECK(a.win_states == wins);
    CHECK(a.states == states.size() - wins);
    CHECK(a.dead_ends == dead);
    int par = brute_force_par(*level, s, 8);
    CHECK(a.par == par);
    if (par > 0) CHECK(a.optimal_solutions == count_wins_at_depth(*level, s, par));
    uint64_t histogram_total = 0;
    for (uint32_t h : a.depth_histogram) histogram_total += h;
    CHECK(histogram_total == states.size());
  }
}

TEST_CASE("analysis names the shortest move sequence into a dead end") {
  // Pushing the top ball up first leaves the black ball at the top of its
  // column, where no push can reach the two balls on the right any more.
  auto level = parse("lastball", "...o.\n....o\n.....\n...@o\n");
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  Analysis a = level->analyze(s, SearchLimits());
  REQUIRE(a.dead_ends > 0);
  REQUIRE(!a.first_dead_end.empty());
  // Replaying the named sequence leads to a state with no solution.
  GameState t = s;
  for (tl::Move m : a.first_dead_end) REQUIRE(level->apply(&t, m) == Outcome::kMoved);
  CHECK_FALSE(level->solve(t, SearchLimits(), nullptr).solvable);
  // ...and it is the shortest such sequence: every shorter prefix is solvable.
  GameState u = s;
  for (size_t i = 0; i + 1 < a.first_dead_end.size(); ++i) {
    level->apply(&u, a.first_dead_end[i]);
    CHECK(level->solve(u, SearchLimits(), nullptr).solvable);
  }
}

TEST_CASE("analysis names the first wrong move along the solution line") {
  auto level = parse("lastball", "...o.\n....o\n.....\n...@o\n");
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  Analysis a = level->analyze(s, SearchLimits());
  REQUIRE(a.solvable);
  REQUIRE(a.line_wrong_moves > 0);
  REQUIRE(!a.first_wrong_move.empty());
  // Its prefix follows a shortest solution (each step one move nearer the win)...
  GameState t = s;
  for (size_t i = 0; i + 1 < a.first_wrong_move.size(); ++i) {
    int before = level->solve(t, SearchLimits(), nullptr).length;
    REQUIRE(level->apply(&t, a.first_wrong_move[i]) != Outcome::kLost);
    CHECK(level->solve(t, SearchLimits(), nullptr).length == before - 1);
  }
  // ...and its last move brings no win nearer (or loses).
  int before = level->solve(t, SearchLimits(), nullptr).length;
  Outcome o = level->apply(&t, a.first_wrong_move.back());
  CHECK(o != Outcome::kNoChange);
  if (o != Outcome::kLost) {
    SolveResult after = level->solve(t, SearchLimits(), nullptr);
    CHECK((!after.solvable || after.length >= before));
  }
}

TEST_CASE("a search reports its progress to the host as it goes") {
  // A Skiddy level of some 50,000 states.
  auto level = parse("skiddy", "########\n#r....y#\n#..c...#\n#.i..r.#\n#...y..#\n##R###Y#\n");
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  struct Seen {
    int calls = 0;
    uint32_t last = 0, cap = 0;
    bool growing = true;
  } seen;
  SearchLimits limits;
  limits.progress = [](void* context, uint32_t states, uint32_t max_states) {
    Seen& v = *(Seen*)context;
    v.growing = v.growing && states >= v.last;
    v.last = states;
    v.cap = max_states;
    ++v.calls;
  };
  limits.progress_context = &seen;
  Analysis a = level->analyze(s, limits);
  REQUIRE(a.states > 2 * SearchLimits::kProgressEvery);
  CHECK(seen.calls >= (int)(a.states / SearchLimits::kProgressEvery) - 1);
  CHECK(seen.growing);
  CHECK(seen.cap <= limits.max_states);
  CHECK(seen.cap > a.states);
  CHECK(seen.last <= a.states + a.win_states);
  // Where memory runs out before max_states, the most a search can hold is
  // what its memory holds at the bytes a state has taken so far: the bar
  // fills as the search nears its real end.
  seen = Seen();
  limits.max_bytes = (size_t)1 << 20;
  Analysis capped = level->analyze(s, limits);
  REQUIRE(capped.capped);
  REQUIRE(seen.calls > 0);
  INFO("reported " << seen.cap << ", stopped after " << seen.last);
  // (a state takes fewer bytes on a 32-bit device, so more of them fit)
  CHECK(seen.cap < limits.max_states / 4);
  CHECK(seen.last * 2 >= seen.cap);
}

TEST_CASE("an unsolvable level is reported as such - every state a dead end") {
  // The black ball in a corner with the only white ball unreachable in line.
  auto level = parse("lastball", "@...\n....\n...o\n");
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  CHECK_FALSE(level->solve(s, SearchLimits(), nullptr).solvable);
  Analysis a = level->analyze(s, SearchLimits());
  CHECK_FALSE(a.solvable);
  CHECK(a.par == -1);
  CHECK(a.dead_ends == a.states);
}

TEST_CASE("a search past its state cap answers capped instead of running on") {
  ParamValues p = defaults("lastball");
  set("lastball", &p, "size", "16x16");
  set("lastball", &p, "balls", "20");
  Error e;
  auto level = find_game("lastball")->generate(p, "cap-test", nullptr, &e);
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  SearchLimits tiny;
  tiny.max_states = 10;
  Analysis a = level->analyze(s, tiny);
  CHECK(a.capped);
  CHECK(a.states <= 10);
  SolveResult r = level->solve(s, tiny, nullptr);
  CHECK(r.capped);
  CHECK_FALSE(r.solvable);
  SearchLimits few_bytes;
  few_bytes.max_bytes = 2000;
  CHECK(level->analyze(s, few_bytes).capped);
}

TEST_CASE("a small level's state graph comes with its analysis - states by depth and wins and dead ends marked") {
  auto level = parse("lastball", "...o.\n....o\n.....\n...@o\n");
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  SearchLimits limits;
  limits.graph_states = 500;
  Analysis a = level->analyze(s, limits);
  const StateGraph& g = a.graph;
  REQUIRE(g.depth.size() == a.states + a.win_states);
  CHECK(g.depth[0] == 0);
  CHECK(g.edges.size() == a.edges);
  uint64_t wins = 0, dead = 0;
  for (size_t i = 0; i < g.kind.size(); ++i) {
    wins += g.kind[i] == StateGraph::kWin;
    dead += g.kind[i] == StateGraph::kDeadEnd;
  }
  CHECK(wins == a.win_states);
  CHECK(dead == a.dead_ends);
  // Every edge is a real move: replaying it from its state's path lands one deeper or shallower.
  for (const StateGraph::Edge& e : g.edges) {
    CHECK(e.from < g.depth.size());
    CHECK(e.to < g.depth.size());
    CHECK(g.depth[e.to] <= g.depth[e.from] + 1);
  }
  // Past the size limit no graph is built.
  limits.graph_states = 2;
  CHECK(level->analyze(s, limits).graph.depth.empty());
}

namespace {

// [SECTION] Every game: solutions and paused solves
// The level of the game's defaults and this seed, and its start in *start.
std::unique_ptr<Level> generated(const GameInfo& game, const char* seed, GameState* start) {
  GeneratedInfo info;
  Error e;
  std::unique_ptr<Level> level = game.generate(defaults(game.id), seed, &info, &e);
  REQUIRE(level);
  level->initial_state(start);
  return level;
}

}  // namespace

TEST_CASE("an analysis's solution line is the solution the solver finds, in every game with a state graph") {
  for (int g = 0; g < game_count(); ++g) {
    const GameInfo& game = game_at(g);
    for (const char* seed : {"line.1", "line.2", "line.3"}) {
      INFO(game.id << " " << seed);
      GameState s;
      std::unique_ptr<Level> level = generated(game, seed, &s);
      const Analysis a = level->analyze(s, SearchLimits());
      CHECK(a.state_graph == game.state_graph);  // what a search asks before it makes a level
      if (!a.state_graph) continue;  // a line puzzle: no solution line
      MoveList solved;
      const SolveResult r = level->solve(s, SearchLimits(), &solved);
      REQUIRE(a.solvable == r.solvable);
      CHECK((int)a.solution.size() == a.par);
      CHECK(a.solution == solved);
    }
  }
}

TEST_CASE("a solve paused anywhere finds what it finds whole, in every game") {
  // A generator's par solve (and Penguin's rounds of blocking shortcuts) go
  // on a slice at a time: cut into slices of 1 and 7 states, the solve gives
  // the same result and the same solution.
  int paused = 0;
  for (int g = 0; g < game_count(); ++g) {
    const GameInfo& game = game_at(g);
    for (const char* seed : {"pause.1", "pause.2"}) {
      INFO(game.id << " " << seed);
      GameState s;
      std::unique_ptr<Level> level = generated(game, seed, &s);
      MoveList whole_path;
      const SolveResult whole = level->solve(s, SearchLimits(), &whole_path);
      for (uint64_t slice : {(uint64_t)1, (uint64_t)7}) {
        MoveList path;
        std::unique_ptr<SolveTask> task = level->begin_solve(s, SearchLimits(), &path);
        int slices = 1;
        for (;; ++slices) {
          uint64_t budget = slice;
          if (task->run(&budget)) break;
          CHECK(budget == 0);
          REQUIRE(slices < 10000000);
        }
        const SolveResult& r = task->result();
        CHECK(r.solvable == whole.solvable);
        CHECK(r.length == whole.length);
        CHECK(r.expanded == whole.expanded);
        CHECK(r.states == whole.states);
        CHECK(path == whole_path);
        if (slice == 1 && slices > 1) ++paused;
      }
    }
  }
  CHECK(paused >= 6);  // every game's but Flow's (its solve draws lines: one part)
}

namespace {

// The breadth-first search written plainly, for reference: every state with
// the state and move it was first reached by, and whether a win can still be
// reached from it.
struct ReferenceGraph {
  std::vector<GameState> states;
  std::vector<uint32_t> parent;
  std::vector<Move> via;
  std::vector<bool> won, can_win;

  MoveList path_to(uint32_t at) const {
    MoveList reversed;
    for (; at != 0; at = parent[at]) reversed.push_back(via[at]);
    return MoveList(reversed.rbegin(), reversed.rend());
  }
};

// [SECTION] The breadth-first tree and the memory a state
ReferenceGraph reference_graph(const Level& level, const GameState& start) {
  ReferenceGraph g;
  std::map<std::string, uint32_t> index;
  auto key = [](const GameState& s) { return std::string((const char*)s.words, sizeof s.words); };
  std::vector<std::pair<uint32_t, uint32_t>> edges;
  g.states.push_back(start);
  g.parent.push_back(0);
  g.via.push_back(0);
  g.won.push_back(false);
  index[key(start)] = 0;
  for (uint32_t i = 0; i < g.states.size(); ++i) {
    if (g.won[i]) continue;
    for (int m = 0; m < level.move_count(); ++m) {
      GameState next = g.states[i];
      const Outcome o = level.apply(&next, m);
      if (o != Outcome::kMoved && o != Outcome::kWon) continue;
      auto found = index.emplace(key(next), (uint32_t)g.states.size());
      if (found.second) {
        g.states.push_back(next);
        g.parent.push_back(i);
        g.via.push_back((Move)m);
        g.won.push_back(o == Outcome::kWon);
      }
      edges.push_back({i, found.first->second});
    }
  }
  g.can_win = g.won;
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& e : edges)
      if (!g.can_win[e.first] && g.can_win[e.second]) g.can_win[e.first] = changed = true;
  }
  return g;
}

}  // namespace

TEST_CASE("the first dead end and the solution are the paths the breadth-first tree gives") {
  // The analysis keeps no parent per state (a state's children count gives
  // it): the paths it names are the ones a plain search's parents give.
  const char* const kLevels[][2] = {
      {"lastball", "...o.\n....o\n.....\n...@o\n"},
      {"lastball", "@oo.\n.o..\n....\n"},
      {"skiddy", "#####\nR.rr#\n#c..#\n#...#\n#####\n"},
      {"skiddy", "########\n#r.o.ciR\n#y#....#\n#.....c#\n###Y####\n"},
  };
  int dead = 0;
  for (const auto& text : kLevels) {
    INFO(text[0] << "\n" << text[1]);
    auto level = parse(text[0], text[1]);
    REQUIRE(level);
    GameState s;
    level->initial_state(&s);
    const Analysis a = level->analyze(s, SearchLimits());
    REQUIRE(!a.capped);
    const ReferenceGraph g = reference_graph(*level, s);
    REQUIRE(a.states + a.win_states == g.states.size());
    uint32_t first_dead = 0, first_win = 0;
    while (first_dead < g.states.size() && g.can_win[first_dead]) ++first_dead;
    while (first_win < g.states.size() && !g.won[first_win]) ++first_win;
    if (first_dead < g.states.size()) {
      ++dead;
      CHECK(a.first_dead_end == g.path_to(first_dead));
    } else {
      CHECK(a.first_dead_end.empty());
    }
    if (first_win < g.states.size()) CHECK(a.solution == g.path_to(first_win));
  }
  CHECK(dead >= 3);
}

TEST_CASE("an analysis holds some 24 bytes a state - and never more than its cap") {
  // A Skiddy level of some 50,000 states: the states, their table, a byte
  // or two a state and the edges that are no breadth-first tree's. (The
  // table's size is a power of two: between 24 and 30 bytes by the level.)
  auto level = parse("skiddy", "########\n#r....y#\n#..c...#\n#.i..r.#\n#...y..#\n##R###Y#\n");
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  const Analysis a = level->analyze(s, SearchLimits());
  REQUIRE(!a.capped);
  const uint64_t states = a.states + a.win_states, bytes = a.bytes;
  INFO(bytes << " bytes for " << states << " states");
  CHECK(bytes < 30 * states);
  CHECK(bytes > 8 * states);  // the states themselves, at least: the figure is no guess
  // Under a cap it stops where its memory would pass the cap, having held less.
  SearchLimits limits;
  limits.max_bytes = a.bytes / 2;
  const Analysis capped = level->analyze(s, limits);
  CHECK(capped.capped);
  CHECK(capped.bytes <= limits.max_bytes);
  CHECK(capped.states > 0);
}
