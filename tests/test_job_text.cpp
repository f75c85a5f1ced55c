// A job as text (core/midend/job_text.h): a request and its result cross to
// another instance of the engine (the page's worker) and back as text, and
// nothing is lost on the way; a pack's and a search's seeds made elsewhere,
// in any order, give the job's own result; a text that does not read is
// refused naming its line.
#include <catch2/catch.hpp>
#include <string.h>

#include <string>

#include "core/midend/job_text.h"
#include "core/midend/registry.h"
#include "core/midend/session.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

namespace {

std::string request_text(const JobRequest& q) {
  Text t;
  write_job_request(q, &t);
  return t.c_str();
}

std::string result_text(const JobRequest& q, const JobResult& r) {
  Text t;
  write_job_result(q, r, &t);
  return t.c_str();
}

// The request run here, and run from its text as the worker runs it: the
// same result's text; and that text read back writes the same text again.
std::string run_both_ways(const JobRequest& q) {
  std::unique_ptr<Job> here = run_job(q);
  const std::string expected = result_text(q, here->result());
  const std::string sent = request_text(q);
  JobRequest read;
  Error e;
  INFO(sent);
  INFO(e.message);
  REQUIRE(read_job_request(sent.data(), sent.size(), &read, &e));
  CHECK(request_text(read) == sent);
  Text answer;
  run_job_text(sent.data(), sent.size(), nullptr, nullptr, &answer);
  CHECK(std::string(answer.c_str()) == expected);
  JobResult back;
  REQUIRE(read_job_result(q, answer.c_str(), answer.size(), &back, &e));
  CHECK(result_text(q, back) == expected);
  return expected;
}

// A level of a game made from a seed, as text.
std::string made_level(const char* game, const char* seed) {
  std::unique_ptr<Job> job = run_job(JobRequest::make(*find_game(game), defaults(game), seed));
  REQUIRE(job->level() != nullptr);
  return canonical(*job->level());
}

}  // namespace

TEST_CASE("a job's request and result cross as text and back with nothing lost: every kind, every game") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    const ParamValues p = defaults(g.id);
    const std::string made = run_both_ways(JobRequest::make(g, p, "text-1"));
    CHECK(made.find("level:") != std::string::npos);
    const std::string level = made_level(g.id, "text-1");
    std::unique_ptr<Level> parsed = parse(g.id, level.c_str());
    REQUIRE(parsed);

    JobRequest solve = JobRequest::on_level(JobKind::kSolve, *parsed);
    const std::string solved = run_both_ways(solve);
    CHECK(solved.find("solve.solvable 1") != std::string::npos);
    // From a position: the first move of a shortest solution played.
    std::unique_ptr<Job> first = run_job(solve);
    if (!first->result().solution.empty()) {
      solve.moves.push_back(first->result().solution[0]);
      run_both_ways(solve);
    }

    JobRequest analyze = JobRequest::on_level(JobKind::kAnalyze, *parsed);
    analyze.limits.graph_states = 500;
    const std::string analysed = run_both_ways(analyze);
    CHECK(analysed.find("analysis.par ") != std::string::npos);
    // The difficulty, read back, is the level's rating of the analysis read.
    JobResult back;
    Error e;
    REQUIRE(read_job_result(analyze, analysed.data(), analysed.size(), &back, &e));
    std::unique_ptr<Job> here = run_job(analyze);
    CHECK(back.difficulty.total == here->result().difficulty.total);
    CHECK(back.figures.size() == here->result().figures.size());
    CHECK(back.analysis.graph.edges.size() == here->result().analysis.graph.edges.size());

    PackOptions o;
    o.count = 2;
    run_both_ways(JobRequest::make_pack(g, p, "text-pack", o));
    run_both_ways(JobRequest::make_pack_seed(g, p, "text-pack", 3, o));
    SearchSpec spec;
    spec.game = &g;
    spec.params = p;
    spec.base.append("text-search");
    spec.from = 1;
    spec.to = 3;
    spec.keep = 2;
    run_both_ways(JobRequest::search(spec));
    Text link;
    link_for_level(*parsed, &link);
    run_both_ways(JobRequest::on_text(JobKind::kOpenLink, nullptr, link.c_str(), link.size()));
  }
  // Every solution (Golf Peaks), a count (Flow), and a game that lists none.
  const std::string golf = made_level("golf", "text-all");
  const std::string all = run_both_ways(JobRequest::on_text(JobKind::kSolveAll, find_game("golf"), golf.data(), golf.size()));
  CHECK(all.find("solution.0.moves ") != std::string::npos);
  const std::string lastball = made_level("lastball", "text-all");
  CHECK(run_both_ways(JobRequest::on_text(JobKind::kSolveAll, nullptr, lastball.data(), lastball.size()))
            .find("solutions.found -1") != std::string::npos);
  const std::string flow = made_level("flow", "text-count");
  JobRequest count = JobRequest::on_text(JobKind::kCount, find_game("flow"), flow.data(), flow.size());
  count.rules.append("no-touch");
  CHECK(run_both_ways(count).find("count.rules no-touch") != std::string::npos);
  // A job that fails crosses with its reason.
  const std::string failed = run_both_ways(JobRequest::on_text(JobKind::kSolve, find_game("skiddy"), "#?#\n", 4));
  CHECK(failed.find("bad_input 1") != std::string::npos);
}

