// work.cpp — the worker's side of a call (run_work: a WorkRequest run as a
// job, its result as values) and the page's (Work: sending a request to the
// worker through app.js's tilelab.work; PackJudge and SearchJudge: a pack's
// and a search's seeds from the pool of workers, judged as the CLI does).
//
// [SECTION] Requests and results between the session and the worker
// [SECTION] The worker's side: a request run as a job
// [SECTION] The pool's judges: a pack's and a search's seeds
// [SECTION] The page's side: a call sent to the worker
#include "work.h"

#include <emscripten.h>
#include <emscripten/val.h>
#include <stdlib.h>

#include "core/midend/analysis_text.h"
#include "core/midend/registry.h"

using namespace tl;

// ---------------------------------------------------------------------------
// [SECTION] Requests and results between the session and the worker
// ---------------------------------------------------------------------------
WorkRequest WorkRequest::making(JobKind kind, const GameInfo& game, const ParamValues& params, const char* seed) {
  WorkRequest r;
  r.kind = (int)kind;
  r.game = game.id;
  Text text;
  params_format(game, params, '&', &text);
  r.params = text.c_str();
  r.seed = seed;
  return r;
}

WorkRequest WorkRequest::on_text(JobKind kind, const GameInfo& game, const char* level_text) {
  WorkRequest r;
  r.kind = (int)kind;
  r.game = game.id;
  r.text = level_text;
  return r;
}

WorkRequest WorkRequest::of(const JobRequest& request) {
  if (request.kind == JobKind::kMake) return making(request.kind, *request.game, request.params, request.seed.c_str());
  WorkRequest r;
  r.kind = (int)request.kind;
  r.game = request.game ? request.game->id : "";
  r.text = request.text.c_str();
  for (size_t i = 0; i < request.moves.size(); ++i)
    r.moves += (i ? " " : "") + std::to_string(request.moves[i]);
  return r;
}

JobResult job_result(const JobRequest& request, const WorkResult& answer, const Level* level) {
  JobResult r;
  r.game = request.game;
  if (!answer.ok) {
    fail(&r.error, 0, 0, "%s", answer.error.c_str());
    return r;
  }
  if (request.kind == JobKind::kMake) {
    r.level = request.game->parse(answer.level.data(), answer.level.size(), &r.error);
    if (!r.level) return r;
    r.from_seed = true;
    r.seed = request.seed;
    r.params = request.params;
    r.generated.par = answer.par;
  } else if (request.kind == JobKind::kSolve) {
    r.solve.solvable = answer.solvable;
    r.solve.capped = answer.capped;
    r.solve.length = answer.par;
    if (answer.solvable && level)
      level->parse_moves(answer.solution.data(), answer.solution.size(), &r.solution, &r.error);
  } else if (request.kind == JobKind::kAnalyze) {  // (the Analysis panel shows the rest of the answer)
    r.analysis.capped = answer.capped;
    r.analysis.state_graph = answer.state_graph;
    r.analysis.graph = answer.graph;
  }
  return r;
}

