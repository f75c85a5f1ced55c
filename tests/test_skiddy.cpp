// Skiddy: the tilt rules, each pair interaction, the article's figures, fairness.
//
// [SECTION] Helpers
// [SECTION] The tilt rules, pair by pair
// [SECTION] Fairness, level text and the solution line
// [SECTION] The generator
// [SECTION] Medals
// [SECTION] Paused analyses, the fairness check, the batched moves
#include <algorithm>
#include <catch2/catch.hpp>

#include <string>

#include "core/base/rng.h"
#include "core/games/skiddy/skiddy.h"
#include "core/search/rating.h"
#include "core/search/search.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

namespace {

// [SECTION] Helpers
Outcome tilt(const char* text, const char* moves, std::string* board = nullptr) {
  auto level = parse("skiddy", text);
  INFO(text);
  REQUIRE(level);
  GameState s;
  Outcome o = play(*level, moves, &s);
  if (board) *board = text_of(*level, s);
  return o;
}

uint64_t figure(const Level& level, const char* key) {
  GameState s;
  level.initial_state(&s);
  Analysis a = level.analyze(s, SearchLimits());
  Figure f[kMaxFigures];
  int n = level.analysis_figures(s, a, SearchLimits(), f);
  for (int i = 0; i < n; ++i)
    if (std::string(f[i].key) == key) return f[i].value;
  FAIL("no figure " << key);
  return 0;
}

// A random 7x6 layout: two of each skiddy, a crate, an ice cube, a pit,
// two blocks inside, a goal of each colour on the border.
std::string random_layout(Rng& rng) {
  std::string text = "#######\n#.....#\n#.....#\n#.....#\n#.....#\n#######\n";
  auto inner = [&] {
    for (;;) {
      const size_t c = (1 + rng.below(4)) * 8 + 1 + rng.below(5);
      if (text[c] == '.') return c;
    }
  };
  for (const char piece : std::string("rryyciob#")) text[inner()] = piece;
  for (const char goal : std::string("RY")) {
    for (;;) {
      const int side = (int)rng.below(4), along = 1 + (int)rng.below(4);
      const size_t c = side == 0 ? (size_t)(1 + along) : side == 1 ? (size_t)(5 * 8 + 1 + along)
                       : side == 2 ? (size_t)(along * 8) : (size_t)(along * 8 + 6);
      if (text[c] == '#') {
        text[c] = goal;
        break;
      }
    }
  }
  for (char& ch : text)
    if (ch == 'b') ch = '#';  // the second block, placed inside
  return text;
}

std::string error_of(const char* text) { return parse_error("skiddy", text); }

}  // namespace

// [SECTION] The tilt rules, pair by pair
TEST_CASE("potential states follow the article's formula: 21 for level 1-1 and 884 for its 3x3 example") {
  CHECK(skiddy::potential_states(6, 2, 0, 0, 0) == 21);
  CHECK(skiddy::potential_states(8, 2, 2, 0, 0) == 884);
  // The same figures from levels of those shapes.
  auto one_one = parse("skiddy", "#####\n#r..R\n#..r#\n#####\n");
  REQUIRE(one_one);
  CHECK(figure(*one_one, "potential_states") == 21);
  auto three = parse("skiddy", "#####\n#ry.R\n#.#.#\n#y.rY\n#####\n");
  REQUIRE(three);
  CHECK(figure(*three, "potential_states") == 884);
  // Crates and ice stay in play: they multiply every term.
  CHECK(skiddy::potential_states(6, 1, 0, 1, 0) == 6 * 5);
}

