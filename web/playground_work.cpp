// playground_work.cpp — the playground's long work in the page's worker
// (work_.h): the jobs it sends (a level from a recipe or a link, the next
// level, a shortest solution) and what it does with each result when it comes.
#include <emscripten.h>
#include <string.h>

#include "playground.h"

using namespace tl;

void Playground::do_start_work(WorkKind job, const WorkRequest& request) {
  cancel_work();
  work_.start(job, request);
}

void Playground::cancel_work() {
  if (work_.job == WorkKind::kAnalysis) analysis.cancelled();
  work_.cancel();
}

void Playground::start_making(const LevelRecipe& recipe, bool from_panel) {
  making_recipe = recipe;
  making_from_panel = from_panel;
  from_address = false;  // a level asked for here: a new entry of the history
  start_work(WorkKind::kGenerate, WorkRequest::making(JobKind::kMake, *recipe.game, recipe.params, recipe.seed.c_str()));
}

void Playground::start_next() {
  LevelRecipe recipe;
  if (session_.next_level_recipe(fresh_entropy(), &recipe) == NextLevel::kMake) start_making(recipe);
}

void Playground::start_solve(bool hint) {
  if (!session_.loaded()) return;
  if (session_.status() != PlayStatus::kPlaying) {  // nothing to search (the note says so): no call
    if (hint) session_.hint();
    else session_.solve();
    return;
  }
  solving_loads = session_.loads();
  solving_moves = session_.moves();
  start_work(hint ? WorkKind::kHint : WorkKind::kSolve, WorkRequest::on_position(session_.solve_request()));
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
  work_.finish();
  request_redraw();
  if (job == WorkKind::kAnalysis) {
    analysis.done(r);
  } else if (job == WorkKind::kPack || job == WorkKind::kSearch) {
    if (r.ok) pack.made(*this, r.pack);
    else pack.error = r.error;
  } else if (job == WorkKind::kSolve || job == WorkKind::kHint) {
    if (session_.loads() != solving_loads || session_.moves() != solving_moves) return;  // the player moved on
    MoveList path;
    Error e;
    const bool found = r.ok && r.solvable && session_.level().parse_moves(r.solution.data(), r.solution.size(), &path, &e);
    if (job == WorkKind::kHint) session_.hint_from(found, path);
    else if (session_.solve_from(found, path)) next_solve_step_ms = emscripten_get_now();
    if (!r.ok) note_ = r.error;
  } else if (job == WorkKind::kGenerate) {
    Error e;
    std::unique_ptr<Level> level = r.ok ? making_recipe.game->parse(r.level.data(), r.level.size(), &e) : nullptr;
    if (!r.ok) snprintf(e.message, sizeof e.message, "%s", r.error.c_str());
    note_.clear();
    if (level) {
      // Generate with the seed and settings of the level shown: the
      // generator makes it again (a link opened is not the panel's to explain).
      const bool again = making_from_panel && session_.loaded() && session_.from_seed() &&
                         &session_.game() == making_recipe.game &&
                         strcmp(session_.seed(), making_recipe.seed.c_str()) == 0 &&
                         params_equal(*making_recipe.game, session_.params(), making_recipe.params);
      GeneratedInfo info;
      info.par = r.par;
      loaded_from_panel = making_from_panel;
      session_.load_generated(making_recipe, std::move(level), info);
      if (again) note_ = "The same seed and settings make the same level: New seed makes another.";
    } else {
      if (!session_.loaded()) session_.open_default();  // a first visit's link made no level: the default one
      session_.generation_failed(making_recipe, e);  // the level shown stays, and its link goes back in the address
    }
    if (!waiting_note.empty()) note_.swap(waiting_note);  // the page's note, kept while the level was made
    waiting_note.clear();
    follow_session();
  }
}
