// job.cpp — a typed job run a slice at a time (see job.h).
#include "job.h"

#include "link.h"
#include "registry.h"

namespace tl {

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
  if (request_.kind == JobKind::kMakePack)
    pack_.reset(new PackMaker(*request_.game, request_.params, request_.seed.c_str(), request_.pack));
}

GenerationStatus Job::fail(bool bad_input) {
  result_.bad_input = bad_input;
  solving_.reset();  // (it refers to the level)
  result_.level.reset();
  task_.reset();
  pack_.reset();
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

bool Job::read_level() {
  const char* id = request_.game ? request_.game->id : "";
  result_.level = parse_level(id, request_.text.c_str(), request_.text.size(), &result_.error);
  if (!result_.level) return false;
  const Level& level = *result_.level;
  result_.game = &level.game();
  level.initial_state(&start_);
  // The position searched from: the request's moves played from the start
  // (a count counts the level's solutions: from its start).
  for (size_t i = 0; i < request_.moves.size() && request_.kind != JobKind::kCount; ++i) {
    const Move m = request_.moves[i];
    const Outcome o = m < (Move)level.move_count() ? level.apply(&start_, (int)m) : Outcome::kNoChange;
    if (o == Outcome::kNoChange || (o != Outcome::kMoved && i + 1 < request_.moves.size())) {
      tl::fail(&result_.error, 0, 0, "move %d of the position (%u) %s", (int)i + 1, (unsigned)m,
           o == Outcome::kNoChange ? "is no move there" : "comes after the level has ended");
      result_.level.reset();
      return false;
    }
  }
  return true;
}

// The search from start_: true once done (a solve pauses where *budget runs
// out; an analysis runs whole).
bool Job::search(uint64_t* budget) {
  const Level& level = *this->level();
  switch (request_.kind) {
    case JobKind::kSolve:
      if (!solving_) solving_ = level.begin_solve(start_, request_.limits, &result_.solution);
      if (!solving_->run(budget)) return false;
      result_.solve = solving_->result();
      solving_.reset();
      return true;
    case JobKind::kAnalyze: {
      result_.analysis = level.analyze(start_, request_.limits);
      if (result_.analysis.capped) {
        // The whole graph did not fit; a plain solve, which keeps less a
        // state, still says whether the level can be solved.
        SearchLimits plain = request_.limits;
        plain.graph_states = 0;
        result_.solve = level.solve(start_, plain, &result_.solution);
      } else {
        result_.figure_count = level.analysis_figures(start_, result_.analysis, SearchLimits(), result_.figures);
      }
      result_.difficulty = level.rate(result_.analysis);
      return true;
    }
    default:
      return true;
  }
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
      if (first) {
        result_.game = request_.game;
        result_.params = request_.params;
        result_.seed = request_.seed;
      }
      uint64_t one_seed = 1;
      const bool ended = pack_->run(&one_seed);
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
      if (first) return read_level() ? status_ : fail(true);
      if (request_.kind == JobKind::kCount) {
        if (!level()->count_solutions(request_.rules.c_str(), request_.count_to, &result_.count,
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
  return started_ ? 500 : 0;
}

bool Job::layouts(int* tried, int* most) const {
  *tried = *most = 0;
  if (task_) task_->layouts(tried, most);
  return *most > 0;
}

}  // namespace tl
