// session.cpp — the midend every host shares (see session.h): a level loaded,
// made or opened, played with undo, hints and solves, and what comes next.
//
// [SECTION] Loading a level
// [SECTION] Jobs
// [SECTION] Packs and the next level
// [SECTION] Playing
// [SECTION] Hints, solving and medals
// [SECTION] Infinite mode
#include "session.h"

#include <stdio.h>
#include <string.h>

#include "core/base/tl_assert.h"
#include "generation.h"
#include "link.h"
#include "registry.h"
#include "core/base/rng.h"

namespace tl {

// ---------------------------------------------------------------------------
// [SECTION] Loading a level
// ---------------------------------------------------------------------------
void Session::load(std::unique_ptr<Level> level, const GameInfo& game, const ParamValues& params, const char* seed,
                   int par) {
  level_ = std::move(level);
  game_ = &game;
  params_ = params;
  seed_.clear();
  seed_.append(seed);
  par_ = par;
  unwinnable_ = false;  // open_level sets it after loading
  link_.clear();
  if (from_seed()) link_for_seed(game, params, seed, &link_);
  else link_for_level(*level_, &link_);
  states_.assign(1, GameState());
  level_->initial_state(&states_[0]);
  outcomes_.clear();
  moves_.clear();
  stroke_starts_.clear();
  helped_.clear();
  cursor_ = 0;
  ui_ = PlayUi();
  solve_queue_.clear();
  solve_at_ = 0;
  message_.clear();
  note_.clear();
  pack_index_ = -1;  // open_pack_level sets it after loading
  drop_level_jobs();  // what waited was for the level before
  analysis_.reset();
  ++loads_;
}

bool Session::failed(const char* what, const Error& e, Error* err) {
  message_.clear();
  message_.appendf("%s: %s", what, e.message);
  if (err) *err = e;
  return false;
}

bool Session::new_level(const GameInfo& game, const ParamValues& params, const char* seed, Error* err) {
  LevelRecipe recipe;
  recipe.game = &game;
  recipe.params = params;
  recipe.seed.append(seed);
  return new_level(recipe, err);
}

bool Session::new_level(const LevelRecipe& recipe, Error* err) {
  begin_making(recipe);
  return finish_jobs(err);
}

void Session::begin_making(const LevelRecipe& recipe, const ParamValues* fallback) {
  TL_ASSERT(recipe.game != nullptr);
  drop_level_jobs();  // a level coming: what waited for the one shown is moot
  making_recipe_ = recipe;
  has_fallback_ = fallback != nullptr && !params_equal(*recipe.game, *fallback, recipe.params);
  if (has_fallback_) making_fallback_ = *fallback;
  start_job(SessionJob::kMake, JobRequest::make(*recipe.game, recipe.params, recipe.seed.c_str()));
}

void Session::load_generated(const LevelRecipe& recipe, std::unique_ptr<Level> level, const GeneratedInfo& info) {
  TL_ASSERT(recipe.game != nullptr);
  load(std::move(level), *recipe.game, recipe.params, recipe.seed.c_str(), info.par);
  note_.append(recipe.note);
  message_.append(recipe.message);
}

namespace {

// The link that failed, for the person to read beside why (a long one cut).
void name_link(const char* link, size_t len, Text* out) {
  const size_t kShown = 160;
  out->appendf(" (The link: %.*s%s)", (int)(len < kShown ? len : kShown), link, len > kShown ? "..." : "");
}

// A link's fault as the message tells it: without the reader's "link: "
// (the message already says it is a link's).
Error link_fault(const Error& e) {
  static const char kPrefix[] = "link: ";
  Error out = e;
  if (strncmp(e.message, kPrefix, sizeof kPrefix - 1) == 0)
    snprintf(out.message, sizeof out.message, "%s", e.message + sizeof kPrefix - 1);
  return out;
}

}  // namespace

NextLevel Session::link_recipe(const char* link, size_t len, LevelRecipe* out, Error* err) {
  LinkTarget target;
  Error e;
  const bool read = parse_link(link, len, &target, &e);
  if (read && target.is_level) {
    std::unique_ptr<Job> job = run_job(JobRequest::on_text(JobKind::kOpenLink, nullptr, link, len));
    if (job->status() != GenerationStatus::kDone) {
      failed("This link can't be opened", job->result().error, err);
      name_link(link, len, &message_);
      return NextLevel::kFailed;
    }
    open_level(std::move(job->result().level));
    return NextLevel::kOpened;
  }
  // Only a parameter is wrong: the game with its defaults, and why.
  if (!read && !(target.bad_param && !target.is_level)) {
    failed("This link can't be opened", link_fault(e), nullptr);
    if (err) *err = e;
    name_link(link, len, &message_);
    return NextLevel::kFailed;
  }
  *out = LevelRecipe();
  out->game = target.game;
  out->params = target.params;
  out->seed.append(!read && target.seed.empty() ? "tilelab" : target.seed.c_str());
  out->link.append(link, len);
  if (!read) {
    out->message.appendf("This link can't be opened as it is: %s. Showing %s with its default parameters.",
                         link_fault(e).message, target.game->name);
    name_link(link, len, &out->message);
    if (err) *err = e;
  }
  return NextLevel::kMake;
}

bool Session::open_link(const char* link, size_t len, Error* err) {
  LevelRecipe recipe;
  Error e;
  const NextLevel next = link_recipe(link, len, &recipe, &e);
  if (err) *err = e;
  if (next != NextLevel::kMake) return next == NextLevel::kOpened && finish_jobs(err);
  if (recipe.message.empty()) return new_level(recipe, err);
  // A link opened with the game's defaults says so; if even they make no
  // level, the link's fault is what is told.
  if (!new_level(recipe)) {
    failed("This link can't be opened", link_fault(e), nullptr);
    name_link(link, len, &message_);
  }
  return false;
}

bool Session::open_text(const char* game, const char* text, size_t len, Error* err) {
  Error e;
  std::unique_ptr<Level> level = parse_level(game, text, len, &e);
  if (!level) return failed("This level text can't be opened", e, err);
  open_level(std::move(level));
  return finish_jobs(err);
}

// A level opened from its text: no seed, the game's default parameters, par
// from a solve (a job's: -1 until it comes).
void Session::open_level(std::unique_ptr<Level> level) {
  const GameInfo& g = level->game();
  ParamValues defaults;
  params_default(g, &defaults);
  load(std::move(level), g, defaults, "", -1);
  start_job(SessionJob::kPar, JobRequest::on_level(JobKind::kSolve, *level_));
}

void Session::open_default() {
  LevelRecipe recipe;
  recipe.game = &game_at(0);
  params_default(*recipe.game, &recipe.params);
  recipe.seed.append("tilelab");
  recipe.message.append(message_.c_str());  // why the default is shown (a bad link) stays
  begin_making(recipe);
  bool ok = finish_jobs(nullptr);
  TL_ASSERT(ok);  // the default level of the first game always generates
  (void)ok;
}

// ---------------------------------------------------------------------------
// [SECTION] Jobs
// ---------------------------------------------------------------------------
void Session::start_job(SessionJob purpose, const JobRequest& request) {
  WaitingJob w;
  w.purpose = purpose;
  w.id = ++job_ids_;
  w.job.reset(new Job(request));
  w.loads = loads_;
  w.moves = moves();
  // Long work (an analysis, a pack, a search) waits behind what the player
  // asks for since (a host running it elsewhere may run both at once, or
  // starts it again after).
  const auto long_work = [](SessionJob p) { return p == SessionJob::kAnalysis || outlasts_level(p); };
  size_t at = jobs_.size();
  while (!long_work(purpose) && at > 0 && long_work(jobs_[at - 1].purpose)) --at;
  jobs_.insert(jobs_.begin() + (long)at, std::move(w));
}

void Session::drop_waiting(SessionJob a, SessionJob b) {
  for (size_t i = 0; i < jobs_.size(); ++i)
    if (jobs_[i].purpose == a || jobs_[i].purpose == b) jobs_.erase(jobs_.begin() + (long)i--);
}

void Session::drop_level_jobs() {
  for (size_t i = 0; i < jobs_.size(); ++i)
    if (!outlasts_level(jobs_[i].purpose)) jobs_.erase(jobs_.begin() + (long)i--);
}

bool Session::finish_jobs(Error* err) {
  return host_runs_jobs_ || run_jobs(err) != GenerationStatus::kFailed;
}

const JobRequest& Session::job_request() const {
  TL_ASSERT(!jobs_.empty());
  return jobs_.front().job->request();
}

const Job* Session::find_job(uint32_t id) const {
  for (const WaitingJob& w : jobs_)
    if (w.id == id) return w.job.get();
  return nullptr;
}

GenerationStatus Session::job_slice(Error* err) {
  if (jobs_.empty()) return GenerationStatus::kDone;
  Job& job = *jobs_.front().job;
  if (job.slice() == GenerationStatus::kRunning) return GenerationStatus::kRunning;
  return took(0, &job.result(), err);
}

GenerationStatus Session::run_jobs(Error* err) {
  GenerationStatus worst = GenerationStatus::kDone;
  while (!jobs_.empty())
    if (job_slice(err) == GenerationStatus::kFailed) worst = GenerationStatus::kFailed;
  return worst;
}

GenerationStatus Session::take_job(uint32_t id, JobResult result, Error* err) {
  for (size_t at = 0; at < jobs_.size(); ++at)
    if (jobs_[at].id == id) return took(at, &result, err);
  return GenerationStatus::kDone;
}

GenerationStatus Session::take_job_seed(uint32_t id, int i, JobResult made, Error* err) {
  for (size_t at = 0; at < jobs_.size(); ++at) {
    if (jobs_[at].id != id) continue;
    Job& job = *jobs_[at].job;
    if (job.take_seed(i, std::move(made)) == GenerationStatus::kRunning) return GenerationStatus::kRunning;
    return took(at, &job.result(), err);
  }
  return GenerationStatus::kDone;
}

// A job's result: what its purpose does with it. The job leaves the queue
// first (loading a level clears what waited for the one before).
GenerationStatus Session::took(size_t at, JobResult* r, Error* err) {
  WaitingJob w = std::move(jobs_[at]);
  jobs_.erase(jobs_.begin() + (long)at);
  const bool ok = r->error.message[0] == 0 && (w.purpose != SessionJob::kMake || r->level != nullptr);
  const bool same_position = w.loads == loads_ && w.moves == moves();
  switch (w.purpose) {
    case SessionJob::kMake:
      if (ok) {
        load_generated(making_recipe_, std::move(r->level), r->generated);
        return GenerationStatus::kDone;
      }
      if (has_fallback_) {  // the same seed with the fallback parameters
        has_fallback_ = false;
        making_recipe_.params = making_fallback_;
        drop_level_jobs();
        start_job(SessionJob::kMake, JobRequest::make(*making_recipe_.game, making_recipe_.params,
                                                      making_recipe_.seed.c_str()));
        return GenerationStatus::kRunning;
      }
      failed("Could not generate", r->error, err);
      if (!making_recipe_.link.empty()) name_link(making_recipe_.link.c_str(), making_recipe_.link.size(), &message_);
      return GenerationStatus::kFailed;
    case SessionJob::kPar:
      if (ok && w.loads == loads_) {
        par_ = r->solve.length;
        unwinnable_ = !r->solve.solvable && !r->solve.capped;
      }
      return ok ? GenerationStatus::kDone : GenerationStatus::kFailed;
    case SessionJob::kHint:
    case SessionJob::kSolve:
      if (!same_position) return GenerationStatus::kDone;  // the player moved on
      if (!ok) {
        note_.clear();
        note_.appendf("%s: %s", w.purpose == SessionJob::kHint ? "No hint" : "No solution", r->error.message);
        if (err) *err = r->error;
        return GenerationStatus::kFailed;
      }
      if (w.purpose == SessionJob::kHint) hint_played_ = hint_from(r->solve.solvable, r->solution);
      else solve_from(r->solve.solvable, r->solution);
      return GenerationStatus::kDone;
    case SessionJob::kAnalysis:
      if (w.loads != loads_) return GenerationStatus::kDone;
      if (!ok) {
        if (err) *err = r->error;
        return GenerationStatus::kFailed;
      }
      analysis_.reset(new JobResult(std::move(*r)));
      return GenerationStatus::kDone;
    case SessionJob::kPack:
    case SessionJob::kSearch:
      return took_pack(w.purpose, w.job->request(), r, err);
    case SessionJob::kNone:
      break;
  }
  return GenerationStatus::kDone;
}

// A pack or a search made: the pack to play through, and its text.
GenerationStatus Session::took_pack(SessionJob purpose, const JobRequest& request, JobResult* r, Error* err) {
  pack_error_ = r->error;
  if (r->error.set()) {
    pack_text_.clear();  // (no pack was made: no text of one)
    if (purpose == SessionJob::kPack) pack_figures_ = r->pack_figures;
    if (err) *err = r->error;
    return GenerationStatus::kFailed;
  }
  pack_text_.clear();
  ++packs_made_;
  if (purpose == SessionJob::kPack) {
    pack_figures_ = r->pack_figures;
    set_pack(*request.game, r->pack);
    format_pack(*request.game, request.params, r->pack, &pack_text_);
    return GenerationStatus::kDone;
  }
  const SearchSpec spec = request.search_spec();
  format_search(spec, r->search, &pack_text_);
  std::vector<PackLevel> levels;
  for (const FoundLevel& f : r->search.best) levels.push_back(f.level);
  if (!levels.empty()) set_pack(*request.game, levels);  // (a search that kept none leaves the pack played)
  return GenerationStatus::kDone;
}

// The position as a level of its own (a line puzzle's: its level), as the
// page's Analysis panel has always analysed it.
void Session::analyze(uint32_t graph_states) {
  if (!level_) return;
  drop_waiting(SessionJob::kAnalysis, SessionJob::kAnalysis);  // a newer ask replaces one waiting
  Text position;
  position_text(&position);
  JobRequest request = JobRequest::on_text(JobKind::kAnalyze, &level_->game(), position.c_str(), position.size());
  request.limits.graph_states = graph_states;
  start_job(SessionJob::kAnalysis, request);
  finish_jobs(nullptr);
}

void Session::analyze_level(const GameInfo* game, const char* text, size_t len, uint32_t graph_states) {
  drop_waiting(SessionJob::kAnalysis, SessionJob::kAnalysis);
  analysis_.reset();
  JobRequest request = JobRequest::on_text(JobKind::kAnalyze, game, text, len);
  request.limits.graph_states = graph_states;
  start_job(SessionJob::kAnalysis, request);
  finish_jobs(nullptr);
}

// ---------------------------------------------------------------------------
// [SECTION] Packs and the next level
// ---------------------------------------------------------------------------
void Session::set_pack(const GameInfo& game, const std::vector<PackLevel>& levels) {
  pack_game_ = &game;
  pack_ = levels;
  pack_index_ = -1;
}

void Session::begin_pack(const GameInfo& game, const ParamValues& params, const char* seed_prefix,
                         const PackOptions& options) {
  cancel_pack();  // one pack or search at a time: the newer
  start_job(SessionJob::kPack, JobRequest::make_pack(game, params, seed_prefix, options));
  finish_jobs(nullptr);
}

void Session::begin_seed_search(const SearchSpec& spec) {
  cancel_pack();
  start_job(SessionJob::kSearch, JobRequest::search(spec));
  finish_jobs(nullptr);
}

const PackMaker* Session::pack_maker() const {
  for (const WaitingJob& w : jobs_)
    if (w.purpose == SessionJob::kPack) return w.job->pack_maker();
  return nullptr;
}

bool Session::open_pack_level(int index, Error* err) {
  Error e;
  if (!pack_game_ || index < 0 || index >= (int)pack_.size()) {
    fail(&e, 0, 0, "the pack has no level %d", index + 1);
    return failed("This pack level can't be opened", e, err);
  }
  const PackLevel& p = pack_[(size_t)index];
  std::unique_ptr<Level> level = pack_game_->parse(p.level.c_str(), p.level.size(), &e);
  if (!level) return failed("This pack level can't be opened", e, err);
  // Its seed link names its seed and parameters (the level itself is read,
  // not generated again); a link that does not read leaves it a level of its own.
  LinkTarget target;
  Error link_error;
  if (parse_link(p.link.c_str(), p.link.size(), &target, &link_error) && !target.is_level && target.game == pack_game_)
    load(std::move(level), *pack_game_, target.params, target.seed.c_str(), p.par);
  else
    open_level(std::move(level));
  pack_index_ = index;
  return finish_jobs(err);
}

bool Session::next_level(uint64_t entropy, Error* err) {
  LevelRecipe recipe;
  const NextLevel next = next_level_recipe(entropy, &recipe, err);
  return next == NextLevel::kMake ? new_level(recipe, err) : next == NextLevel::kOpened;
}

NextLevel Session::next_level_recipe(uint64_t entropy, LevelRecipe* out, Error* err) {
  TL_ASSERT(loaded());
  if (pack_has_next()) return open_pack_level(pack_index_ + 1, err) ? NextLevel::kOpened : NextLevel::kFailed;
  out->game = game_;
  out->note.clear();
  out->seed.clear();
  out->continues = infinite_ && from_seed() && status() == PlayStatus::kWon &&
                   next_infinite_level(*level_, state(), params_, seed_.c_str(), &out->params, &out->seed);
  if (out->continues) return NextLevel::kMake;
  out->params = params_;
  seed_name(entropy, &out->seed);
  if (pack_index_ >= 0) out->note.append("That was the pack's last level: a new one from a fresh seed.");
  return NextLevel::kMake;
}

// ---------------------------------------------------------------------------
// [SECTION] Playing
// ---------------------------------------------------------------------------
const GameInfo& Session::game() const {
  TL_ASSERT(game_ != nullptr);
  return *game_;
}

const Level& Session::level() const {
  TL_ASSERT(level_ != nullptr);
  return *level_;
}

PlayStatus Session::status() const {
  if (cursor_ == 0) return PlayStatus::kPlaying;
  Outcome last = outcomes_[cursor_ - 1];
  return last == Outcome::kWon ? PlayStatus::kWon : last == Outcome::kLost ? PlayStatus::kLost : PlayStatus::kPlaying;
}

Outcome Session::play(int move) { return play_move(move, false); }

Outcome Session::play_move(int move, bool helped) {
  if (!level_ || status() != PlayStatus::kPlaying || move < 0) return Outcome::kNoChange;
  GameState next = states_[cursor_];
  Outcome o = level_->apply(&next, move);
  if (o == Outcome::kNoChange) return o;
  states_.resize(cursor_ + 1);
  outcomes_.resize(cursor_);
  moves_.resize(cursor_);
  stroke_starts_.resize(cursor_);
  helped_.resize(cursor_);
  states_.push_back(next);
  outcomes_.push_back(o);
  moves_.push_back((Move)move);
  stroke_starts_.push_back(cursor_ == 0 || level_->starts_stroke(move) ? 1 : 0);
  helped_.push_back(helped ? 1 : 0);
  ++cursor_;
  return o;
}

size_t Session::moves_made() const {
  size_t strokes = 0;
  for (size_t i = 0; i < cursor_; ++i) strokes += stroke_starts_[i];
  return strokes;
}

Outcome Session::input(const Input& in) {
  if (!level_ || solving()) return Outcome::kNoChange;
  // A pointer dragged far in one event draws a cell a move until it catches up.
  const bool catch_up = in.kind == InputKind::kPointerDrag || in.kind == InputKind::kPointerRelease;
  Outcome last = Outcome::kNoChange;
  // (Bounded: a level whose moves toward the pointer went round in a circle
  // must not hang the host.)
  for (int guard = 0; guard < kMaxCatchUpMoves; ++guard) {
    const int move = level_->interpret(state(), &ui_, in);
    if (move == kNoMove) break;
    note_.clear();
    const Outcome o = play(move);
    if (o == Outcome::kNoChange) break;
    last = o;
    if (!catch_up || o != Outcome::kMoved) break;
  }
  return last;
}

// A note is about the position it was written at: undo, redo and restart,
// as a move does, leave it behind.
bool Session::undo() {
  solve_queue_.clear();
  solve_at_ = 0;
  if (!can_undo()) return false;
  note_.clear();
  while (--cursor_ > 0 && !stroke_starts_[cursor_]) {
  }
  return true;
}

bool Session::redo() {
  if (solving() || !can_redo()) return false;
  note_.clear();
  while (++cursor_ < moves_.size() && !stroke_starts_[cursor_]) {
  }
  return true;
}

void Session::restart() {
  solve_queue_.clear();
  solve_at_ = 0;
  cursor_ = 0;
  note_.clear();
}

JobRequest Session::solve_request() const {
  return level_ ? JobRequest::on_level(JobKind::kSolve, *level_, moves()) : JobRequest();
}

bool shortest_solution(const Session& s, MoveList* out) {
  out->clear();
  if (!s.loaded() || s.status() != PlayStatus::kPlaying) return false;
  std::unique_ptr<Job> job = run_job(s.solve_request());
  *out = job->result().solution;
  return job->result().solve.solvable;
}

bool Session::position_text(Text* out) const {
  out->clear();
  if (state().lines.empty()) {
    level().format(state(), out);
    return true;
  }
  level().canonical_text(out);
  return false;
}

// ---------------------------------------------------------------------------
// [SECTION] Hints, solving and medals
// ---------------------------------------------------------------------------
// A hint's or a solve's job; with nothing to search (no level, a solve
// playing, the level over) the note says so at once.
void Session::begin_hint_or_solve(SessionJob purpose) {
  drop_waiting(SessionJob::kHint, SessionJob::kSolve);  // a newer ask replaces one waiting
  hint_played_ = -1;
  if (level_ && !solving() && status() == PlayStatus::kPlaying) start_job(purpose, solve_request());
  else if (purpose == SessionJob::kHint) hint_from(false, MoveList());
  else solve_from(false, MoveList());
}

int Session::hint() {
  begin_hint_or_solve(SessionJob::kHint);
  finish_jobs(nullptr);
  return hint_played_;
}

// Why there is no hint or solution (`what`): a move made can be taken back;
// at the start there is nothing to take back, and a level known to have no
// win (its solve ended uncapped) cannot be won at all.
void Session::note_no_win(const char* what) {
  note_.append(what);
  if (moves_made() > 0) note_.append(": no win is reachable from here. Undo or restart.");
  else if (unwinnable_) note_.append(": this level cannot be won.");
  else note_.append(": the search found no win from the start.");
}

int Session::hint_from(bool found, const MoveList& path) {
  note_.clear();
  if (!level_ || solving() || status() != PlayStatus::kPlaying) return -1;
  if (!found || path.empty()) {
    note_no_win("No hint");
    return -1;
  }
  // The hint is the solution's first stroke.
  size_t end = 1;
  while (end < path.size() && !level_->starts_stroke(path[end])) ++end;
  note_.append("Hint played: ");
  level_->describe_moves(path.data(), end, &note_);
  for (size_t i = 0; i < end; ++i) play_move(path[i], true);
  return path[0];
}

bool Session::solve() {
  begin_hint_or_solve(SessionJob::kSolve);
  finish_jobs(nullptr);
  return solving();
}

bool Session::solve_from(bool found, const MoveList& path) {
  note_.clear();
  solve_queue_.clear();
  solve_at_ = 0;
  if (!level_ || status() != PlayStatus::kPlaying) return false;
  solve_queue_ = path;
  if (!found) {
    solve_queue_.clear();
    note_no_win("No solution");
    return false;
  }
  note_.append("Solving: ");
  level_->describe_moves(solve_queue_.data(), solve_queue_.size(), &note_);
  return true;
}

bool Session::solve_step() {
  if (!solving()) return false;
  play_move(solve_queue_[solve_at_++], true);
  while (solving() && !level_->starts_stroke(solve_queue_[solve_at_])) play_move(solve_queue_[solve_at_++], true);
  if (!solving()) {
    // Played out: the note says it is done (it said "Solving: " all along).
    note_.clear();
    note_.append("Solved: ");
    level_->describe_moves(solve_queue_.data(), solve_queue_.size(), &note_);
    solve_queue_.clear();
    solve_at_ = 0;
  }
  return true;
}

int Session::chosen_card() const {
  HandCard cards[kMaxHand];
  int n = hand(cards);
  return n > 0 ? tl::chosen_card(cards, n, ui_.card) : -1;
}

bool Session::helped() const {
  for (size_t i = 0; i < cursor_; ++i)
    if (helped_[i]) return true;
  return false;
}

void Session::medals_text(Text* out) const {
  out->clear();
  if (!level_ || status() != PlayStatus::kWon) return;
  if (helped()) {
    out->append("Solved with help: no medal");
    return;
  }
  Figure medals[kMaxFigures];
  int n = level_->earned_medals(moves(), par_, medals);
  for (int i = 0; i < n; ++i) {
    if (!medals[i].value) continue;
    out->append(out->empty() ? "Medals: " : ", ");
    out->append(medals[i].label);
  }
  if (n > 0 && out->empty()) out->append("No medal");
}

Replay replay_moves(const Level& level, const MoveList& moves) {
  Replay r;
  level.initial_state(&r.state);
  while (r.played < moves.size()) {
    r.last = level.apply(&r.state, moves[r.played++]);
    if (r.last == Outcome::kWon || r.last == Outcome::kLost) break;
  }
  return r;
}

// ---------------------------------------------------------------------------
// [SECTION] Infinite mode
// ---------------------------------------------------------------------------
bool next_infinite_level(const Level& level, const GameState& final_state, const ParamValues& params,
                         const char* seed, ParamValues* next_params, Text* next_seed) {
  *next_params = params;
  if (!level.next_params(final_state, next_params)) return false;
  // "name~N" counts up; any other seed gets "~2".
  size_t len = string_length(seed), tilde = len;
  while (tilde > 0 && seed[tilde - 1] >= '0' && seed[tilde - 1] <= '9') --tilde;
  long n = 1;
  if (tilde > 0 && tilde < len && seed[tilde - 1] == '~' && len - tilde <= 6) {
    n = 0;
    for (size_t i = tilde; i < len; ++i) n = n * 10 + (seed[i] - '0');
    len = tilde - 1;
  }
  next_seed->clear();
  next_seed->append(seed, len);
  next_seed->appendf("~%ld", n + 1);
  return true;
}

}  // namespace tl
