// playground_work.cpp — the playground's long work in the page's worker
// (work.h): the requests it sends (a level from a recipe, the next level, a
// shortest solution) and what it does with each answer when it comes.
#include <emscripten.h>
#include <stdlib.h>

#include "playground.h"

using namespace tl;

void Playground::start_work(WorkKind job, const WorkRequest& request, const std::vector<std::string>& fields) {
  cancel_work();
  work.start(job, request, fields);
}

void Playground::cancel_work() {
  if (work.job == WorkKind::kAnalysis) analysis.cancelled();
  work.cancel();
}

void Playground::start_making(const LevelRecipe& recipe) {
  making_recipe = recipe;
  start_work(WorkKind::kGenerate, WorkRequest::making("generate", *recipe.game, recipe.params, recipe.seed.c_str()),
             {"level", "par"});
}

void Playground::start_next() {
  LevelRecipe recipe;
  if (session.next_level_recipe(fresh_entropy(), &recipe) == NextLevel::kMake) start_making(recipe);
}

void Playground::start_solve(bool hint) {
  Text position;
  if (!session.loaded() || !session.position_text(&position)) {  // no position text: solved here
    if (hint) session.hint();
    else if (session.solve()) next_solve_step_ms = emscripten_get_now();
    return;
  }
  solving_loads = session.loads();
  solving_moves = session.moves();
  WorkRequest r;
  r.what = "solve";
  r.game = session.game().id;
  r.level = position.c_str();
  start_work(hint ? WorkKind::kHint : WorkKind::kSolve, r, {"solvable", "moves"});
}

void Playground::work_progress(int id, uint32_t done, uint32_t total) {
  if (!work.is_current(id)) return;
  work.done = done;
  work.total = total;
  request_redraw();
}

void Playground::work_done(int id, bool ok, const std::string& error, const std::string& values) {
  if (!work.is_current(id)) return;
  const WorkKind job = work.job;
  work.finish();
  request_redraw();
  if (job == WorkKind::kAnalysis) {
    analysis.done(ok, error, values);
  } else if (job == WorkKind::kPack) {
    if (ok) pack.import(*this, work_values(values, 1)[0]);
    else pack.error = error;
  } else if (job == WorkKind::kSolve || job == WorkKind::kHint) {
    if (session.loads() != solving_loads || session.moves() != solving_moves) return;  // the player moved on
    const std::vector<std::string> v = work_values(values, 2);
    MoveList path;
    Error e;
    const bool found = ok && v[0] == "true" && session.level().parse_moves(v[1].data(), v[1].size(), &path, &e);
    if (job == WorkKind::kHint) session.hint_from(found, path);
    else if (session.solve_from(found, path)) next_solve_step_ms = emscripten_get_now();
    if (!ok) host_note = error;
  } else if (job == WorkKind::kGenerate) {
    const std::vector<std::string> v = work_values(values, 2);
    Error e;
    std::unique_ptr<Level> level = ok ? making_recipe.game->parse(v[0].data(), v[0].size(), &e) : nullptr;
    if (!ok) snprintf(e.message, sizeof e.message, "%s", error.c_str());
    host_note.clear();
    if (level) {
      GeneratedInfo info;
      info.par = atoi(v[1].c_str());
      session.load_generated(making_recipe, std::move(level), info);
    } else {
      session.generation_failed(e);
    }
    follow_session();
  }
}
