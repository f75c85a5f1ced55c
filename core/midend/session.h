// session.h — the midend every host shares (Tatham's midend.c).
//
// A Session owns what is being played and where it came from: the game, its
// parameters, the generator's seed (or none, for a level opened from its
// text), par, the level's link, infinite mode, the moves with undo and redo,
// the chosen card, and the queued moves of a solve. Hosts call its commands
// (new level, open a link or a level text, next level, input, undo, redo,
// restart, hint, solve) and draw what it shows (level, state, status, par,
// link, message, note). No host computes par, builds a link, or decides what
// "next" means; the web page, the Playdate app and the tests drive the same
// commands.
//
// Every search a command needs is a job (job.h) the session starts and
// takes: the level to make, par of a level opened from its text, a hint, a
// solve, an analysis, a pack, a designer's search. The command line and the
// tests let each command run its jobs to their end; the Playdate app runs
// them a slice a frame (job_slice); the page sends each to its worker and
// hands the result back (job_request, take_job), a pack's and a search's
// seeds to its pool of workers (job_seed_request, take_job_seed).
#pragma once
#include <memory>
#include <vector>

#include "core/game/game.h"
#include "generation.h"
#include "job.h"
#include "pack.h"

namespace tl {

enum class PlayStatus : uint8_t { kPlaying, kWon, kLost };

// What a session's job is for: what the session does with its result.
enum class SessionJob : uint8_t {
  kNone,
  kMake,   // a level made from a recipe (a seed, a seed link), loaded once made
  kPar,    // par of the level opened from its text: its shortest solution's length
  kHint,   // a shortest solution from the position: its first stroke played
  kSolve,  // the same, queued to play a stroke at a time (solve_step)
  kAnalysis,  // the position's whole state graph, its figures and difficulty (or an edited level's)
  // Long work that outlasts the level played meanwhile (a new level loaded
  // keeps it), and waits behind what the player asks for since:
  kPack,    // a pack of levels made, to play through (pack())
  kSearch,  // a designer's search: its best levels become the pack to play through
};
// Whether a job's purpose outlasts the level played (a pack, a search).
inline bool outlasts_level(SessionJob purpose) { return purpose == SessionJob::kPack || purpose == SessionJob::kSearch; }

// What a generator makes a level from: the game, its parameters and the
// seed; and what the session says once the level is loaded.
struct LevelRecipe {
  const GameInfo* game = nullptr;
  ParamValues params{};
  Text seed;
  Text note;  // "That was the pack's last level: ..." ("" for none)
  // What the session says once the level is loaded, as its message (a link
  // opened with the game's defaults: why), "" for nothing.
  Text message;
  // The link the recipe was read from (link_recipe), named to the person when
  // its level cannot be made; "" for none.
  Text link;
  // Infinite mode's next level: it goes on from where the last one ended
  // (false: a fresh seed, whose parameters a host may set, as a preset).
  bool continues = false;
};

// What next_level_recipe() found the next level to be.
enum class NextLevel : uint8_t {
  kOpened,  // a pack's next level, opened at once
  kMake,    // a level to make from the recipe
  kFailed,  // nothing could be opened (message() says why)
};

class Session {
 public:
  // --- commands -------------------------------------------------------------
  // Each command that loads a level replaces the current one only when it
  // succeeds; on failure it keeps the level, sets message() and fills err.

