// report.cpp — every command's answer, as text and as JSON, made in one place
// from a job's result (see report.h).
//
// [SECTION] Helpers
// [SECTION] Pieces
// [SECTION] Commands
// [SECTION] Packs and links
#include "report.h"

#include <stdio.h>
#include <string.h>

#include <chrono>

#include "core/midend/analysis_text.h"
#include "core/midend/generation.h"
#include "core/midend/job.h"
#include "core/midend/link.h"
#include "core/search/rating.h"
#include "core/midend/registry.h"
#include "core/midend/session.h"  // replay_moves

using namespace tl;

namespace report {

// ---------------------------------------------------------------------------
// [SECTION] Helpers
// ---------------------------------------------------------------------------
namespace {

class Stopwatch {
 public:
  double ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0_).count();
  }

 private:
  std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
};

Answer refused(const std::string& message) {
  Answer a;
  a.exit = kBadInput;
  a.error = message;
  return a;
}

std::string param_kind(ParamKind kind) {
  return kind == ParamKind::kInt ? "int" : kind == ParamKind::kSize ? "size" : "choice";
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Pieces
// ---------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------
// [SECTION] Commands
// ---------------------------------------------------------------------------
Answer games() {
  Answer answer;
  std::vector<std::string> games;
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    ParamValues d;
    params_default(g, &d);
    char line[512];
    snprintf(line, sizeof line, "%-10s %s: %s\n", g.id, g.name, g.summary);
    answer.text += line;
    std::vector<std::string> params;
    for (int k = 0; k < g.param_count; ++k) {
      const ParamSpec& p = g.params[k];
      Text t;
      param_format(g, d, k, &t);
      const std::string range =
          p.kind == ParamKind::kSize
              ? std::to_string(param_min(p)) + "x" + std::to_string(param_min(p, 1)) + ".." +
                    std::to_string(param_max(p)) + "x" + std::to_string(param_max(p, 1))
              : std::to_string(p.min) + ".." + std::to_string(p.max);
      answer.text += std::string("    --set ") + p.key + "=" + t.c_str() + "  (" + range + ") " + p.help + "\n";
      json::Object o;
      o.add("key", p.key).add("label", p.label).add("help", p.help).add("kind", param_kind(p.kind));
      o.add("min", (int)p.min).add("max", (int)p.max).add("default", t.c_str());
      if (p.kind == ParamKind::kSize) o.add("min_height", param_min(p, 1)).add("max_height", param_max(p, 1));
      if (p.kind == ParamKind::kChoice) {
        std::vector<std::string> c;
        for (int j = 0; j < p.choice_count; ++j) c.push_back(json::quote(p.choices[j]));
        o.raw("choices", json::array(c));
      }
      params.push_back(o.str());
    }
    json::Object o;
    o.add("id", g.id).add("name", g.name).add("summary", g.summary).add("moves", g.moves_help);
    o.add("controls", g.controls);
    o.add("generator_version", g.generator_version).raw("params", json::array(params));
    if (g.bench_level) o.add("bench_level", g.bench_level);
    games.push_back(o.str());
  }
  answer.json = json::array(games);
  return answer;
}

// A job that failed: its error, and exit 2 when the request was at fault.
Answer failed_job(const Job& job) {
  Answer a;
  a.exit = job.result().bad_input ? kBadInput : kNo;
  a.error = job.result().error.message;
  return a;
}

Answer generate(const GameInfo& game, const ParamValues& params, const std::string& seed) {
  Job job(JobRequest::make(game, params, seed.c_str()));
  if (job.run() != GenerationStatus::kDone) return failed_job(job);
  return generated(game, params, seed, *job.level(), job.result().generated);
}

Answer generated(const GameInfo& game, const ParamValues& params, const std::string& seed, const Level& level,
                 const GeneratedInfo& info) {
  Answer a;
  Text link;
  link_for_seed(game, params, seed.c_str(), &link);
  a.text = level_text(level);
  json::Object o;
  o.add("game", game.id).add("seed", seed).raw("params", params_json(game, params));
  o.add("level", a.text).add("par", info.par).add("solution", moves_text(level, info.solution));
  o.add("attempts", info.attempts).add("link", link.c_str());
  a.json = o.str();
  return a;
}

