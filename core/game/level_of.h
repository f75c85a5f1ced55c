// level_of.h — RulesLevel: the bridge from a game's plain Rules struct to the
// Level interface. A game derives from RulesLevel<ItsRules> and adds only its
// text format, move notation and view; state packing, apply, solve and analyze
// come from here, and the search runs on the game's own State type.
#pragma once
#include <string.h>

#include <type_traits>

#include "game.h"
#include "core/search/search.h"

namespace tl {

template <class Rules>
class RulesLevel : public Level {
 public:
  using State = typename Rules::State;
  static_assert(sizeof(State) <= sizeof(GameState), "a game state must pack into GameState");
  static_assert(std::is_trivially_copyable<State>::value, "a game state must be trivially copyable");

  explicit RulesLevel(const Rules& rules) : rules_(rules) {}
  const Rules& rules() const { return rules_; }

  static State load(const GameState& g) {
    State s;
    memcpy(&s, g.words, sizeof s);
    return s;
  }
  static void store(const State& s, GameState* g) {
    memset(g->words, 0, sizeof g->words);
    memcpy(g->words, &s, sizeof s);
  }

  void initial_state(GameState* out) const override { store(rules_.initial(), out); }
  int move_count() const override { return rules_.move_count(); }
  Outcome apply(GameState* state, int move) const override {
    if (move < 0 || move >= rules_.move_count()) return Outcome::kNoChange;
    State s = load(*state);
    Outcome o = rules_.apply(s, move);
    store(s, state);
    return o;
  }
  SolveResult solve(const GameState& from, const SearchLimits& limits, MoveList* path) const override {
    return search_solve(rules_, load(from), limits, path);
  }
  std::unique_ptr<SolveTask> begin_solve(const GameState& from, const SearchLimits& limits,
                                         MoveList* path) const override {
    return std::unique_ptr<SolveTask>(new ShortestSolution<Rules>(rules_, load(from), limits, path));
  }
  Analysis analyze(const GameState& from, const SearchLimits& limits) const override {
    return search_analyze(rules_, load(from), limits);
  }

 protected:
  Rules rules_;
};

}  // namespace tl

#include "grid_text.h"

namespace tl {

// A RulesLevel whose moves are the four directions, written U D L R.
template <class Rules>
class DirectionalLevel : public RulesLevel<Rules> {
 public:
  using RulesLevel<Rules>::RulesLevel;
  void format_moves(const Move* moves, size_t count, Text* out) const override {
    format_dir_moves(moves, count, out);
  }
  void describe_moves(const Move* moves, size_t count, Text* out) const override {
    describe_dir_moves(moves, count, out);
  }
  bool parse_moves(const char* text, size_t len, MoveList* out, Error* err) const override {
    return parse_dir_moves(text, len, out, err);
  }
};

}  // namespace tl