// ---------------------------------------------------------------------------
// [SECTION] The worker's side: a request run as a job
// ---------------------------------------------------------------------------
namespace {

// Progress of the call running in the page's worker (worker.js sets
// Module.onWorkProgress): a search's states so far, a pack's levels kept.
void post_progress(void*, uint32_t done, uint32_t total) {
  EM_ASM({ if (Module.onWorkProgress) Module.onWorkProgress($0 >>> 0, $1 >>> 0); }, done, total);
}

WorkResult refused(const char* why) {
  WorkResult out;
  out.error = why;
  return out;
}

// The request as a job's: its game found, its parameters read onto the
// game's defaults; false with *why when either is bad.
bool job_request(const WorkRequest& r, JobRequest* out, Error* why) {
  if (r.kind < 0 || r.kind > (int)JobKind::kMakePackSeed || r.kind == (int)JobKind::kCount)
    return fail(why, 0, 0, "the worker has no job of kind %d", r.kind);
  const JobKind kind = (JobKind)r.kind;
  const GameInfo* game = r.game.empty() ? nullptr : find_game(r.game.c_str());
  if (!r.game.empty() && !game) return fail(why, 0, 0, "unknown game '%.40s'", r.game.c_str());
  if (kind == JobKind::kMake || kind == JobKind::kMakePack || kind == JobKind::kMakePackSeed) {
    if (!game) return fail(why, 0, 0, "a level is made of a game: none named");
    ParamValues params;
    params_default(*game, &params);
    if (!params_read(*game, r.params.data(), r.params.size(), '&', &params, why)) return false;
    if (kind == JobKind::kMake) {
      *out = JobRequest::make(*game, params, r.seed.c_str());
      return true;
    }
    PackOptions o;
    o.progress = post_progress;
    o.count = r.count < 1 ? 1 : r.count > 1000 ? 1000 : r.count;
    if (r.max_difficulty >= r.min_difficulty && r.max_difficulty > 0) {
      o.min_difficulty = r.min_difficulty;
      o.max_difficulty = r.max_difficulty;
    }
    if (kind == JobKind::kMakePackSeed) {
      if (r.seed_number < 1 || (uint32_t)r.seed_number > kMostSearchSeeds)
        return fail(why, 0, 0, "a pack or a search has no seed %d (1 to %u)", r.seed_number,
                    (unsigned)kMostSearchSeeds);
      o.progress = nullptr;  // one seed: nothing to show on the way
      *out = JobRequest::make_pack_seed(*game, params, r.seed.c_str(), r.seed_number, o);
      return true;
    }
    *out = JobRequest::make_pack(*game, params, r.seed.c_str(), o);
    return true;
  }
  *out = JobRequest::on_text(kind, game, r.text.data(), r.text.size());
  // The moves to the position: ids, a space apart.
  for (const char* at = r.moves.c_str(); *at;) {
    if (*at == ' ') {
      ++at;
      continue;
    }
    char* end;
    const unsigned long long id = *at >= '0' && *at <= '9' ? strtoull(at, &end, 10) : 0;
    if (*at < '0' || *at > '9' || id > 0xffffffffULL || (*end && *end != ' '))
      return fail(why, 0, 0, "moves: '%.20s' is no move number", at);
    out->moves.push_back((Move)id);
    at = end;
  }
  out->limits.progress = post_progress;
  if (kind == JobKind::kAnalyze) out->limits.graph_states = kDrawnGraphStates;
  return true;
}

// A level made or opened: its text and facts.
void made(const JobResult& r, WorkResult* out) {
  Text text;
  r.level->canonical_text(&text);
  out->level = text.c_str();
  out->seed = r.seed.c_str();
  text.clear();
  if (r.from_seed) params_format(*r.game, r.params, '&', &text);
  out->params = text.c_str();
  out->link = r.link.c_str();
  out->par = r.generated.par;
}

void analysed(const Job& job, WorkResult* out) {
  const Level& level = *job.level();
  const JobResult& r = job.result();
  const GameState& from = job.position();
  std::vector<AnalysisRow> rows;
  analysis_rows(level, from, r.analysis, &r.solve, &rows);
  Text text;
  analysis_text(rows, &text);
  out->analysis = text.c_str();
  for (const AnalysisRow& row : rows) {
    out->figure_labels.push_back(row.label.c_str());
    out->figure_values.push_back(row.value.c_str());
  }
  out->capped = r.analysis.capped;
  out->state_graph = r.analysis.state_graph;
  out->first_dead_end = moves_text(level, r.analysis.first_dead_end);
  out->first_wrong_move = moves_text(level, r.analysis.first_wrong_move);
  out->states = (uint32_t)(r.analysis.states + r.analysis.win_states);
  out->graph = r.analysis.graph;
}

}  // namespace

WorkResult failed_work(const std::string& why) { return refused(why.c_str()); }

std::string moves_text(const Level& level, const MoveList& moves) {
  Text t;
  level.format_moves(moves.data(), moves.size(), &t);
  return t.c_str();
}

