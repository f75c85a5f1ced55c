// A breadth-first analysis on two threads (SearchLimits::team, the command
// line's) finds what it finds on one: the same states in the same order,
// so every figure, path and graph the same; under a cap, capped at the same
// point. Native only: the page's worker and the device have one thread.
#if defined(TILELAB_THREAD_TEAM)
#include <catch2/catch.hpp>

#include <limits.h>
#include <sched.h>

#include <string>

#include "core/games/flow/flow.h"
#include "core/lines/lines.h"
#include "core/midend/job.h"
#include "helpers.h"
#include "shell/cli/thread_team.h"

using namespace tl;
using namespace tl_test;

namespace {

// Every field of an analysis but the memory it held (two threads hold
// their lists beside the tables).
void check_same(const Analysis& one, const Analysis& two) {
  CHECK(two.solvable == one.solvable);
  CHECK(two.capped == one.capped);
  CHECK(two.state_graph == one.state_graph);
  CHECK(two.par == one.par);
  CHECK(two.states == one.states);
  CHECK(two.win_states == one.win_states);
  CHECK(two.dead_ends == one.dead_ends);
  CHECK(two.optimal_solutions == one.optimal_solutions);
  CHECK(two.losing_moves == one.losing_moves);
  CHECK(two.edges == one.edges);
  CHECK(two.depth_histogram == one.depth_histogram);
  CHECK(two.first_dead_end == one.first_dead_end);
  CHECK(two.first_wrong_move == one.first_wrong_move);
  CHECK(two.solution == one.solution);
  CHECK(two.max_depth == one.max_depth);
  CHECK(two.max_distance == one.max_distance);
  CHECK(two.line_choices == one.line_choices);
  CHECK(two.line_wrong_moves == one.line_wrong_moves);
  CHECK(two.line_fatal_moves == one.line_fatal_moves);
  CHECK(two.line_setback == one.line_setback);
  CHECK(two.graph.depth == one.graph.depth);
  CHECK(two.graph.kind == one.graph.kind);
  REQUIRE(two.graph.edges.size() == one.graph.edges.size());
  for (size_t e = 0; e < one.graph.edges.size(); ++e) {
    CHECK(two.graph.edges[e].from == one.graph.edges[e].from);
    CHECK(two.graph.edges[e].to == one.graph.edges[e].to);
    CHECK(two.graph.edges[e].move == one.graph.edges[e].move);
  }
}

// The command line's two threads, keeping pace for `paced` asks and not
// after (a busy machine, as ThreadTeam's clock would say it): it counts the
// jobs it runs.
class PacedTeam final : public SearchTeam {
 public:
  explicit PacedTeam(int paced) : paced_(paced) {}
  void run(void (*job)(void*, int), void* context) override {
    ++jobs;
    team_.run(job, context);
  }
  void barrier() override { team_.barrier(); }
  bool keeps_pace() override {
    ++asked;
    return asked <= paced_;
  }
  int jobs = 0, asked = 0;

 private:
  ThreadTeam team_;
  int paced_;
};

// Its own team: two threads whatever cores the machine has, always keeping
// pace, so two threads are compared with one however busy the machine is
// (the real clock would send them on alone; a test below stops them on purpose).
SearchLimits on_two(SearchLimits limits, uint32_t team_level) {
  static PacedTeam team(INT_MAX);
  limits.team = &team;
  limits.team_level = team_level;
  return limits;
}

// A Skiddy level of some 50,000 states over 40 levels of the search.
const char kSkiddy50k[] = "########\n#r....y#\n#..c...#\n#.i..r.#\n#...y..#\n##R###Y#\n";

// A Skiddy level read, and its start into *s.
std::unique_ptr<Level> skiddy_at_start(const char* text, GameState* s) {
  std::unique_ptr<Level> level = parse("skiddy", text);
  REQUIRE(level);
  level->initial_state(s);
  return level;
}

}  // namespace

TEST_CASE("an analysis on two threads finds what it finds on one - every game - every level on both") {
  int levels = 0;
  for (int g = 0; g < game_count(); ++g) {
    const GameInfo& game = game_at(g);
    for (const char* seed : {"two.1", "two.2", "two.3", "two.4"}) {
      INFO(game.id << " " << seed);
      GeneratedInfo info;
      Error e;
      std::unique_ptr<Level> level = game.generate(defaults(game.id), seed, &info, &e);
      REQUIRE(level);
      GameState s;
      level->initial_state(&s);
      SearchLimits limits;
      limits.graph_states = 500;  // small graphs come whole: every edge compared
      const Analysis one = level->analyze(s, limits);
      check_same(one, level->analyze(s, on_two(limits, 1)));
      // Capped at what one thread holds (it stops a little short: its
      // checks look ahead), two threads stop where it does and hold no
      // more than the cap.
      limits.max_bytes = one.bytes + 1;
      const Analysis capped = level->analyze(s, limits);
      const Analysis two = level->analyze(s, on_two(limits, 1));
      check_same(capped, two);
      CHECK(two.bytes <= limits.max_bytes);
      ++levels;
    }
  }
  CHECK(levels == 4 * game_count());
}