TEST_CASE("a job's text that does not read is refused, naming its line and what is wrong") {
  const std::string good = request_text(JobRequest::make(*find_game("lastball"), defaults("lastball"), "x"));
  auto refused = [](const std::string& text) {
    JobRequest q;
    Error e;
    CHECK_FALSE(read_job_request(text.data(), text.size(), &q, &e));
    return std::string(e.message);
  };
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    const size_t at = t.find(from);
    REQUIRE(at != std::string::npos);
    return t.replace(at, from.size(), to);
  };
  CHECK(refused("job-result 1\n").find("not a job-request") != std::string::npos);
  CHECK(refused("job-request 2\n").find("version 1 to 1") != std::string::npos);
  CHECK(refused(replaced("kind make", "kind bake")).find("'bake' is no job") != std::string::npos);
  CHECK(refused(replaced("game lastball", "game chess")).find("unknown game 'chess'") != std::string::npos);
  CHECK(refused(replaced("size=", "sizf=")).find("sizf") != std::string::npos);
  CHECK(refused(replaced("seed:1\nx\n", "seed:9\nx\n")).find("'seed' has no text of the length it says") !=
        std::string::npos);
  CHECK(refused(good + "moves 1\n").find("'moves' comes twice") != std::string::npos);
  CHECK(refused(good + "colour 3\n").find("line ") != std::string::npos);
  CHECK(refused(good + "colour 3\n").find("'colour' is no entry") != std::string::npos);
  CHECK(refused(replaced("pack.max_similarity 90", "pack.max_similarity 900")).find("from 0 to 100") !=
        std::string::npos);
  CHECK(refused(replaced("moves", "moves 3 x")).find("a list of") != std::string::npos);
  CHECK(refused(replaced("search.keep 10", "search.keep 0")).find("from 1 to 10000") != std::string::npos);
  CHECK(refused(replaced("pack.count 20", "pack.count -1")).find("from 0 to 100000") != std::string::npos);
  CHECK(refused(replaced("seed_number 0", "seed_number 99999999999999999999")).find("seed_number") != std::string::npos);
  CHECK(refused(replaced("game lastball\n", "")).find("names no game") != std::string::npos);
  CHECK(refused(replaced("search.by difficulty", "search.by beauty")).find("beauty") != std::string::npos);

  // A result: of another kind than asked, or a level that does not read.
  const JobRequest make = JobRequest::make(*find_game("lastball"), defaults("lastball"), "x");
  JobResult r;
  Error e;
  const std::string solve_result = "job-result 1\nkind solve\n";
  CHECK_FALSE(read_job_result(make, solve_result.data(), solve_result.size(), &r, &e));
  CHECK(std::string(e.message).find("of a solve job, not of the make job") != std::string::npos);
  const std::string bad_level = "job-result 1\nkind make\ngame lastball\nlevel:3\n@@x\n";
  CHECK_FALSE(read_job_result(make, bad_level.data(), bad_level.size(), &r, &e));
  CHECK(std::string(e.message).find("its level does not read") != std::string::npos);
  // A request that does not read is answered as a failed job, saying why.
  Text answer;
  run_job_text("job-request 1\nkind bake\n", 23, nullptr, nullptr, &answer);
  REQUIRE(read_job_result(make, answer.c_str(), answer.size(), &r, &e));
  CHECK(r.bad_input);
  CHECK(std::string(r.error.message).find("'bake' is no job") != std::string::npos);
  // A worker that failed answers any call as a failed make (the page's
  // failedJob): a job of every kind reads its reason, not a complaint about
  // a make's entries.
  Text failed;
  write_failed_job(JobKind::kMake, "the worker failed: out of memory", &failed);
  for (int k = 0; k <= (int)JobKind::kLast; ++k) {
    INFO(job_kind_name((JobKind)k));
    JobRequest asked;
    asked.kind = (JobKind)k;
    REQUIRE(read_job_result(asked, failed.c_str(), failed.size(), &r, &e));
    CHECK(std::string(r.error.message) == "the worker failed: out of memory");
  }
}

