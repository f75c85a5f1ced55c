// work.h — the Session's jobs run in the page's workers (web/worker.js,
// started by app.js: each a second instance of this same module and wasm,
// without main()), so the page keeps drawing while a search runs. A job
// crosses as its request's text and comes back as its result's
// (core/midend/job_text.h): the page parses no answer of its own and
// repeats no search. One call runs at a time: a newer one, or Cancel, ends
// the older. A pack's and a search's seeds are made by a pool of such
// workers, a worker a core, each seed's result handed to the Session as it
// comes (Session::take_job_seed): the same bytes however many made them.
#pragma once
#include <stdint.h>

#include <string>

#include "core/midend/job.h"
#include "core/midend/session.h"

// What the running call is for (the page's state names it).
enum class WorkKind : uint8_t { kNone, kAnalysis, kGenerate, kPack, kSolve, kHint, kSearch, kPar };
WorkKind work_kind(tl::SessionJob job);

// The state graph the Analysis panel draws comes with analyses of at most
// this many states.
constexpr uint32_t kDrawnGraphStates = 500;
// The most seeds a search on the page takes (a million: hours of a phone's
// cores; `tilelab search` takes up to kMostSearchSeeds).
constexpr uint32_t kMostPageSearchSeeds = 1000000;

struct Work {
  WorkKind job = WorkKind::kNone;   // what the running call is for (kNone: idle)
  uint32_t session_job = 0;  // the session's job it runs
  bool pooled = false;    // its seeds made by the pool of workers (a pack, a search)
  int id = 0;             // its id (the page's workers answer by it)
  uint32_t done = 0;      // its progress, as the search reports it
  uint32_t total = 0;
  double started_ms = 0;
  int next_id = 1;

  bool busy() const { return job != WorkKind::kNone; }
  // The session's job sent to the worker as its request's text, ending any
  // call still running.
  void start(WorkKind kind, uint32_t session_job, const tl::JobRequest& request);
  // The session's pack or search: its seeds made by the pool (app.js asks
  // for each seed's request and hands its result back: entry.cpp).
  void start_pool(WorkKind kind, uint32_t session_job, int seeds);
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

// A result's text read back as the result of the session's job `request`;
// a text that does not read is a failed result saying why.
tl::JobResult read_work_result(const tl::JobRequest& request, const std::string& text);

// Moves as the game writes them, for the page (the analysis' moves, tilelab.state()'s).
std::string moves_text(const tl::Level& level, const tl::MoveList& moves);