TEST_CASE("a Skiddy analysis on two threads finds what it finds on one - from its first level and from its wide ones") {
  GameState s;
  auto level = skiddy_at_start(kSkiddy50k, &s);
  const Analysis one = level->analyze(s, SearchLimits());
  REQUIRE(one.states > 40000);
  REQUIRE(!one.capped);
  for (uint32_t team_level : {1u, 64u, 4096u}) {
    INFO("from levels of " << team_level << " states");
    check_same(one, level->analyze(s, on_two(SearchLimits(), team_level)));
  }
  // The bench level, 1.28 M states, as the command line analyses it.
  auto bench = skiddy_at_start(find_game("skiddy")->bench_level, &s);
  const Analysis whole = bench->analyze(s, SearchLimits());
  REQUIRE(whole.states > 1000000);
  check_same(whole, bench->analyze(s, on_two(SearchLimits(), 4096)));
}

TEST_CASE("an analysis on two threads is capped where one thread's is") {
  GameState s;
  auto level = skiddy_at_start(kSkiddy50k, &s);
  const Analysis whole = level->analyze(s, SearchLimits());
  int capped = 0;
  for (uint32_t states : {1000u, 20000u, (uint32_t)(whole.states + whole.win_states) - 1}) {
    INFO("max_states " << states);
    SearchLimits limits;
    limits.max_states = states;
    const Analysis one = level->analyze(s, limits);
    capped += one.capped;
    check_same(one, level->analyze(s, on_two(limits, 1)));
  }
  for (size_t divisor : {2u, 3u, 5u}) {
    INFO("max_bytes " << whole.bytes / divisor);
    SearchLimits limits;
    limits.max_bytes = whole.bytes / divisor;
    const Analysis one = level->analyze(s, limits);
    capped += one.capped;
    const Analysis two = level->analyze(s, on_two(limits, 1));
    check_same(one, two);
    CHECK(two.bytes <= limits.max_bytes);
  }
  CHECK(capped == 6);
  // Caps between what one thread holds and what two would: two threads
  // stop where one does and hold no more than the cap (they take one
  // thread where two would not fit).
  const Analysis two_whole = level->analyze(s, on_two(SearchLimits(), 1));
  int between = 0;
  for (size_t bytes : {whole.bytes + 1, (whole.bytes + two_whole.bytes) / 2, two_whole.bytes - 1}) {
    if (bytes <= whole.bytes) continue;
    INFO("max_bytes " << bytes << " (one thread holds " << whole.bytes << ", two " << two_whole.bytes << ")");
    SearchLimits limits;
    limits.max_bytes = bytes;
    const Analysis two = level->analyze(s, on_two(limits, 1));
    check_same(level->analyze(s, limits), two);
    CHECK(two.bytes <= bytes);
    ++between;
  }
  CHECK(between >= 1);
}

// A board of two no-touch solutions: a 10x10 level of the generator's
// with two lines joined into one.
const char kFlowTwoSolutions[] =
    "a.........\nbc....cd.a\n.ef...fg.h\n..........\n.e..ijk...\n......l...\n....jl....\nb.ig......\n"
    "m...kd....\n..mo....oh\n";

// A count on one thread and on two (split from `after` positions on), with
// the same answer: the count, whether capped, and the first two solutions.
void check_count_on_two(const lines::Puzzle& puzzle, uint64_t count, uint64_t after) {
  INFO("counting to " << count << ", on two threads after " << after << " positions");
  lines::Solution one_first, one_second, two_first, two_second;
  SearchLimits limits;
  const lines::SolveFigures one =
      lines::solve(puzzle, lines::RuleSet::kNoTouch, count, limits, &one_first, &one_second);
  limits = on_two(limits, 1);
  limits.team_positions = after;
  limits.max_memo_bytes = 0;  // (the split waits for the memo to be given up: none here)
  const lines::SolveFigures two =
      lines::solve(puzzle, lines::RuleSet::kNoTouch, count, limits, &two_first, &two_second);
  CHECK(two.count == one.count);
  CHECK(two.capped == one.capped);
  CHECK(two.solvable == one.solvable);
  CHECK(two_first.colour == one_first.colour);
  CHECK(two_first.lines == one_first.lines);
  CHECK(two_second.colour == one_second.colour);
  CHECK(two_second.lines == one_second.lines);
  if (after == 0) CHECK(two.threads == 2);  // split at once
  CHECK(one.threads == 1);
}

