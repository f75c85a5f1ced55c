// session.h — the play loop every host shares: a level, the moves made, undo,
// redo, restart and hint. Hosts only draw and forward input.
#pragma once
#include <memory>
#include <vector>

#include "game.h"

namespace tl {

enum class PlayStatus : uint8_t { kPlaying, kWon, kLost };

class Session {
 public:
  void load(std::unique_ptr<Level> level);
  bool loaded() const { return level_ != nullptr; }
  const Level& level() const { return *level_; }
  const GameState& state() const { return states_[cursor_]; }
  PlayStatus status() const;

  // Plays a move; a move that changes nothing is not recorded. Ignored once
  // the level is won or lost (undo first).
  Outcome play(int move);
  Outcome play_direction(int dir);
  bool can_undo() const { return cursor_ > 0; }
  bool can_redo() const { return cursor_ < moves_.size(); }
  bool undo();
  bool redo();
  void restart();

  size_t moves_made() const { return cursor_; }
  // The moves made so far (redo moves excluded).
  MoveList moves() const { return MoveList(moves_.begin(), moves_.begin() + (long)cursor_); }

  // The next move of a shortest solution from the current state, or -1.
  int hint(const SearchLimits& limits) const;
  // A shortest solution from the current state; false when none was found.
  bool solution(const SearchLimits& limits, MoveList* out) const;

 private:
  std::unique_ptr<Level> level_;
  std::vector<GameState> states_;  // states_[i]: after i moves
  std::vector<Outcome> outcomes_;  // outcomes_[i]: of move i
  MoveList moves_;
  size_t cursor_ = 0;
};

// Infinite mode: the parameters and seed of the level after `level` was won in
// `final_state` ("seed" -> "seed~2" -> "seed~3" ...). False when the game has
// no infinite mode.
bool next_infinite_level(const Level& level, const GameState& final_state, const ParamValues& params,
                         const char* seed, ParamValues* next_params, Text* next_seed);

}  // namespace tl
