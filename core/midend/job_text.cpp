// job_text.cpp — a job's request and result as text (see job_text.h).
//
// [SECTION] Requests
// [SECTION] Results: written
// [SECTION] Results: read back
// [SECTION] The worker's side
#include "job_text.h"

#include <stdio.h>
#include <string.h>

#include <memory>

#include "core/base/record.h"
#include "registry.h"

namespace tl {

namespace {

constexpr char kRequest[] = "job-request";
constexpr char kResult[] = "job-result";
// The most levels a pack's or a search's result holds, and solutions listed.
constexpr uint32_t kMostResultLevels = 10000;

// A key with an index: "pack.3.level".
const char* indexed(char* buf, size_t size, const char* list, uint32_t i, const char* field) {
  snprintf(buf, size, "%s.%u.%s", list, (unsigned)i, field);
  return buf;
}

void write_moves(RecordWriter& w, const char* key, const MoveList& moves) {
  w.numbers(key, moves.data(), moves.size());
}

bool read_moves(RecordReader& r, const char* key, MoveList* out, Error* err) {
  std::vector<uint32_t> v;
  if (!r.numbers(key, 0xffffffffu, 1u << 20, &v, err)) return false;
  if (r.has(key)) out->assign(v.begin(), v.end());
  return true;
}

// The kinds that make levels of a game from its parameters and seeds.
bool makes_levels(JobKind kind) {
  return kind == JobKind::kMake || kind == JobKind::kMakePack || kind == JobKind::kMakePackSeed ||
         kind == JobKind::kSearch;
}

bool read_size(RecordReader& r, const char* key, size_t* out, Error* err) {
  uint64_t v = *out;
  if (!r.number(key, (uint64_t)(size_t)-1, &v, err)) return false;
  *out = (size_t)v;
  return true;
}

bool read_kind(RecordReader& r, JobKind* out, Error* err) {
  Text name;
  if (!r.word("kind", &name, err)) return false;
  for (int k = 0; k <= (int)JobKind::kLast; ++k)
    if (name.equals(job_kind_name((JobKind)k))) {
      *out = (JobKind)k;
      return true;
    }
  return fail(err, 0, 0, "a job's text: kind '%.30s' is no job (make, open-link, make-pack, solve, analyze, count, "
              "make-pack-seed, solve-all, search)", name.c_str());
}

bool read_game(RecordReader& r, const GameInfo** out, Error* err) {
  Text id;
  if (!r.word("game", &id, err)) return false;
  if (id.empty()) return true;
  *out = find_game(id.c_str());
  return *out != nullptr || fail(err, 0, 0, "a job's text: unknown game '%.40s'", id.c_str());
}

bool read_params(RecordReader& r, const char* key, const GameInfo* game, ParamValues* out, Error* err) {
  Text text;
  if (!r.text(key, &text, err)) return false;
  if (!game) return true;
  params_default(*game, out);
  return params_read(*game, text.c_str(), text.size(), '&', out, err);
}

void write_params(RecordWriter& w, const char* key, const GameInfo* game, const ParamValues& params) {
  if (!game) return;
  Text text;
  params_format(*game, params, '&', &text);
  w.text(key, text);
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Requests
// ---------------------------------------------------------------------------
void write_job_request(const JobRequest& q, Text* out) {
  RecordWriter w(kRequest, kJobTextVersion, out);
  w.word("kind", job_kind_name(q.kind));
  if (q.game) w.word("game", q.game->id);
  if (makes_levels(q.kind)) write_params(w, "params", q.game, q.params);
  w.text("seed", q.seed);
  w.number("seed_number", (uint64_t)(q.seed_number < 0 ? 0 : q.seed_number));
  w.text("text", q.text);
  write_moves(w, "moves", q.moves);
  w.signed_number("pack.count", q.pack.count);
  w.signed_number("pack.min_difficulty", q.pack.min_difficulty);
  w.signed_number("pack.max_difficulty", q.pack.max_difficulty);
  w.signed_number("pack.max_similarity", q.pack.max_similarity);
  w.flag("pack.rated", q.pack.rated);
  w.number("search.from", q.search_from);
  w.number("search.to", q.search_to);
  w.signed_number("search.keep", q.search_keep);
  w.word("search.by", search_figure_name(q.search_by));
  w.flag("search.lowest", q.search_lowest);
  w.signed_number("search.part", q.search_part);
  w.signed_number("search.parts", q.search_parts);
  w.number("count_to", q.count_to);
  w.text("rules", q.rules);
  const SearchLimits& l = q.limits;
  w.number("limits.graph_states", l.graph_states);
  w.flag("limits.counts_only", l.counts_only);
  w.number("limits.max_states", l.max_states);
  w.number("limits.max_bytes", l.max_bytes);
  w.number("limits.max_positions", l.max_positions);
  w.number("limits.max_memo_bytes", l.max_memo_bytes);
  w.number("limits.team_level", l.team_level);
}

bool read_job_request(const char* text, size_t len, JobRequest* out, Error* err) {
  *out = std::move(*std::unique_ptr<JobRequest>(new JobRequest()));
  JobRequest& q = *out;
  RecordReader r;
  if (!r.read(text, len, kRequest, kJobTextVersion, err)) return false;
  Text by;
  SearchLimits& l = q.limits;
  if (!read_kind(r, &q.kind, err) || !read_game(r, &q.game, err) || !read_params(r, "params", q.game, &q.params, err) ||
      !r.text("seed", &q.seed, err) || !r.int_number("seed_number", 0, (int)kMostSearchSeeds, &q.seed_number, err) ||
      !r.text("text", &q.text, err) || !read_moves(r, "moves", &q.moves, err) ||
      !r.int_number("pack.count", 0, 100000, &q.pack.count, err) ||
      !r.int_number("pack.min_difficulty", -(1 << 30), 1 << 30, &q.pack.min_difficulty, err) ||
      !r.int_number("pack.max_difficulty", -(1 << 30), 1 << 30, &q.pack.max_difficulty, err) ||
      !r.int_number("pack.max_similarity", 0, 100, &q.pack.max_similarity, err) ||
      !r.flag("pack.rated", &q.pack.rated, err) || !r.count("search.from", kMostSearchSeeds, &q.search_from, err) ||
      !r.count("search.to", kMostSearchSeeds, &q.search_to, err) ||
      !r.int_number("search.keep", 1, kMostKept, &q.search_keep, err) || !r.word("search.by", &by, err) ||
      !r.flag("search.lowest", &q.search_lowest, err) ||
      !r.int_number("search.part", 1, (int)kMostParts, &q.search_part, err) ||
      !r.int_number("search.parts", 1, (int)kMostParts, &q.search_parts, err) ||
      !r.number("count_to", ~(uint64_t)0, &q.count_to, err) || !r.text("rules", &q.rules, err) ||
      !r.count("limits.graph_states", 0xffffffffu, &l.graph_states, err) ||
      !r.flag("limits.counts_only", &l.counts_only, err) ||
      !r.count("limits.max_states", 0xffffffffu, &l.max_states, err) ||
      !read_size(r, "limits.max_bytes", &l.max_bytes, err) ||
      !r.number("limits.max_positions", ~(uint64_t)0, &l.max_positions, err) ||
      !read_size(r, "limits.max_memo_bytes", &l.max_memo_bytes, err) ||
      !r.count("limits.team_level", 0xffffffffu, &l.team_level, err) ||
      !r.finish(err))
    return false;
  if (!by.empty()) {
    bool known = false;
    for (int f = 0; f <= (int)SearchFigure::kDeadEnds; ++f)
      if (by.equals(search_figure_name((SearchFigure)f))) q.search_by = (SearchFigure)f, known = true;
    if (!known) return fail(err, 0, 0, "a job's text: search.by '%.30s' is no figure of a search", by.c_str());
  }
  if (q.kind == JobKind::kSearch && q.game && !q.game->state_graph &&
      (q.search_by == SearchFigure::kStates || q.search_by == SearchFigure::kDeadEnds))
    return fail(err, 0, 0, "a job's text: search.by: %s has no %s (a line puzzle has no state graph)", q.game->name,
                search_figure_name(q.search_by));
  if (q.kind == JobKind::kMakePackSeed && q.seed_number < 1)
    return fail(err, 0, 0, "a job's text: a make-pack-seed job's seed_number is from 1 (the seed PREFIX.N)");
  if (makes_levels(q.kind) && !q.game) return fail(err, 0, 0, "a job's text: a %s job names no game", job_kind_name(q.kind));
  if (q.kind == JobKind::kSearch && (q.search_part > q.search_parts || q.search_from > q.search_to))
    return fail(err, 0, 0, "a job's text: search part %d of %d, seeds %u to %u: no such part or range", q.search_part,
                q.search_parts, (unsigned)q.search_from, (unsigned)q.search_to);
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Results: written
// ---------------------------------------------------------------------------
namespace {

void write_level(RecordWriter& w, const char* key, const Level* level) {
  if (!level) return;
  Text text;
  level->canonical_text(&text);
  w.text(key, text);
}

void write_pack_level(RecordWriter& w, const char* list, uint32_t i, const PackLevel& p) {
  char k[64];
  w.text(indexed(k, sizeof k, list, i, "seed"), p.seed);
  w.text(indexed(k, sizeof k, list, i, "level"), p.level);
  w.text(indexed(k, sizeof k, list, i, "link"), p.link);
  w.signed_number(indexed(k, sizeof k, list, i, "par"), p.par);
  w.signed_number(indexed(k, sizeof k, list, i, "difficulty"), p.difficulty);
}

void write_analysis(RecordWriter& w, const Analysis& a) {
  w.flag("analysis.solvable", a.solvable);
  w.flag("analysis.capped", a.capped);
  w.flag("analysis.state_graph", a.state_graph);
  w.signed_number("analysis.par", a.par);
  w.number("analysis.states", a.states);
  w.number("analysis.win_states", a.win_states);
  w.number("analysis.dead_ends", a.dead_ends);
  w.number("analysis.optimal_solutions", a.optimal_solutions);
  w.number("analysis.losing_moves", a.losing_moves);
  w.number("analysis.edges", a.edges);
  w.numbers("analysis.depth_histogram", a.depth_histogram.data(), a.depth_histogram.size());
  write_moves(w, "analysis.first_dead_end", a.first_dead_end);
  write_moves(w, "analysis.first_wrong_move", a.first_wrong_move);
  write_moves(w, "analysis.solution", a.solution);
  w.signed_number("analysis.max_depth", a.max_depth);
  w.number("analysis.bytes", a.bytes);
  w.signed_number("analysis.max_distance", a.max_distance);
  w.number("analysis.line_choices", a.line_choices);
  w.number("analysis.line_wrong_moves", a.line_wrong_moves);
  w.number("analysis.line_fatal_moves", a.line_fatal_moves);
  w.number("analysis.line_setback", a.line_setback);
  const StateGraph& g = a.graph;
  if (g.depth.empty()) return;
  w.numbers("graph.depth", g.depth.data(), g.depth.size());
  std::vector<uint32_t> v(g.kind.begin(), g.kind.end());
  w.numbers("graph.kind", v.data(), v.size());
  v.clear();
  for (const StateGraph::Edge& e : g.edges) v.insert(v.end(), {e.from, e.to, (uint32_t)e.move});
  w.numbers("graph.edges", v.data(), v.size());
}

void write_made(RecordWriter& w, const JobResult& x) {
  write_level(w, "level", x.level.get());
  w.flag("from_seed", x.from_seed);
  w.text("seed", x.seed);
  if (x.from_seed) write_params(w, "params", x.game, x.params);
  w.text("link", x.link);
  w.signed_number("generated.par", x.generated.par);
  w.signed_number("generated.attempts", x.generated.attempts);
  write_moves(w, "generated.solution", x.generated.solution);
  w.flag("generated.bad_params", x.generated.bad_params);
}

void write_pack(RecordWriter& w, const JobResult& x) {
  w.number("pack.levels", x.pack.size());
  for (size_t i = 0; i < x.pack.size(); ++i) write_pack_level(w, "pack", (uint32_t)i, x.pack[i]);
  w.signed_number("pack.tried", x.pack_figures.tried);
  w.signed_number("pack.failed", x.pack_figures.failed);
  w.signed_number("pack.out_of_band", x.pack_figures.out_of_band);
  w.signed_number("pack.alike", x.pack_figures.alike);
  w.flag("pack.bad_params", x.pack_figures.bad_params);
}

void write_pack_seed(RecordWriter& w, const PackSeed& s) {
  w.signed_number("seed.number", s.number);
  write_level(w, "seed.level", s.level.get());
  w.signed_number("seed.par", s.info.par);
  w.signed_number("seed.attempts", s.info.attempts);
  write_moves(w, "seed.solution", s.info.solution);
  w.flag("seed.bad_params", s.info.bad_params);
  w.signed_number("seed.difficulty", s.difficulty);
  w.number("seed.states", s.states);
  w.number("seed.dead_ends", s.dead_ends);
  w.flag("seed.capped", s.capped);
  if (s.error.set()) w.text("seed.error", s.error.message, strlen(s.error.message));
}

void write_search(RecordWriter& w, const SearchResult& r) {
  char k[64];
  w.number("search.tried", r.tried);
  w.number("search.failed", r.failed);
  w.number("search.levels", r.best.size());
  for (size_t i = 0; i < r.best.size(); ++i) {
    const FoundLevel& f = r.best[i];
    write_pack_level(w, "search", (uint32_t)i, f.level);
    w.number(indexed(k, sizeof k, "search", (uint32_t)i, "seed_number"), f.seed);
    w.signed_number(indexed(k, sizeof k, "search", (uint32_t)i, "figure"), f.figure);
    w.number(indexed(k, sizeof k, "search", (uint32_t)i, "states"), f.states);
    w.number(indexed(k, sizeof k, "search", (uint32_t)i, "dead_ends"), f.dead_ends);
  }
}

void write_solve(RecordWriter& w, const JobResult& x) {
  w.flag("solve.solvable", x.solve.solvable);
  w.flag("solve.capped", x.solve.capped);
  w.signed_number("solve.length", x.solve.length);
  w.number("solve.expanded", x.solve.expanded);
  w.number("solve.states", x.solve.states);
  w.number("solve.peak_bytes", x.solve.peak_bytes);
  write_moves(w, "solution", x.solution);
}

void write_figures(RecordWriter& w, const std::vector<FigureValue>& figures) {
  char k[64];
  w.number("figures", figures.size());
  for (size_t i = 0; i < figures.size(); ++i) {
    const FigureValue& f = figures[i];
    w.word(indexed(k, sizeof k, "figure", (uint32_t)i, "key"), f.key.c_str());
    w.text(indexed(k, sizeof k, "figure", (uint32_t)i, "label"), f.label);
    w.number(indexed(k, sizeof k, "figure", (uint32_t)i, "value"), f.value);
    w.flag(indexed(k, sizeof k, "figure", (uint32_t)i, "is_bool"), f.is_bool);
    w.flag(indexed(k, sizeof k, "figure", (uint32_t)i, "none"), f.none);
  }
}

void write_solutions(RecordWriter& w, const JobResult& x) {
  char k[64];
  w.signed_number("solutions.found", x.solutions_found);
  w.number("solutions", x.solutions.size());
  for (size_t i = 0; i < x.solutions.size(); ++i)
    write_moves(w, indexed(k, sizeof k, "solution", (uint32_t)i, "moves"), x.solutions[i]);
}

void write_count(RecordWriter& w, const Level::SolutionCount& c) {
  w.number("count.count", c.count);
  w.flag("count.capped", c.capped);
  w.word("count.rules", c.rules[0] ? c.rules : "-");
  w.number("count.positions", c.positions);
  w.number("count.peak_bytes", c.peak_bytes);
  write_moves(w, "count.solution", c.solution);
  w.flag("count.solution_is_solve", c.solution_is_solve);
}

}  // namespace

void write_job_result(const JobRequest& q, const JobResult& x, Text* out) {
  RecordWriter w(kResult, kJobTextVersion, out);
  w.word("kind", job_kind_name(q.kind));
  if (x.error.set()) w.text("error", x.error.message, strlen(x.error.message));
  w.flag("bad_input", x.bad_input);
  if (x.game) w.word("game", x.game->id);
  switch (q.kind) {
    case JobKind::kMake:
    case JobKind::kOpenLink: write_made(w, x); break;
    case JobKind::kMakePack: write_pack(w, x); break;
    case JobKind::kMakePackSeed: write_pack_seed(w, x.pack_seed); break;
    case JobKind::kSearch: write_search(w, x.search); break;
    case JobKind::kSolve: write_solve(w, x); break;
    case JobKind::kAnalyze:
      write_solve(w, x);
      write_analysis(w, x.analysis);
      write_figures(w, x.figures);
      break;
    case JobKind::kSolveAll: write_solutions(w, x); break;
    case JobKind::kCount: write_count(w, x.count); break;
  }
}

// (A request and a result each take more than the device's 1 KB a function
// may keep on its stack: they are made on the heap.)
void write_failed_job(JobKind kind, const char* why, Text* out) {
  std::unique_ptr<JobRequest> q(new JobRequest());
  q->kind = kind;
  std::unique_ptr<JobResult> x(new JobResult());
  fail(&x->error, 0, 0, "%s", why);
  write_job_result(*q, *x, out);
}

// ---------------------------------------------------------------------------
// [SECTION] Results: read back
// ---------------------------------------------------------------------------
namespace {

// A level's text of the result read as its game reads it (null: no such entry).
bool read_level(RecordReader& r, const char* key, const GameInfo* game, std::unique_ptr<Level>* out, Error* err) {
  if (!r.has(key)) return true;
  Text text;
  if (!r.text(key, &text, err)) return false;
  if (!game) return fail(err, 0, 0, "a job's result: its %s names no game", key);
  Error e;
  *out = game->parse(text.c_str(), text.size(), &e);
  return *out != nullptr || fail(err, e.line, e.column, "a job's result: its %s does not read: %s", key, e.message);
}

bool read_pack_level(RecordReader& r, const char* list, uint32_t i, PackLevel* p, Error* err) {
  char k[64];
  return r.text(indexed(k, sizeof k, list, i, "seed"), &p->seed, err) &&
         r.text(indexed(k, sizeof k, list, i, "level"), &p->level, err) &&
         r.text(indexed(k, sizeof k, list, i, "link"), &p->link, err) &&
         r.int_number(indexed(k, sizeof k, list, i, "par"), -1, 1 << 30, &p->par, err) &&
         r.int_number(indexed(k, sizeof k, list, i, "difficulty"), -(1 << 30), 1 << 30, &p->difficulty, err);
}

bool read_error(RecordReader& r, const char* key, Error* out, Error* err) {
  Text why;
  if (!r.text(key, &why, err)) return false;
  if (!why.empty()) fail(out, 0, 0, "%s", why.c_str());
  return true;
}

bool read_graph(RecordReader& r, StateGraph* g, Error* err) {
  std::vector<uint32_t> kind, edges;
  if (!r.numbers("graph.depth", 0xffffffffu, 1u << 24, &g->depth, err) ||
      !r.numbers("graph.kind", StateGraph::kDeadEnd, 1u << 24, &kind, err) ||
      !r.numbers("graph.edges", 0xffffffffu, 1u << 26, &edges, err))
    return false;
  if (kind.size() != g->depth.size() || edges.size() % 3 != 0)
    return fail(err, 0, 0, "a job's result: its state graph's states, kinds and edges do not match");
  g->kind.assign(kind.begin(), kind.end());
  for (size_t i = 0; i < edges.size(); i += 3) {
    if (edges[i] >= g->depth.size() || edges[i + 1] >= g->depth.size() || edges[i + 2] > 255)
      return fail(err, 0, 0, "a job's result: state graph edge %u names no state or move", (unsigned)(i / 3 + 1));
    g->edges.push_back(StateGraph::Edge{edges[i], edges[i + 1], (uint8_t)edges[i + 2]});
  }
  return true;
}

bool read_analysis(RecordReader& r, Analysis* a, Error* err) {
  return r.flag("analysis.solvable", &a->solvable, err) && r.flag("analysis.capped", &a->capped, err) &&
         r.flag("analysis.state_graph", &a->state_graph, err) &&
         r.int_number("analysis.par", -1, 1 << 30, &a->par, err) &&
         r.number("analysis.states", ~(uint64_t)0, &a->states, err) &&
         r.number("analysis.win_states", ~(uint64_t)0, &a->win_states, err) &&
         r.number("analysis.dead_ends", ~(uint64_t)0, &a->dead_ends, err) &&
         r.number("analysis.optimal_solutions", ~(uint64_t)0, &a->optimal_solutions, err) &&
         r.number("analysis.losing_moves", ~(uint64_t)0, &a->losing_moves, err) &&
         r.number("analysis.edges", ~(uint64_t)0, &a->edges, err) &&
         r.numbers("analysis.depth_histogram", 0xffffffffu, 1u << 20, &a->depth_histogram, err) &&
         read_moves(r, "analysis.first_dead_end", &a->first_dead_end, err) &&
         read_moves(r, "analysis.first_wrong_move", &a->first_wrong_move, err) &&
         read_moves(r, "analysis.solution", &a->solution, err) &&
         r.int_number("analysis.max_depth", 0, 1 << 30, &a->max_depth, err) &&
         read_size(r, "analysis.bytes", &a->bytes, err) && r.int_number("analysis.max_distance", 0, 1 << 30, &a->max_distance, err) &&
         r.number("analysis.line_choices", ~(uint64_t)0, &a->line_choices, err) &&
         r.number("analysis.line_wrong_moves", ~(uint64_t)0, &a->line_wrong_moves, err) &&
         r.number("analysis.line_fatal_moves", ~(uint64_t)0, &a->line_fatal_moves, err) &&
         r.number("analysis.line_setback", ~(uint64_t)0, &a->line_setback, err) && read_graph(r, &a->graph, err);
}

bool read_figures(RecordReader& r, std::vector<FigureValue>* out, Error* err) {
  uint32_t n = 0;
  if (!r.count("figures", (uint32_t)kMaxFigures, &n, err)) return false;
  char k[64];
  for (uint32_t i = 0; i < n; ++i) {
    FigureValue f;
    if (!r.word(indexed(k, sizeof k, "figure", i, "key"), &f.key, err) ||
        !r.text(indexed(k, sizeof k, "figure", i, "label"), &f.label, err) ||
        !r.number(indexed(k, sizeof k, "figure", i, "value"), ~(uint64_t)0, &f.value, err) ||
        !r.flag(indexed(k, sizeof k, "figure", i, "is_bool"), &f.is_bool, err) ||
        !r.flag(indexed(k, sizeof k, "figure", i, "none"), &f.none, err))
      return false;
    out->push_back(f);
  }
  return true;
}

bool read_made(RecordReader& r, JobResult* x, Error* err) {
  return read_level(r, "level", x->game, &x->level, err) && r.flag("from_seed", &x->from_seed, err) &&
         r.text("seed", &x->seed, err) && read_params(r, "params", x->game, &x->params, err) &&
         r.text("link", &x->link, err) && r.int_number("generated.par", -1, 1 << 30, &x->generated.par, err) &&
         r.int_number("generated.attempts", 0, 1 << 30, &x->generated.attempts, err) &&
         read_moves(r, "generated.solution", &x->generated.solution, err) &&
         r.flag("generated.bad_params", &x->generated.bad_params, err);
}

bool read_pack(RecordReader& r, JobResult* x, Error* err) {
  uint32_t n = 0;
  PackFigures& f = x->pack_figures;
  if (!r.count("pack.levels", kMostResultLevels, &n, err)) return false;
  x->pack.resize(n);
  for (uint32_t i = 0; i < n; ++i)
    if (!read_pack_level(r, "pack", i, &x->pack[i], err)) return false;
  return r.int_number("pack.tried", 0, 1 << 30, &f.tried, err) &&
         r.int_number("pack.failed", 0, 1 << 30, &f.failed, err) &&
         r.int_number("pack.out_of_band", 0, 1 << 30, &f.out_of_band, err) &&
         r.int_number("pack.alike", 0, 1 << 30, &f.alike, err) && r.flag("pack.bad_params", &f.bad_params, err);
}

bool read_pack_seed(RecordReader& r, JobResult* x, Error* err) {
  PackSeed& s = x->pack_seed;
  return r.int_number("seed.number", 0, (int)kMostSearchSeeds, &s.number, err) &&
         read_level(r, "seed.level", x->game, &s.level, err) &&
         r.int_number("seed.par", -1, 1 << 30, &s.info.par, err) &&
         r.int_number("seed.attempts", 0, 1 << 30, &s.info.attempts, err) &&
         read_moves(r, "seed.solution", &s.info.solution, err) &&
         r.flag("seed.bad_params", &s.info.bad_params, err) &&
         r.int_number("seed.difficulty", -(1 << 30), 1 << 30, &s.difficulty, err) &&
         r.number("seed.states", ~(uint64_t)0, &s.states, err) &&
         r.number("seed.dead_ends", ~(uint64_t)0, &s.dead_ends, err) && r.flag("seed.capped", &s.capped, err) &&
         read_error(r, "seed.error", &s.error, err);
}

bool read_search(RecordReader& r, JobResult* x, Error* err) {
  uint32_t n = 0;
  SearchResult& s = x->search;
  if (!r.count("search.tried", kMostSearchSeeds, &s.tried, err) ||
      !r.count("search.failed", kMostSearchSeeds, &s.failed, err) ||
      !r.count("search.levels", kMostResultLevels, &n, err))
    return false;
  s.best.resize(n);
  char k[64];
  for (uint32_t i = 0; i < n; ++i) {
    FoundLevel& f = s.best[i];
    int64_t figure = 0;
    if (!read_pack_level(r, "search", i, &f.level, err) ||
        !r.count(indexed(k, sizeof k, "search", i, "seed_number"), kMostSearchSeeds, &f.seed, err) ||
        !r.signed_number(indexed(k, sizeof k, "search", i, "figure"), INT64_MIN + 1, INT64_MAX, &figure, err) ||
        !r.number(indexed(k, sizeof k, "search", i, "states"), ~(uint64_t)0, &f.states, err) ||
        !r.number(indexed(k, sizeof k, "search", i, "dead_ends"), ~(uint64_t)0, &f.dead_ends, err))
      return false;
    f.figure = figure;
  }
  return true;
}

bool read_solve(RecordReader& r, JobResult* x, Error* err) {
  SolveResult& s = x->solve;
  return r.flag("solve.solvable", &s.solvable, err) && r.flag("solve.capped", &s.capped, err) &&
         r.int_number("solve.length", -1, 1 << 30, &s.length, err) &&
         r.number("solve.expanded", ~(uint64_t)0, &s.expanded, err) &&
         r.number("solve.states", ~(uint64_t)0, &s.states, err) &&
         r.number("solve.peak_bytes", ~(uint64_t)0, &s.peak_bytes, err) && read_moves(r, "solution", &x->solution, err);
}

bool read_solutions(RecordReader& r, JobResult* x, Error* err) {
  uint32_t n = 0;
  if (!r.int_number("solutions.found", -1, (int)kMostListedSolutions, &x->solutions_found, err) ||
      !r.count("solutions", (uint32_t)kMostListedSolutions, &n, err))
    return false;
  x->solutions.resize(n);
  char k[64];
  for (uint32_t i = 0; i < n; ++i)
    if (!read_moves(r, indexed(k, sizeof k, "solution", i, "moves"), &x->solutions[i], err)) return false;
  return true;
}

bool read_count(RecordReader& r, JobResult* x, Error* err) {
  Text rules;
  Level::SolutionCount& c = x->count;
  if (!r.number("count.count", ~(uint64_t)0, &c.count, err) || !r.flag("count.capped", &c.capped, err) ||
      !r.word("count.rules", &rules, err) || !r.number("count.positions", ~(uint64_t)0, &c.positions, err) ||
      !r.number("count.peak_bytes", ~(uint64_t)0, &c.peak_bytes, err) ||
      !read_moves(r, "count.solution", &c.solution, err) ||
      !r.flag("count.solution_is_solve", &c.solution_is_solve, err))
    return false;
  if (rules.size() >= sizeof c.rules) return fail(err, 0, 0, "a job's result: count.rules is no rule set's name");
  snprintf(c.rules, sizeof c.rules, "%s", rules.equals("-") ? "" : rules.c_str());
  return true;
}

}  // namespace

bool read_job_result(const JobRequest& q, const char* text, size_t len, JobResult* out, Error* err) {
  *out = std::move(*std::unique_ptr<JobResult>(new JobResult()));
  JobResult& x = *out;
  RecordReader r;
  JobKind kind = q.kind;
  if (!r.read(text, len, kResult, kJobTextVersion, err) || !read_kind(r, &kind, err) ||
      !read_error(r, "error", &x.error, err) || !r.flag("bad_input", &x.bad_input, err) ||
      !read_game(r, &x.game, err))
    return false;
  if (kind != q.kind && !x.error.set())  // (a request that did not read is answered as a failed job of any kind)
    return fail(err, 0, 0, "a job's result: of a %s job, not of the %s job asked for", job_kind_name(kind),
                job_kind_name(q.kind));
  // The result's own kind's entries: a failed job's result of another kind
  // (the page's failedJob answers any call as a make) reads as its error.
  bool read = true;
  switch (kind) {
    case JobKind::kMake:
    case JobKind::kOpenLink: read = read_made(r, &x, err); break;
    case JobKind::kMakePack: read = read_pack(r, &x, err); break;
    case JobKind::kMakePackSeed: read = read_pack_seed(r, &x, err); break;
    case JobKind::kSearch: read = read_search(r, &x, err); break;
    case JobKind::kSolve: read = read_solve(r, &x, err); break;
    case JobKind::kAnalyze:
      read = read_solve(r, &x, err) && read_analysis(r, &x.analysis, err) && read_figures(r, &x.figures, err);
      break;
    case JobKind::kSolveAll: read = read_solutions(r, &x, err); break;
    case JobKind::kCount: read = read_count(r, &x, err); break;
  }
  if (!read || !r.finish(err)) return false;
  // What the request says already: the level it searched and the position.
  const bool on_text = q.kind == JobKind::kSolve || q.kind == JobKind::kAnalyze || q.kind == JobKind::kCount ||
                       q.kind == JobKind::kSolveAll;
  if (on_text && !x.error.set()) {
    Error e;
    if (!read_job_level(q.game, q.text, q.moves, q.kind, &x, &e))
      return fail(err, 0, 0, "a job's result: the request's level does not read: %s", e.message);
    if (q.kind == JobKind::kAnalyze) x.difficulty = x.level->rate(x.analysis);
  }
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] The worker's side
// ---------------------------------------------------------------------------
void run_job_text(const char* request, size_t len, void (*progress)(void* context, uint32_t done, uint32_t total),
                  void* context, Text* out, SearchTeam* team) {
  out->clear();
  std::unique_ptr<JobRequest> q(new JobRequest());
  Error e;
  if (!read_job_request(request, len, q.get(), &e)) {
    std::unique_ptr<JobResult> failed(new JobResult());
    failed->error = e;
    failed->bad_input = true;
    write_job_result(*q, *failed, out);
    return;
  }
  std::unique_ptr<Job> job(new Job(*q));
  if (progress) job->watch(progress, context);
  if (team) job->team(team);
  if (q->kind == JobKind::kMake && progress) {
    // A slice at a time: the layouts tried so far go to the progress bar.
    int tried = 0, most = 0, told = -1;
    while (job->slice() == GenerationStatus::kRunning)
      if (job->layouts(&tried, &most) && tried != told) {
        progress(context, (uint32_t)tried, (uint32_t)most);
        told = tried;
      }
  } else {
    job->run();
  }
  write_job_result(job->request(), job->result(), out);
}

}  // namespace tl