  // The level a game's generator makes for these parameters and seed.
  bool new_level(const GameInfo& game, const ParamValues& params, const char* seed, Error* err = nullptr);
  bool new_level(const LevelRecipe& recipe, Error* err = nullptr);
  // The job of new_level(): once made the level is loaded, or the level kept
  // and message() set (naming the recipe's link, when it has one).
  // `fallback`: the parameters tried with the same seed when the recipe's
  // make no level (a preset that asks too much of a seed).
  void begin_making(const LevelRecipe& recipe, const ParamValues* fallback = nullptr);
  bool making() const { return job() == SessionJob::kMake; }
  // A seed link or a level link (a whole URL or its fragment). A seed link
  // whose only fault is a parameter still opens its game, with the game's
  // default parameters and the link's seed, and returns false with
  // message() naming the parameter; any other fault keeps the level.
  bool open_link(const char* link, size_t len, Error* err = nullptr);
  // What open_link() opens, for a host that makes the level elsewhere or a
  // slice at a time: a level link is opened at once (kOpened); a seed link
  // is a recipe to make (kMake: new_level(), begin_making() or
  // load_generated()), one whose only fault is a parameter with the game's
  // defaults and recipe.message saying why (err names the parameter); any
  // other fault keeps the level (kFailed, message() says why).
  NextLevel link_recipe(const char* link, size_t len, LevelRecipe* out, Error* err = nullptr);
  // A level text of the named game, or of whichever game reads it (game
  // null or empty); its par is a job's.
  bool open_text(const char* game, const char* text, size_t len, Error* err = nullptr);
  // The first game with its default parameters and the seed "tilelab": what a
  // host shows when it has nothing else (a bad link on a fresh page). Any
  // message() (why: a bad link) stays.
  void open_default();
  // The next level: in a pack, the pack's next one; after a win in infinite
  // mode, the level that continues from where this one ended (The Last
  // Ball: "seed" -> "seed~2"); otherwise a new level of the same game and
  // parameters from a fresh seed named from `entropy`.
  bool next_level(uint64_t entropy, Error* err = nullptr);
  // What next_level() opens, for a host that makes the level elsewhere or a
  // slice at a time: a pack's next level is opened at once (kOpened, or
  // kFailed); any other is a recipe to make (kMake: new_level(),
  // begin_making() or load_generated()).
  NextLevel next_level_recipe(uint64_t entropy, LevelRecipe* out, Error* err = nullptr);
  // A pack of levels (core/midend/pack.h) to play through. open_pack_level(i) opens
  // its level i from its text, with its seed, parameters and par (no
  // generating), and next_level() then goes on to the pack's next level.
  void set_pack(const GameInfo& game, const std::vector<PackLevel>& levels);
  bool open_pack_level(int index, Error* err = nullptr);
  // A pack made as a job (core/midend/pack.h: PackMaker; a seed a slice, or
  // its seeds made elsewhere): once made it is the session's pack, as
  // set_pack() gives (open_pack_level(0) plays it), and pack_text() its
  // file; when none could be made, the job fails (pack_error() says why). The
  // level played stays meanwhile, and a new one may load.
  void begin_pack(const GameInfo& game, const ParamValues& params, const char* seed_prefix,
                  const PackOptions& options);
  // A designer's search as a job (core/midend/seed_search.h): once done its
  // best levels are the pack to play through, and pack_text() the search's
  // text (its counts say why when it kept none).
  void begin_seed_search(const SearchSpec& spec);
  // The pack being made (its progress, each seed's fate), null when none is.
  const PackMaker* pack_maker() const;
  // A pack or a search being made is dropped.
  void cancel_pack() { drop_waiting(SessionJob::kPack, SessionJob::kSearch); }
  // The pack to play through (set_pack's or the one made here) and, for one
  // made here, what became of its seeds, and its text (a pack's file, or a
  // search's; "" for a pack set from outside).
  const std::vector<PackLevel>& pack() const { return pack_; }
  const PackFigures& pack_figures() const { return pack_figures_; }
  const Text& pack_text() const { return pack_text_; }
  // Why the last pack or search could not be made ("" when it was).
  const Error& pack_error() const { return pack_error_; }
  // How many packs and searches this session has made (a host that shows
  // the pack compares it to know a new one came).
  uint32_t packs_made() const { return packs_made_; }
  // The pack's level being played (from 0), -1 when the level is no pack's.
  int pack_index() const { return pack_index_; }
  // True when N opens the pack's next level (a pack's level before its last).
  bool pack_has_next() const { return pack_index_ >= 0 && (size_t)pack_index_ + 1 < pack_.size(); }

