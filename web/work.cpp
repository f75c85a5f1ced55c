// work.cpp — the Session's jobs sent to the page's workers (see work.h).
#include "work.h"

#include <emscripten.h>
#include <emscripten/val.h>

#include "core/midend/job_text.h"

using namespace tl;

WorkKind work_kind(SessionJob job) {
  switch (job) {
    case SessionJob::kMake: return WorkKind::kGenerate;
    case SessionJob::kPar: return WorkKind::kPar;
    case SessionJob::kHint: return WorkKind::kHint;
    case SessionJob::kSolve: return WorkKind::kSolve;
    case SessionJob::kAnalysis: return WorkKind::kAnalysis;
    case SessionJob::kPack: return WorkKind::kPack;
    case SessionJob::kSearch: return WorkKind::kSearch;
    case SessionJob::kNone: break;
  }
  return WorkKind::kNone;
}

namespace {

void begin(Work* w, WorkKind kind, uint32_t session_job) {
  w->job = kind;
  w->session_job = session_job;
  w->id = w->next_id++;
  w->done = w->total = 0;
  w->started_ms = emscripten_get_now();
}

}  // namespace

void Work::start(WorkKind kind, uint32_t session_job, const JobRequest& request) {
  begin(this, kind, session_job);
  pooled = false;
  Text text;
  write_job_request(request, &text);
  emscripten::val::global("tilelab")["work"].call<void>("start", id, std::string(text.c_str(), text.size()));
}

void Work::start_pool(WorkKind kind, uint32_t session_job, int seeds) {
  begin(this, kind, session_job);
  pooled = true;
  emscripten::val::global("tilelab")["work"].call<void>("startPool", id, seeds);
}

void Work::cancel() {
  if (!busy()) return;
  emscripten::val::global("tilelab")["work"].call<void>("cancel", id);
  job = WorkKind::kNone;
}

JobResult read_work_result(const JobRequest& request, const std::string& text) {
  JobResult r;
  Error e;
  if (!read_job_result(request, text.data(), text.size(), &r, &e)) {
    r = JobResult();
    fail(&r.error, 0, 0, "the worker's answer does not read: %s", e.message);
  }
  return r;
}

std::string moves_text(const Level& level, const MoveList& moves) {
  Text t;
  level.format_moves(moves.data(), moves.size(), &t);
  return t.c_str();
}