Answer parse(const Level& level) {
  Answer a;
  a.text = level_text(level);
  a.json = json::Object().add("game", level.game().id).add("level", a.text).str();
  return a;
}

Answer solve(const Level& level, uint64_t count, const std::string& rules, SearchTeam* team) {
  Stopwatch clock;
  // The count first: when it proves the one solution solve() would find
  // (Flow's under no-touch), that is the answer, and no second search
  // looks for it again.
  Level::SolutionCount counted;
  if (count > 0) {
    JobRequest request = JobRequest::on_level(JobKind::kCount, level);
    request.count_to = count;
    request.rules.append(rules.c_str());
    Job counting(request);
    counting.team(team);
    if (counting.run() != GenerationStatus::kDone) return refused(counting.result().error.message);
    counted = counting.result().count;
  }
  Job solving(JobRequest::on_level(JobKind::kSolve, level));
  SolveResult counted_solve;
  if (counted.solution_is_solve) {
    counted_solve.solvable = true;
    counted_solve.length = 0;
    for (Move m : counted.solution) counted_solve.length += level.starts_stroke(m) ? 1 : 0;
    counted_solve.expanded = counted.positions;
    counted_solve.peak_bytes = counted.peak_bytes;
  } else {
    solving.run();
  }
  const SolveResult& r = counted.solution_is_solve ? counted_solve : solving.result().solve;
  // (The job's own reading of the level: a Flow design keeps the filling its solve found.)
  const Level& solved = solving.level() ? *solving.level() : level;
  GameState s;
  solved.initial_state(&s);
  const MoveList& path = counted.solution_is_solve ? counted.solution : solving.result().solution;
  const uint64_t solutions = counted.count;
  const bool count_capped = counted.capped;
  double ms = clock.ms();
  Answer a;
  a.exit = r.solvable ? kOk : kNo;
  std::string moves = r.solvable ? moves_text(solved, path) : std::string();
  Text grid;
  std::vector<std::vector<int32_t>> lines;
  const bool board = r.solvable && solved.solution_board(path, &grid, &lines);
  a.text = board ? grid.c_str()
           : r.solvable ? moves + "\n"
           : r.capped ? "capped: the search hit its state cap before an answer\n"
                      : "unsolvable\n";
  json::Object o;
  o.add("game", solved.game().id).add("solvable", r.solvable).add("capped", r.capped).add("moves", moves);
  o.add("length", r.length).add("expanded", r.expanded).add("states", r.states).add("ms", ms);
  if (board) {
    // The grid's rows, and each line's cells as [column, row] from 0.
    // (The paths written straight into one string: a string a cell took 6%
    // of the CPU of counting a file of quick puzzles, inputs9.)
    std::vector<std::string> rows;
    const char* at = grid.c_str();
    for (const char* end; (end = strchr(at, '\n')) != nullptr; at = end + 1) rows.push_back(json::quote(std::string(at, end)));
    BoardView v;
    solved.view(s, &v);
    std::string paths = "[";
    for (const std::vector<int32_t>& line : lines) {
      if (paths.size() > 1) paths += ',';
      paths += '[';
      for (size_t i = 0; i < line.size(); ++i) {
        paths += i ? ",[" : "[";
        paths += std::to_string(line[i] % v.width);
        paths += ',';
        paths += std::to_string(line[i] / v.width);
        paths += ']';
      }
      paths += ']';
    }
    paths += ']';
    o.raw("solution", json::array(rows)).raw("paths", paths);
  }
  if (count > 0) {
    const std::string named = counted.rules;
    o.add("rules", named).add("count", solutions).add("unique", solutions == 1).add("count_capped", count_capped);
    a.text += "solutions under " + named + ": " + std::to_string(solutions) +
              (count_capped ? " (capped)" : solutions >= count ? " or more" : "") + "\n";
  }
  a.json = o.str();
  return a;
}

