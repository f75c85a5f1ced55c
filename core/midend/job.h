// job.h — one way to make, solve and analyse a level: a typed request run a
// slice at a time, and a typed result. The Session starts, slices and takes
// every job for every host (core/midend/session.h); the command line runs
// them whole and formats their results (core/report/report.h); the page's
// worker runs a request that crossed as its text (job_text.h) and answers
// the result as text.
//
//   JobRequest {kind, game, params, seed | text, moves, pack, search, limits}
//     ─► Job::slice() ... kDone | kFailed
//     ─► JobResult {level and its facts | pack | search | solution(s) | analysis | count}
//
// Making a level goes a device frame's positions a slice, a pack and a
// search a seed a slice; a solve, an analysis and a count read their level
// (and play the request's moves) in the first slice; a solve then goes
// kSolvePositions states a slice; an analysis, a count and a listing of
// every solution search whole in the next. A pack's and a search's seeds
// may also be made elsewhere, in any order (a pool of workers: seed_request,
// take_seed), with the same result, byte for byte.
#pragma once
#include <memory>
#include <vector>

#include "core/base/text.h"
#include "core/game/game.h"
#include "generation.h"
#include "pack.h"
#include "seed_search.h"

namespace tl {

// The kinds of job (a job's text names each by job_kind_name: job_text.h);
// kLast is the last, for loops over every kind.
enum class JobKind : uint8_t {
  kMake,      // a level from a game, its parameters and a seed
  kOpenLink,  // the level a seed link or a level link names
  kMakePack,  // a pack of levels from a seed prefix (core/midend/pack.h)
  kSolve,     // a shortest solution of a level text
  kAnalyze,   // the whole state graph of a level text, its figures and difficulty
  kCount,     // a line puzzle's solutions counted up to a number
  // One seed of a pack or a search made and rated (core/midend/pack.h:
  // make_pack_seed): what a pack's or a search's seeds made elsewhere are.
  kMakePackSeed,
  kSolveAll,  // every distinct solution of a level text (games whose moves use something up)
  kSearch,    // a designer's search: the best levels of a range of seeds (core/midend/seed_search.h)
  kLast = kSearch,
};
const char* job_kind_name(JobKind kind);  // "make", "open-link", ..., as a job's text names it

// The states a slice of a solve job expands (a few milliseconds of a device frame).
constexpr uint64_t kSolvePositions = 4096;
// `tilelab solve --all` and a kSolveAll job list at most this many solutions.
constexpr size_t kMostListedSolutions = 1000;

// A request owns all it names (texts, parameters, moves; its game is a row of
// the static game table): a host may keep it, copy it, or write it as text
// and send it elsewhere (job_text.h).
struct JobRequest {
  JobKind kind = JobKind::kMake;
  // kMake, kMakePack, kMakePackSeed, kSearch: the game. kSolve, kAnalyze,
  // kCount, kSolveAll: the game the level text is read as (null: whichever
  // game reads it).
  const GameInfo* game = nullptr;
  ParamValues params{};   // kMake, kMakePack, kMakePackSeed, kSearch
  // kMake: the seed; kMakePack, kMakePackSeed: the prefix of its seeds;
  // kSearch: the seeds' base (BASE.FROM to BASE.TO).
  Text seed;
  int seed_number = 0;    // kMakePackSeed: N of the seed "PREFIX.N"
  Text text;              // kOpenLink: the link; kSolve, kAnalyze, kCount, kSolveAll: the level text
  // kSolve, kAnalyze: the moves played from the level's start to the
  // position searched from (none: its start).
  MoveList moves;
  PackOptions pack;       // kMakePack; kMakePackSeed: rated (the progress hook is the host's: Job::watch)
  // kSearch: the seeds from..to, this part of them, the levels kept and
  // the figure they rank by (seed_search.h: SearchSpec).
  uint32_t search_from = 1, search_to = 0;
  int search_keep = 10;
  SearchFigure search_by = SearchFigure::kDifficulty;
  bool search_lowest = false;
  int search_part = 1, search_parts = 1;
  uint64_t count_to = 2;  // kCount: count solutions up to this many
  Text rules;             // kCount: the rule set ("" for the game's own)
  // kSolve, kAnalyze, kSolveAll: the searches' caps; kAnalyze also returns the
  // state graph up to limits.graph_states states. (Its progress hook and
  // second thread are the host's: Job::watch, Job::team; kCount takes the
  // second thread alone.)
  SearchLimits limits;