  // Host input (a direction, a card, a pointer on the board), turned into a
  // move by the game. Ignored while a solve plays and once the level is won
  // or lost (undo first). A move that changes nothing is not recorded.
  Outcome input(const Input& in);
  // Plays a move id directly (replays, tests).
  Outcome play(int move);
  // A move the player did not find (an analysis's shown position, say):
  // played as a hint's is, so a win with it earns no medal.
  Outcome play_helped(int move) { return play_move(move, true); }
  // Undo, redo, hint and solve go a stroke at a time: the moves of one line
  // drawn in one drag (Level::starts_stroke); a move puzzle's every move.
  bool undo();
  bool redo();
  void restart();
  // Plays the first stroke of a shortest solution from here (a job's);
  // returns its first move, or -1 when no win is reachable (note() says why)
  // or the host runs the job.
  int hint();
  // Queues a shortest solution from here (a job's); solve_step() plays it a
  // stroke at a time (the host paces it). False when there is none (note()
  // says why) or the host runs the job (solving() once it comes).
  bool solve();
  bool solve_step();
  bool solving() const { return solve_at_ < solve_queue_.size(); }
  // The position's analysis (a job's, as JobKind::kAnalyze answers it, its
  // state graph up to graph_states states): analysis() once it comes, until
  // the level changes; null before.
  void analyze(uint32_t graph_states = 0);
  // An analysis of a level text that is not the one played (an edited
  // level's): analysis() once it comes.
  void analyze_level(const GameInfo* game, const char* text, size_t len, uint32_t graph_states = 0);
  const JobResult* analysis() const { return analysis_.get(); }
  void set_infinite(bool on) { infinite_ = on; }
  void clear_message() { message_.clear(); }

  // --- jobs -----------------------------------------------------------------
  // By default each command runs the jobs it starts to their end before it
  // returns (the command line, the tests). A host that keeps drawing
  // meanwhile says host_runs_jobs(true): a command then only starts its
  // jobs, and the host runs the first that waits, a slice at a time here
  // (job_slice: the device, a slice a frame) or elsewhere (the page's worker:
  // job_request() sent, the result handed back to take_job()).
  void host_runs_jobs(bool on) { host_runs_jobs_ = on; }
  // The first job that waits: what it is for (kNone: none), its id (a new
  // one each job started; 0 for none), its request and how far it has got
  // (0 to 1000) when it runs here. The jobs waiting are jobs_waiting(), the
  // first first, each by its place; the page runs the first alone (a pack's
  // seeds on its pool wait while a hint or an analysis goes ahead of them).
  SessionJob job() const { return jobs_.empty() ? SessionJob::kNone : jobs_.front().purpose; }
  uint32_t job_id() const { return jobs_.empty() ? 0 : jobs_.front().id; }
  const JobRequest& job_request() const;
  int job_permille() const { return jobs_.empty() ? 0 : jobs_.front().job->progress_permille(); }
  size_t jobs_waiting() const { return jobs_.size(); }
  SessionJob job_purpose(size_t at) const { return jobs_[at].purpose; }
  uint32_t job_id(size_t at) const { return jobs_[at].id; }
  const Job& job_at(size_t at) const { return *jobs_[at].job; }
  // The waiting job `id`, or null.
  const Job* find_job(uint32_t id) const;
  // One slice of the first job, run here: kRunning while it runs; once it
  // ends the session takes its result (kDone, or kFailed: err and message()
  // or note() say why). Nothing waiting: kDone.
  GenerationStatus job_slice(Error* err = nullptr);
  // Every job to its end, here: kFailed when one failed (err says why).
  GenerationStatus run_jobs(Error* err = nullptr);
  // The result of job `id`, run elsewhere, taken as job_slice takes it; a
  // result of a job no longer waiting (cancelled, or a newer command's) is
  // ignored (kDone). kRunning: a make that failed tries its fallback next.
  GenerationStatus take_job(uint32_t id, JobResult result, Error* err = nullptr);
  // A pack's or a search's seed i made elsewhere (job_at(...).seed_request(i)
  // run, a worker of a pool each): kRunning until the job has what it needs,
  // then its result is taken as take_job takes one (kDone, or kFailed).
  // A seed of a job no longer waiting is ignored (kDone).
  GenerationStatus take_job_seed(uint32_t id, int i, JobResult made, Error* err = nullptr);
  void cancel_jobs() { jobs_.clear(); }