Answer solve_all(const Level& level) {
  Stopwatch clock;
  std::unique_ptr<Job> job = run_job(JobRequest::on_level(JobKind::kSolveAll, level));
  const JobResult& r = job->result();
  if (job->status() != GenerationStatus::kDone) return refused(r.error.message);
  const int n = r.solutions_found;
  double ms = clock.ms();
  if (n < 0)
    return refused(std::string("--all: ") + level.game().name +
                   " moves can come back to a state, so its solutions never end; --all is for Golf Peaks");
  Answer a;
  a.exit = n > 0 ? kOk : kNo;
  std::vector<std::string> quoted;
  for (const MoveList& m : r.solutions) {
    std::string line = moves_text(level, m);
    a.text += line + "\n";
    quoted.push_back(json::quote(line));
  }
  if ((size_t)n >= kMaxSolutions) a.text += "(the first " + std::to_string(n) + "; there may be more)\n";
  if (n == 0) a.text += "unsolvable\n";
  json::Object o;
  o.add("game", level.game().id).add("count", n).add("complete", (size_t)n < kMaxSolutions);
  o.raw("solutions", json::array(quoted)).add("ms", ms);
  a.json = o.str();
  return a;
}

std::string analysis_text(const Level& level, const JobResult& r) {
  Text t;
  tl::analysis_text(level, r, &t);
  return t.c_str();
}

namespace {

// The reasons a difficulty sums: "difficulty_parts", each reason's points
// (they sum to "difficulty"), and "difficulty_reasons", each with what was
// measured and the words the page shows.
void difficulty_parts(const Level& level, const Difficulty& d, json::Object* o) {
  json::Object parts;
  std::vector<std::string> reasons;
  for (int i = 0; i < d.count; ++i) {
    const DifficultyPart& p = d.parts[i];
    parts.add(reason_key(p.reason), p.points);
    Text words;
    describe_part(p, level.rules_taught(), &words);
    reasons.push_back(json::Object()
                          .add("reason", reason_key(p.reason))
                          .add("points", p.points)
                          .add("measure", p.measure)
                          .add("words", words.c_str())
                          .str());
  }
  o->raw("difficulty_parts", parts.str()).raw("difficulty_reasons", json::array(reasons));
}

}  // namespace

Answer rate(const Level& level, const std::string& name, int* difficulty) {
  std::unique_ptr<Job> job = run_job(JobRequest::on_level(JobKind::kAnalyze, level));
  const Analysis& r = job->result().analysis;
  const Difficulty d = job->result().difficulty;
  *difficulty = d.total;
  Answer a;
  a.exit = d.total < 0 ? kNo : kOk;
  json::Object o;
  o.add("file", name).add("game", level.game().id).add("difficulty", d.total);
  difficulty_parts(level, d, &o);
  a.json = o.str();
  a.text = name + ": ";
  if (d.total < 0) {
    a.text += r.capped ? "no difficulty (the analysis stopped at its cap)" : "no difficulty (no solution)";
  } else {
    a.text += "difficulty " + std::to_string(d.total);
    const char* between = " (";
    for (int i = 0; i < d.count; ++i) {
      if (d.parts[i].points == 0) continue;
      a.text += std::string(between) + reason_name(d.parts[i].reason) + " " + std::to_string(d.parts[i].points);
      between = ", ";
    }
    if (between[0] == ',') a.text += ")";
  }
  a.text += "\n";
  return a;
}

