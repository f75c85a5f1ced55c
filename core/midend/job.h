// job.h — one way to make, solve and analyse a level: a typed request run a
// slice at a time, and a typed result. The command line runs jobs whole and
// formats their results (core/report/report.h); the Session runs them a
// slice at a time for hosts that keep drawing meanwhile (Session::begin_job).
//
//   JobRequest {kind, game, params, seed | text, pack options, limits}
//     ─► Job::slice() ... kDone | kFailed
//     ─► JobResult {level and its facts | pack | solution | analysis | count}
//
// Making a level goes a device frame's positions a slice, a pack a seed a
// slice; a solve, an analysis and a count read their level (and play the
// request's moves) in the first slice; a solve then goes kSolvePositions
// states a slice; an analysis and a count search whole in the next (they
// do not yet resume mid-way).
#pragma once
#include <memory>
#include <vector>

#include "core/base/text.h"
#include "core/game/game.h"
#include "generation.h"
#include "pack.h"

namespace tl {

enum class JobKind : uint8_t {
  kMake,      // a level from a game, its parameters and a seed
  kOpenLink,  // the level a seed link or a level link names
  kMakePack,  // a pack of levels from a seed prefix (core/midend/pack.h)
  kSolve,     // a shortest solution of a level text
  kAnalyze,   // the whole state graph of a level text, its figures and difficulty
  kCount,     // a line puzzle's solutions counted up to a number
  // One seed of a pack or a search made and rated (core/midend/pack.h:
  // make_pack_seed), for hosts that make the seeds on several workers and
  // judge them (PackMaker::take in seed order, take_search_seed in any).
  kMakePackSeed,
};

// The states a slice of a solve job expands (a few milliseconds of a device frame).
constexpr uint64_t kSolvePositions = 4096;

struct JobRequest {
  JobKind kind = JobKind::kMake;
  // kMake, kMakePack, kMakePackSeed: the game. kSolve, kAnalyze, kCount: the game the level
  // text is read as (null: whichever game reads it).
  const GameInfo* game = nullptr;
  ParamValues params{};   // kMake, kMakePack, kMakePackSeed
  Text seed;              // kMake: the seed; kMakePack, kMakePackSeed: the prefix of its seeds
  int seed_number = 0;    // kMakePackSeed: N of the seed "PREFIX.N"
  Text text;              // kOpenLink: the link; kSolve, kAnalyze, kCount: the level text
  // kSolve, kAnalyze: the moves played from the level's start to the
  // position searched from (none: its start). The request owns all it
  // names: a host may keep it, copy it or send it elsewhere.
  MoveList moves;
  PackOptions pack;       // kMakePack; kMakePackSeed: rated
  uint64_t count_to = 2;  // kCount: count solutions up to this many
  Text rules;             // kCount: the rule set ("" for the game's own)
  // kSolve, kAnalyze: the searches' caps and progress hook; kAnalyze also
  // returns the state graph up to limits.graph_states states.
  SearchLimits limits;

  static JobRequest make(const GameInfo& game, const ParamValues& params, const char* seed);
  static JobRequest make_pack(const GameInfo& game, const ParamValues& params, const char* seed_prefix,
                              const PackOptions& options);
  static JobRequest make_pack_seed(const GameInfo& game, const ParamValues& params, const char* seed_prefix,
                                   int seed_number, const PackOptions& options);
  static JobRequest on_text(JobKind kind, const GameInfo* game, const char* text, size_t len);
  // On a level read already: its canonical text, and the moves to the position searched from.
  static JobRequest on_level(JobKind kind, const Level& level, const MoveList& moves = MoveList());
};

struct JobResult {
  // Why the job failed ("" when it did not). bad_input: the request is at
  // fault (a bad link, text or parameters), not a level that was not found.
  Error error;
  bool bad_input = false;
  const GameInfo* game = nullptr;
  // kMake, kOpenLink: the level made or opened; kSolve, kAnalyze, kCount: the
  // level read from the request's text.
  std::unique_ptr<Level> level;
  // kMake and a seed link: its seed, parameters, seed link and what the
  // generator reported (par, a shortest solution, layouts tried).
  bool from_seed = false;
  Text seed;
  ParamValues params{};
  Text link;  // kMake, kOpenLink: the level's link (its seed link, or a level link)
  GeneratedInfo generated;
  // kMakePack: the pack, and what became of its seeds.
  std::vector<PackLevel> pack;
  PackFigures pack_figures;
  // kMakePackSeed: the seed made (done with a null level when the generator
  // gave up on it: its error says why; failed, bad input, when the
  // parameters cannot go together).
  PackSeed pack_seed;
  // kSolve: a shortest solution from the level's start (also kAnalyze, when
  // the analysis hit its cap: whether a plain solve within the cap finds one).
  SolveResult solve;
  MoveList solution;
  // kAnalyze: the analysis, the level's difficulty and the game's own figures.
  Analysis analysis;
  Difficulty difficulty;  // the figure (.total, -1: none) and the reasons it sums
  Figure figures[kMaxFigures];
  int figure_count = 0;
  // kCount: the solutions counted.
  Level::SolutionCount count;
};

class Job {
 public:
  explicit Job(const JobRequest& request);
  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;

  // One slice of the work: kRunning (call again), kDone or kFailed
  // (result().error says why). After the end it returns the end again.
  GenerationStatus slice();
  // Every slice to the end.
  GenerationStatus run();
  GenerationStatus status() const { return status_; }
  // How far it has got, 0 to 1000.
  int progress_permille() const;
  // Making a level: the layouts its generator has tried and the most it
  // tries; false for another job (or a generator that does not count).
  bool layouts(int* tried, int* most) const;

  const JobRequest& request() const { return request_; }
  const JobResult& result() const { return result_; }
  JobResult& result() { return result_; }
  // A pack job's maker while it runs (each seed's fate), else null.
  const PackMaker* pack_maker() const { return pack_.get(); }
  // The level the job made, opened or read (null before, or on failure).
  const Level* level() const { return result_.level.get(); }
  // kSolve, kAnalyze: the position searched from (the request's moves played), once read.
  const GameState& position() const { return start_; }

 private:
  GenerationStatus fail(bool bad_input);
  GenerationStatus made();  // task_ finished: the level and its facts
  bool read_level();
  bool search(uint64_t* budget);

  JobRequest request_;
  JobResult result_;
  GenerationStatus status_ = GenerationStatus::kRunning;
  bool started_ = false;
  std::unique_ptr<GenerationTask> task_;
  std::unique_ptr<PackMaker> pack_;
  GameState start_;                  // kSolve, kAnalyze: the position searched from
  std::unique_ptr<SolveTask> solving_;  // kSolve: the solve, paused between slices
};

// A job made on the heap (a Job and its result take more than the device's
// 1 KB a function may keep on its stack) and run to its end.
std::unique_ptr<Job> run_job(const JobRequest& request);

}  // namespace tl
