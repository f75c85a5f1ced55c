// api.cpp — the Embind bindings of the playground's module (besides what
// its workers run jobs by: worker_api.cpp):
//  - the page's entry points (playground.h) that take the workers'
//    results, the pool's seeds among them;
//  - the API for pages that embed the engine (window.tilelab.api): every call
//    takes plain strings and answers the JSON the command line prints with
//    --json (core/report/report.h), "ok" in front. The playground itself
//    never calls it: its Session runs jobs.
//
// The web build has RTTI (Embind needs it); the core stays -fno-rtti.
#include <emscripten.h>
#include <emscripten/bind.h>

#include <string>

#include "core/midend/link.h"
#include "core/midend/registry.h"
#include "playground.h"
#include "core/report/json.h"
#include "core/midend/pack.h"
#include "core/report/report.h"
#include "widgets.h"
#include "worker_api.h"

using namespace tl;

namespace {

std::string error_json(const std::string& message) {
  return json::Object().add("ok", false).add("error", message).str();
}

// A command's answer as the page gets it: its JSON with "ok":true in front,
// or {"ok":false,"error":...}. The same answer the CLI prints (report.h).
std::string answer_json(const report::Answer& a) {
  if (a.exit == report::kBadInput || !a.error.empty()) return error_json(a.error);
  return "{\"ok\":true," + a.json.substr(1);
}

// "size=10x6&balls=6" onto the game's defaults.
bool read_params(const GameInfo& g, const std::string& query, ParamValues* p, std::string* error) {
  params_default(g, p);
  Error e;
  if (params_read(g, query.data(), query.size(), '&', p, &e)) return true;
  *error = e.message;
  return false;
}

// The game and parameters of a generate or seedLink call; null with the
// error answer in *error_out when either is bad.
const GameInfo* game_and_params(const std::string& game, const std::string& params, ParamValues* p,
                                std::string* error_out) {
  const GameInfo* g = find_game(game.c_str());
  std::string error;
  if (!g) *error_out = error_json("unknown game '" + game + "'");
  else if (!read_params(*g, params, p, &error)) *error_out = error_json(error);
  else return g;
  return nullptr;
}

// The level of a call that takes a level text ('' for game: detected).
std::unique_ptr<Level> load(const std::string& game, const std::string& text, std::string* error_out) {
  Error e;
  std::unique_ptr<Level> level = parse_level(game.c_str(), text.data(), text.size(), &e);
  if (!level) *error_out = error_json(e.message);
  return level;
}

SearchLimits limits_with_progress() {
  SearchLimits limits;
  limits.progress = post_work_progress;
  return limits;
}

std::string list_games() { return report::games().json; }

std::string generate(std::string game, std::string params, std::string seed) {
  ParamValues p;
  std::string error;
  const GameInfo* g = game_and_params(game, params, &p, &error);
  return g ? answer_json(report::generate(*g, p, seed)) : error;
}

std::string seed_link(std::string game, std::string params, std::string seed) {
  ParamValues p;
  std::string error;
  const GameInfo* g = game_and_params(game, params, &p, &error);
  return g ? answer_json(report::seed_link(*g, p, seed)) : error;
}

std::string parse(std::string game, std::string text) {
  std::string error;
  std::unique_ptr<Level> level = load(game, text, &error);
  return level ? answer_json(report::parse(*level)) : error;
}

std::string solve(std::string game, std::string text) {
  std::string error;
  std::unique_ptr<Level> level = load(game, text, &error);
  return level ? answer_json(report::solve(*level)) : error;
}

std::string solve_all(std::string game, std::string text) {
  std::string error;
  std::unique_ptr<Level> level = load(game, text, &error);
  return level ? answer_json(report::solve_all(*level)) : error;
}

// Small levels come with their state graph (up to report::kGraphStates).
std::string analyze(std::string game, std::string text) {
  std::string error;
  std::unique_ptr<Level> level = load(game, text, &error);
  return level ? answer_json(report::analyze(*level, true, limits_with_progress())) : error;
}

std::string replay(std::string game, std::string text, std::string moves) {
  std::string error;
  std::unique_ptr<Level> level = load(game, text, &error);
  return level ? answer_json(report::replay(*level, moves)) : error;
}

std::string level_link(std::string game, std::string text) {
  std::string error;
  std::unique_ptr<Level> level = load(game, text, &error);
  return level ? answer_json(report::level_link(*level)) : error;
}

std::string open(std::string link) { return answer_json(report::open(link)); }

// A level pack, byte for byte as `tilelab pack` makes it (its "text").
std::string pack(std::string game, std::string params, std::string seed, int count, int min_difficulty,
                 int max_difficulty) {
  ParamValues p;
  std::string error;
  const GameInfo* g = game_and_params(game, params, &p, &error);
  if (!g) return error;
  PackOptions o;
  o.progress = post_work_progress;
  o.count = count < 1 ? 1 : count > 1000 ? 1000 : count;
  if (max_difficulty >= min_difficulty && max_difficulty > 0) {
    o.min_difficulty = min_difficulty;
    o.max_difficulty = max_difficulty;
  }
  return answer_json(report::pack(*g, p, seed, o));
}

// A pack text read back: its game and levels (each level's text, link, seed,
// par and difficulty), or the error naming the line.
std::string read_pack(std::string text) { return answer_json(report::read_pack(text)); }

}  // namespace

EMSCRIPTEN_BINDINGS(tilelab) {
  emscripten::function("listGames", &list_games);
  emscripten::function("generate", &generate);
  emscripten::function("parse", &parse);
  emscripten::function("solve", &solve);
  emscripten::function("solveAll", &solve_all);
  emscripten::function("analyze", &analyze);
  emscripten::function("replay", &replay);
  emscripten::function("levelLink", &level_link);
  emscripten::function("seedLink", &seed_link);
  emscripten::function("open", &open);
  emscripten::function("pack", &pack);
  emscripten::function("readPack", &read_pack);
  // The running playground (for the page and its browser test).
  emscripten::function("playgroundState", &playground_state_json);
  emscripten::function("playgroundOpenLink", &playground_open_link);
  emscripten::function("playgroundNote", &playground_note);
  emscripten::function("playgroundOpenText", &playground_open_text);
  emscripten::function("playgroundCommand", &playground_command);
  emscripten::function("playgroundImportPack", &playground_import_pack);
  emscripten::function("playgroundPasteText", &playground_paste_text);
  emscripten::function("playgroundImportFile", &playground_import_file);
  emscripten::function("playgroundEditText", &playground_edit_text);
  emscripten::function("playgroundWidgets", &widgets::widgets_json);
  emscripten::function("playgroundDuplicateIds", &widgets::duplicate_ids_json);
  emscripten::function("playgroundCut", &widgets::cut_json);
  // The page's worker answering (app.js: tilelab.work).
  emscripten::function("playgroundWorkProgress", &playground_work_progress);
  emscripten::function("playgroundWorkDone", &playground_work_done);
  emscripten::function("playgroundSeedRequest", &playground_seed_request);
  emscripten::function("playgroundSeedMade", &playground_seed_made);
}
