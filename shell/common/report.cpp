#include "report.h"

#include "core/rating.h"
#include "core/registry.h"
#include "json.h"

using namespace tl;

namespace report {

std::string moves_text(const Level& level, const MoveList& moves) {
  Text t;
  level.format_moves(moves.data(), moves.size(), &t);
  return t.c_str();
}

std::string level_text(const Level& level) {
  Text t;
  level.canonical_text(&t);
  return t.c_str();
}

std::string params_json(const GameInfo& game, const ParamValues& values) {
  json::Object o;
  for (int i = 0; i < game.param_count; ++i) {
    Text t;
    param_format(game, values, i, &t);
    if (game.params[i].kind == ParamKind::kInt) o.add(game.params[i].key, (int)values.a[i]);
    else o.add(game.params[i].key, t.c_str());
  }
  return o.str();
}

std::string games_json() {
  std::vector<std::string> games;
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    ParamValues d;
    params_default(g, &d);
    std::vector<std::string> params;
    for (int k = 0; k < g.param_count; ++k) {
      const ParamSpec& p = g.params[k];
      json::Object o;
      o.add("key", p.key).add("label", p.label).add("help", p.help);
      o.add("kind", p.kind == ParamKind::kInt ? "int" : p.kind == ParamKind::kSize ? "size" : "choice");
      o.add("min", (int)p.min).add("max", (int)p.max);
      Text t;
      param_format(g, d, k, &t);
      o.add("default", t.c_str());
      if (p.kind == ParamKind::kChoice) {
        std::vector<std::string> c;
        for (int j = 0; j < p.choice_count; ++j) c.push_back(json::quote(p.choices[j]));
        o.raw("choices", json::array(c));
      }
      params.push_back(o.str());
    }
    json::Object o;
    o.add("id", g.id).add("name", g.name).add("summary", g.summary).add("moves", g.moves_help);
    o.add("generator_version", g.generator_version).raw("params", json::array(params));
    if (g.bench_level) o.add("bench_level", g.bench_level);
    games.push_back(o.str());
  }
  return json::array(games);
}

std::string solve_json(const Level& level, const SolveResult& r, const MoveList& path, double ms) {
  json::Object o;
  o.add("game", level.game().id).add("solvable", r.solvable).add("capped", r.capped);
  o.add("moves", r.solvable ? moves_text(level, path) : std::string());
  o.add("length", r.length).add("expanded", r.expanded).add("states", r.states).add("ms", ms);
  return o.str();
}

std::string analysis_json(const Level& level, const GameState& from, const Analysis& a, double ms) {
  std::vector<std::string> hist;
  for (uint32_t h : a.depth_histogram) hist.push_back(std::to_string(h));
  json::Object o;
  o.add("game", level.game().id).add("solvable", a.solvable).add("capped", a.capped).add("par", a.par);
  o.add("states", a.states).add("win_states", a.win_states).add("dead_ends", a.dead_ends);
  o.add("optimal_solutions", a.optimal_solutions).add("losing_moves", a.losing_moves).add("edges", a.edges);
  o.add("first_dead_end", moves_text(level, a.first_dead_end)).add("difficulty", level.difficulty(a));
  o.add("max_distance", a.max_distance).add("line_choices", a.line_choices);
  o.add("line_wrong_moves", a.line_wrong_moves).add("line_fatal_moves", a.line_fatal_moves);
  o.add("line_setback", a.line_setback);
  o.raw("depth_histogram", json::array(hist)).add("ms", ms);
  if (!a.graph.depth.empty()) {
    std::vector<std::string> states, edges;
    static const char* const kKinds[] = {"plain", "win", "dead_end"};
    for (size_t i = 0; i < a.graph.depth.size(); ++i)
      states.push_back(json::Object().add("depth", (int)a.graph.depth[i]).add("kind", kKinds[a.graph.kind[i]]).str());
    for (const StateGraph::Edge& e : a.graph.edges) {
      MoveList m(1, e.move);
      edges.push_back(json::array({std::to_string(e.from), std::to_string(e.to), json::quote(moves_text(level, m))}));
    }
    o.raw("graph", json::Object().raw("states", json::array(states)).raw("edges", json::array(edges)).str());
  }
  Figure figures[kMaxFigures];
  int n = a.capped ? 0 : level.analysis_figures(from, a, SearchLimits(), figures);
  for (int i = 0; i < n; ++i) {
    if (figures[i].is_bool) o.add(figures[i].key, figures[i].value != 0);
    else o.add(figures[i].key, figures[i].value);
  }
  return o.str();
}

}  // namespace report
