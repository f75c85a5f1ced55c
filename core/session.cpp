#include "session.h"

namespace tl {

void Session::load(std::unique_ptr<Level> level) {
  level_ = std::move(level);
  states_.assign(1, GameState());
  level_->initial_state(&states_[0]);
  outcomes_.clear();
  moves_.clear();
  cursor_ = 0;
}

PlayStatus Session::status() const {
  if (cursor_ == 0) return PlayStatus::kPlaying;
  Outcome last = outcomes_[cursor_ - 1];
  return last == Outcome::kWon ? PlayStatus::kWon : last == Outcome::kLost ? PlayStatus::kLost : PlayStatus::kPlaying;
}

Outcome Session::play(int move) {
  if (!level_ || status() != PlayStatus::kPlaying) return Outcome::kNoChange;
  GameState next = states_[cursor_];
  Outcome o = level_->apply(&next, move);
  if (o == Outcome::kNoChange) return o;
  states_.resize(cursor_ + 1);
  outcomes_.resize(cursor_);
  moves_.resize(cursor_);
  states_.push_back(next);
  outcomes_.push_back(o);
  moves_.push_back((uint8_t)move);
  ++cursor_;
  return o;
}

Outcome Session::play_direction(int dir) {
  if (!level_) return Outcome::kNoChange;
  int move = level_->move_for_direction(state(), dir);
  return move < 0 ? Outcome::kNoChange : play(move);
}

bool Session::undo() {
  if (!can_undo()) return false;
  --cursor_;
  return true;
}

bool Session::redo() {
  if (!can_redo()) return false;
  ++cursor_;
  return true;
}

void Session::restart() { cursor_ = 0; }

bool Session::solution(const SearchLimits& limits, MoveList* out) const {
  if (!level_ || status() != PlayStatus::kPlaying) return false;
  SolveResult r = level_->solve(state(), limits, out);
  return r.solvable;
}

int Session::hint(const SearchLimits& limits) const {
  MoveList path;
  if (!solution(limits, &path) || path.empty()) return -1;
  return path[0];
}

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