Answer analyze(const Level& given, bool graph, const SearchLimits& base) {
  JobRequest request = JobRequest::on_level(JobKind::kAnalyze, given);
  request.limits = base;
  if (graph) request.limits.graph_states = kGraphStates;
  Stopwatch clock;
  Job job(request);
  job.run();
  const JobResult& result = job.result();
  // The job's own reading of the level (what its figures were found on: a
  // Flow design keeps its filling), and its start.
  const Level& level = job.level() ? *job.level() : given;
  const Analysis& r = result.analysis;
  const SolveResult& solved = result.solve;
  double ms = clock.ms();
  Answer a;
  a.exit = r.capped || !r.solvable ? kNo : kOk;
  a.text = analysis_text(level, result);
  std::vector<std::string> hist;
  for (uint32_t h : r.depth_histogram) hist.push_back(std::to_string(h));
  json::Object o;
  // Capped: solvable and par from a plain solve within the cap (solve_capped: it stopped too).
  o.add("game", level.game().id).add("solvable", r.capped ? solved.solvable : r.solvable).add("capped", r.capped);
  o.add("par", r.capped ? solved.length : r.par);
  if (r.capped) o.add("solve_capped", solved.capped);
  o.add("states", r.states).add("win_states", r.win_states).add("dead_ends", r.dead_ends);
  o.add("optimal_solutions", r.optimal_solutions).add("losing_moves", r.losing_moves).add("edges", r.edges);
  o.add("first_dead_end", moves_text(level, r.first_dead_end)).add("first_wrong_move", moves_text(level, r.first_wrong_move));
  o.add("difficulty", result.difficulty.total);
  difficulty_parts(level, result.difficulty, &o);
  o.add("max_distance", r.max_distance).add("line_choices", r.line_choices);
  o.add("line_wrong_moves", r.line_wrong_moves).add("line_fatal_moves", r.line_fatal_moves);
  o.add("line_setback", r.line_setback);
  o.raw("depth_histogram", json::array(hist)).add("ms", ms);
  if (!r.graph.depth.empty()) {
    std::vector<std::string> states, edges;
    static const char* const kKinds[] = {"plain", "win", "dead_end"};
    for (size_t i = 0; i < r.graph.depth.size(); ++i)
      states.push_back(json::Object().add("depth", (int)r.graph.depth[i]).add("kind", kKinds[r.graph.kind[i]]).str());
    for (const StateGraph::Edge& e : r.graph.edges) {
      MoveList m(1, e.move);
      edges.push_back(json::array({std::to_string(e.from), std::to_string(e.to), json::quote(moves_text(level, m))}));
    }
    o.raw("graph", json::Object().raw("states", json::array(states)).raw("edges", json::array(edges)).str());
  }
  for (const FigureValue& f : result.figures) {
    if (f.none) o.raw(f.key.c_str(), "null");
    else if (f.is_bool) o.add(f.key.c_str(), f.value != 0);
    else o.add(f.key.c_str(), f.value);
  }
  a.json = o.str();
  return a;
}

Answer replay(const Level& level, const std::string& moves_written) {
  MoveList moves;
  Error e;
  if (!level.parse_moves(moves_written.data(), moves_written.size(), &moves, &e)) return refused(e.message);
  Replay r = replay_moves(level, moves);
  const char* result = r.last == Outcome::kWon ? "won" : r.last == Outcome::kLost ? "lost" : "unfinished";
  Text board;
  level.format(r.state, &board);
  Answer a;
  a.exit = r.last == Outcome::kWon ? kOk : kNo;
  a.text = std::string(result) + " after " + std::to_string(r.played) + " moves" +
           (r.played < moves.size() ? " (later moves ignored)" : "") + "\n" + board.c_str();
  json::Object o;
  o.add("game", level.game().id).add("result", result).add("moves_played", (int)r.played);
  o.add("moves_ignored", (int)(moves.size() - r.played)).add("state", board.c_str());
  a.json = o.str();
  return a;
}

Answer check(const Level& level, const std::string& name, CheckFigures* figures) {
  Stopwatch clock;
  const SolveResult r = run_job(JobRequest::on_level(JobKind::kSolve, level))->result().solve;
  const double ms = clock.ms();
  const std::vector<MoveList>* listed = level.listed_solutions();
  const size_t count = listed ? listed->size() : 0;
  size_t replayed = 0;
  std::vector<std::string> failed;
  std::string why;
  for (size_t i = 0; i < count; ++i) {
    Replay p = replay_moves(level, (*listed)[i]);
    if (p.last == Outcome::kWon) {
      ++replayed;
      continue;
    }
    const std::string moves = moves_text(level, (*listed)[i]);
    failed.push_back(json::quote(moves));
    if (why.empty())
      why = "; solution " + std::to_string(i + 1) + " (" + moves + ") " +
            (p.last == Outcome::kLost ? "loses after " + std::to_string(p.played) + " moves" : "does not win");
  }
  Answer a;
  a.exit = r.solvable && replayed == count ? kOk : kNo;
  char line[160];
  if (r.solvable)
    snprintf(line, sizeof line, "solved, par %d, %llu states, %.2f ms, %zu/%zu solutions replayed", r.length,
             (unsigned long long)r.expanded, ms, replayed, count);
  else
    snprintf(line, sizeof line, "%s, %llu states, %.2f ms, %zu/%zu solutions replayed",
             r.capped ? "NOT SOLVED (the search hit its cap)" : "NOT SOLVED (unsolvable)",
             (unsigned long long)r.expanded, ms, replayed, count);
  a.text = name + ": " + line + why + "\n";
  json::Object o;
  o.add("level", name).add("game", level.game().id).add("solved", r.solvable).add("capped", r.capped);
  o.add("par", r.solvable ? r.length : -1).add("states", r.expanded).add("ms", ms);
  o.add("solutions_listed", (uint64_t)count).add("solutions_replayed", (uint64_t)replayed);
  o.raw("failed", json::array(failed));
  a.json = o.str();
  if (figures) {
    figures->solved = r.solvable;
    figures->listed = count;
    figures->replayed = replayed;
    figures->ms = ms;
  }
  return a;
}

