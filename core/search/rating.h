// rating.h — a level's difficulty as a sum of reasons a person finds it hard.
//
// Every game's `difficulty` (0 to kMaxDifficulty, -1 when there is none: an
// unsolvable level, or an analysis stopped at its cap) is the sum of named
// parts, each a reason computed from the level and its analysis (the state
// graph and the solution line) or, for a line puzzle, from a solver that
// draws as a person does. The parts travel with the figure (`tilelab analyze
// --json`'s difficulty_parts, the page's Analysis panel) so a designer reads
// why; they always sum to the figure.
//
// The reasons (each game takes those that order its levels, with its own
// few weights: its manual gives them and how they were chosen):
//   kNewestRule   the newest rule the level asks for, in the order the game
//                 teaches its rules (Golf Peaks: slopes, flights, angled walls,
//                 sand, ... ice angles): each rule brings the ones before it
//   kKinds        kinds of piece or tile in play, each one more rule to hold
//   kWrongMoves   moves at the solution's steps that bring no win closer
//                 (losing ones too): the options a player must rule out
//   kBoard        cells in play: more to read
//   kLength       moves of the shortest solution
//   kStates       positions reachable: more to explore (the Skiddy article's
//                 figure)
//   kDeadEnds     the share of positions from which no win is reachable
//   kOneWay       a single shortest solution (many are easier to find)
//   kSetback      the moves the wrong turns along the solution cost beyond
//                 the right one, a move of the solution
//   kGuesses, kLookahead: a line puzzle drawn as a person does: the
//                 guesses it needs, and how many moves the deepest wrong
//                 guess leads on before it is seen to fail
// Integer arithmetic only: the same figure on every platform.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "core/base/text.h"
#include "vocabulary.h"

namespace tl {

constexpr int kMaxDifficulty = 1000;

enum class Reason : uint8_t {
  kNewestRule, kKinds, kWrongMoves, kBoard, kLength, kStates, kDeadEnds, kOneWay, kSetback,
  kGuesses, kLookahead, kCount
};

// The key a reason has in JSON and the page's state ("newest_rule"), and
// its name for people ("newest rule").
const char* reason_key(Reason reason);
const char* reason_name(Reason reason);

struct DifficultyPart {
  Reason reason = Reason::kCount;
  uint64_t measure = 0;  // what was counted: a rule's rank, wrong moves, cells, a share in percent
  int points = 0;        // what it adds to the figure
  const char* detail = "";  // kNewestRule: the rule's name ("ice angles")
};

constexpr int kMaxDifficultyParts = (int)Reason::kCount;

struct Difficulty {
  int total = -1;  // 0 to kMaxDifficulty; -1: none (then no parts)
  int count = 0;
  DifficultyPart parts[kMaxDifficultyParts];

  // A part (no more than kMaxDifficultyParts: a programming error past it).
  void add(Reason reason, uint64_t measure, int points, const char* detail = "");
  // The total: the parts' sum, and when that passes kMaxDifficulty every
  // part scaled down so they sum to it exactly.
  void finish();
  // No figure: the level cannot be solved, or its analysis was capped.
  void none() {
    total = -1;
    count = 0;
  }
};

// The part in words a player reads: "54 wrong moves along the way", "the
// newest rule: ice angles (12th of 12 the game teaches)". `rules` is how many
// rules the game teaches (for kNewestRule).
void describe_part(const DifficultyPart& part, int rules, Text* out);

// log2(x) in sixteenths, rounded down (0 for x <= 1): a doubling is 16.
int log2_16(uint64_t x);

// The weights of the reasons a move puzzle's figure is made of: points a
// unit, 0 where the game leaves the reason out. Units: kNewestRule a rank,
// kKinds a kind, kWrongMoves and kBoard and kStates a doubling (of 1 + the
// wrong moves, of the cells, of the states), kLength a move, kDeadEnds all
// positions dead ends, kOneWay a single shortest solution, kSetback a move
// set back per move of the solution.
struct MoveWeights {
  int newest_rule = 0, kinds = 0, wrong_moves = 0, board = 0, length = 0, states = 0, dead_ends = 0, one_way = 0,
      setback = 0;
};
// What a move puzzle's level shows besides its analysis: the newest rule it
// asks for (its rank in the game's teaching order, 0 for none, and name),
// the kinds of piece in play and its cells in play.
struct LevelFacts {
  int newest_rule = 0;
  const char* newest_rule_name = "";
  int kinds = 0;
  int cells = 0;
};
// A move puzzle's difficulty from its analysis: none when it cannot be
// solved or was capped.
Difficulty rate_moves(const Analysis& a, const LevelFacts& facts, const MoveWeights& w);

// A figure held to the scale: -1 stays -1 (none), above the top is the top.
int on_difficulty_scale(int raw);

}  // namespace tl
