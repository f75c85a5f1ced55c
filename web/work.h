// work.h — the playground's long work (making a level or a pack, a solve, an
// analysis) sent to the page's worker (web/worker.js, started by app.js: a
// second instance of this same module and wasm, without main()), so the page
// keeps drawing while a search runs. The worker runs one job (core/midend/
// job.h) a call: the request and the result cross between the two as Embind
// value objects (api.cpp), plain typed values, so the page parses no answer
// and repeats no search. One call runs at a time: a newer one, or Cancel,
// ends the older. A pack and a search over seeds are made by a pool of such
// workers, a worker a core (PackJudge, SearchJudge below).
#pragma once
#include <stdint.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/midend/job.h"
#include "core/midend/seed_search.h"

// What the running call is for (the page's state names it).
enum class WorkKind : uint8_t { kNone, kAnalysis, kGenerate, kPack, kSolve, kHint, kSearch, kPar };

// The state graph the Analysis panel draws comes with analyses of at most
// this many states.
constexpr uint32_t kDrawnGraphStates = 500;

// A job request as the worker takes it: the JobRequest's fields a page can
// send (a game by its id, parameters as a link writes them). Every field
// travels; those a kind does not use stay empty.
struct WorkRequest {
  int kind = 0;          // a tl::JobKind
  std::string game;      // its id ("" with a level text: whichever game reads it)
  std::string params;    // kMake, kMakePack: as a link writes them (params_format '&')
  std::string seed;      // kMake: the seed; kMakePack: its seeds' prefix
  std::string text;      // kSolve, kAnalyze: the level text; kOpenLink: the link
  std::string moves;     // kSolve, kAnalyze: the move ids from its start to the position searched from ("3 0 2")
  int count = 0;         // kMakePack: levels wanted
  int min_difficulty = 0, max_difficulty = 0;  // kMakePack: the band kept (0, 0: any)
  int seed_number = 0;   // kMakePackSeed: N of the seed "PREFIX.N" (seed: the prefix)
  // A search (SearchJudge; kind kMakePackSeed, its seeds' kind): the seeds
  // seed.FROM to seed.TO, the best `count` kept by `search_by` ("par", "-states").
  int search_from = 0, search_to = 0;
  std::string search_by;

  // A request to make a level (kMake) or a pack (kMakePack) of a game.
  static WorkRequest making(tl::JobKind kind, const tl::GameInfo& game, const tl::ParamValues& params,
                            const char* seed);
  // A request on a level text (kSolve, kAnalyze).
  static WorkRequest on_text(tl::JobKind kind, const tl::GameInfo& game, const char* level_text);
  // A job the session started (a level to make, a solve of its level's
  // text and moves).
  static WorkRequest of(const tl::JobRequest& request);
};

// A job's result as the worker answers: the JobResult's facts as values.
struct WorkResult {
  bool ok = false;
  std::string error;       // why not, when !ok
  std::string game;        // the game's id
  // kMake, kOpenLink: the level's text, its seed, parameters (as a link
  // writes them), link, and par. kMakePackSeed: the level's text ("" when
  // the generator gave up on the seed: error says why), seed, par and
  // difficulty.
  std::string level, seed, params, link;
  int par = -1;
  int difficulty = 0;
  uint32_t dead_ends = 0;  // kMakePackSeed: the analysis' (states: its states, wins excluded)
  // kSolve: whether a win is reachable, and a shortest solution's moves.
  bool solvable = false;
  std::string solution;
  // kMakePack: the pack's text (core/midend/pack.h: format_pack).
  std::string pack;
  // kAnalyze: the analysis as a person reads it (core/midend/analysis_text.h),
  // the first dead end and first wrong move (moves from the position), its
  // states (wins included), and a small level's state graph.
  std::string analysis, first_dead_end, first_wrong_move;
  // The same analysis a row a figure (core/midend/analysis_text.h), for a table.
  std::vector<std::string> figure_labels, figure_values;
  // kAnalyze: its states, wins included; kMakePackSeed: its states, wins
  // excluded (as a search counts them).
  uint32_t states = 0;
  bool capped = false;       // more states than the analysis holds (kMakePackSeed too)
  bool state_graph = false;  // a move puzzle's analysis (a line puzzle's has no state graph)
  tl::StateGraph graph;
};

// The worker's answer to a job the session started, as the session takes
// it: a level made read back from its text; a solve's moves read on the
// session's level.
tl::JobResult job_result(const tl::JobRequest& request, const WorkResult& answer, const tl::Level* level);