// ---------------------------------------------------------------------------
// [SECTION] Packs and links
// ---------------------------------------------------------------------------
namespace {

// Each level of a pack: its seed, link, par, difficulty and text.
std::string pack_levels_json(const std::vector<PackLevel>& levels) {
  std::vector<std::string> items;
  for (const PackLevel& l : levels) {
    json::Object o;
    o.add("seed", l.seed.c_str()).add("link", l.link.c_str()).add("par", l.par).add("difficulty", l.difficulty);
    o.add("level", l.level.c_str());
    items.push_back(o.str());
  }
  return json::array(items);
}

}  // namespace

Answer read_pack(const std::string& text) {
  const GameInfo* g = nullptr;
  std::vector<PackLevel> levels;
  Error e;
  if (!parse_pack(text.data(), text.size(), &g, &levels, &e)) return refused(e.message);
  Answer a;
  a.json = json::Object().add("game", g->id).add("count", (int)levels.size()).raw("levels", pack_levels_json(levels)).str();
  a.text = std::to_string(levels.size()) + " levels of " + g->name + "\n";
  return a;
}

Answer pack(const GameInfo& game, const ParamValues& params, const std::string& seed_prefix,
            const PackOptions& options) {
  Stopwatch clock;
  // A job a seed a slice, as every host makes a pack.
  Job job(JobRequest::make_pack(game, params, seed_prefix.c_str(), options));
  if (job.run() != GenerationStatus::kDone) return failed_job(job);
  const PackFigures& f = job.result().pack_figures;
  const std::vector<PackLevel>& levels = job.result().pack;
  Text text;
  format_pack(game, params, levels, &text);
  Answer a;
  a.text = text.c_str();
  json::Object o;
  o.add("game", game.id).raw("params", params_json(game, params)).add("seed", seed_prefix);
  o.add("count", (int)levels.size()).add("tried", f.tried).add("failed", f.failed);
  o.add("out_of_band", f.out_of_band).add("alike", f.alike).raw("levels", pack_levels_json(levels));
  o.add("text", text.c_str()).add("ms", clock.ms());
  a.json = o.str();
  return a;
}

Answer level_link(const Level& level) {
  Text link;
  link_for_level(level, &link);
  Answer a;
  a.text = std::string(link.c_str()) + "\n";
  a.json = json::Object().add("game", level.game().id).add("link", link.c_str()).str();
  return a;
}


Answer seed_link(const GameInfo& game, const ParamValues& params, const std::string& seed) {
  Text link;
  link_for_seed(game, params, seed.c_str(), &link);
  Answer a;
  a.text = std::string(link.c_str()) + "\n";
  a.json = json::Object().add("game", game.id).add("link", link.c_str()).str();
  return a;
}

Answer open(const std::string& link) {
  Job job(JobRequest::on_text(JobKind::kOpenLink, nullptr, link.data(), link.size()));
  if (job.run() != GenerationStatus::kDone) return refused(job.result().error.message);
  const JobResult& r = job.result();
  Answer a;
  a.text = level_text(*job.level());
  json::Object o;
  o.add("game", r.game->id).add("level", a.text);
  if (r.from_seed)
    o.add("seed", r.seed.c_str()).raw("params", params_json(*r.game, r.params)).add("par", r.generated.par);
  a.json = o.str();
  return a;
}

}  // namespace report
