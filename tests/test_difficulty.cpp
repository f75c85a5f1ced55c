// Difficulty: a sum of named reasons (core/search/rating.h). Levels of our
// own that differ in one reason show that reason raising the figure, and
// every game's parts sum to its figure.
#include <catch2/catch.hpp>

#include <string>

#include "core/midend/registry.h"
#include "core/search/rating.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

namespace {

Difficulty rated(const char* game, const char* text) {
  auto level = parse(game, text);
  INFO(game << ":\n" << text);
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  return level->rate(level->analyze(s, SearchLimits()));
}

const DifficultyPart* part(const Difficulty& d, Reason reason) {
  for (int i = 0; i < d.count; ++i)
    if (d.parts[i].reason == reason) return &d.parts[i];
  return nullptr;
}

int sum(const Difficulty& d) {
  int s = 0;
  for (int i = 0; i < d.count; ++i) s += d.parts[i].points;
  return s;
}

// `harder` differs from `easier` in `reason` alone: that part measures more,
// adds more, and the figure is higher; every other part is the same.
void raises(const char* game, Reason reason, const char* easier, const char* harder) {
  INFO(game << ", " << reason_key(reason));
  const Difficulty a = rated(game, easier), b = rated(game, harder);
  REQUIRE(a.total >= 0);
  REQUIRE(b.total >= 0);
  const DifficultyPart *pa = part(a, reason), *pb = part(b, reason);
  REQUIRE(pa);
  REQUIRE(pb);
  CHECK(pb->measure > pa->measure);
  CHECK(pb->points > pa->points);
  CHECK(b.total > a.total);
  REQUIRE(a.count == b.count);
  for (int i = 0; i < a.count; ++i) {
    if (a.parts[i].reason == reason) continue;
    INFO("the other part " << reason_key(a.parts[i].reason));
    CHECK(a.parts[i].points == b.parts[i].points);
  }
}

}  // namespace

TEST_CASE("log2_16 is log2 in sixteenths, rounded down, in integers") {
  CHECK(log2_16(0) == 0);
  CHECK(log2_16(1) == 0);
  CHECK(log2_16(2) == 16);
  CHECK(log2_16(3) == 25);   // 1.585
  CHECK(log2_16(4) == 32);
  CHECK(log2_16(7) == 44);   // 2.807
  CHECK(log2_16(1000) == 159);  // 9.966
  CHECK(log2_16(1ull << 40) == 640);
  CHECK(log2_16(~0ull) == 1023);
  for (uint64_t x = 1; x < 5000; ++x) CHECK(log2_16(x + 1) >= log2_16(x));
}

TEST_CASE("a difficulty is the sum of its parts, held to 1000 with the parts scaled to sum to it") {
  Difficulty d;
  d.add(Reason::kLength, 12, 120);
  d.add(Reason::kWrongMoves, 30, 80);
  d.finish();
  CHECK(d.total == 200);
  CHECK(sum(d) == 200);
  Difficulty big;
  big.add(Reason::kNewestRule, 12, 700);
  big.add(Reason::kWrongMoves, 500, 400);
  big.add(Reason::kBoard, 200, 301);
  big.finish();
  CHECK(big.total == kMaxDifficulty);
  CHECK(sum(big) == kMaxDifficulty);
  CHECK(big.parts[0].points > big.parts[1].points);
  CHECK(big.parts[1].points > big.parts[2].points);
  CHECK(big.parts[0].points == 500);  // 700 of 1401: 499.6, the largest remainder takes one
}

TEST_CASE("each reason of a move puzzle's figure raises it, and no figure without a solution") {
  Analysis a;
  a.solvable = true;
  a.par = 5;
  a.states = 100;
  a.win_states = 2;
  a.dead_ends = 10;
  a.optimal_solutions = 2;
  a.line_wrong_moves = 7;
  a.line_setback = 4;
  LevelFacts f;
  f.newest_rule = 3;
  f.newest_rule_name = "angled walls";
  f.kinds = 2;
  f.cells = 30;
  MoveWeights w;
  w.newest_rule = w.kinds = w.wrong_moves = w.board = w.length = w.states = w.dead_ends = w.one_way = w.setback = 20;
  const Difficulty base = rate_moves(a, f, w);
  REQUIRE(base.total > 0);
  CHECK(sum(base) == base.total);
  auto more = [&](Reason reason, Analysis b, LevelFacts g) {
    INFO(reason_key(reason));
    const Difficulty d = rate_moves(b, g, w);
    CHECK(d.total > base.total);
    CHECK(part(d, reason)->points > part(base, reason)->points);
  };
  Analysis b = a;
  LevelFacts g = f;
  g.newest_rule = 4;
  more(Reason::kNewestRule, a, g);
  g = f;
  g.kinds = 3;
  more(Reason::kKinds, a, g);
  g = f;
  g.cells = 60;
  more(Reason::kBoard, a, g);
  b = a;
  b.line_wrong_moves = 15;
  more(Reason::kWrongMoves, b, f);
  b = a;
  b.par = 6;
  more(Reason::kLength, b, f);
  b = a;
  b.states = 300;
  more(Reason::kStates, b, f);
  b = a;
  b.dead_ends = 60;
  more(Reason::kDeadEnds, b, f);
  b = a;
  b.optimal_solutions = 1;
  more(Reason::kOneWay, b, f);
  b = a;
  b.line_setback = 20;
  more(Reason::kSetback, b, f);
  b = a;
  b.solvable = false;
  CHECK(rate_moves(b, f, w).total == -1);
  CHECK(rate_moves(b, f, w).count == 0);
  b = a;
  b.capped = true;
  CHECK(rate_moves(b, f, w).total == -1);
}