WorkResult run_work(const WorkRequest& request) {
  JobRequest job_request_made;
  Error why;
  if (!job_request(request, &job_request_made, &why)) return refused(why.message);
  std::unique_ptr<Job> job(new Job(job_request_made));
  if (job_request_made.kind == JobKind::kMake) {
    // A slice at a time: the layouts tried so far go to the page's bar.
    int tried = 0, most = 0, told = -1;
    while (job->slice() == GenerationStatus::kRunning)
      if (job->layouts(&tried, &most) && tried != told) {
        post_progress(nullptr, (uint32_t)tried, (uint32_t)most);
        told = tried;
      }
  } else {
    job->run();
  }
  const JobResult& r = job->result();
  if (job->status() != GenerationStatus::kDone) return refused(r.error.message);
  WorkResult out;
  out.ok = true;
  out.game = r.game ? r.game->id : job->level() ? job->level()->game().id : "";
  switch ((JobKind)request.kind) {
    case JobKind::kMake:
    case JobKind::kOpenLink:
      made(r, &out);
      break;
    case JobKind::kMakePack: {
      Text text;
      format_pack(*r.game, r.params, r.pack, &text);
      out.pack = text.c_str();
      break;
    }
    case JobKind::kMakePackSeed: {
      const PackSeed& seed = r.pack_seed;
      Text text;
      if (seed.level) seed.level->canonical_text(&text);
      else out.error = seed.error.message;
      out.level = text.c_str();
      Text name;
      append_seed_name(request.seed.c_str(), seed.number, &name);
      out.seed = name.c_str();
      out.par = seed.info.par;
      out.difficulty = seed.difficulty;
      out.states = (uint32_t)seed.states;  // at most the analysis' cap (32 bits)
      out.dead_ends = (uint32_t)seed.dead_ends;
      out.capped = seed.capped;
      break;
    }
    case JobKind::kSolve:
      out.solvable = r.solve.solvable;
      out.capped = r.solve.capped;
      out.par = r.solve.length;
      out.solution = moves_text(*job->level(), r.solution);
      break;
    case JobKind::kAnalyze:
      analysed(*job, &out);
      break;
    default:
      break;
  }
  return out;
}

// ---------------------------------------------------------------------------
// [SECTION] The pool's judges: a pack's and a search's seeds
// ---------------------------------------------------------------------------
namespace {

// A worker's answer for a pack's or a search's seed as the core takes it
// (PackMaker::take, take_search_seed): its level read back from its text.
// False (*why) when the level does not read.
bool seed_made(const GameInfo& game, int number, const WorkResult& answer, PackSeed* out, std::string* why) {
  out->number = number;
  out->info.par = answer.par;
  out->difficulty = answer.difficulty;
  out->states = answer.states;
  out->dead_ends = answer.dead_ends;
  out->capped = answer.capped;
  if (answer.level.empty()) {  // the generator gave up on the seed
    fail(&out->error, 0, 0, "%s", answer.error.c_str());
    return true;
  }
  Error e;
  out->level = game.parse(answer.level.data(), answer.level.size(), &e);
  if (!out->level) *why = "seed " + std::to_string(number) + "'s level does not read back: " + e.message;
  return out->level != nullptr;
}

}  // namespace

PackJudge::PackJudge(const WorkRequest& pack_request) : request_(pack_request) {
  Error why;
  if (request_.kind != (int)JobKind::kMakePack) fail(&why, 0, 0, "a pack's judge takes a pack's request");
  else if (job_request(request_, &pack_, &why)) {
    pack_.pack.progress = nullptr;  // the pool reports progress itself (kept, wanted)
    maker_.reset(new PackMaker(*pack_.game, pack_.params, pack_.seed.c_str(), pack_.pack));
    return;
  }
  end(false, why.message);
}

WorkRequest PackJudge::seed_request(int number) const {
  WorkRequest r = request_;
  r.kind = (int)JobKind::kMakePackSeed;
  r.seed_number = number;
  return r;
}

int PackJudge::most_seeds() const { return maker_ ? PackMaker::most_seeds(pack_.pack.count) : 0; }

uint32_t PackJudge::progress_done() const { return maker_ ? (uint32_t)maker_->levels().size() : 0; }

uint32_t PackJudge::progress_total() const { return maker_ ? (uint32_t)pack_.pack.count : 0; }

bool PackJudge::end(bool ok, const char* error) {
  result_ = WorkResult();
  result_.ok = ok;
  if (!ok) result_.error = error;
  if (ok) {
    Text text;
    format_pack(*pack_.game, pack_.params, maker_->levels(), &text);
    result_.game = pack_.game->id;
    result_.pack = text.c_str();
  }
  maker_.reset();
  waiting_.clear();
  return finished_ = true;
}

