// playground_work.cpp — the playground's long work in the page's worker
// (work.h): the session's jobs (a level to make, a level's par, a hint, a
// solve) sent as the session starts them and handed back to it when they
// come; the panels' own calls (an analysis, a pack, a search) around them.
#include <emscripten.h>
#include <string.h>

#include "playground.h"

using namespace tl;

namespace {

WorkKind work_kind(SessionJob job) {
  switch (job) {
    case SessionJob::kMake: return WorkKind::kGenerate;
    case SessionJob::kPar: return WorkKind::kPar;
    case SessionJob::kHint: return WorkKind::kHint;
    case SessionJob::kSolve: return WorkKind::kSolve;
    case SessionJob::kAnalysis: return WorkKind::kAnalysis;
    case SessionJob::kNone: break;
  }
  return WorkKind::kNone;
}

}  // namespace

// A panel's call ends the panel's call before it; the session's job runs
// on, and this call after it.
void Playground::do_start_work(WorkKind job, const WorkRequest& request) {
  drop_panel_work();
  if (session_.job() != SessionJob::kNone) {
    deferred_work = job;
    deferred_request = request;
    return;
  }
  work_.start(job, request);
}

void Playground::drop_panel_work() {
  if (deferred_work == WorkKind::kAnalysis || (work_.job == WorkKind::kAnalysis && !work_.session_job))
    analysis.cancelled();
  deferred_work = WorkKind::kNone;
  if (!work_.session_job) work_.cancel();
}

// Cancel: the call running ends, and the session's jobs with it.
void Playground::cancel_work() {
  drop_panel_work();
  if (work_.job == WorkKind::kAnalysis) analysis.cancelled();
  if (work_.session_job) session_.cancel_jobs();
  work_.cancel();
}

// Once a frame: the session's first waiting job goes to the worker (a
// panel's call running meanwhile waits, and starts again after it); with
// none waiting, the panel's call that waited starts.
void Playground::send_session_job() {
  const uint32_t id = session_.job_id();
  if (work_.session_job && work_.session_job == id) return;  // running
  if (work_.session_job) work_.cancel();  // a job the session no longer waits for
  if (id == 0) {
    if (deferred_work != WorkKind::kNone && !work_.busy()) {
      work_.start(deferred_work, deferred_request);
      deferred_work = WorkKind::kNone;
    }
    return;
  }
  if (work_.busy()) {  // a panel's call: again after the session's job
    deferred_work = work_.job;
    deferred_request = work_.request;
    work_.cancel();
  }
  work_.start(work_kind(session_.job()), WorkRequest::of(session_.job_request()));
  work_.session_job = id;
  request_frame();
}

void Playground::start_making(const LevelRecipe& recipe, bool from_panel) {
  making_recipe = recipe;
  making_from_panel = from_panel;
  from_address = false;  // a level asked for here: a new entry of the history
  session_.begin_making(recipe);
  send_session_job();
}

void Playground::start_next() {
  LevelRecipe recipe;
  if (session_.next_level_recipe(fresh_entropy(), &recipe) == NextLevel::kMake) start_making(recipe);
}

void Playground::start_solve(bool hint) {
  if (!session_.loaded()) return;
  if (hint) session_.hint();
  else session_.solve();
  send_session_job();
}

void Playground::work_progress(int id, uint32_t done, uint32_t total) {
  if (!work_.is_current(id)) return;
  work_.done = done;
  work_.total = total;
  request_frame();
}

void Playground::work_done(int id, const WorkResult& r) {
  if (!work_.is_current(id)) return;
  const WorkKind job = work_.job;
  const uint32_t session_job = work_.session_job;
  work_.finish();
  request_redraw();
  if (session_job) {
    if (session_.job_id() == session_job) session_job_done(session_job, r);
  } else if (job == WorkKind::kAnalysis) {
    analysis.done(r);
  } else if (job == WorkKind::kPack || job == WorkKind::kSearch) {
    if (r.ok) pack.made(*this, r.pack);
    else pack.error = r.error;
  }
  send_session_job();  // the next job, or the call that waited
}

// The session's job came back: the session takes it; the page keeps its
// notes and its address in step.
void Playground::session_job_done(uint32_t id, const WorkResult& r) {
  const SessionJob purpose = session_.job();
  if (purpose == SessionJob::kAnalysis) analysis.done(r);
  // Generate with the seed and settings of the level shown: the generator
  // makes it again (a link opened is not the panel's to explain).
  const bool again = purpose == SessionJob::kMake && r.ok && making_from_panel && session_.loaded() &&
                     session_.from_seed() && &session_.game() == making_recipe.game &&
                     strcmp(session_.seed(), making_recipe.seed.c_str()) == 0 &&
                     params_equal(*making_recipe.game, session_.params(), making_recipe.params);
  const bool was_loaded = session_.loaded();
  const GenerationStatus status =
      session_.take_job(id, job_result(session_.job_request(), r, was_loaded ? &session_.level() : nullptr));
  if (purpose == SessionJob::kSolve && session_.solving()) next_solve_step_ms = emscripten_get_now();
  if (purpose != SessionJob::kMake || status == GenerationStatus::kRunning) return;  // (a fallback made next)
  note_.clear();
  if (status == GenerationStatus::kDone) {
    loaded_from_panel = making_from_panel;
    if (again) note_ = "The same seed and settings make the same level: New seed makes another.";
  } else if (!was_loaded) {  // a first visit's link made no level: the default one, and why
    making_recipe = LevelRecipe();
    session_.open_default();
  }
  if (!waiting_note.empty()) note_.swap(waiting_note);  // the page's note, kept while the level was made
  waiting_note.clear();
  follow_session();  // a level that failed: the one shown stays, and its link goes back in the address
}
