// Jobs (core/midend/job.h): every way to make, open, solve, analyse and count
// a level gives what the functions under it give, a slice at a time or whole,
// and a bad request says what is wrong.
#include <catch2/catch.hpp>
#include <string.h>

#include <string>

#include "core/midend/job.h"
#include "core/midend/link.h"
#include "core/midend/registry.h"
#include "core/midend/session.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

namespace {

// A generated The Last Ball level's text.
std::string last_ball_level() {
  Job made(JobRequest::make(*find_game("lastball"), defaults("lastball"), "job-level"));
  REQUIRE(made.run() == GenerationStatus::kDone);
  return canonical(*made.level());
}

// Runs a job a slice at a time, checking its progress never goes back; the slices it took.
int run_in_slices(Job* job) {
  int slices = 0, last = job->progress_permille();
  while (job->slice() == GenerationStatus::kRunning) {
    ++slices;
    CHECK(job->progress_permille() >= last);
    last = job->progress_permille();
    REQUIRE(slices < 100000);
  }
  CHECK(job->progress_permille() == 1000);
  return slices + 1;
}

}  // namespace

TEST_CASE("a make job gives the level generate_level gives, with its seed link, whole or a slice at a time") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    ParamValues p;
    params_default(g, &p);
    GeneratedInfo info;
    Error e;
    std::unique_ptr<Level> direct = generate_level(g, p, "job-1", &info, &e);
    REQUIRE(direct);
    Job job(JobRequest::make(g, p, "job-1"));
    const int slices = run_in_slices(&job);
    REQUIRE(job.status() == GenerationStatus::kDone);
    REQUIRE(job.level() != nullptr);
    CHECK(canonical(*job.level()) == canonical(*direct));
    CHECK(job.result().generated.par == info.par);
    CHECK(job.result().from_seed);
    Text link;
    link_for_seed(g, p, "job-1", &link);
    CHECK(std::string(job.result().link.c_str()) == link.c_str());
    // Every generator runs a slice at a time (core/game/generator.h).
    CHECK(g.begin_generate != nullptr);
    CHECK(slices >= 1);
  }
}

TEST_CASE("an open-link job makes a seed link's level, reads a level link's, and names what is wrong with a bad one") {
  const GameInfo& g = *find_game("penguin");
  ParamValues p = defaults("penguin");
  Text link;
  link_for_seed(g, p, "job-link", &link);
  Job seeded(JobRequest::on_text(JobKind::kOpenLink, nullptr, link.c_str(), link.size()));
  REQUIRE(seeded.run() == GenerationStatus::kDone);
  Job made(JobRequest::make(g, p, "job-link"));
  REQUIRE(made.run() == GenerationStatus::kDone);
  CHECK(canonical(*seeded.level()) == canonical(*made.level()));
  CHECK(std::string(seeded.result().seed.c_str()) == "job-link");

  Text level_link;
  link_for_level(*made.level(), &level_link);
  Job opened(JobRequest::on_text(JobKind::kOpenLink, nullptr, level_link.c_str(), level_link.size()));
  REQUIRE(opened.run() == GenerationStatus::kDone);
  CHECK(canonical(*opened.level()) == canonical(*made.level()));
  CHECK_FALSE(opened.result().from_seed);

  const char bad[] = "#game=chess&seed=1";
  Job refused(JobRequest::on_text(JobKind::kOpenLink, nullptr, bad, sizeof bad - 1));
  CHECK(refused.run() == GenerationStatus::kFailed);
  CHECK(refused.result().bad_input);
  CHECK(std::string(refused.result().error.message) == "link: unknown game 'chess'");
  CHECK(refused.level() == nullptr);
}

TEST_CASE("a solve job finds a shortest solution that wins, from the start or from a position") {
  const std::string text = last_ball_level();
  auto level = parse("lastball", text.c_str());
  REQUIRE(level);
  Job job(JobRequest::on_text(JobKind::kSolve, find_game("lastball"), text.data(), text.size()));
  REQUIRE(job.run() == GenerationStatus::kDone);
  REQUIRE(job.result().solve.solvable);
  REQUIRE(job.result().solve.length >= 1);
  CHECK((int)job.result().solution.size() == job.result().solve.length);
  GameState s;
  level->initial_state(&s);
  Outcome o = Outcome::kMoved;
  for (Move m : job.result().solution) o = level->apply(&s, (int)m);
  CHECK(o == Outcome::kWon);

  // From a position one move along a shortest solution: one move shorter.
  JobRequest request = JobRequest::on_level(JobKind::kSolve, *level, MoveList(1, job.result().solution[0]));
  Job along(request);
  REQUIRE(along.run() == GenerationStatus::kDone);
  CHECK(along.result().solve.length == job.result().solve.length - 1);
  // The request owns its position: a copy, the level gone, runs the same.
  JobRequest kept = request;
  level.reset();
  Job again(kept);
  REQUIRE(again.run() == GenerationStatus::kDone);
  CHECK(again.result().solution == along.result().solution);
  // A move that is no move there, or one after the level has ended, is bad input naming the move.
  JobRequest wrong = kept;
  wrong.moves.push_back(1000000);
  Job refused(wrong);
  CHECK(refused.run() == GenerationStatus::kFailed);
  CHECK(refused.result().bad_input);
  CHECK(std::string(refused.result().error.message) == "move 2 of the position (1000000) is no move there");

  // A text no game reads: bad input, naming the fault.
  Job unreadable(JobRequest::on_text(JobKind::kSolve, find_game("lastball"), "", 0));
  CHECK(unreadable.run() == GenerationStatus::kFailed);
  CHECK(unreadable.result().bad_input);
  CHECK(std::string(unreadable.result().error.message) != "");
}