TEST_CASE("every movable piece slides at once until blocked - front pieces first") {
  std::string b;
  // Two skiddies in a row both slide right and end side by side at the wall.
  CHECK(tilt("######\n#rr..#\n#....Y\n##R###\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "######\n#..rr#\n#....Y\n##R###\n");
  // An ice cube ahead of a skiddy stops it one cell earlier.
  CHECK(tilt("######\n#r.i.#\n#....Y\n##R###\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "######\n#..ri#\n#....Y\n##R###\n");
}

TEST_CASE("a skiddy leaves through a goal of its colour and the other colour's goal is a wall") {
  std::string b;
  // Red leaves through the red goal; the yellow's row has no goal.
  CHECK(tilt("######\n#r...R\n#y...#\n#Y####\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "######\n#....R\n#...y#\n#Y####\n");
  // A yellow sliding into the red goal stops in front of it.
  CHECK(tilt("######\n#y...R\n#...r#\n##Y###\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "######\n#...yR\n#...r#\n##Y###\n");
  // Down: the yellow drops out through its goal below; the red meets the border.
  CHECK(tilt("######\n#.y..R\n#...r#\n##Y###\n", "D", &b) == Outcome::kMoved);
  CHECK(b == "######\n#....R\n#...r#\n##Y###\n");
}

TEST_CASE("the level is won when the last skiddy leaves") {
  CHECK(tilt("#####\n#r..R\n#..r#\n#####\n", "UR") == Outcome::kWon);
}

TEST_CASE("a skiddy pushes a crate one cell and stops where the crate was") {
  std::string b;
  CHECK(tilt("#######\n#r.c..#\n#.....R\n#######\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "#######\n#..rc.#\n#.....R\n#######\n");
}

TEST_CASE("a crate against a wall or another piece does not move and stops the skiddy") {
  std::string b;
  CHECK(tilt("######\n#r.c##\n#....R\n######\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "######\n#.rc##\n#....R\n######\n");
  CHECK(tilt("######\n#r.cc#\n#....R\n######\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "######\n#.rcc#\n#....R\n######\n");
}

TEST_CASE("crates never move on their own and ice cubes do not push them") {
  std::string b;
  CHECK(tilt("######\n#c...#\n#i.c.R\n#..r.#\n######\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "######\n#c...#\n#.ic.R\n#...r#\n######\n");
}

TEST_CASE("an ice cube slides like a skiddy but never leaves: every goal is a wall to it") {
  std::string b;
  CHECK(tilt("######\n#i...R\n#r...#\n######\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "######\n#...iR\n#...r#\n######\n");
}

TEST_CASE("a pit traps a moving piece and the next input moves it out") {
  std::string b;
  CHECK(tilt("######\n#r.o.R\n#....#\n######\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "######\n#..r.R\n#....#\n######\n");  // r drawn over the pit it sits in
  CHECK(tilt("######\n#r.o.R\n#....#\n######\n", "RR") == Outcome::kWon);
}

TEST_CASE("a move that changes nothing is no move") {
  CHECK(tilt("#####\n#r..R\n#...#\n#####\n", "L") == Outcome::kNoChange);
  CHECK(tilt("#####\n#r..R\n#...#\n#####\n", "U") == Outcome::kNoChange);
}

TEST_CASE("adjacent same-colour skiddies reaching their goal in one move clear as a combo") {
  // Both reds leave on R: the max-combo medal is possible in par.
  auto combo = parse("skiddy", "######\n#.rr.R\n#....#\n######\n");
  REQUIRE(combo);
  CHECK(figure(*combo, "medal_max_combo") == 1);
  CHECK(figure(*combo, "medal_perfect") == 1);
  CHECK(figure(*combo, "max_combo_par") == 1);
  // The goal sits above a column one cell deep: only one red can ever stand
  // under it, so they leave one at a time and the combo medal is impossible.
  auto apart = parse("skiddy", "#R###\n#.rr#\n##..#\n#####\n");
  REQUIRE(apart);
  CHECK(figure(*apart, "medal_max_combo") == 0);
  CHECK(figure(*apart, "medal_perfect") == 0);
  CHECK(figure(*apart, "medal_par") == 1);
}

// [SECTION] Fairness, level text and the solution line
TEST_CASE("a hand-built level with a known dead end is found unfair - and the way into it is named") {
  // L wins at once; D L U pushes the crate into the goal's mouth for good.
  auto level = parse("skiddy", "#####\nR.rr#\n#c..#\n#...#\n#####\n");
  REQUIRE(level);
  GameState s;
  level->initial_state(&s);
  Analysis a = level->analyze(s, SearchLimits());
  CHECK(a.solvable);
  CHECK(a.par == 1);
  CHECK(a.dead_ends > 0);
  Text way;
  level->format_moves(a.first_dead_end.data(), a.first_dead_end.size(), &way);
  CHECK(way.equals("D L U"));
  GameState t;
  play(*level, "DLU", &t);
  CHECK(text_of(*level, t) == "#####\nRcr.#\n#r..#\n#...#\n#####\n");
  CHECK_FALSE(level->solve(t, SearchLimits(), nullptr).solvable);
  play(*level, "DL", &t);
  CHECK(level->solve(t, SearchLimits(), nullptr).solvable);
  CHECK(figure(*level, "fair") == 0);
}

TEST_CASE("skiddy level text round-trips and bad text names the fault") {
  const char* text = "########\n#r.o.ciR\n#y#....#\n#.....c#\n###Y####\n";
  auto level = parse("skiddy", text);
  REQUIRE(level);
  CHECK(canonical(*level) == text);
  // Sixteen pieces, the most a state word holds, survive a move and a round trip.
  std::string b;
  CHECK(tilt("########\n#rrrrrrR\n#cccccc#\n#iii.y.#\n####Y###\n", "R", &b) == Outcome::kMoved);
  CHECK(b == "########\n#......R\n#cccccc#\n#..iiiy#\n####Y###\n");
  auto full = parse("skiddy", b.c_str());
  REQUIRE(full);
  CHECK(canonical(*full) == b);
  CHECK(error_of("#####\n#r..R\n#.r.#\n#.x.#\n#####\n").find("line 4, column 3: 'x' is not a cell") == 0);
  CHECK(error_of("#####\n#r..R\n.r..#\n#####\n") == "line 3, column 1: the border holds only blocks '#' and goals 'R' 'Y'");
  CHECK(error_of("#####\n#rR.#\n#...#\n#####\n") == "line 2, column 3: goals stand on the border only");
  CHECK(error_of("####R\n#r..#\n#...#\n#####\n") == "line 1, column 5: a goal in a corner can never be reached");
  CHECK(error_of("####\n#r.R\n####\n") == "the level is 4x3 with its border; Skiddy levels are 5x4 to 8x7");
  CHECK(error_of("#####\n#...R\n#...#\n#####\n") == "the level has no skiddy 'r' or 'y'");
  CHECK(error_of("########\n#rrrrrrR\n#cccccc#\n#iiiiii#\n########\n") ==
        "the level has 18 pieces; at most 16 (skiddies, crates and ice cubes together)");
  CHECK(error_of("#####\n#y..R\n#...#\n#####\n") == "the level has yellow skiddies but no yellow goal 'Y' on the border");
}

TEST_CASE("the solution line counts its choices - the wrong ones - their setback and the fatal ones") {
  // One red, its goal straight ahead: R wins; D is wrong (then U R: two
  // moves from where one would do, a setback of 2); U and L change nothing.
  auto straight = parse("skiddy", "######\n#r...R\n#....#\n######\n");
  REQUIRE(straight);
  GameState s;
  straight->initial_state(&s);
  Analysis a = straight->analyze(s, SearchLimits());
  CHECK(a.par == 1);
  CHECK(a.line_choices == 2);
  CHECK(a.line_wrong_moves == 1);
  CHECK(a.line_fatal_moves == 0);
  CHECK(a.line_setback == 2);
  CHECK(a.max_distance == 2);
  // The crate stands between the red and its goal; pushing it into the
  // goal's mouth (L at the start) is fatal. The line D L U L meets 3 + 3 + 2 + 3
  // choices; wrong: R U (setback 1), U R (2 + 1), R (2), R D (1 + 2).
  auto crate = parse("skiddy", "######\nR.cr.#\n#....#\n######\n");
  REQUIRE(crate);
  crate->initial_state(&s);
  a = crate->analyze(s, SearchLimits());
  CHECK(a.par == 4);
  CHECK(a.line_choices == 11);
  CHECK(a.line_wrong_moves == 7);
  CHECK(a.line_fatal_moves == 1);
  CHECK(a.line_setback == 9);
  CHECK(a.max_distance == 4);
  // Skiddy's difficulty, its parts: one kind of piece beyond the red (the
  // crate: 25), 4 moves (40), 7 wrong moves (20 a doubling of 1 + 7: 60), 9
  // moves set back over 4 moves (10 x 9 / 4: 22), the 5 dead ends of the
  // positions (100 x the share), a single shortest solution (20) and the
  // positions (6 a doubling).
  const Difficulty d = crate->rate(a);
  REQUIRE(d.count == 7);
  const uint64_t all = a.states + a.win_states;
  const struct {
    Reason reason;
    uint64_t measure;
    int points;
  } want[] = {{Reason::kKinds, 1, 25},
              {Reason::kWrongMoves, 7, 60},
              {Reason::kLength, 4, 40},
              {Reason::kStates, all, 6 * log2_16(all) / 16},
              {Reason::kDeadEnds, 100 * 5 / all, (int)(100 * 5 / all)},
              {Reason::kOneWay, 1, 20},
              {Reason::kSetback, 9, 22}};
  int sum = 0;
  for (int i = 0; i < d.count; ++i) {
    INFO(reason_key(d.parts[i].reason));
    CHECK(d.parts[i].reason == want[i].reason);
    CHECK(d.parts[i].measure == want[i].measure);
    CHECK(d.parts[i].points == want[i].points);
    sum += d.parts[i].points;
  }
  CHECK(d.total == sum);
  CHECK(crate->difficulty(a) == d.total);
}

// [SECTION] The generator
TEST_CASE("generated skiddy levels are solvable and fair and lie in the requested difficulty band") {
  ParamValues p = defaults("skiddy");
  set("skiddy", &p, "min_difficulty", "380");
  set("skiddy", &p, "max_difficulty", "430");
  for (int i = 0; i < 20; ++i) {
    std::string seed = "sk-" + std::to_string(i);
    GeneratedInfo info;
    Error e;
    auto level = find_game("skiddy")->generate(p, seed.c_str(), &info, &e);
    INFO(seed << ": " << e.message);
    REQUIRE(level);
    GameState s;
    level->initial_state(&s);
    Analysis a = level->analyze(s, SearchLimits());
    CHECK(a.solvable);
    CHECK(a.dead_ends == 0);
    CHECK(a.states <= 60000);
    CHECK(level->difficulty(a) >= 380);
    CHECK(level->difficulty(a) <= 430);
    CHECK(info.par == a.par);
    auto again = find_game("skiddy")->generate(p, seed.c_str(), nullptr, &e);
    CHECK(canonical(*again) == canonical(*level));
  }
}

TEST_CASE("the skiddy generator steers layouts into a narrow difficulty band") {
  // Ten points wide, above most first layouts (their median is near 390).
  ParamValues p = defaults("skiddy");
  set("skiddy", &p, "min_difficulty", "400");
  set("skiddy", &p, "max_difficulty", "410");
  for (int i = 0; i < 4; ++i) {
    std::string seed = "steer-" + std::to_string(i);
    Error e;
    auto level = find_game("skiddy")->generate(p, seed.c_str(), nullptr, &e);
    INFO(seed << ": " << e.message);
    REQUIRE(level);
    GameState s;
    level->initial_state(&s);
    Analysis a = level->analyze(s, SearchLimits());
    CHECK(a.dead_ends == 0);
    CHECK(level->difficulty(a) >= 400);
    CHECK(level->difficulty(a) <= 410);
  }
}

TEST_CASE("a skiddy refusal names the setting to change: the band only when fair levels lay outside it") {
  auto refusal = [](const char* const* settings, int n) {
    ParamValues p = defaults("skiddy");
    for (int i = 0; i < n; i += 2) set("skiddy", &p, settings[i], settings[i + 1]);
    Error e;
    auto level = find_game("skiddy")->generate(p, "refused", nullptr, &e);
    CHECK(!level);
    return std::string(e.message);
  };
  // Small levels with a band far above them: the fair ones' difficulties and the band's settings.
  const char* const high[] = {"size", "5x5", "reds", "1", "yellows", "1", "crates", "0", "ice", "0",
                              "pits", "0", "blocks", "0", "min_difficulty", "600"};
  std::string m = refusal(high, 16);
  INFO(m);
  CHECK(m.find("min_difficulty") != std::string::npos);
  CHECK(m.find("the fair ones were") != std::string::npos);
  CHECK(m.size() < 160);  // room for the seed the page adds
  // Every piece at its most, the band at its widest: no layout can be
  // analysed, so the pieces are named, never the band.
  const char* const most[] = {"size", "8x7", "reds", "4", "yellows", "4", "crates", "4", "ice", "4",
                              "min_difficulty", "0", "max_difficulty", "1000"};
  m = refusal(most, 14);
  INFO(m);
  CHECK(m.find("widen") == std::string::npos);
  CHECK(m.find("difficulty") == std::string::npos);
  CHECK(m.find("fewer reds, yellows, crates or ice") != std::string::npos);
}

TEST_CASE("the skiddy generator's state cap binds before its memory cap on every target") {
  // 1,032,462 states: the generator's limits stop it at exactly 60,000, so a
  // layout is kept or refused alike on x86-64, wasm32 and the Cortex-M7.
  auto big = parse("skiddy", "####R###\n#y.r...#\n#ry...y#\n#......#\n#ryr.ci#\n#......#\n##Y#####\n");
  REQUIRE(big);
  GameState s;
  big->initial_state(&s);
  SearchLimits limits = skiddy::generator_limits();
  CHECK(limits.max_states == 60000);
  Analysis a = big->analyze(s, limits);
  CHECK(a.capped);
  CHECK(a.states == limits.max_states);
  // The fairness check keeps every move's target besides its states: on a
  // layout of more than 60,000 states with no dead end among them, it too
  // stops at the state cap, not at the memory cap, on packed states and on
  // the boards the generator checks (16 bytes a state).
  const char kLarge[] = "#######\nR.#...#\n#yyc..#\n#or.r.#\nYi#..r#\n#######\n";
  skiddy::Rules rules;
  Error e;
  REQUIRE(skiddy::parse_rules(kLarge, sizeof kLarge - 1, &rules, &e));
  WinReachability<skiddy::Rules> check(rules, rules.initial(), limits);
  REQUIRE(check.run(nullptr));
  CHECK(check.verdict() == WinReachability<skiddy::Rules>::Verdict::kCapped);
  CHECK(check.states() == limits.max_states);
  const skiddy::BoardRules boards{&rules};
  WinReachability<skiddy::BoardRules> board_check(boards, boards.initial(), limits);
  REQUIRE(board_check.run(nullptr));
  CHECK(board_check.verdict() == WinReachability<skiddy::BoardRules>::Verdict::kCapped);
  CHECK(board_check.states() == limits.max_states);
}

// [SECTION] Medals
TEST_CASE("a win earns the par - max-combo and perfect medals by the moves played") {
  auto medals = [](const Level& level, const char* moves, int par) {
    MoveList m;
    Error e;
    level.parse_moves(moves, strlen(moves), &m, &e);
    Figure f[kMaxFigures];
    int n = level.earned_medals(m, par, f);
    std::string got;
    for (int i = 0; i < n; ++i)
      if (f[i].value) got += std::string(got.empty() ? "" : " ") + f[i].key;
    return got;
  };
  auto together = parse("skiddy", "######\n#.rr.R\n#....#\n######\n");
  REQUIRE(together);
  CHECK(medals(*together, "R", 1) == "medal_par medal_max_combo medal_perfect");
  CHECK(medals(*together, "L R", 1) == "medal_max_combo");
  // Here the reds can only leave one at a time: never a max combo.
  auto apart = parse("skiddy", "#R###\n#.rr#\n##..#\n#####\n");
  REQUIRE(apart);
  GameState s;
  apart->initial_state(&s);
  MoveList path;
  REQUIRE(apart->solve(s, SearchLimits(), &path).solvable);
  Text moves;
  apart->format_moves(path.data(), path.size(), &moves);
  CHECK(medals(*apart, moves.c_str(), (int)path.size()) == "medal_par");
}

namespace {

// [SECTION] Paused analyses, the fairness check, the batched moves
// Every figure an analysis gives, as text, to compare two analyses whole.
std::string analysis_figures_text(const Analysis& a) {
  std::string out;
  for (uint64_t v : {(uint64_t)a.solvable, (uint64_t)a.capped, (uint64_t)(int64_t)a.par, a.states, a.win_states,
                     a.dead_ends, a.optimal_solutions, a.losing_moves, a.edges, (uint64_t)a.max_depth,
                     (uint64_t)a.max_distance, a.line_choices, a.line_wrong_moves, a.line_fatal_moves, a.line_setback,
                     (uint64_t)a.bytes})
    out += std::to_string(v) + " ";
  out += "| hist";
  for (uint32_t h : a.depth_histogram) out += " " + std::to_string(h);
  for (const MoveList* moves : {&a.first_dead_end, &a.first_wrong_move, &a.solution}) {
    out += " | moves";
    for (Move m : *moves) out += " " + std::to_string((int)m);
  }
  out += " | graph " + std::to_string(a.graph.depth.size()) + " " + std::to_string(a.graph.edges.size());
  for (size_t i = 0; i < a.graph.kind.size(); ++i) out += " " + std::to_string((int)a.graph.kind[i]);
  for (const StateGraph::Edge& e : a.graph.edges)
    out += " " + std::to_string(e.from) + ">" + std::to_string(e.to) + ":" + std::to_string((int)e.move);
  return out;
}

// A layout's boards, moved all at once by the batched builds (16 and 8
// lanes: full groups and a last one part empty).
constexpr int kBatchBoards = 50;

// The boards of one layout and what the portable build makes of each move.
struct LayoutBoards {
  skiddy::State boards[kBatchBoards], portable[kBatchBoards][4];
  Outcome portable_outcome[kBatchBoards][4];
};

// What the moves compared met: skiddies leaving, kinds packed anew, combos
// broken and boards of 16 pieces.
struct MovesMet {
  int compared = 0, left = 0, repacked = 0, full = 0, lost = 0;
};

// A layout of a random size: the border walls with a goal here and there,
// blocks, pits and floor inside, and one skiddy, so that the text reads
// (the boards place the rest).
std::string random_sized_layout(Rng& rng) {
  const int width = skiddy::kMinWidth + (int)rng.below(skiddy::kMaxWidth - skiddy::kMinWidth + 1);
  const int height = skiddy::kMinHeight + (int)rng.below(skiddy::kMaxHeight - skiddy::kMinHeight + 1);
  std::string text;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const bool border = x == 0 || y == 0 || x == width - 1 || y == height - 1;
      const bool corner = (x == 0 || x == width - 1) && (y == 0 || y == height - 1);
      const uint32_t roll = rng.below(12);
      text += corner ? '#' : border ? (roll == 0 ? 'R' : roll == 1 ? 'Y' : '#')
                                    : (roll == 0 ? '#' : roll == 1 ? 'o' : '.');
    }
    text += '\n';
  }
  text[(size_t)(width + 2)] = 'r';
  return text;
}

// A board of `count` random pieces on the first `count` of the `room`
// cells, shuffled in place first; it must unpack to the pieces it packed.
skiddy::State random_board(Rng& rng, int* cells, int room, int count) {
  for (int p = 0; p < count; ++p) {  // the first `count` of the cells, shuffled
    const int q = p + (int)rng.below((uint32_t)(room - p));
    const int t = cells[p];
    cells[p] = cells[q];
    cells[q] = t;
  }
  uint8_t pieces[skiddy::kMaxSlots] = {};
  for (int p = 0; p < count; ++p) pieces[cells[p]] = (uint8_t)(skiddy::kRed + rng.below(4));
  const skiddy::State s = skiddy::State::pack(pieces);
  uint8_t unpacked[skiddy::kMaxSlots];
  s.unpack(unpacked);
  REQUIRE(memcmp(unpacked, pieces, sizeof pieces) == 0);
  return s;
}

// Board k moved by the portable build (kept in `b`) and the BMI2 one: the
// same states and outcomes, move for move.
void check_bmi2_moves(const skiddy::Rules& rules, LayoutBoards* b, int k, MovesMet* met) {
  const skiddy::State& s = b->boards[k];
  skiddy::State bmi2[4];
  Outcome bmi2_outcome[4];
  skiddy::expand_portable(rules, s, b->portable[k], b->portable_outcome[k]);
  REQUIRE(skiddy::try_expand_bmi2(rules, s, bmi2, bmi2_outcome));
  for (int m = 0; m < 4; ++m) {
    INFO("state " << s.bits << " move " << m);
    CHECK(bmi2[m].bits == b->portable[k][m].bits);
    CHECK((int)bmi2_outcome[m] == (int)b->portable_outcome[k][m]);
    ++met->compared;
    met->left += __builtin_popcount((uint32_t)b->portable[k][m].bits) < __builtin_popcount((uint32_t)s.bits);
    met->repacked += (b->portable[k][m].bits >> 32) != (s.bits >> 32);
    met->lost += b->portable_outcome[k][m] == Outcome::kLost;
  }
}

// The boards moved by Rules::expand_batch, whichever build it picks here
// (the searches' batches), and by each lanes build this processor runs:
// the portable build's states and outcomes.
void check_batched_moves(const skiddy::Rules& rules, const LayoutBoards& b, const bool has_lanes[2],
                         int lanes_compared[2]) {
  {
    skiddy::State batch[kBatchBoards][4];
    Outcome batch_outcome[kBatchBoards][4];
    rules.expand_batch(b.boards, kBatchBoards, &batch[0][0], &batch_outcome[0][0]);
    for (int k = 0; k < kBatchBoards; ++k)
      for (int m = 0; m < 4; ++m) {
        INFO("expand_batch, state " << b.boards[k].bits << " move " << m);
        CHECK(batch[k][m].bits == b.portable[k][m].bits);
        CHECK((int)batch_outcome[k][m] == (int)b.portable_outcome[k][m]);
      }
  }
  for (int w = 0; w < 2; ++w) {
    if (!has_lanes[w]) continue;
    skiddy::State lanes[kBatchBoards][4];
    Outcome lanes_outcome[kBatchBoards][4];
    REQUIRE(skiddy::try_expand_lanes(w ? 8 : 16, rules, b.boards, kBatchBoards, &lanes[0][0], &lanes_outcome[0][0]));
    for (int k = 0; k < kBatchBoards; ++k)
      for (int m = 0; m < 4; ++m) {
        INFO((w ? 8 : 16) << " lanes, state " << b.boards[k].bits << " move " << m);
        CHECK(lanes[k][m].bits == b.portable[k][m].bits);
        CHECK((int)lanes_outcome[k][m] == (int)b.portable_outcome[k][m]);
        ++lanes_compared[w];
      }
  }
}

}  // namespace

TEST_CASE("a layout's analysis paused anywhere answers what it answers whole") {
  // The generator rates each layout in slices of states (a device frame
  // each): cut into slices of 1, 7 and 300 positions, the analysis is the
  // same figure for figure, dead ends and state graph included.
  const char* const kLevels[] = {
      "#####\nR.rr#\n#c..#\n#...#\n#####\n",                      // a dead end
      "########\n#r.o.ciR\n#y#....#\n#.....c#\n###Y####\n",      // two colours, crates, ice, a pit
      "#####\n#r..#\n#.#.#\n#...#\n#####\n",                      // no goal reached: refused by the parser
      "######\n#r...#\n#.##.#\n#..y.#\n#....#\n##R#Y#\n",
  };
  int analysed = 0;
  for (const char* text : kLevels) {
    INFO(text);
    skiddy::Rules rules;
    Error e;
    if (!skiddy::parse_rules(text, strlen(text), &rules, &e)) continue;
    for (uint32_t graph_states : {(uint32_t)0, (uint32_t)100000}) {
      SearchLimits limits;
      limits.graph_states = graph_states;
      const std::string whole = analysis_figures_text(search_analyze(rules, rules.initial(), limits));
      for (uint64_t slice : {(uint64_t)1, (uint64_t)7, (uint64_t)300}) {
        INFO("slice " << slice << ", graph up to " << graph_states);
        Analysis a;
        GraphAnalysis<skiddy::Rules> search(rules, rules.initial(), limits, &a);
        int pauses = 0;
        for (;;) {
          uint64_t budget = slice;
          if (search.run(&budget)) break;
          CHECK(budget == 0);  // it pauses only when the slice is spent
          ++pauses;
          REQUIRE(pauses < 10000000);
        }
        CHECK(analysis_figures_text(a) == whole);
        if (slice == 1) CHECK(pauses > (int)a.states);  // at least a pause a state expanded
      }
    }
    ++analysed;
  }
  CHECK(analysed == 3);
}

TEST_CASE("the depth-first fairness check agrees with the full analysis on every layout whole or paused and its explored graph analyses alike") {
  // Random 7x6 layouts (two of each skiddy, a crate, an ice cube, a pit,
  // two blocks, a goal of each colour), all of them: fair, dead ends, no
  // win and capped ones under a small cap.
  SearchLimits limits;
  limits.max_states = 3000;
  Rng rng("fairness-check");
  int verdicts[5] = {0, 0, 0, 0, 0}, reanalysed = 0;
  using Check = WinReachability<skiddy::Rules>;
  for (int n = 0; n < 300; ++n) {
    const std::string text = random_layout(rng);
    skiddy::Rules rules;
    Error e;
    INFO(text);
    REQUIRE(skiddy::parse_rules(text.c_str(), text.size(), &rules, &e));
    const Analysis a = search_analyze(rules, rules.initial(), limits);
    Check whole(rules, rules.initial(), limits);
    REQUIRE(whole.run(nullptr));
    const Check::Verdict v = whole.verdict();
    ++verdicts[(int)v];
    // On boards, as the generator checks: the same verdict, the same states.
    const skiddy::BoardRules boards{&rules};
    WinReachability<skiddy::BoardRules> on_boards(boards, boards.initial(), limits);
    REQUIRE(on_boards.run(nullptr));
    CHECK((int)on_boards.verdict() == (int)v);
    CHECK(on_boards.states() == whole.states());
    // Kept exactly when the full analysis keeps it.
    CHECK((v == Check::Verdict::kFair) == (!a.capped && a.solvable && a.dead_ends == 0));
    if (v == Check::Verdict::kFair) CHECK(whole.states() == a.states + a.win_states);
    if (v == Check::Verdict::kCapped) CHECK(whole.states() == limits.max_states);
    if (v == Check::Verdict::kNoWin && !a.capped) CHECK_FALSE(a.solvable);
    if (v == Check::Verdict::kDeadEnd && !a.capped) CHECK(a.dead_ends > 0);
    if (v == Check::Verdict::kCapped) CHECK(a.capped);
    // A fair layout's graph, as the check explored it, analysed again: the
    // same figures as the rules' own analysis (but the bytes it held).
    if (v == Check::Verdict::kFair) {
      Check::Graph graph = whole.take_graph();
      const Check::Graph on_boards_graph = on_boards.take_graph();
      REQUIRE(on_boards_graph.states == graph.states);  // the same graph, state for state
      CHECK(std::equal(graph.edges.get(), graph.edges.get() + (size_t)graph.states * Check::Graph::kMoves,
                       on_boards_graph.edges.get()));
      Analysis again = search_analyze(graph, graph.initial(), limits);
      again.bytes = a.bytes;
      CHECK(analysis_figures_text(again) == analysis_figures_text(a));
      ++reanalysed;
    }
    // Paused after every position: the same verdict.
    Check paused(rules, rules.initial(), limits);
    int runs = 0;
    for (;;) {
      uint64_t budget = 1;
      ++runs;
      if (paused.run(&budget)) break;
    }
    CHECK(paused.verdict() == v);
    CHECK(runs > 1);
  }
  // Every verdict but "no win" met (the start's component is the last the
  // depth-first search finishes, so a layout without a win usually shows a
  // dead end below it first).
  CHECK(verdicts[(int)Check::Verdict::kFair] > 0);
  CHECK(reanalysed == verdicts[(int)Check::Verdict::kFair]);
  CHECK(verdicts[(int)Check::Verdict::kDeadEnd] > 0);
  CHECK(verdicts[(int)Check::Verdict::kCapped] > 0);
  // A skiddy boxed in: no move changes anything, so the start is all there is.
  skiddy::Rules boxed;
  Error e;
  const char kBoxed[] = "#####\n#r#.#\n###.#\n#...#\n##R##\n";
  REQUIRE(skiddy::parse_rules(kBoxed, sizeof kBoxed - 1, &boxed, &e));
  Check no_win(boxed, boxed.initial(), limits);
  REQUIRE(no_win.run(nullptr));
  CHECK(no_win.verdict() == Check::Verdict::kNoWin);
}

TEST_CASE("the moves built for BMI2 and for vector lanes reach the states the portable one does, outcome for outcome") {
  // Random layouts of every size, the pieces on distinct random cells
  // (reachable or not), every count from none to as many as fit (16 at
  // most, every kind bit of the kinds word), under the plain rules and the
  // combo-only ones: every build this processor runs, every move. A
  // layout's 50 boards go to the lanes builds at once (16 and 8 lanes:
  // full groups and a last one part empty).
  skiddy::Rules probe_rules;
  skiddy::State next[4];
  Outcome outcome[4];
  Error probe_error;
  REQUIRE(skiddy::parse_rules(kSkiddy.bench_level, strlen(kSkiddy.bench_level), &probe_rules, &probe_error));
  if (!skiddy::try_expand_bmi2(probe_rules, probe_rules.initial(), next, outcome)) {
    WARN("this build or processor has no BMI2: the portable build is the only one");
    return;
  }
  bool has_lanes[2];  // 16, 8
  for (int w = 0; w < 2; ++w) {
    has_lanes[w] = skiddy::try_expand_lanes(w ? 8 : 16, probe_rules, &probe_rules.start, 1, next, outcome);
    if (!has_lanes[w]) WARN("this processor has no " << (w ? "AVX2" : "AVX-512") << ": its lanes build is not run");
  }
  Rng rng("bmi2-move");
  MovesMet met;
  int lanes_compared[2] = {0, 0};
  for (int n = 0; n < 400; ++n) {
    const std::string text = random_sized_layout(rng);
    skiddy::Rules rules;
    Error e;
    INFO(text);
    if (!skiddy::parse_rules(text.c_str(), text.size(), &rules, &e)) continue;  // e.g. no goal of a colour
    rules.combo_only = n % 2 == 1;
    int cells[skiddy::kMaxSlots], room = 0;
    for (int c = 0; c < skiddy::kMaxSlots; ++c)
      if (rules.room >> c & 1) cells[room++] = c;
    const int most = room < skiddy::kMaxPieces ? room : skiddy::kMaxPieces;
    LayoutBoards b;
    for (int k = 0; k < kBatchBoards; ++k) {
      // Every tenth board as full as it can be; the others any count.
      const int count = k % 10 == 0 ? most : (int)rng.below((uint32_t)most + 1);
      b.boards[k] = random_board(rng, cells, room, count);
      met.full += count == skiddy::kMaxPieces;
      check_bmi2_moves(rules, &b, k, &met);
    }
    check_batched_moves(rules, b, has_lanes, lanes_compared);
  }
  // The moves compared include skiddies leaving, kinds packed anew, combos
  // broken and boards of 16 pieces.
  CHECK(met.compared > 40000);
  CHECK(met.left > 1000);
  CHECK(met.repacked > 10000);
  CHECK(met.lost > 100);
  CHECK(met.full > 500);
  for (int w = 0; w < 2; ++w)
    if (has_lanes[w]) CHECK(lanes_compared[w] == met.compared);
}

TEST_CASE("an analysis that only counts answers the whole one's counts, capped where it is") {
  // Random 7x6 layouts (random_layout), whole and under small caps of
  // states and of bytes, under the plain and the combo-only rules (the
  // medal search's).
  Rng rng("counts-only");
  int compared = 0, capped = 0, solvable = 0;
  for (int n = 0; n < 200; ++n) {
    const std::string text = random_layout(rng);
    skiddy::Rules rules;
    Error e;
    INFO(text);
    if (!skiddy::parse_rules(text.c_str(), text.size(), &rules, &e)) continue;
    rules.combo_only = n % 2 == 1;
    SearchLimits limits;
    if (n % 3 == 1) limits.max_states = 2000;
    if (n % 3 == 2) limits.max_bytes = 40000;
    const Analysis whole = search_analyze(rules, rules.initial(), limits);
    SearchLimits counting = limits;
    counting.counts_only = true;
    const Analysis counted = search_analyze(rules, rules.initial(), counting);
    CHECK(counted.capped == whole.capped);
    CHECK(counted.states == whole.states);
    CHECK(counted.win_states == whole.win_states);
    CHECK(counted.solvable == whole.solvable);
    CHECK(counted.par == whole.par);
    CHECK(counted.max_depth == whole.max_depth);
    CHECK(counted.depth_histogram == whole.depth_histogram);
    CHECK(counted.edges == whole.edges);
    // Nothing past the counts: no solution, no dead ends.
    CHECK(counted.solution.empty());
    CHECK(counted.dead_ends == 0);
    CHECK(counted.bytes <= whole.bytes);
    ++compared;
    capped += whole.capped;
    solvable += whole.solvable && !whole.capped;
  }
  CHECK(compared > 150);
  CHECK(capped > 20);
  CHECK(solvable > 20);
}
