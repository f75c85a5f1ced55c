// work.h — the playground's long work (analysis, generating, packs) sent to
// the page's worker (web/worker.js, started by app.js: a second
// instance of this same module and wasm, without main()), so the page keeps
// drawing while a search runs. The worker takes one typed request (game,
// parameters, seed or level text, and what to do) and answers with the
// report the command line prints (shell/common/report.h). One call runs at a
// time: a newer one, or Cancel, ends the older. The answer comes back as the
// values the caller named (paths into the report's JSON, such as
// "analysis.states").
#pragma once
#include <stdint.h>

#include <string>
#include <vector>

namespace tl {
struct GameInfo;
struct ParamValues;
}  // namespace tl

enum class WorkKind : uint8_t { kNone, kAnalysis, kGenerate, kPack, kSolve, kHint };

// The one request the worker takes (api.cpp: work): what to do, the game,
// and what it works on. Every field travels (the worker's Embind binding
// reads them all); those a request does not use stay empty.
struct WorkRequest {
  std::string what;    // "generate", "solve" (a shortest solution), "analyze", "pack"
  std::string game;    // its id
  std::string params;  // generate, pack: the parameters as a link writes them (params_format '&')
  std::string seed;    // generate: the seed; pack: the seeds' prefix
  std::string level;   // solve, analyze: the position as level text
  int count = 0;       // pack: levels wanted
  int min_difficulty = 0, max_difficulty = 0;  // pack: the band kept (0, 0: any)
  std::string json() const;
  // A request to make levels ("generate", "pack") of a game from its
  // parameters (written as a link writes them) and a seed.
  static WorkRequest making(const char* what, const tl::GameInfo& game, const tl::ParamValues& params,
                            const std::string& seed);
};

struct Work {
  WorkKind job = WorkKind::kNone;   // what the running call is for (kNone: idle)
  int id = 0;             // its id (the page's worker answers by it)
  uint32_t done = 0;      // its progress, as the search reports it
  uint32_t total = 0;
  double started_ms = 0;
  int next_id = 1;

  bool busy() const { return job != WorkKind::kNone; }
  // Sends the request to the worker, ending any call still running; the
  // answer's `fields` (paths into the report's JSON) come back.
  void start(WorkKind kind, const WorkRequest& request, const std::vector<std::string>& fields);
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

// Splits the worker's values (joined by U+001F) into `count` strings.
std::vector<std::string> work_values(const std::string& joined, size_t count);