  static JobRequest make(const GameInfo& game, const ParamValues& params, const char* seed);
  static JobRequest make_pack(const GameInfo& game, const ParamValues& params, const char* seed_prefix,
                              const PackOptions& options);
  static JobRequest make_pack_seed(const GameInfo& game, const ParamValues& params, const char* seed_prefix,
                                   int seed_number, const PackOptions& options);
  static JobRequest search(const SearchSpec& spec);
  static JobRequest on_text(JobKind kind, const GameInfo* game, const char* text, size_t len);
  // On a level read already: its canonical text, and the moves to the position searched from.
  static JobRequest on_level(JobKind kind, const Level& level, const MoveList& moves = MoveList());
  // kSearch: the search it asks for.
  SearchSpec search_spec() const;
};

// A game's own figure of an analysis (Level::analysis_figures), its names
// owned: a result read back from its text has no game's strings to point at.
struct FigureValue {
  Text key, label;
  uint64_t value = 0;
  bool is_bool = false, none = false;
};

struct JobResult {
  // Why the job failed ("" when it did not). bad_input: the request is at
  // fault (a bad link, text or parameters), not a level that was not found.
  Error error;
  bool bad_input = false;
  const GameInfo* game = nullptr;
  // kMake, kOpenLink: the level made or opened; kSolve, kAnalyze, kCount,
  // kSolveAll: the level read from the request's text.
  std::unique_ptr<Level> level;
  // kSolve, kAnalyze, kSolveAll: the position searched from (the request's moves played).
  GameState position;
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
  // kSearch: the best levels kept and the seeds' counts.
  SearchResult search;
  // kSolve: a shortest solution from the position (also kAnalyze, when the
  // analysis hit its cap: whether a plain solve within the cap finds one).
  SolveResult solve;
  MoveList solution;
  // kSolveAll: every distinct solution, shortest first (at most
  // kMostListedSolutions; -1 solutions_found: the game's moves can come
  // back to a state, so it has no such list).
  std::vector<MoveList> solutions;
  int solutions_found = 0;
  // kAnalyze: the analysis, the level's difficulty and the game's own figures.
  Analysis analysis;
  Difficulty difficulty;  // the figure (.total, -1: none) and the reasons it sums
  std::vector<FigureValue> figures;
  // kCount: the solutions counted.
  Level::SolutionCount count;
};

class Job {
 public:
  explicit Job(const JobRequest& request);
  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;

  // The host's hooks, not the request's data: progress reported as its
  // searches and packs go (the page's progress bar), and a second thread
  // for an analysis run whole (the command line's).
  void watch(void (*progress)(void* context, uint32_t done, uint32_t total), void* context);
  void team(SearchTeam* team) { request_.limits.team = team; }

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

  // --- a pack's or a search's seeds made elsewhere ---------------------------
  // The seeds a kMakePack or kSearch job may ask for, numbered from 1 (0
  // for any other job): a pack ends once it has its levels, usually well
  // before its last seed; a search takes every one.
  int seeds() const;
  // The kMakePackSeed request that makes seed i (1 to seeds()).
  JobRequest seed_request(int i) const;
  // Seed i's result, made elsewhere: judged as slice() judges the seeds it
  // makes, whatever order they come in (a pack keeps a seed ahead of its
  // turn until those before it come). kFailed (result().error) for a seed
  // not the job's or given twice, a seed that failed as bad input, or
  // parameters that cannot go together; kDone once the pack or the search is made.
  GenerationStatus take_seed(int i, JobResult&& made);
  // Whether seed i has been made and taken already (a pool started again
  // after a pause asks only for the others).
  bool seed_taken(int i) const;
  // A progress bar's: a pack's levels kept of those wanted; a search's seeds
  // taken of its seeds.
  void seed_progress(uint32_t* done, uint32_t* total) const;

  const JobRequest& request() const { return request_; }
  const JobResult& result() const { return result_; }
  JobResult& result() { return result_; }
  // A pack job's maker while it runs (each seed's fate), else null.
  const PackMaker* pack_maker() const { return pack_.get(); }
  // The level the job made, opened or read (null before, or on failure).
  const Level* level() const { return result_.level.get(); }
  // kSolve, kAnalyze, kSolveAll: the position searched from, once read.
  const GameState& position() const { return result_.position; }

 private:
  GenerationStatus fail(bool bad_input);
  GenerationStatus made();  // task_ finished: the level and its facts
  GenerationStatus pack_ended(bool ended);
  GenerationStatus search_ended();
  void start();
  bool read_level();
  bool search(uint64_t* budget);

  JobRequest request_;
  JobResult result_;
  GenerationStatus status_ = GenerationStatus::kRunning;
  bool started_ = false;
  std::unique_ptr<GenerationTask> task_;
  std::unique_ptr<PackMaker> pack_;
  std::unique_ptr<SeedSearch> search_;
  std::unique_ptr<SolveTask> solving_;  // kSolve: the solve, paused between slices
};

// A job made on the heap (a Job and its result take more than the device's
// 1 KB a function may keep on its stack) and run to its end.
std::unique_ptr<Job> run_job(const JobRequest& request);

// A result's level read back from its text as `game` reads it; the
// position searched from replayed (`moves` from its start); false with err
// when the text does not read or a move is no move there. What a job reads
// first, and what a result read back from its text (job_text.h) reads again.
bool read_job_level(const GameInfo* game, const Text& text, const MoveList& moves, JobKind kind, JobResult* out,
                    Error* err);

}  // namespace tl