TEST_CASE("an analyze job gives the level's analysis, its difficulty, its figures and a small level's state graph") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    Job made(JobRequest::make(g, defaults(g.id), "job-analysis"));
    REQUIRE(made.run() == GenerationStatus::kDone);
    const Level& level = *made.level();
    JobRequest request = JobRequest::on_level(JobKind::kAnalyze, level);
    request.limits.graph_states = 500;
    Job job(request);
    REQUIRE(job.run() == GenerationStatus::kDone);
    GameState start;
    level.initial_state(&start);
    SearchLimits limits;
    limits.graph_states = 500;
    const Analysis direct = level.analyze(start, limits);
    const Analysis& a = job.result().analysis;
    CHECK(a.solvable == direct.solvable);
    CHECK(a.par == direct.par);
    CHECK(a.par == made.result().generated.par);
    CHECK(a.states == direct.states);
    CHECK(a.dead_ends == direct.dead_ends);
    CHECK(a.graph.depth.size() == direct.graph.depth.size());
    CHECK(job.result().difficulty.total == level.difficulty(direct));
    Figure figures[kMaxFigures];
    const int n = level.analysis_figures(start, direct, SearchLimits(), figures);
    REQUIRE(job.result().figures.size() == (size_t)n);
    for (int k = 0; k < n; ++k) {
      CHECK(job.result().figures[(size_t)k].key.equals(figures[k].key));
      CHECK(job.result().figures[(size_t)k].value == figures[k].value);
    }
  }
}

TEST_CASE("a pack job makes make_pack's pack a seed a slice, and refuses parameters that cannot go together") {
  const GameInfo& g = *find_game("golf");
  PackOptions o;
  o.count = 5;
  JobRequest request = JobRequest::make_pack(g, defaults("golf"), "job-pack", o);
  Job job(request);
  REQUIRE(job.pack_maker() != nullptr);
  const int slices = run_in_slices(&job);
  REQUIRE(job.status() == GenerationStatus::kDone);
  CHECK(slices == job.result().pack_figures.tried);
  std::vector<PackLevel> whole;
  Error e;
  REQUIRE(make_pack(g, defaults("golf"), "job-pack", o, &whole, nullptr, &e));
  REQUIRE(job.result().pack.size() == whole.size());
  for (size_t i = 0; i < whole.size(); ++i)
    CHECK(std::string(job.result().pack[i].level.c_str()) == whole[i].level.c_str());

  request.game = find_game("lastball");
  request.params = defaults("lastball");
  set("lastball", &request.params, "size", "4x4");
  set("lastball", &request.params, "balls", "16");
  Job bad(request);
  CHECK(bad.run() == GenerationStatus::kFailed);
  CHECK(bad.result().bad_input);
  CHECK(std::string(bad.result().error.message).find("balls") != std::string::npos);
}

TEST_CASE("a count job counts a line puzzle's solutions and a move puzzle says it has none to count") {
  const char flow[] = "a..\n...\n..a\n";
  JobRequest request = JobRequest::on_text(JobKind::kCount, find_game("flow"), flow, sizeof flow - 1);
  request.count_to = 5;
  request.rules.append("fill");
  Job job(request);
  REQUIRE(job.run() == GenerationStatus::kDone);
  auto level = parse("flow", flow);
  REQUIRE(level);
  Level::SolutionCount direct;
  Error e;
  REQUIRE(level->count_solutions("fill", 5, nullptr, &direct, &e));
  CHECK(job.result().count.count == direct.count);
  CHECK(job.result().count.count >= 1);

  const std::string text = last_ball_level();
  JobRequest no_count = JobRequest::on_text(JobKind::kCount, find_game("lastball"), text.data(), text.size());
  Job refused(no_count);
  CHECK(refused.run() == GenerationStatus::kFailed);
  CHECK(std::string(refused.result().error.message).find("does not count solutions") != std::string::npos);
}

TEST_CASE("the session makes, opens and solves through jobs: the same level as a job alone") {
  Session s;
  REQUIRE(s.new_level(*find_game("skiddy"), defaults("skiddy"), "job-session"));
  Job job(JobRequest::make(*find_game("skiddy"), defaults("skiddy"), "job-session"));
  REQUIRE(job.run() == GenerationStatus::kDone);
  CHECK(canonical(s.level()) == canonical(*job.level()));
  CHECK(s.par() == job.result().generated.par);
  CHECK(std::string(s.link()) == job.result().link.c_str());
  MoveList path;
  REQUIRE(shortest_solution(s, &path));
  CHECK((int)path.size() == s.par());
}
