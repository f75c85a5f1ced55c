// job.cpp — a typed job run a slice at a time (see job.h).
//
// [SECTION] Requests
// [SECTION] Reading a level and searching it
// [SECTION] Slices
// [SECTION] Seeds made elsewhere
#include "job.h"

#include "link.h"
#include "registry.h"

namespace tl {

// ---------------------------------------------------------------------------
// [SECTION] Requests
// ---------------------------------------------------------------------------
const char* job_kind_name(JobKind kind) {
  switch (kind) {
    case JobKind::kMake: return "make";
    case JobKind::kOpenLink: return "open-link";
    case JobKind::kMakePack: return "make-pack";
    case JobKind::kSolve: return "solve";
    case JobKind::kAnalyze: return "analyze";
    case JobKind::kCount: return "count";
    case JobKind::kMakePackSeed: return "make-pack-seed";
    case JobKind::kSolveAll: return "solve-all";
    case JobKind::kSearch: return "search";
  }
  return "?";
}

JobRequest JobRequest::make(const GameInfo& game, const ParamValues& params, const char* seed) {
  JobRequest r;
  r.kind = JobKind::kMake;
  r.game = &game;
  r.params = params;
  r.seed.append(seed);
  return r;
}

JobRequest JobRequest::make_pack(const GameInfo& game, const ParamValues& params, const char* seed_prefix,
                                 const PackOptions& options) {
  JobRequest r = make(game, params, seed_prefix);
  r.kind = JobKind::kMakePack;
  r.pack = options;
  return r;
}

JobRequest JobRequest::make_pack_seed(const GameInfo& game, const ParamValues& params, const char* seed_prefix,
                                      int seed_number, const PackOptions& options) {
  JobRequest r = make_pack(game, params, seed_prefix, options);
  r.kind = JobKind::kMakePackSeed;
  r.seed_number = seed_number;
  return r;
}

JobRequest JobRequest::search(const SearchSpec& spec) {
  JobRequest r = make(*spec.game, spec.params, spec.base.c_str());
  r.kind = JobKind::kSearch;
  r.search_from = spec.from;
  r.search_to = spec.to;
  r.search_keep = spec.keep;
  r.search_by = spec.by;
  r.search_lowest = spec.lowest;
  r.search_part = spec.part;
  r.search_parts = spec.parts;
  return r;
}

SearchSpec JobRequest::search_spec() const {
  SearchSpec s;
  s.game = game;
  s.params = params;
  s.base = seed;
  s.from = search_from;
  s.to = search_to;
  s.keep = search_keep;
  s.by = search_by;
  s.lowest = search_lowest;
  s.part = search_part;
  s.parts = search_parts;
  return s;
}

JobRequest JobRequest::on_text(JobKind kind, const GameInfo* game, const char* text, size_t len) {
  JobRequest r;
  r.kind = kind;
  r.game = game;
  r.text.append(text, len);
  return r;
}

JobRequest JobRequest::on_level(JobKind kind, const Level& level, const MoveList& moves) {
  JobRequest r;
  r.kind = kind;
  r.game = &level.game();
  level.canonical_text(&r.text);
  r.moves = moves;
  return r;
}

Job::Job(const JobRequest& request) : request_(request) {
  // A pack's maker is there from the start, for a host that shows each seed's fate.
  if (request_.kind == JobKind::kMakePack) start();
}

void Job::watch(void (*progress)(void* context, uint32_t done, uint32_t total), void* context) {
  request_.limits.progress = progress;
  request_.limits.progress_context = context;
  request_.pack.progress = progress;
  request_.pack.progress_context = context;
  if (pack_) {  // (made at the start: it keeps its own options)
    pack_.reset();
    start();
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Reading a level and searching it
// ---------------------------------------------------------------------------
bool read_job_level(const GameInfo* game, const Text& text, const MoveList& moves, JobKind kind, JobResult* out,
                    Error* err) {
  out->level = parse_level(game ? game->id : "", text.c_str(), text.size(), err);
  if (!out->level) return false;
  const Level& level = *out->level;
  out->game = &level.game();
  level.initial_state(&out->position);
  // The position searched from: the moves played from the start (a count
  // counts the level's solutions: from its start).
  for (size_t i = 0; i < moves.size() && kind != JobKind::kCount; ++i) {
    const Move m = moves[i];
    const Outcome o = m < (Move)level.move_count() ? level.apply(&out->position, (int)m) : Outcome::kNoChange;
    if (o == Outcome::kNoChange || (o != Outcome::kMoved && i + 1 < moves.size())) {
      fail(err, 0, 0, "move %d of the position (%u) %s", (int)i + 1, (unsigned)m,
           o == Outcome::kNoChange ? "is no move there" : "comes after the level has ended");
      out->level.reset();
      return false;
    }
  }
  return true;
}

bool Job::read_level() {
  return read_job_level(request_.game, request_.text, request_.moves, request_.kind, &result_, &result_.error);
}

// The search from the position: true once done (a solve pauses where
// *budget runs out; an analysis, a count and a listing run whole).
bool Job::search(uint64_t* budget) {
  const Level& level = *this->level();
  const GameState& from = result_.position;
  switch (request_.kind) {
    case JobKind::kSolve:
      if (!solving_) solving_ = level.begin_solve(from, request_.limits, &result_.solution);
      if (!solving_->run(budget)) return false;
      result_.solve = solving_->result();
      solving_.reset();
      return true;
    case JobKind::kAnalyze: {
      result_.analysis = level.analyze(from, request_.limits);
      if (result_.analysis.capped) {
        // The whole graph did not fit; a plain solve, which keeps less a
        // state, still says whether the level can be solved.
        SearchLimits plain = request_.limits;
        plain.graph_states = 0;
        result_.solve = level.solve(from, plain, &result_.solution);
      } else {
        Figure figures[kMaxFigures];
        const int n = level.analysis_figures(from, result_.analysis, SearchLimits(), figures);
        for (int i = 0; i < n; ++i) {
          FigureValue v;
          v.key.append(figures[i].key);
          v.label.append(figures[i].label);
          v.value = figures[i].value;
          v.is_bool = figures[i].is_bool;
          v.none = figures[i].none;
          result_.figures.push_back(v);
        }
      }
      result_.difficulty = level.rate(result_.analysis);
      return true;
    }
    case JobKind::kSolveAll:
      result_.solutions_found = level.all_solutions(from, request_.limits, kMostListedSolutions, &result_.solutions);
      return true;
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Slices
// ---------------------------------------------------------------------------
GenerationStatus Job::fail(bool bad_input) {
  result_.bad_input = bad_input;
  solving_.reset();  // (it refers to the level)
  result_.level.reset();
  task_.reset();
  pack_.reset();
  search_.reset();
  return status_ = GenerationStatus::kFailed;
}

GenerationStatus Job::made() {
  GeneratedInfo info;
  std::unique_ptr<Level> level = task_->take(&info, &result_.error);
  task_.reset();
  result_.generated = info;
  if (!level) return fail(info.bad_params);
  result_.level = std::move(level);
  link_for_seed(*result_.game, result_.params, result_.seed.c_str(), &result_.link);
  return status_ = GenerationStatus::kDone;
}

// What a pack or a search is made from, before its first seed (made here or elsewhere).
void Job::start() {
  started_ = true;
  result_.game = request_.game;
  result_.params = request_.params;
  result_.seed = request_.seed;
  if (request_.kind == JobKind::kMakePack)
    pack_.reset(new PackMaker(*request_.game, request_.params, request_.seed.c_str(), request_.pack));
  else if (request_.kind == JobKind::kSearch)
    search_.reset(new SeedSearch(request_.search_spec()));
}

GenerationStatus Job::pack_ended(bool ended) {
  result_.pack_figures = pack_->figures();
  if (!ended) return status_;
  if (pack_->status() == GenerationStatus::kFailed) {
    result_.error = pack_->error();
    return fail(result_.pack_figures.bad_params);
  }
  result_.pack = pack_->levels();
  pack_.reset();
  return status_ = GenerationStatus::kDone;
}

GenerationStatus Job::search_ended() {
  if (search_->status() == GenerationStatus::kRunning) return status_;
  result_.search = search_->result();
  if (search_->status() == GenerationStatus::kFailed) {
    result_.error = search_->error();
    return fail(true);  // parameters that cannot go together
  }
  search_.reset();
  return status_ = GenerationStatus::kDone;
}

GenerationStatus Job::slice() {
  if (status_ != GenerationStatus::kRunning) return status_;
  const bool first = !started_;
  started_ = true;
  switch (request_.kind) {
    case JobKind::kMake:
      if (first) {
        result_.game = request_.game;
        result_.from_seed = true;
        result_.seed = request_.seed;
        result_.params = request_.params;
        task_ = begin_generation(*request_.game, request_.params, request_.seed.c_str());
      }
      if (run_frame(task_.get()) == GenerationStatus::kRunning) return status_;
      return made();

    case JobKind::kOpenLink:
      if (first) {
        LinkTarget target;
        if (!parse_link(request_.text.c_str(), request_.text.size(), &target, &result_.error)) return fail(true);
        result_.game = target.game;
        result_.params = target.params;
        if (target.is_level) {
          result_.level = open_link(target, nullptr, &result_.error);
          if (!result_.level) return fail(true);
          link_for_level(*result_.level, &result_.link);
          return status_ = GenerationStatus::kDone;
        }
        result_.from_seed = true;
        result_.seed = target.seed;
        task_ = begin_generation(*target.game, target.params, target.seed.c_str());
      }
      if (run_frame(task_.get()) == GenerationStatus::kRunning) return status_;
      return made();

    case JobKind::kMakePack: {
      uint64_t one_seed = 1;
      return pack_ended(pack_->run(&one_seed));
    }

    case JobKind::kSearch: {
      if (first) start();
      uint64_t one_seed = 1;
      search_->run(&one_seed);
      return search_ended();
    }

    case JobKind::kMakePackSeed: {
      result_.game = request_.game;
      result_.params = request_.params;
      PackSeed& made = result_.pack_seed;
      make_pack_seed(*request_.game, request_.params, request_.seed.c_str(), request_.seed_number,
                     request_.pack.rated, &made);
      if (made.info.bad_params) {
        result_.error = made.error;
        return fail(true);
      }
      return status_ = GenerationStatus::kDone;
    }

    case JobKind::kSolve:
    case JobKind::kAnalyze:
    case JobKind::kCount:
    case JobKind::kSolveAll:
      if (first) return read_level() ? status_ : fail(true);
      if (request_.kind == JobKind::kCount) {
        if (!level()->count_solutions(request_.rules.c_str(), request_.count_to, request_.limits.team, &result_.count,
                                     &result_.error))
          return fail(true);
      } else {
        uint64_t positions = kSolvePositions;
        if (!search(&positions)) return status_;
      }
      return status_ = GenerationStatus::kDone;
  }
  return fail(true);
}

GenerationStatus Job::run() {
  while (slice() == GenerationStatus::kRunning) {
  }
  return status_;
}

std::unique_ptr<Job> run_job(const JobRequest& request) {
  std::unique_ptr<Job> job(new Job(request));
  job->run();
  return job;
}

int Job::progress_permille() const {
  if (status_ != GenerationStatus::kRunning) return 1000;
  if (task_) return task_->progress_permille();
  if (pack_) return pack_->progress_permille();
  if (search_) return search_->progress_permille();
  return started_ ? 500 : 0;
}

bool Job::layouts(int* tried, int* most) const {
  *tried = *most = 0;
  if (task_) task_->layouts(tried, most);
  return *most > 0;
}

// ---------------------------------------------------------------------------
// [SECTION] Seeds made elsewhere
// ---------------------------------------------------------------------------
int Job::seeds() const {
  if (request_.kind == JobKind::kMakePack) return PackMaker::most_seeds(request_.pack.count);
  if (request_.kind == JobKind::kSearch) {
    const SearchSpec spec = request_.search_spec();
    return (int)part_seed_count(spec.from, spec.to, spec.part, spec.parts);
  }
  return 0;
}

JobRequest Job::seed_request(int i) const {
  int number = i;
  PackOptions options = request_.pack;
  if (request_.kind == JobKind::kSearch) {
    number = (int)SeedSearch::seed_number(request_.search_spec(), (uint32_t)(i - 1));
    options = PackOptions();  // (rated: a search ranks the seeds' analyses)
  }
  options.progress = nullptr;  // one seed: nothing to show on the way
  options.progress_context = nullptr;
  return JobRequest::make_pack_seed(*request_.game, request_.params, request_.seed.c_str(), number, options);
}

GenerationStatus Job::take_seed(int i, JobResult&& made) {
  if (status_ != GenerationStatus::kRunning) return status_;
  if (!pack_ && !search_ && (request_.kind == JobKind::kMakePack || request_.kind == JobKind::kSearch)) start();
  if (!pack_ && !search_) {
    tl::fail(&result_.error, 0, 0, "a %s job has no seeds to take", job_kind_name(request_.kind));
    return fail(true);
  }
  if (i < 1 || i > seeds()) {
    tl::fail(&result_.error, 0, 0, "seed %d is not the %s's (1 to %d)", i, pack_ ? "pack" : "search", seeds());
    return fail(false);
  }
  // A seed that failed as bad input (parameters that cannot go together, a
  // worker that failed): the job ends with its reason, as one made here would.
  if (made.error.set() && made.pack_seed.number == 0) {
    result_.error = made.error;
    return fail(made.bad_input);
  }
  PackSeed seed = std::move(made.pack_seed);
  Error e;
  if (pack_) {
    seed.number = i;
    if (pack_->take_any(std::move(seed), &e) == GenerationStatus::kFailed) {
      // A seed not the pack's or given twice (the pool's fault), or the pack's own end (no level made,
      // parameters that cannot go together: bad input).
      result_.error = e;
      result_.pack_figures = pack_->figures();
      return fail(result_.pack_figures.bad_params);
    }
    return pack_ended(pack_->status() != GenerationStatus::kRunning);
  }
  seed.number = (int)SeedSearch::seed_number(request_.search_spec(), (uint32_t)(i - 1));
  if (search_->take((uint32_t)(i - 1), std::move(seed), &e) == GenerationStatus::kFailed) {
    result_.error = e;
    return fail(search_->status() == GenerationStatus::kFailed);  // (failed: parameters that cannot go together)
  }
  return search_ended();
}

bool Job::seed_taken(int i) const {
  if (pack_) return pack_->seed_taken(i);
  if (search_) return search_->seed_taken((uint32_t)(i - 1));
  return false;
}

void Job::seed_progress(uint32_t* done, uint32_t* total) const {
  *done = *total = 0;
  if (pack_) {
    *done = (uint32_t)pack_->levels().size();
    *total = (uint32_t)(request_.pack.count > 0 ? request_.pack.count : 0);
  } else if (search_) {
    *done = search_->seeds_made();
    *total = search_->seeds();
  }
}

}  // namespace tl