TEST_CASE("a pack's and a search's seeds made elsewhere in any order give the job's own result, byte for byte") {
  for (const char* id : {"lastball", "penguin", "skiddy", "golf", "flow"}) {
    INFO(id);
    const GameInfo& g = *find_game(id);
    PackOptions o;
    o.count = 3;
    const JobRequest pack = JobRequest::make_pack(g, defaults(id), "elsewhere", o);
    std::unique_ptr<Job> whole = run_job(pack);
    REQUIRE(whole->status() == GenerationStatus::kDone);
    // Seeds made back to front, four at a time (a pool's runs of seeds), each through its text.
    Job pooled(pack);
    REQUIRE(pooled.seeds() == PackMaker::most_seeds(3));
    GenerationStatus status = GenerationStatus::kRunning;
    for (int from = 1; status == GenerationStatus::kRunning; from += 4) {
      REQUIRE(from <= pooled.seeds());
      for (int i = std::min(from + 3, pooled.seeds()); i >= from && status == GenerationStatus::kRunning; --i) {
        const JobRequest seed = pooled.seed_request(i);
        Text q, a;
        write_job_request(seed, &q);
        run_job_text(q.c_str(), q.size(), nullptr, nullptr, &a);
        JobResult made;
        Error e;
        REQUIRE(read_job_result(seed, a.c_str(), a.size(), &made, &e));
        status = pooled.take_seed(i, std::move(made));
      }
    }
    REQUIRE(status == GenerationStatus::kDone);
    CHECK(result_text(pack, pooled.result()) == result_text(pack, whole->result()));

    SearchSpec spec;
    spec.game = &g;
    spec.params = defaults(id);
    spec.base.append("elsewhere");
    spec.from = 5;
    spec.to = 11;
    spec.keep = 3;
    spec.by = SearchFigure::kPar;
    const JobRequest search = JobRequest::search(spec);
    std::unique_ptr<Job> searched = run_job(search);
    REQUIRE(searched->status() == GenerationStatus::kDone);
    Job spread(search);
    REQUIRE(spread.seeds() == 7);
    status = GenerationStatus::kRunning;
    for (int i = spread.seeds(); i >= 1; --i) {
      REQUIRE(status == GenerationStatus::kRunning);
      std::unique_ptr<Job> made = run_job(spread.seed_request(i));
      CHECK(made->request().seed_number == 4 + i);
      status = spread.take_seed(i, std::move(made->result()));
    }
    REQUIRE(status == GenerationStatus::kDone);
    CHECK(result_text(search, spread.result()) == result_text(search, searched->result()));
  }
}

TEST_CASE("a pool that gives a seed twice, one not the job's, or one that failed ends the job saying so") {
  PackOptions o;
  o.count = 2;
  const JobRequest pack = JobRequest::make_pack(*find_game("lastball"), defaults("lastball"), "pool", o);
  auto made = [&](const Job& job, int i) { return std::move(run_job(job.seed_request(i))->result()); };
  {
    Job job(pack);
    CHECK(job.take_seed(2, made(job, 2)) == GenerationStatus::kRunning);
    CHECK(job.take_seed(2, made(job, 2)) == GenerationStatus::kFailed);
    CHECK(std::string(job.result().error.message).find("seed 2 came twice") != std::string::npos);
  }
  {
    Job job(pack);
    CHECK(job.take_seed(job.seeds() + 1, made(job, 1)) == GenerationStatus::kFailed);
    CHECK(std::string(job.result().error.message).find("is not the pack's") != std::string::npos);
  }
  {
    Job job(pack);
    JobResult trap;
    fail(&trap.error, 0, 0, "the worker failed: a trap");
    CHECK(job.take_seed(1, std::move(trap)) == GenerationStatus::kFailed);
    CHECK(std::string(job.result().error.message) == "the worker failed: a trap");
  }
  {
    // Parameters that cannot go together: the first seed says so, as the pack made here does.
    ParamValues bad = defaults("lastball");
    set("lastball", &bad, "size", "4x4");
    set("lastball", &bad, "balls", "16");
    Job job(JobRequest::make_pack(*find_game("lastball"), bad, "pool", o));
    CHECK(job.take_seed(1, made(job, 1)) == GenerationStatus::kFailed);
    CHECK(job.result().bad_input);
    CHECK(std::string(job.result().error.message).find("balls") != std::string::npos);
  }
  {
    // A search's seed given twice.
    SearchSpec spec;
    spec.game = find_game("penguin");
    spec.params = defaults("penguin");
    spec.base.append("pool");
    spec.to = 3;
    Job job(JobRequest::search(spec));
    CHECK(job.take_seed(1, made(job, 1)) == GenerationStatus::kRunning);
    CHECK(job.take_seed(1, made(job, 1)) == GenerationStatus::kFailed);
    CHECK(std::string(job.result().error.message).find("seed 1 came twice") != std::string::npos);
  }
}