bool PackJudge::take(int number, const WorkResult& seed) {
  if (finished_) return true;
  bool twice = number < maker_->next_seed();
  for (const auto& w : waiting_) twice |= w.first == number;
  if (number < 1 || number > most_seeds() || twice)
    return end(false, ("the pool gave seed " + std::to_string(number) + (twice ? " twice" : ", not the pack's")).c_str());
  waiting_.emplace_back(number, seed);
  for (;;) {
    const int next = maker_->next_seed();
    size_t at = 0;
    while (at < waiting_.size() && waiting_[at].first != next) ++at;
    if (at == waiting_.size()) return false;  // the next seed's answer is still to come
    const WorkResult answer = std::move(waiting_[at].second);
    waiting_.erase(waiting_.begin() + (ptrdiff_t)at);
    // A worker that refused the seed (parameters that cannot go together, a
    // trap): the pack stops with its reason, as a pack made whole would.
    if (!answer.ok) return end(false, answer.error.c_str());
    PackSeed made;
    std::string why;
    if (!seed_made(*pack_.game, next, answer, &made, &why)) return end(false, why.c_str());
    Error e;
    const GenerationStatus status = maker_->take(std::move(made), &e);
    if (status == GenerationStatus::kDone) return end(true, "");
    if (status == GenerationStatus::kFailed) return end(false, e.message);
  }
}

SearchJudge::SearchJudge(const WorkRequest& r) : request_(r) {
  Error why;
  spec_.game = find_game(r.game.c_str());
  if (!spec_.game) {
    end(false, ("unknown game '" + r.game + "'").c_str());
    return;
  }
  params_default(*spec_.game, &spec_.params);
  spec_.keep = r.count;
  const std::string range = r.seed + ":" + std::to_string(r.search_from) + "-" + std::to_string(r.search_to);
  if (!params_read(*spec_.game, r.params.data(), r.params.size(), '&', &spec_.params, &why) ||
      !parse_seed_range(range.c_str(), &spec_, &why) ||
      !parse_search_figure(*spec_.game, r.search_by.c_str(), &spec_, &why)) {
    end(false, why.message);
    return;
  }
  if (r.count < 1 || r.count > kMostKept) {
    fail(&why, 0, 0, "levels kept: %d is not from 1 to %d", r.count, kMostKept);
    end(false, why.message);
    return;
  }
  if (spec_.to - spec_.from >= kMostPageSearchSeeds) {
    fail(&why, 0, 0, "seeds %u to %u: more than the page searches (%u); `tilelab search` takes up to %u",
         (unsigned)spec_.from, (unsigned)spec_.to, (unsigned)kMostPageSearchSeeds, (unsigned)kMostSearchSeeds);
    end(false, why.message);
    return;
  }
  taken_.assign(spec_.to - spec_.from + 1, false);
}

WorkRequest SearchJudge::seed_request(int i) const {
  WorkRequest r = request_;
  r.kind = (int)JobKind::kMakePackSeed;
  r.seed_number = (int)spec_.from + i - 1;
  return r;
}

int SearchJudge::most_seeds() const { return finished_ ? 0 : (int)(spec_.to - spec_.from + 1); }

bool SearchJudge::end(bool ok, const char* error) {
  result_ = WorkResult();
  result_.ok = ok;
  if (ok) {
    Text text;
    format_search(spec_, result_so_far_, &text);
    result_.game = spec_.game->id;
    result_.pack = text.c_str();
  } else {
    result_.error = error;
  }
  return finished_ = true;
}

bool SearchJudge::take(int i, const WorkResult& answer) {
  if (finished_) return true;
  if (i < 1 || i > most_seeds() || taken_[(size_t)i - 1])
    return end(false, ("the pool gave seed " + std::to_string(i) + (i >= 1 && i <= most_seeds() ? " twice" : ", not the search's")).c_str());
  taken_[(size_t)i - 1] = true;
  if (!answer.ok) return end(false, answer.error.c_str());  // parameters that cannot go together, a trap
  PackSeed made;
  std::string why;
  if (!seed_made(*spec_.game, (int)spec_.from + i - 1, answer, &made, &why)) return end(false, why.c_str());
  Error e;
  if (take_search_seed(spec_, std::move(made), &result_so_far_, &e) == GenerationStatus::kFailed)
    return end(false, e.message);
  if (result_so_far_.tried == progress_total()) return end(true, "");
  return false;
}

// ---------------------------------------------------------------------------
// [SECTION] The page's side: a call sent to the worker
// ---------------------------------------------------------------------------
void Work::start(WorkKind kind, const WorkRequest& request) {
  job = kind;
  this->request = request;
  session_job = 0;
  id = next_id++;
  done = total = 0;
  started_ms = emscripten_get_now();
  // A search is the pool's (app.js), whatever its size; any other call, a pack too, starts as one call.
  emscripten::val::global("tilelab")["work"].call<void>(kind == WorkKind::kSearch ? "startSearch" : "start", id,
                                                        request);
}

void Work::cancel() {
  if (!busy()) return;
  emscripten::val::global("tilelab")["work"].call<void>("cancel", id);
  job = WorkKind::kNone;
}