// The worker's side: the request run as a job to its end (progress goes to
// the page through Module.onWorkProgress).
WorkResult run_work(const WorkRequest& request);
// A call that could not run (a worker that failed): ok false, `why` its error.
WorkResult failed_work(const std::string& why);

// A pack made by a pool of workers (app.js: tilelab.work): each worker makes
// a run of seeds at a time (seed_request: a kMakePackSeed job a seed), they
// finish in any order, and the page's module takes their answers here in seed order
// (core/midend/pack.h: PackMaker::take), judging them as `tilelab pack` does:
// the same pack, byte for byte, however many workers made it.
class PackJudge {
 public:
  // A kMakePack request; finished() at once when it does not read.
  explicit PackJudge(const WorkRequest& pack_request);
  // The request a worker runs to make seed `number` of the pack.
  WorkRequest seed_request(int number) const;
  // The last seed the pack may try.
  int most_seeds() const;
  // A worker's answer for seed `number` (kept until the seeds before it
  // come); true when the pack is finished. A seed not the pack's, or given
  // twice, ends it with an error (the pool's bug, not the level's).
  bool take(int number, const WorkResult& seed);
  bool finished() const { return finished_; }
  // The pack as run_work answers a kMakePack request (ok, its text), or why not.
  const WorkResult& result() const { return result_; }
  // The progress bar's: levels kept so far, of the count wanted.
  uint32_t progress_done() const;
  uint32_t progress_total() const;

 private:
  bool end(bool ok, const char* error);

  WorkRequest request_;
  tl::JobRequest pack_;
  std::unique_ptr<tl::PackMaker> maker_;
  std::vector<std::pair<int, WorkResult>> waiting_;  // answers ahead of their turn
  WorkResult result_;
  bool finished_ = false;
};

// A designer's search (core/midend/seed_search.h) made by the same pool: a
// worker makes and rates each seed (seed_request: a kMakePackSeed job), and
// the page's module keeps the best as they come, in any order (the ranking
// is total): its text is `tilelab search`'s, byte for byte. The same calls
// as PackJudge's, for app.js's pool.
// The most seeds a search on the page takes (a million: hours of a phone's
// cores; `tilelab search` takes up to kMostSearchSeeds).
constexpr uint32_t kMostPageSearchSeeds = 1000000;

class SearchJudge {
 public:
  // A search request (WorkRequest's search fields); finished() at once when
  // it does not read (the error names what is wrong) or holds more than
  // kMostPageSearchSeeds seeds.
  explicit SearchJudge(const WorkRequest& search_request);
  // The request for the search's i-th seed, from 1 (the seed FROM + i - 1).
  WorkRequest seed_request(int i) const;
  int most_seeds() const;
  // True when the search is finished; a seed not the search's, or given
  // twice, ends it with an error.
  bool take(int i, const WorkResult& seed);
  bool finished() const { return finished_; }
  // ok and the search's text as `tilelab search` prints it (in pack), or why not.
  const WorkResult& result() const { return result_; }
  // The progress bar's: seeds taken so far, of the search's seeds.
  uint32_t progress_done() const { return result_so_far_.tried; }
  uint32_t progress_total() const { return spec_.to - spec_.from + 1; }

 private:
  bool end(bool ok, const char* error);

  WorkRequest request_;
  tl::SearchSpec spec_;
  tl::SearchResult result_so_far_;
  std::vector<bool> taken_;  // seed i - 1 taken
  WorkResult result_;
  bool finished_ = false;
};

// Moves as the game writes them, for the page (a WorkResult's, tilelab.state()'s).
std::string moves_text(const tl::Level& level, const tl::MoveList& moves);

struct Work {
  WorkKind job = WorkKind::kNone;   // what the running call is for (kNone: idle)
  WorkRequest request;    // what it asked
  uint32_t session_job = 0;  // the session's job it runs (0: a panel's call)
  int id = 0;             // its id (the page's worker answers by it)
  uint32_t done = 0;      // its progress, as the search reports it
  uint32_t total = 0;
  double started_ms = 0;
  int next_id = 1;

  bool busy() const { return job != WorkKind::kNone; }
  // Sends the request to the worker, ending any call still running.
  void start(WorkKind kind, const WorkRequest& request);
  void cancel();
  // Whether an answer or progress with this id is the running call's.
  bool is_current(int answer_id) const { return busy() && answer_id == id; }
  // The worker's answer arrived: the call is over.
  void finish() { job = WorkKind::kNone; }
  // Seconds since the call started.
  double seconds(double now_ms) const { return (now_ms - started_ms) / 1000.0; }
  // A progress bar's fraction (0 when the search has said nothing yet).
  float fraction() const { return total ? (float)done / (float)total : 0.0f; }
};