lines::Puzzle flow_board(const std::string& text) {
  lines::Puzzle p;
  Error e;
  const bool read = flow::parse_puzzle(text.data(), text.size(), &p, &e);
  INFO(e.message);
  REQUIRE(read);
  return p;
}

// A Flow level of the generator's (one no-touch solution).
lines::Puzzle made_flow(const char* seed, const char* size, const char* max_line) {
  ParamValues p = defaults("flow");
  set("flow", &p, "size", size);
  set("flow", &p, "max_line", max_line);
  std::unique_ptr<Job> job = run_job(JobRequest::make(*find_game("flow"), p, seed));
  REQUIRE(job->level() != nullptr);
  return flow::puzzle_of(*job->level());
}

TEST_CASE("a Flow count on two threads finds what one finds: the count and the first two solutions in one thread's order") {
  std::vector<lines::Puzzle> boards = {flow_board(kFlowTwoSolutions)};
  for (const char* seed : {"two-threads.1", "two-threads.2", "two-threads.3"}) {
    boards.push_back(made_flow(seed, "14x14", "12"));
    boards.push_back(made_flow(seed, "30x30", "30"));
  }
  for (size_t b = 0; b < boards.size(); ++b) {
    INFO("board " << b);
    const lines::Puzzle& p = boards[b];
    for (uint64_t count : {2, 3, 100})
      for (uint64_t after : {0, 1, 10, 50, 200, 1000, 5000}) check_count_on_two(p, count, after);
  }
  // The board of two solutions: both found, on two threads as on one.
  lines::SolveFigures f =
      lines::solve(flow_board(kFlowTwoSolutions), lines::RuleSet::kNoTouch, 100, SearchLimits(), nullptr, nullptr);
  CHECK(f.count == 2);
  CHECK_FALSE(f.capped);
}

TEST_CASE("two threads that stop keeping pace go on as one from there, with the same answer, and take no later pass") {
  GameState s;
  std::unique_ptr<Level> level = skiddy_at_start(kSkiddy50k, &s);
  SearchLimits limits;
  limits.graph_states = 100000;
  const Analysis one = level->analyze(s, limits);
  PacedTeam keeps(1000);
  limits.team = &keeps;
  limits.team_level = 1;
  const Analysis kept = level->analyze(s, limits);
  check_same(one, kept);
  CHECK(keeps.jobs >= 2);  // exploring, then the later passes on both threads
  for (int paced : {0, 1, 5, 20}) {
    INFO("keeps pace for " << paced << " asks");
    PacedTeam team(paced);
    limits.team = &team;
    check_same(one, level->analyze(s, limits));
    CHECK(team.asked == paced + 1);  // asked once more, then never again
    CHECK(team.jobs == 1);           // the exploring; its later passes on one thread
  }
}
#if defined(__linux__)
// In a fresh process the kernel had woken the helper onto its caller's core
// and kept both there, taking turns: each job now holds them apart.
TEST_CASE("a team's two threads work on two cores: the caller held to its own, the helper to the others, the caller let go after") {
  cpu_set_t allowed;
  REQUIRE(sched_getaffinity(0, sizeof allowed, &allowed) == 0);
  if (CPU_COUNT(&allowed) < 2) {
    WARN("this process may use one core: no second to hold the helper to");
    return;
  }
  struct Seen {
    int core[2];
    cpu_set_t during[2];
  } seen;
  ThreadTeam team;
  for (int job = 0; job < 20; ++job) {
    INFO("job " << job);
    team.run([](void* context, int thread) {
      Seen* s = static_cast<Seen*>(context);
      s->core[thread] = sched_getcpu();
      sched_getaffinity(0, sizeof s->during[thread], &s->during[thread]);
    }, &seen);
    CHECK(seen.core[0] != seen.core[1]);
    CHECK(CPU_COUNT(&seen.during[0]) == 1);
    CHECK(CPU_ISSET(seen.core[0], &seen.during[0]));
    CHECK(!CPU_ISSET(seen.core[0], &seen.during[1]));
    cpu_set_t after;
    REQUIRE(sched_getaffinity(0, sizeof after, &after) == 0);
    CHECK(CPU_EQUAL(&after, &allowed));
  }
}
#endif
#endif