  // --- what hosts draw ------------------------------------------------------
  bool loaded() const { return level_ != nullptr; }
  // How many levels this session has loaded: a host that keeps something of
  // its own per level (the page's URL, an analysis) compares it to know a
  // new level came.
  uint32_t loads() const { return loads_; }
  const GameInfo& game() const;
  const Level& level() const;
  const GameState& state() const { return states_[cursor_]; }
  PlayStatus status() const;
  // Why the last move lost (Level::lost_reason); null unless status() is
  // kLost. The page's Lost banner says it.
  const char* lost_reason() const {
    return status() == PlayStatus::kLost ? level().lost_reason(state()) : nullptr;
  }
  void view(BoardView* out) const { level().view(state(), out); }
  // The position as a level text another search can take (a host's worker):
  // a move puzzle's position is a level of its own (true); a line puzzle's
  // drawn lines are not, so its level's own text (false: the text is the
  // level, not this position).
  bool position_text(Text* out) const;
  // The parameters of the level (its game's defaults when opened from text).
  const ParamValues& params() const { return params_; }
  // The generator's seed, "" when the level was opened from its text.
  const char* seed() const { return seed_.c_str(); }
  bool from_seed() const { return !seed_.empty(); }
  int par() const { return par_; }
  // True when the level opened from its text has no solution at all (its
  // solve searched every position; par() is -1); false when it has one, or
  // when the search stopped at its cap before an answer.
  bool unwinnable() const { return unwinnable_; }
  // The level's link: a seed link when it came from a seed, else a level link.
  const char* link() const { return link_.c_str(); }
  bool infinite() const { return infinite_; }
  // Why the last command failed ("" when it did not), until cleared.
  const char* message() const { return message_.c_str(); }
  // One line about the last command (the hint played, the solve queued).
  const char* note() const { return note_.c_str(); }

  bool can_undo() const { return cursor_ > 0; }
  bool can_redo() const { return cursor_ < moves_.size(); }
  // The strokes made so far (for a move puzzle, its moves): what par counts.
  size_t moves_made() const;
  // The moves made so far (redo moves excluded).
  MoveList moves() const { return MoveList(moves_.begin(), moves_.begin() + (long)cursor_); }

  // The hand of cards (0 when the game has none) and the card a direction
  // plays (-1 when none is left).
  int hand(HandCard* out) const { return level().hand(state(), out); }
  int chosen_card() const;
  // The medals the moves of a won level earned, as "Medals: Par, Perfect"
  // ("No medal" when the game awards some but none was earned, "" when the
  // game has none or the level is not won).
  void medals_text(Text* out) const;

  // A solve of the position as a job's request (the level's text and the
  // moves made so far): what a hint and a solve run.
  JobRequest solve_request() const;
  // Whether a hint or a solve played a move of those made so far: a win
  // with help earns no medal and is no perfect win.
  bool helped() const;
  // Whether a hint or a solve played move i of moves() (a page that keeps the
  // moves across a reload replays them as they were made).
  bool helped_move(size_t i) const { return i < cursor_ && helped_[i] != 0; }