TEST_CASE("golf peaks: a newer rule, more wrong moves to rule out, a larger course each make a level harder") {
  const char* plain = "3x3\n0 0,flag 0\n0 0 0\n0 0,ball 0\n\n1- 1-\n";
  // A slope where the ball never goes: the rule is on the course all the same.
  raises("golf", Reason::kNewestRule, plain, "3x3\n0,left 0,flag 0\n0 0 0\n0 0,ball 0\n\n1- 1-\n");
  // Ice angles, the last rule the game teaches, over sand.
  raises("golf", Reason::kNewestRule, "3x3\n0,sand 0,flag 0\n0 0 0\n0 0,ball 0\n\n1- 1-\n",
         "3x3\n0,icetl 0,flag 0\n0 0 0\n0 0,ball 0\n\n1- 1-\n");
  // A card that flies: a rule too (flights come after slopes).
  const Difficulty flies = rated("golf", "3x3\n0 0,flag 0\n0 0 0\n0 0,ball 0\n\n2/\n");
  CHECK(part(flies, Reason::kNewestRule)->measure == 2);
  CHECK(std::string(part(flies, Reason::kNewestRule)->detail) == "flights");
  // One more card: more moves at each step that bring no win closer.
  raises("golf", Reason::kWrongMoves, plain, "3x3\n0 0,flag 0\n0 0 0\n0 0,ball 0\n\n1- 1- 3-\n");
  // Ground the ball cannot reach: more to read.
  raises("golf", Reason::kBoard, plain, "5x3\n0 0,flag 0 x 0\n0 0 0 x 0\n0 0,ball 0 x 0\n\n1- 1-\n");
}

TEST_CASE("skiddy, penguin, the last ball: another kind of piece, a longer solution each make a level harder") {
  // A pit walled off where no skiddy goes.
  raises("skiddy", Reason::kKinds, "#######\nR.r.#.#\n#...#.#\n#######\n", "#######\nR.r.#o#\n#...#.#\n#######\n");
  // A treadmill in a corner the penguin never passes.
  raises("penguin", Reason::kKinds, "..Fx..\nT....P\n......\n......\n......\nx|.*x.\n....T.\n.T....\n",
         "..Fx..\nT....P\n......\n......\n......\nx|.*x.\n....T.\n.T...>\n");
  // One white ball to push off, then the README's three.
  const Difficulty one = rated("lastball", "@....o\n");
  const Difficulty three = rated("lastball", "o.....\n......\n@....o\no.....\n");
  REQUIRE(part(one, Reason::kLength));
  REQUIRE(part(three, Reason::kLength));
  CHECK(part(one, Reason::kLength)->measure == 1);
  CHECK(part(three, Reason::kLength)->measure == 3);
  CHECK(three.total > one.total);
}

TEST_CASE("flow: a guess is harder than forced moves, more guesses harder, a guess that looks further ahead harder still") {
  // Generated 6x6 levels (flow seeds q1, q12, q15, q108, q132): q1 is drawn
  // by forced moves alone; q12 needs one guess, q15 eight (each failing at
  // once); q108 and q132 seven, q132's deepest looking 16 moves ahead.
  const char* forced = "a.....\nbc..c.\n.ded..\n...e.a\n.....b\n......\n";
  const char* one_guess = "a.....\nbcd...\n..e...\n..de..\n.c....\n....ba\n";
  const char* eight_guesses = "ab.bc.\n.d..e.\n.e.d..\n.c....\n......\n.....a\n";
  const char* near = "ab....\n.c....\n.d.e..\n..ec.b\n.....d\n.....a\n";
  const char* far = "a.....\nbcd.c.\n....b.\n..d...\n......\n.....a\n";
  const Difficulty f = rated("flow", forced);
  CHECK(part(f, Reason::kGuesses)->measure == 0);
  CHECK(part(f, Reason::kLookahead)->measure == 0);
  raises("flow", Reason::kGuesses, forced, one_guess);
  raises("flow", Reason::kGuesses, one_guess, eight_guesses);
  raises("flow", Reason::kLookahead, near, far);
  CHECK(part(rated("flow", far), Reason::kLookahead)->measure == 16);
}

TEST_CASE("every game's difficulty parts sum to its difficulty, 0 to 1000, on generated levels of every preset") {
  for (int g = 0; g < game_count(); ++g) {
    const GameInfo& game = game_at(g);
    for (int preset = 0; preset < 3; ++preset) {
      ParamValues p;
      Error e;
      REQUIRE(params_preset(game, preset, &p, &e));
      for (int i = 0; i < 3; ++i) {
        const std::string seed = "parts-" + std::to_string(preset) + "-" + std::to_string(i);
        INFO(game.id << " preset " << preset << " seed " << seed);
        auto level = game.generate(p, seed.c_str(), nullptr, &e);
        if (!level) continue;
        GameState s;
        level->initial_state(&s);
        const Analysis a = level->analyze(s, SearchLimits());
        const Difficulty d = level->rate(a);
        if (d.total < 0) continue;
        CHECK(d.total <= kMaxDifficulty);
        CHECK(d.count > 0);
        CHECK(sum(d) == d.total);
        CHECK(level->difficulty(a) == d.total);
        for (int k = 0; k < d.count; ++k) {
          Text words;
          describe_part(d.parts[k], level->rules_taught(), &words);
          CHECK(words.size() > 4);
        }
      }
    }
  }
}
