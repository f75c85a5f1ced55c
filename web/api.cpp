// api.cpp — the Embind API on the playground's module, for pages that embed
// the engine. Every call takes and returns plain strings; answers are JSON
// objects with "ok" and, when false, "error". Page wrapper: shell/web/app.js
// (window.tilelab.api), which parses the JSON.
//
// This is the one translation unit built with RTTI (Embind needs it); the core
// stays -fno-rtti.
#include <emscripten/bind.h>

#include <chrono>
#include <string>

#include "core/link.h"
#include "core/registry.h"
#include "playground.h"
#include "shell/common/json.h"
#include "shell/common/report.h"

using namespace tl;

namespace {

std::string error_json(const std::string& message) {
  return json::Object().add("ok", false).add("error", message).str();
}

// Inserts "ok":true at the front of a JSON object.
std::string ok_json(const std::string& object) { return "{\"ok\":true," + object.substr(1); }

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// "size=10x6&balls=6" onto the game's defaults.
bool read_params(const GameInfo& g, const std::string& query, ParamValues* p, std::string* error) {
  params_default(g, p);
  size_t start = 0;
  while (start < query.size()) {
    size_t end = query.find('&', start);
    if (end == std::string::npos) end = query.size();
    Error e;
    if (end > start && !param_assign(g, p, query.data() + start, end - start, &e)) {
      *error = e.message;
      return false;
    }
    start = end + 1;
  }
  return true;
}

std::string list_games() { return report::games_json(); }

std::string generate(std::string game, std::string params, std::string seed) {
  const GameInfo* g = find_game(game.c_str());
  if (!g) return error_json("unknown game '" + game + "'");
  ParamValues p;
  std::string error;
  if (!read_params(*g, params, &p, &error)) return error_json(error);
  GeneratedInfo info;
  Error e;
  std::unique_ptr<Level> level = g->generate(p, seed.c_str(), &info, &e);
  if (!level) return error_json(e.message);
  Text link;
  link_for_seed(*g, p, seed.c_str(), &link);
  json::Object o;
  o.add("ok", true).add("game", g->id).add("seed", seed).raw("params", report::params_json(*g, p));
  o.add("level", report::level_text(*level)).add("par", info.par);
  o.add("solution", report::moves_text(*level, info.solution)).add("link", link.c_str());
  return o.str();
}

std::unique_ptr<Level> load(const std::string& game, const std::string& text, std::string* error_out) {
  Error e;
  std::unique_ptr<Level> level = parse_level(game.c_str(), text.data(), text.size(), &e);
  if (!level) *error_out = error_json(e.message);
  return level;
}

std::string parse(std::string game, std::string text) {
  std::string error;
  std::unique_ptr<Level> level = load(game, text, &error);
  if (!level) return error;
  return json::Object().add("ok", true).add("game", level->game().id).add("level", report::level_text(*level)).str();
}

std::string solve(std::string game, std::string text) {
  std::string error;
  std::unique_ptr<Level> level = load(game, text, &error);
  if (!level) return error;
  GameState s;
  level->initial_state(&s);
  MoveList path;
  auto t0 = std::chrono::steady_clock::now();
  SolveResult r = level->solve(s, SearchLimits(), &path);
  return ok_json(report::solve_json(*level, r, path, ms_since(t0)));
}

std::string analyze(std::string game, std::string text) {
  std::string error;
  std::unique_ptr<Level> level = load(game, text, &error);
  if (!level) return error;
  GameState s;
  level->initial_state(&s);
  auto t0 = std::chrono::steady_clock::now();
  SearchLimits limits;
  limits.graph_states = 500;  // small levels come with their state graph
  Analysis a = level->analyze(s, limits);
  return ok_json(report::analysis_json(*level, s, a, ms_since(t0)));
}

std::string level_link(std::string game, std::string text) {
  std::string error;
  std::unique_ptr<Level> level = load(game, text, &error);
  if (!level) return error;
  Text link;
  link_for_level(*level, &link);
  return json::Object().add("ok", true).add("link", link.c_str()).str();
}

std::string seed_link(std::string game, std::string params, std::string seed) {
  const GameInfo* g = find_game(game.c_str());
  if (!g) return error_json("unknown game '" + game + "'");
  ParamValues p;
  std::string error;
  if (!read_params(*g, params, &p, &error)) return error_json(error);
  Text link;
  link_for_seed(*g, p, seed.c_str(), &link);
  return json::Object().add("ok", true).add("link", link.c_str()).str();
}

std::string open(std::string link) {
  LinkTarget t;
  Error e;
  if (!parse_link(link.data(), link.size(), &t, &e)) return error_json(e.message);
  GeneratedInfo info;
  std::unique_ptr<Level> level = open_link(t, &info, &e);
  if (!level) return error_json(e.message);
  json::Object o;
  o.add("ok", true).add("game", t.game->id).add("level", report::level_text(*level));
  if (!t.is_level) o.add("seed", t.seed.c_str()).raw("params", report::params_json(*t.game, t.params)).add("par", info.par);
  return o.str();
}

}  // namespace

EMSCRIPTEN_BINDINGS(tilelab) {
  emscripten::function("listGames", &list_games);
  emscripten::function("generate", &generate);
  emscripten::function("parse", &parse);
  emscripten::function("solve", &solve);
  emscripten::function("analyze", &analyze);
  emscripten::function("levelLink", &level_link);
  emscripten::function("seedLink", &seed_link);
  emscripten::function("open", &open);
  // The running playground (for the page and its browser test).
  emscripten::function("playgroundState", &playground_state_json);
  emscripten::function("playgroundOpenLink", &playground_open_link);
  emscripten::function("playgroundOpenText", &playground_open_text);
  emscripten::function("playgroundCommand", &playground_command);
}
