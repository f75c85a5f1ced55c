#include "rating.h"

#include "core/base/tl_assert.h"

namespace tl {

const char* reason_key(Reason reason) {
  switch (reason) {
    case Reason::kNewestRule: return "newest_rule";
    case Reason::kKinds: return "kinds";
    case Reason::kWrongMoves: return "wrong_moves";
    case Reason::kBoard: return "board";
    case Reason::kLength: return "length";
    case Reason::kStates: return "states";
    case Reason::kDeadEnds: return "dead_ends";
    case Reason::kOneWay: return "one_way";
    case Reason::kSetback: return "setback";
    case Reason::kGuesses: return "guesses";
    case Reason::kLookahead: return "lookahead";
    case Reason::kCount: break;
  }
  return "?";
}

const char* reason_name(Reason reason) {
  switch (reason) {
    case Reason::kNewestRule: return "newest rule";
    case Reason::kKinds: return "kinds";
    case Reason::kWrongMoves: return "wrong moves";
    case Reason::kBoard: return "board";
    case Reason::kLength: return "length";
    case Reason::kStates: return "positions";
    case Reason::kDeadEnds: return "dead ends";
    case Reason::kOneWay: return "one way";
    case Reason::kSetback: return "setback";
    case Reason::kGuesses: return "guesses";
    case Reason::kLookahead: return "lookahead";
    case Reason::kCount: break;
  }
  return "?";
}

void Difficulty::add(Reason reason, uint64_t measure, int points, const char* detail) {
  TL_ASSERT(count < kMaxDifficultyParts);
  DifficultyPart& p = parts[count++];
  p.reason = reason;
  p.measure = measure;
  p.points = points < 0 ? 0 : points;
  p.detail = detail ? detail : "";
}

void Difficulty::finish() {
  int64_t sum = 0;
  for (int i = 0; i < count; ++i) sum += parts[i].points;
  if (sum > kMaxDifficulty) {
    // Each part its share of the scale, rounded down; the points left over
    // go one each to the parts that lost the most to the rounding (the
    // earlier part first on a tie), so the parts still sum to the figure.
    int64_t given = 0, lost[kMaxDifficultyParts];
    for (int i = 0; i < count; ++i) {
      const int64_t exact = (int64_t)parts[i].points * kMaxDifficulty;
      parts[i].points = (int)(exact / sum);
      lost[i] = exact % sum;
      given += parts[i].points;
    }
    for (; given < kMaxDifficulty; ++given) {
      int most = 0;
      for (int i = 1; i < count; ++i)
        if (lost[i] > lost[most]) most = i;
      ++parts[most].points;
      lost[most] = -1;
    }
    sum = kMaxDifficulty;
  }
  total = (int)sum;
}

int log2_16(uint64_t x) {
  if (x <= 1) return 0;
  int whole = 63;
  while (!(x >> whole)) --whole;
  // The fraction, four bits, by squaring the mantissa (1.0 to 2.0 in 1.31
  // fixed point) once a bit.
  uint64_t m = whole >= 31 ? x >> (whole - 31) : x << (31 - whole);
  int fraction = 0;
  for (int bit = 0; bit < 4; ++bit) {
    m = (m * m) >> 31;
    fraction <<= 1;
    if (m >= (2ull << 31)) {
      m >>= 1;
      fraction |= 1;
    }
  }
  return whole * 16 + fraction;
}

namespace {

const char* plural(uint64_t n, const char* one, const char* many) { return n == 1 ? one : many; }

const char* ordinal_suffix(uint64_t n) {
  if (n % 100 >= 11 && n % 100 <= 13) return "th";
  return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

}  // namespace

void describe_part(const DifficultyPart& p, int rules, Text* out) {
  const uint64_t n = p.measure;
  switch (p.reason) {
    case Reason::kNewestRule:
      if (n == 0) out->append("no rule beyond the plainest");
      else out->appendf("%s, the %u%s of the %d rules the game teaches", p.detail, (unsigned)n, ordinal_suffix(n), rules);
      return;
    case Reason::kKinds:
      out->append_number(n);
      out->append(plural(n, " kind of piece or tile to know", " kinds of piece or tile to know"));
      return;
    case Reason::kWrongMoves:
      out->append_number(n);
      out->append(plural(n, " wrong move to rule out along the way", " wrong moves to rule out along the way"));
      return;
    case Reason::kBoard:
      out->append_number(n);
      out->append(plural(n, " cell to read", " cells to read"));
      return;
    case Reason::kLength:
      out->append_number(n);
      out->append(plural(n, " move to win", " moves to win"));
      return;
    case Reason::kStates:
      out->append_number(n);
      out->append(plural(n, " position to explore", " positions to explore"));
      return;
    case Reason::kDeadEnds:
      out->appendf("%u%% of positions are dead ends", (unsigned)n);
      return;
    case Reason::kOneWay: out->append(n ? "a single shortest solution" : "more than one shortest solution"); return;
    case Reason::kSetback:
      out->append_number(n);
      out->append(plural(n, " move lost to wrong turns", " moves lost to wrong turns"));
      return;
    case Reason::kGuesses:
      out->append_number(n);
      out->append(plural(n, " guess", " guesses"));
      return;
    case Reason::kLookahead:
      if (n == 0) out->append("no guess to look ahead from");
      else {
        out->append("a guess that must look ");
        out->append_number(n);
        out->append(plural(n, " move ahead", " moves ahead"));
      }
      return;
    case Reason::kCount: break;
  }
}

Difficulty rate_moves(const Analysis& a, const LevelFacts& f, const MoveWeights& w) {
  Difficulty d;
  if (!a.solvable || a.capped || !a.state_graph) return d;
  if (w.newest_rule) d.add(Reason::kNewestRule, (uint64_t)f.newest_rule, w.newest_rule * f.newest_rule, f.newest_rule_name);
  if (w.kinds) d.add(Reason::kKinds, (uint64_t)f.kinds, w.kinds * f.kinds);
  if (w.wrong_moves)
    d.add(Reason::kWrongMoves, a.line_wrong_moves, w.wrong_moves * log2_16(1 + a.line_wrong_moves) / 16);
  if (w.board) d.add(Reason::kBoard, (uint64_t)f.cells, w.board * log2_16((uint64_t)f.cells) / 16);
  if (w.length) d.add(Reason::kLength, (uint64_t)a.par, w.length * a.par);
  // Reachable states, wins included (a level of one state and its win: 1).
  const uint64_t all = a.states + a.win_states;
  if (w.states) d.add(Reason::kStates, all, w.states * log2_16(all) / 16);
  if (w.dead_ends) {
    const uint64_t percent = all ? 100 * a.dead_ends / all : 0;
    d.add(Reason::kDeadEnds, percent, (int)((uint64_t)w.dead_ends * a.dead_ends / (all ? all : 1)));
  }
  if (w.one_way) d.add(Reason::kOneWay, a.optimal_solutions == 1, a.optimal_solutions == 1 ? w.one_way : 0);
  if (w.setback && a.par > 0)
    d.add(Reason::kSetback, a.line_setback, (int)((uint64_t)w.setback * a.line_setback / (uint64_t)a.par));
  d.finish();
  return d;
}

int on_difficulty_scale(int raw) { return raw < 0 ? -1 : raw > kMaxDifficulty ? kMaxDifficulty : raw; }

}  // namespace tl