 private:
  void load(std::unique_ptr<Level> level, const GameInfo& game, const ParamValues& params, const char* seed, int par);
  // play(), marking the move as one a hint or a solve made (helped).
  Outcome play_move(int move, bool helped);
  void open_level(std::unique_ptr<Level> level);
  void note_no_win(const char* what);  // the note when a hint or a solve finds no win
  bool failed(const char* what, const Error& e, Error* err);
  void drop_level_jobs();  // the jobs that were for the level shown
  void load_generated(const LevelRecipe& recipe, std::unique_ptr<Level> level, const GeneratedInfo& info);
  // A job started (the host's to run, or run to its end now): false when it failed.
  void start_job(SessionJob purpose, const JobRequest& request);
  bool finish_jobs(Error* err);
  void drop_waiting(SessionJob a, SessionJob b);  // the waiting jobs for either purpose
  GenerationStatus took(size_t at, JobResult* r, Error* err);  // the result of the job at `at` taken
  GenerationStatus took_pack(SessionJob purpose, const JobRequest& request, JobResult* r, Error* err);
  void begin_hint_or_solve(SessionJob purpose);
  int hint_from(bool found, const MoveList& path);
  bool solve_from(bool found, const MoveList& path);

  // A job started and not yet taken; the position it was asked at (a hint's
  // answer is for that position only).
  struct WaitingJob {
    SessionJob purpose = SessionJob::kNone;
    uint32_t id = 0;
    std::unique_ptr<Job> job;
    uint32_t loads = 0;
    MoveList moves;
  };
  std::vector<WaitingJob> jobs_;
  uint32_t job_ids_ = 0;
  bool host_runs_jobs_ = false;
  int hint_played_ = -1;  // hint(): the move the hint's job played
  std::unique_ptr<JobResult> analysis_;  // analyze()'s
  LevelRecipe making_recipe_;  // kMake: the recipe, and its fallback parameters
  ParamValues making_fallback_{};
  bool has_fallback_ = false;
  std::unique_ptr<Level> level_;
  const GameInfo* game_ = nullptr;
  ParamValues params_{};
  Text seed_;
  Text link_;
  int par_ = -1;
  bool unwinnable_ = false;  // open_level's solve found no solution (unwinnable())
  bool infinite_ = false;
  Text message_, note_;
  PlayUi ui_;
  std::vector<GameState> states_{GameState()};  // states_[i]: after i moves
  std::vector<Outcome> outcomes_;               // outcomes_[i]: of move i
  MoveList moves_;
  std::vector<uint8_t> stroke_starts_;          // per move: 1 when it begins a stroke
  std::vector<uint8_t> helped_;                 // per move: 1 when a hint or a solve made it
  size_t cursor_ = 0;                           // moves made (a stroke boundary)
  MoveList solve_queue_;
  size_t solve_at_ = 0;
  uint32_t loads_ = 0;
  const GameInfo* pack_game_ = nullptr;
  std::vector<PackLevel> pack_;
  PackFigures pack_figures_;
  Text pack_text_;
  Error pack_error_;
  uint32_t packs_made_ = 0;
  int pack_index_ = -1;
};

// Moves played from a level's start until one wins or loses (later moves are
// not played): how it ended, how many were played, and the state reached.
struct Replay {
  Outcome last = Outcome::kMoved;
  size_t played = 0;
  GameState state;
};
Replay replay_moves(const Level& level, const MoveList& moves);

// A shortest solution from the session's position, its job run here to the
// end (a test's, the device's scripted play); false when there is none.
bool shortest_solution(const Session& s, MoveList* out);

// Infinite mode: the parameters and seed of the level after `level` was won in
// `final_state` ("seed" -> "seed~2" -> "seed~3" ...). False when the game has
// no infinite mode.
bool next_infinite_level(const Level& level, const GameState& final_state, const ParamValues& params,
                         const char* seed, ParamValues* next_params, Text* next_seed);

}  // namespace tl
