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
#pragma once
#include <memory>
#include <vector>

#include "core/game/game.h"
#include "generation.h"
#include "job.h"
#include "pack.h"

namespace tl {

enum class PlayStatus : uint8_t { kPlaying, kWon, kLost };

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
  // The level new_level() makes, a slice at a time (core/midend/generation.h), for
  // a host that keeps drawing while it is made (the Playdate app: a slice a
  // frame). make_slice() runs one slice; once the level is made it is loaded
  // (kDone), or the level kept and message() set (kFailed). `fallback`: the
  // parameters tried with the same seed when the recipe's make no level (a
  // preset that asks too much of a seed).
  // With nothing being made, make_slice() is kFailed and changes nothing.
  void begin_making(const LevelRecipe& recipe, const ParamValues* fallback = nullptr);
  GenerationStatus make_slice(Error* err = nullptr);
  bool making() const { return making_ != nullptr; }
  // How far the level being made has got, 0 to 1000.
  int making_permille() const { return making_ ? making_->progress_permille() : 0; }
  void cancel_making() { making_.reset(); }
  // A level made elsewhere from this recipe (the page's worker).
  void load_generated(const LevelRecipe& recipe, std::unique_ptr<Level> level, const GeneratedInfo& info);
  // A generator run elsewhere gave up: the message new_level() gives, the level kept.
  void generation_failed(const Error& e) { failed("Could not generate", e, nullptr); }
  // The same for a recipe's level: the message also names the link it came from.
  void generation_failed(const LevelRecipe& recipe, const Error& e);
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
  // null or empty).
  bool open_text(const char* game, const char* text, size_t len, Error* err = nullptr);
  // The first game with its default parameters and the seed "tilelab": what a
  // host shows when it has nothing else (a bad link on a fresh page).
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
  // A pack made here a seed at a time (core/midend/pack.h: PackMaker): pack_slice()
  // tries one seed; once made (kDone) it is the session's pack, as
  // set_pack() gives (open_pack_level(0) plays it), or none could be made
  // (kFailed: err and message() say why; with nothing being made, kFailed
  // and nothing changes). The level played stays meanwhile.
  void begin_pack(const GameInfo& game, const ParamValues& params, const char* seed_prefix,
                  const PackOptions& options);
  GenerationStatus pack_slice(Error* err = nullptr);
  // The pack being made (its progress, each seed's fate), null when none is.
  const PackMaker* pack_maker() const { return packing_ ? packing_->pack_maker() : nullptr; }
  void cancel_pack() { packing_.reset(); }
  // The pack to play through (set_pack's or the one made here) and, for one
  // made here, what became of its seeds.
  const std::vector<PackLevel>& pack() const { return pack_; }
  const PackFigures& pack_figures() const { return pack_figures_; }
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
  // Plays the next move of a shortest solution from here; returns it, or -1
  // when no win is reachable (note() says why).
  int hint();
  // Queues a shortest solution from here; solve_step() plays it a move at a
  // time (the host paces it). False when there is none (note() says why).
  bool solve();
  bool solve_step();
  // hint() and solve() with a shortest solution from here found elsewhere
  // (the page's worker); found false when there is none.
  int hint_from(bool found, const MoveList& path);
  bool solve_from(bool found, const MoveList& path);
  bool solving() const { return solve_at_ < solve_queue_.size(); }
  void set_infinite(bool on) { infinite_ = on; }
  void clear_message() { message_.clear(); }

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

  // A shortest solution from here (without playing it); false when none.
  bool solution(MoveList* out) const;
  // That solve as a job's request (the level's text and the moves made so
  // far), for a host that runs it elsewhere (the page's worker): hint_from()
  // and solve_from() take its answer.
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

  std::unique_ptr<Level> level_;
  std::unique_ptr<Job> making_;  // the level being made (begin_making)
  LevelRecipe task_recipe_;
  ParamValues task_fallback_{};
  bool has_fallback_ = false;
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
  std::unique_ptr<Job> packing_;  // the pack being made (begin_pack)
  PackFigures pack_figures_;
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

// Infinite mode: the parameters and seed of the level after `level` was won in
// `final_state` ("seed" -> "seed~2" -> "seed~3" ...). False when the game has
// no infinite mode.
bool next_infinite_level(const Level& level, const GameState& final_state, const ParamValues& params,
                         const char* seed, ParamValues* next_params, Text* next_seed);

}  // namespace tl
