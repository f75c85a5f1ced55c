// api.cpp — the Embind bindings of the playground's module:
//  - the page's worker: runWork(WorkRequest) -> WorkResult, a job's request
//    and result as value objects (web/work.h), and the page's entry points
//    (playground.h) that take the result; the pool's judges (PackJudge,
//    SearchJudge) and failedWork(why), a worker's failure as a result;
//  - the API for pages that embed the engine (window.tilelab.api): every call
//    takes plain strings and answers the JSON the command line prints with
//    --json (core/report/report.h), "ok" in front. The playground itself
//    never calls it: it makes, solves and analyses levels through jobs.
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

// Progress of the call running in the page's worker (worker.js sets
// Module.onWorkProgress): a search's states so far, a pack's levels kept.
void post_progress(void*, uint32_t done, uint32_t total) {
  EM_ASM({ if (Module.onWorkProgress) Module.onWorkProgress($0 >>> 0, $1 >>> 0); }, done, total);
}

SearchLimits limits_with_progress() {
  SearchLimits limits;
  limits.progress = post_progress;
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
  o.progress = post_progress;
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

// A state graph as plain arrays: {depth: [...], kind: [...], edges: [from, to, move, ...]}.
emscripten::val graph_to_js(const WorkResult& r) {
  const StateGraph& g = r.graph;
  emscripten::val depth = emscripten::val::array(), kind = emscripten::val::array(), edges = emscripten::val::array();
  for (uint32_t d : g.depth) depth.call<void>("push", d);
  for (uint8_t k : g.kind) kind.call<void>("push", (int)k);
  for (const StateGraph::Edge& e : g.edges) {
    edges.call<void>("push", e.from);
    edges.call<void>("push", e.to);
    edges.call<void>("push", (int)e.move);
  }
  emscripten::val out = emscripten::val::object();
  out.set("depth", depth);
  out.set("kind", kind);
  out.set("edges", edges);
  return out;
}

void graph_from_js(WorkResult& r, emscripten::val v) {
  StateGraph& g = r.graph;
  g = StateGraph();
  if (v.isUndefined() || v.isNull()) return;
  const std::vector<uint32_t> depth = emscripten::vecFromJSArray<uint32_t>(v["depth"]);
  const std::vector<uint32_t> kind = emscripten::vecFromJSArray<uint32_t>(v["kind"]);
  const std::vector<uint32_t> edges = emscripten::vecFromJSArray<uint32_t>(v["edges"]);
  if (kind.size() != depth.size()) return;
  g.depth = depth;
  for (uint32_t k : kind) g.kind.push_back((uint8_t)k);
  for (size_t i = 0; i + 2 < edges.size(); i += 3)
    if (edges[i] < depth.size() && edges[i + 1] < depth.size())
      g.edges.push_back(StateGraph::Edge{edges[i], edges[i + 1], (uint8_t)edges[i + 2]});
}

// The analysis' rows as two arrays of strings: {labels: [...], values: [...]}.
emscripten::val figures_to_js(const WorkResult& r) {
  emscripten::val labels = emscripten::val::array(), values = emscripten::val::array();
  for (const std::string& l : r.figure_labels) labels.call<void>("push", l);
  for (const std::string& v : r.figure_values) values.call<void>("push", v);
  emscripten::val out = emscripten::val::object();
  out.set("labels", labels);
  out.set("values", values);
  return out;
}

void figures_from_js(WorkResult& r, emscripten::val v) {
  r.figure_labels.clear();
  r.figure_values.clear();
  if (v.isUndefined() || v.isNull()) return;
  r.figure_labels = emscripten::vecFromJSArray<std::string>(v["labels"]);
  r.figure_values = emscripten::vecFromJSArray<std::string>(v["values"]);
  if (r.figure_values.size() != r.figure_labels.size()) r.figure_labels.clear(), r.figure_values.clear();
}

// A judge of the pool's seeds (work.h: PackJudge, SearchJudge): the calls app.js makes.
template <class Judge>
void bind_judge(const char* name) {
  emscripten::class_<Judge>(name)
      .template constructor<const WorkRequest&>()
      .function("seedRequest", &Judge::seed_request)
      .function("mostSeeds", &Judge::most_seeds)
      .function("take", &Judge::take)
      .function("finished", &Judge::finished)
      .function("result", &Judge::result)
      .function("progressDone", &Judge::progress_done)
      .function("progressTotal", &Judge::progress_total);
}

}  // namespace

EMSCRIPTEN_BINDINGS(tilelab) {
  // The page's worker: a job's request and result as plain values (web/work.h).
  emscripten::value_object<WorkRequest>("WorkRequest")
      .field("kind", &WorkRequest::kind)
      .field("game", &WorkRequest::game)
      .field("params", &WorkRequest::params)
      .field("seed", &WorkRequest::seed)
      .field("text", &WorkRequest::text)
      .field("moves", &WorkRequest::moves)
      .field("count", &WorkRequest::count)
      .field("min_difficulty", &WorkRequest::min_difficulty)
      .field("max_difficulty", &WorkRequest::max_difficulty)
      .field("seed_number", &WorkRequest::seed_number)
      .field("search_from", &WorkRequest::search_from)
      .field("search_to", &WorkRequest::search_to)
      .field("search_by", &WorkRequest::search_by);
  emscripten::value_object<WorkResult>("WorkResult")
      .field("ok", &WorkResult::ok)
      .field("error", &WorkResult::error)
      .field("game", &WorkResult::game)
      .field("level", &WorkResult::level)
      .field("seed", &WorkResult::seed)
      .field("params", &WorkResult::params)
      .field("link", &WorkResult::link)
      .field("par", &WorkResult::par)
      .field("difficulty", &WorkResult::difficulty)
      .field("dead_ends", &WorkResult::dead_ends)
      .field("solvable", &WorkResult::solvable)
      .field("solution", &WorkResult::solution)
      .field("pack", &WorkResult::pack)
      .field("analysis", &WorkResult::analysis)
      .field("first_dead_end", &WorkResult::first_dead_end)
      .field("first_wrong_move", &WorkResult::first_wrong_move)
      .field("states", &WorkResult::states)
      .field("capped", &WorkResult::capped)
      .field("state_graph", &WorkResult::state_graph)
      .field("figures", &figures_to_js, &figures_from_js)
      .field("graph", &graph_to_js, &graph_from_js);
  emscripten::function("runWork", &run_work);
  emscripten::function("failedWork", &failed_work);
  bind_judge<PackJudge>("PackJudge");
  bind_judge<SearchJudge>("SearchJudge");
  emscripten::constant("kJobMake", (int)JobKind::kMake);
  emscripten::constant("kJobMakePack", (int)JobKind::kMakePack);
  emscripten::constant("kJobSolve", (int)JobKind::kSolve);
  emscripten::constant("kJobMakePackSeed", (int)JobKind::kMakePackSeed);
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
}
