// playground_work.cpp — the Session's jobs run in the page's workers
// (work.h): the first job that waits is sent as the session starts it (a
// pack's or a search's seeds to the pool of workers), and its result handed
// back to the session when it comes; the panels then show what it took.
#include <emscripten.h>
#include <string.h>

#include "core/midend/job_text.h"
#include "playground.h"

using namespace tl;

namespace {

// What the waiting job `id` is for (kNone: no such job).
SessionJob purpose_of(const Session& s, uint32_t id) {
  for (size_t i = 0; i < s.jobs_waiting(); ++i)
    if (s.job_id(i) == id) return s.job_purpose(i);
  return SessionJob::kNone;
}

}  // namespace

// After each command and each answer: the session's first waiting job runs
// in the worker (a call still running for a job no longer first ends: a
// pack's pool goes on from the seeds it has when it is first again).
void Playground::send_session_job() {
  const uint32_t id = session_.job_id();
  if (work_.busy() && work_.session_job == id) return;  // running
  if (work_.busy()) {
    if (work_.job == WorkKind::kAnalysis && !session_.find_job(work_.session_job)) analysis.cancelled();
    work_.cancel();
  }
  if (id == 0) return;
  const Job& job = session_.job_at(0);
  const WorkKind kind = work_kind(session_.job());
  if (job.seeds() > 0) work_.start_pool(kind, id, job.seeds());
  else work_.start(kind, id, session_.job_request());
  if (outlasts_level(session_.job())) job.seed_progress(&work_.done, &work_.total);
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

// Cancel: the call running ends, and the session's jobs with it.
void Playground::cancel_work() {
  if (work_.job == WorkKind::kAnalysis || session_.job() == SessionJob::kAnalysis) analysis.cancelled();
  session_.cancel_jobs();
  work_.cancel();
}

void Playground::work_progress(int id, uint32_t done, uint32_t total) {
  if (!work_.is_current(id) || work_.pooled) return;
  work_.done = done;
  work_.total = total;
  request_frame();
}

void Playground::work_done(int id, const std::string& answer) {
  if (!work_.is_current(id) || work_.pooled) return;
  const uint32_t job = work_.session_job;
  work_.finish();
  request_redraw();
  if (const Job* waiting = session_.find_job(job)) session_job_done(job, read_work_result(waiting->request(), answer));
  send_session_job();  // the next job
}

// --- a pack's and a search's seeds, made by the pool (app.js) ---------------
std::string Playground::seed_request(int id, int i) const {
  const Job* job = work_.is_current(id) && work_.pooled ? session_.find_job(work_.session_job) : nullptr;
  if (!job || i < 1 || i > job->seeds() || job->seed_taken(i)) return std::string();
  Text text;
  write_job_request(job->seed_request(i), &text);
  return std::string(text.c_str(), text.size());
}

bool Playground::seed_made(int id, int i, const std::string& answer) {
  const Job* job = work_.is_current(id) && work_.pooled ? session_.find_job(work_.session_job) : nullptr;
  if (!job) return true;  // a call no longer running: its pool stops
  const uint32_t session_job = work_.session_job;
  const SessionJob purpose = purpose_of(session_, session_job);
  Error e;
  const GenerationStatus status =
      session_.take_job_seed(session_job, i, read_work_result(job->seed_request(i), answer), &e);
  if (status == GenerationStatus::kRunning) {
    session_.find_job(session_job)->seed_progress(&work_.done, &work_.total);
    // The bar moves ten times a second, not a frame a seed: a quick pack's
    // seeds come many a frame, and each frame drawn is the main thread's and
    // the GPU's time taken from the workers on a machine of few cores.
    tick_in(emscripten_get_now(), 100);
    return false;
  }
  work_.finish();
  request_redraw();
  job_taken(purpose, status, e);
  send_session_job();
  return true;
}

// The session's job came back: the session takes it; the page keeps its
// notes and its address in step.
void Playground::session_job_done(uint32_t id, JobResult r) {
  const SessionJob purpose = purpose_of(session_, id);
  // Generate with the seed and settings of the level shown: the generator
  // makes it again (a link opened is not the panel's to explain).
  const bool again = purpose == SessionJob::kMake && !r.error.set() && making_from_panel && session_.loaded() &&
                     session_.from_seed() && &session_.game() == making_recipe.game &&
                     strcmp(session_.seed(), making_recipe.seed.c_str()) == 0 &&
                     params_equal(*making_recipe.game, session_.params(), making_recipe.params);
  const bool was_loaded = session_.loaded();
  Error e;
  const GenerationStatus status = session_.take_job(id, std::move(r), &e);
  if (purpose != SessionJob::kMake) {
    job_taken(purpose, status, e);
    return;
  }
  if (status == GenerationStatus::kRunning) return;  // (a fallback made next)
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

// What the panels show of a job the session took (a level made: its follow).
void Playground::job_taken(SessionJob purpose, GenerationStatus status, const Error& e) {
  switch (purpose) {
    case SessionJob::kAnalysis:
      if (session_.analysis()) analysis.done(*session_.analysis());
      else if (status == GenerationStatus::kFailed) analysis.failed(e.message);
      break;
    case SessionJob::kSolve:
      if (session_.solving()) next_solve_step_ms = emscripten_get_now();
      break;
    case SessionJob::kPack:
    case SessionJob::kSearch:
      if (status == GenerationStatus::kDone) pack.made(*this, session_.pack_text().c_str());
      else pack.error = session_.pack_error().message;
      break;
    default:
      break;
  }
}
