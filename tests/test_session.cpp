// The midend every host shares: each command on every game, and the input
// every host forwards (directions, cards, pointer taps and swipes).
//
// [SECTION] Helpers
// [SECTION] Making and opening levels
// [SECTION] Solve, hint, undo and redo
// [SECTION] Input
// [SECTION] Next levels, slices and packs
// [SECTION] Medals and help
// [SECTION] Packs and links
#include <string.h>

#include <catch2/catch.hpp>

#include "core/midend/link.h"
#include "core/base/rng.h"
#include "core/midend/session.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

// ---------------------------------------------------------------------------
// [SECTION] Helpers
// ---------------------------------------------------------------------------
namespace {

std::string link_of_seed(const GameInfo& g, const ParamValues& p, const char* seed) {
  Text t;
  link_for_seed(g, p, seed, &t);
  return t.c_str();
}

std::string link_of_level(const Level& level) {
  Text t;
  link_for_level(level, &t);
  return t.c_str();
}

int par_of(const Level& level) {
  GameState s;
  level.initial_state(&s);
  return level.solve(s, SearchLimits(), nullptr).length;
}

// The inputs a player gives for one move: the card first where the game has
// a hand, then the direction.
void give_move(Session& s, int move) {
  HandCard hand[kMaxHand];
  int n = s.hand(hand);
  int dir = move;
  for (int i = 0; i < n; ++i)
    if (move >= hand[i].first_move && move < hand[i].first_move + kDirCount) {
      s.input(Input::choose_card(i));
      dir = move - hand[i].first_move;
    }
  s.input(Input::direction(dir));
}

// Flow's strokes drawn with the pointer: pressed on the stroke's first cell,
// dragged through each cell of it, released on its last.
void draw_strokes(Session& s, const MoveList& path) {
  BoardView v;
  s.view(&v);
  for (size_t i = 0; i < path.size(); ++i) {
    const int cell = path[i] & 0x7fff;  // Flow's move: the cell, with 0x8000 on a grab
    const int x = (cell % v.width) * kPointerUnit + kPointerUnit / 2, y = (cell / v.width) * kPointerUnit + kPointerUnit / 2;
    const bool first = s.level().starts_stroke(path[i]);
    s.input(Input::pointer(first ? InputKind::kPointerPress : InputKind::kPointerDrag, x, y));
    if (i + 1 == path.size() || s.level().starts_stroke(path[i + 1]))
      s.input(Input::pointer(InputKind::kPointerRelease, x, y));
  }
}

// Where the stroke that starts at path[from] ends.
size_t stroke_end(const Level& level, const MoveList& path, size_t from) {
  size_t end = from + 1;
  while (end < path.size() && !level.starts_stroke(path[end])) ++end;
  return end < path.size() ? end : path.size();
}

// A pointer pressed at one point and released at another, in cell units
// (x + 0.5 is the middle of column x).
Outcome drag(Session& s, double x0, double y0, double x1, double y1) {
  s.input(Input::pointer(InputKind::kPointerPress, (int)(x0 * kPointerUnit), (int)(y0 * kPointerUnit)));
  s.input(Input::pointer(InputKind::kPointerDrag, (int)(x1 * kPointerUnit), (int)(y1 * kPointerUnit)));
  return s.input(Input::pointer(InputKind::kPointerRelease, (int)(x1 * kPointerUnit), (int)(y1 * kPointerUnit)));
}

Outcome tap(Session& s, int cell_x, int cell_y) { return drag(s, cell_x + 0.5, cell_y + 0.5, cell_x + 0.5, cell_y + 0.5); }

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Making and opening levels
// ---------------------------------------------------------------------------
TEST_CASE("new level gives the generator's level for the parameters and seed with par and a seed link") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    ParamValues p = defaults(g.id);
    Session s;
    REQUIRE(s.new_level(g, p, "session-test"));
    GeneratedInfo info;
    Error e;
    std::unique_ptr<Level> expected = g.generate(p, "session-test", &info, &e);
    REQUIRE(expected);
    CHECK(canonical(s.level()) == canonical(*expected));
    CHECK(&s.game() == &g);
    CHECK(s.par() == info.par);
    CHECK(s.par() == par_of(s.level()));
    CHECK(s.from_seed());
    CHECK(std::string(s.seed()) == "session-test");
    CHECK(std::string(s.link()) == link_of_seed(g, p, "session-test"));
    CHECK(params_equal(g, s.params(), p));
    CHECK(s.status() == PlayStatus::kPlaying);
    CHECK(s.moves_made() == 0);
    CHECK(std::string(s.message()).empty());
  }
}

TEST_CASE("open link regenerates a seed link's level and opens a level link's level and keeps the link") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    Session made;
    REQUIRE(made.new_level(g, defaults(g.id), "link-test"));
    Session seeded;
    REQUIRE(seeded.open_link(made.link(), strlen(made.link())));
    CHECK(canonical(seeded.level()) == canonical(made.level()));
    CHECK(seeded.par() == made.par());
    CHECK(std::string(seeded.seed()) == "link-test");
    CHECK(std::string(seeded.link()) == made.link());

    std::string level_link = link_of_level(made.level());
    Session opened;
    REQUIRE(opened.open_link(level_link.data(), level_link.size()));
    CHECK(canonical(opened.level()) == canonical(made.level()));
    CHECK_FALSE(opened.from_seed());
    CHECK(std::string(opened.link()) == level_link);
    CHECK(opened.par() == made.par());
  }
}

TEST_CASE("open text reads any game's level text with par from the solver and a level link") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    std::unique_ptr<Level> level = g.generate(defaults(g.id), "text-test", nullptr, nullptr);
    REQUIRE(level);
    std::string text = canonical(*level);
    Session s;
    REQUIRE(s.open_text(nullptr, text.data(), text.size()));
    CHECK(&s.game() == &g);
    CHECK(canonical(s.level()) == text);
    CHECK(s.par() == par_of(*level));
    CHECK_FALSE(s.from_seed());
    CHECK(std::string(s.seed()).empty());
    CHECK(std::string(s.link()) == link_of_level(*level));
    CHECK(params_equal(g, s.params(), defaults(g.id)));
  }
}

TEST_CASE("a bad link or text keeps the level and says why and an empty session shows the default level") {
  Session s;
  Error e;
  CHECK_FALSE(s.open_link("#game=nosuchgame&v=1", 20, &e));
  CHECK_FALSE(s.loaded());
  CHECK(std::string(s.message()).find("This link can't be opened") == 0);
  CHECK(std::string(s.message()).find("nosuchgame") != std::string::npos);
  s.open_default();
  REQUIRE(s.loaded());
  CHECK(&s.game() == &game_at(0));
  CHECK(std::string(s.seed()) == "tilelab");
  CHECK(std::string(s.message()).find("nosuchgame") != std::string::npos);  // still says why

  std::string before = canonical(s.level());
  CHECK_FALSE(s.open_text("lastball", "@o\nx\n", 5, &e));
  CHECK(e.line == 2);
  CHECK(std::string(s.message()).find("This level text can't be opened") == 0);
  CHECK(canonical(s.level()) == before);
  // A seed link whose level cannot be made says the generator could not.
  CHECK_FALSE(s.open_link("#game=lastball&seed=x&size=4x4&balls=20", 39));
  CHECK(std::string(s.message()).find("Could not generate: ") == 0);
  CHECK(canonical(s.level()) == before);
  s.clear_message();
  CHECK(std::string(s.message()).empty());
  ParamValues p = defaults("lastball");
  set("lastball", &p, "balls", "3");
  CHECK(s.new_level(*find_game("lastball"), p, "ok"));
  CHECK(std::string(s.message()).empty());
}

// ---------------------------------------------------------------------------
// [SECTION] Solve, hint, undo and redo
// ---------------------------------------------------------------------------
TEST_CASE("solve queues a shortest solution and each step plays one move to a win at par") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    Session s;
    REQUIRE(s.new_level(g, defaults(g.id), "solve-test"));
    REQUIRE(s.solve());
    CHECK(std::string(s.note()).find("Solving: ") == 0);
    CHECK(s.solving());
    // Player input waits while the solve plays.
    CHECK(s.input(Input::direction(kUp)) == Outcome::kNoChange);
    CHECK(s.moves_made() == 0);
    int steps = 0;
    while (s.solve_step()) ++steps;
    CHECK_FALSE(s.solving());
    CHECK(std::string(s.note()).find("Solved: ") == 0);  // no longer "Solving: " once won
    CHECK(steps == s.par());
    CHECK(s.status() == PlayStatus::kWon);
    CHECK((int)s.moves_made() == s.par());
    CHECK_FALSE(s.solve());  // nothing to solve once won
  }
}

// A solve's answer that found no win (a worker's at its cap).
static GenerationStatus no_win_found(Session* s) {
  JobResult none;
  none.solve.capped = true;
  return s->take_job(s->job_id(), std::move(none));
}

TEST_CASE("a solution found elsewhere (the page's worker) is hinted and solved as the session's own") {
  Session s;
  s.host_runs_jobs(true);
  REQUIRE(s.open_text("lastball", "@..o.\n.....\n", 12));
  CHECK(s.job() == SessionJob::kPar);
  CHECK(s.par() == -1);  // not known until its job comes
  REQUIRE(run_elsewhere(&s) == GenerationStatus::kDone);
  CHECK(s.par() > 0);
  CHECK(s.job() == SessionJob::kNone);
  CHECK_FALSE(s.solve());
  REQUIRE(s.job() == SessionJob::kSolve);
  no_win_found(&s);
  CHECK(std::string(s.note()).find("No solution") == 0);
  CHECK(s.hint() == -1);
  REQUIRE(s.job() == SessionJob::kHint);
  no_win_found(&s);
  CHECK(std::string(s.note()).find("No hint") == 0);
  MoveList path;
  REQUIRE(shortest_solution(s, &path));
  s.hint();
  const uint32_t asked = s.job_id();
  REQUIRE(run_elsewhere(&s) == GenerationStatus::kDone);
  CHECK(s.moves()[0] == path[0]);
  CHECK(s.moves_made() == 1);
  // An answer for a job no longer waiting changes nothing.
  std::unique_ptr<Job> stale = run_job(s.solve_request());
  CHECK(s.take_job(asked, std::move(stale->result())) == GenerationStatus::kDone);
  CHECK(s.moves_made() == 1);
  // An answer for a position left (a move made meanwhile) plays nothing.
  s.restart();
  s.solve();
  JobRequest asked_at = s.job_request();
  const uint32_t id = s.job_id();
  s.play(path[0]);
  CHECK(s.take_job(id, std::move(run_job(asked_at)->result())) == GenerationStatus::kDone);
  CHECK_FALSE(s.solving());
  s.restart();
  s.solve();
  REQUIRE(run_elsewhere(&s) == GenerationStatus::kDone);
  REQUIRE(s.solving());
  while (s.solve_step()) {
  }
  CHECK(s.status() == PlayStatus::kWon);
}

TEST_CASE("a level no move can win is unwinnable and a winnable or generated one is not") {
  Session s;
  REQUIRE(s.open_text("lastball", "@..\n...\n..o\n", 12));  // the ball cannot reach the other in line
  CHECK(s.par() == -1);
  CHECK(s.unwinnable());
  REQUIRE(s.open_text("lastball", "@.o.\n....\n", 10));
  CHECK(s.par() == 1);
  CHECK_FALSE(s.unwinnable());
  REQUIRE(s.open_text("lastball", "@..\n...\n..o\n", 12));
  REQUIRE(s.new_level(game_at(0), defaults(game_at(0).id), "unwinnable-test"));
  CHECK_FALSE(s.unwinnable());
}

TEST_CASE("the moves a hint played are told apart from the player's own (helped_move)") {
  Session s;
  REQUIRE(s.new_level(game_at(0), defaults(game_at(0).id), "helped-test"));
  MoveList path;
  REQUIRE(shortest_solution(s, &path));
  REQUIRE(path.size() >= 2);
  REQUIRE(s.play(path[0]) != Outcome::kNoChange);
  REQUIRE(s.hint() == path[1]);
  CHECK_FALSE(s.helped_move(0));
  CHECK(s.helped_move(1));
  CHECK_FALSE(s.helped_move(2));  // no such move
  s.undo();
  CHECK_FALSE(s.helped_move(1));  // undone: not among moves()
}

TEST_CASE("hint plays the next move of a shortest solution and following hints wins at par") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    Session s;
    REQUIRE(s.new_level(g, defaults(g.id), "hint-test"));
    int hints = 0;
    while (s.status() == PlayStatus::kPlaying && hints <= s.par()) {
      REQUIRE(s.hint() >= 0);
      CHECK(std::string(s.note()).find("Hint played: ") == 0);
      ++hints;
    }
    CHECK(s.status() == PlayStatus::kWon);
    CHECK(hints == s.par());
  }
  // A move puzzle's hint names its direction in a word, and a solve of more
  // than three moves its letters and how many.
  for (const char* id : {"lastball", "penguin", "skiddy"}) {
    INFO(id);
    Session s;
    REQUIRE(s.new_level(*find_game(id), defaults(id), "hint-words"));
    const int first = s.hint();
    REQUIRE(first >= 0);
    const char* const words[] = {"up", "down", "left", "right"};
    CHECK(std::string(s.note()) == std::string("Hint played: ") + words[first]);
    s.restart();
    REQUIRE(s.solve());
    const std::string solving = s.note();
    if (s.par() > 3) CHECK(solving.find(" (" + std::to_string(s.par()) + " moves)") != std::string::npos);
    else CHECK(solving.find(words[first]) == strlen("Solving: "));
  }
  // From a dead end there is no hint, and the note says so.
  Session s;
  REQUIRE(s.open_text("lastball", "..o..\n.....\n..@..\n.....\n....o\n", 30));
  s.input(Input::direction(kUp));
  CHECK(s.hint() == -1);
  CHECK(std::string(s.note()) == "No hint: no win is reachable from here. Undo or restart.");
  CHECK_FALSE(s.solve());
  CHECK(std::string(s.note()) == "No solution: no win is reachable from here. Undo or restart.");
  // A level that cannot be won at all: nothing to undo, and the note says so.
  Session start;
  REQUIRE(start.open_text("lastball", "@..\n...\n..o\n", 12));
  CHECK(start.moves_made() == 0);
  CHECK(start.hint() == -1);
  CHECK(std::string(start.note()) == "No hint: this level cannot be won.");
  CHECK_FALSE(start.solve());
  CHECK(std::string(start.note()) == "No solution: this level cannot be won.");
  // A solve that found no win without knowing there is none (the worker's,
  // at its cap) claims no more at the start than that.
  Session capped;
  REQUIRE(capped.open_text("lastball", "@..o.\n.....\n", 12));
  CHECK_FALSE(capped.unwinnable());
  capped.host_runs_jobs(true);
  CHECK(capped.hint() == -1);
  no_win_found(&capped);
  CHECK(std::string(capped.note()) == "No hint: the search found no win from the start.");
}

TEST_CASE("undo and redo and restart walk the strokes of every game and a new stroke drops the redo tail") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    Session s;
    REQUIRE(s.new_level(g, defaults(g.id), "undo-test"));
    MoveList path;
    REQUIRE(shortest_solution(s, &path));
    // The solution's first two strokes (a move puzzle's first two moves).
    const size_t first_end = stroke_end(s.level(), path, 0), second_end = stroke_end(s.level(), path, first_end);
    REQUIRE(second_end > first_end);
    std::string start = text_of(s.level(), s.state());
    CHECK_FALSE(s.can_undo());
    for (size_t m = 0; m < first_end; ++m) CHECK(s.play(path[m]) != Outcome::kNoChange);
    std::string one = text_of(s.level(), s.state());
    for (size_t m = first_end; m < second_end; ++m) CHECK(s.play(path[m]) != Outcome::kNoChange);
    std::string two = text_of(s.level(), s.state());
    CHECK(s.moves_made() == 2);
    CHECK(s.undo());
    CHECK(text_of(s.level(), s.state()) == one);
    CHECK(s.moves_made() == 1);
    CHECK(s.redo());
    CHECK(text_of(s.level(), s.state()) == two);
    CHECK_FALSE(s.redo());
    s.restart();
    CHECK(text_of(s.level(), s.state()) == start);
    CHECK(s.moves_made() == 0);
    CHECK(s.can_redo());
    CHECK(s.redo());
    CHECK(text_of(s.level(), s.state()) == one);
    CHECK(s.moves() == MoveList(path.begin(), path.begin() + (long)first_end));
    // Another stroke from here drops the redo tail.
    CHECK(s.undo());
    s.play(path[0]);
    CHECK_FALSE(s.can_redo());
  }
}

TEST_CASE("after a win or a loss moves are ignored until undo or restart") {
  Session s;
  REQUIRE(s.open_text("lastball", "@.o.\n....\n", 10));
  CHECK(s.input(Input::direction(kRight)) == Outcome::kWon);
  CHECK(s.status() == PlayStatus::kWon);
  CHECK(s.input(Input::direction(kLeft)) == Outcome::kNoChange);
  CHECK(s.moves_made() == 1);
  s.restart();
  CHECK(s.status() == PlayStatus::kPlaying);
  CHECK(s.input(Input::direction(kDown)) == Outcome::kLost);
  CHECK(s.status() == PlayStatus::kLost);
  CHECK(s.input(Input::direction(kRight)) == Outcome::kNoChange);
  CHECK(s.undo());
  CHECK(s.input(Input::direction(kRight)) == Outcome::kWon);
}

TEST_CASE("a loss says why in the game's words, and only a loss") {
  struct Case {
    const char* game;
    const char* text;
    int dir;
    const char* why;
  };
  const Case cases[] = {
      {"lastball", "@.o.\n....\n", kDown, "the black ball rolled off the field"},
      {"penguin", "#F###\n#P.x#\n#####\n", kRight, "the penguin slid onto the picks"},
      {"penguin", "#F###\n#P...\n#####\n", kRight, "the penguin slid off the edge of the ice"},
      {"golf", "4x1\n1,ball 1 1 1,flag\n\n1-\n", kLeft, "the ball fell off the course"},
      {"golf", "4x1\n1,ball 1,quick 1 1,flag\n\n1-\n", kRight, "the ball stopped on quicksand and sank"},
  };
  for (const Case& c : cases) {
    INFO(c.game << ": " << c.text);
    Session s;
    REQUIRE(s.open_text(c.game, c.text, strlen(c.text)));
    CHECK(s.lost_reason() == nullptr);  // playing: no loss to explain
    REQUIRE(s.input(Input::direction(c.dir)) == Outcome::kLost);
    REQUIRE(s.lost_reason() != nullptr);
    CHECK(std::string(s.lost_reason()) == c.why);
    s.undo();
    CHECK(s.lost_reason() == nullptr);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Input
// ---------------------------------------------------------------------------
TEST_CASE("input of the solution as a host gives it - cards then directions or pointer strokes - wins every game") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    Session s;
    REQUIRE(s.new_level(g, defaults(g.id), "input-test"));
    MoveList path;
    REQUIRE(shortest_solution(s, &path));
    if (std::string(g.id) == "flow") draw_strokes(s, path);
    else
      for (tl::Move m : path) give_move(s, m);
    CHECK(s.moves() == path);
    CHECK(s.status() == PlayStatus::kWon);
  }
}

TEST_CASE("input of a card chosen from the hand is what a direction plays or the first left when it is used up") {
  // Golf Peaks: the ball at the left, the flag three cells right; cards 1- and 2-.
  const char* text = "4x1\n1,ball 1 1 1,flag\n\n1- 2-\n";
  Session s;
  REQUIRE(s.open_text("golf", text, strlen(text)));
  HandCard hand[kMaxHand];
  REQUIRE(s.hand(hand) == 2);
  CHECK(s.chosen_card() == 0);
  s.input(Input::choose_card(1));
  CHECK(s.chosen_card() == 1);
  s.input(Input::choose_card(7));  // no such card: the choice stays
  CHECK(s.chosen_card() == 1);
  CHECK(s.input(Input::direction(kRight)) == Outcome::kMoved);
  CHECK(s.moves() == MoveList{(Move)(hand[1].first_move + kRight)});
  // The 2- is used up: the choice moves on to the 1-, which wins.
  CHECK(s.chosen_card() == 0);
  s.input(Input::choose_card(1));  // used up: not chosen
  CHECK(s.chosen_card() == 0);
  CHECK(s.input(Input::direction(kRight)) == Outcome::kWon);
}

TEST_CASE("input of a swipe is its main direction and a tap moves toward the tapped cell from the actor") {
  Session s;
  REQUIRE(s.open_text("lastball", "......\n.@..o.\n......\n", 21));
  std::string start = text_of(s.level(), s.state());
  // A tap on the black ball itself, or too short a drag, is no move.
  CHECK(tap(s, 1, 1) == Outcome::kNoChange);
  CHECK(drag(s, 1.5, 1.5, 1.7, 1.6) == Outcome::kNoChange);
  CHECK(s.moves_made() == 0);
  // A tap right of the ball rolls it right (it stops at the white ball, which leaves: a win).
  CHECK(tap(s, 5, 1) == Outcome::kWon);
  s.restart();
  // A swipe anywhere on the board, here leftward within one row: left, off the field.
  CHECK(drag(s, 4.9, 0.5, 4.2, 0.6) == Outcome::kLost);
  s.restart();
  // A release with no press is nothing; a tap outside the board still points a way.
  CHECK(s.input(Input::pointer(InputKind::kPointerRelease, 0, 0)) == Outcome::kNoChange);
  CHECK(tap(s, 1, -2) == Outcome::kLost);  // up, off the field
  CHECK(s.moves() == MoveList{(Move)kUp});
  // Skiddy has no actor: a tap tilts toward its side of the board's centre.
  Session k;
  REQUIRE(k.new_level(*find_game("skiddy"), defaults("skiddy"), "tap-test"));
  BoardView v;
  k.view(&v);
  CHECK(v.actor == -1);
  GameState before = k.state();
  GameState expected = before;
  k.level().apply(&expected, kLeft);
  tap(k, 0, v.height / 2);
  CHECK(memcmp(k.state().words, expected.words, sizeof expected.words) == 0);
}

// ---------------------------------------------------------------------------
// [SECTION] Next levels, slices and packs
// ---------------------------------------------------------------------------
TEST_CASE("next level is a fresh seed of the same game and parameters or in infinite mode the continuation") {
  const GameInfo& g = *find_game("lastball");
  ParamValues p = defaults("lastball");
  set("lastball", &p, "balls", "3");
  Session s;
  REQUIRE(s.new_level(g, p, "endless"));
  REQUIRE(s.next_level(12345));
  Text fresh;
  seed_name(12345, &fresh);
  CHECK(std::string(s.seed()) == fresh.c_str());
  CHECK(params_equal(g, s.params(), p));

  // Infinite mode after a win: the next level starts where the black ball stopped.
  s.set_infinite(true);
  REQUIRE(s.new_level(g, p, "endless"));
  while (s.status() == PlayStatus::kPlaying) REQUIRE(s.hint() >= 0);
  ParamValues next;
  Text next_seed;
  REQUIRE(next_infinite_level(s.level(), s.state(), s.params(), s.seed(), &next, &next_seed));
  CHECK(std::string(next_seed.c_str()) == "endless~2");
  REQUIRE(s.next_level(999));
  CHECK(std::string(s.seed()) == "endless~2");
  CHECK(params_equal(g, s.params(), next));
  // Not won yet: infinite mode still gives a fresh level.
  REQUIRE(s.next_level(999));
  seed_name(999, &fresh);
  CHECK(std::string(s.seed()) == fresh.c_str());

  // A game with no continuation gives a fresh seed in infinite mode too.
  Session k;
  k.set_infinite(true);
  REQUIRE(k.new_level(*find_game("penguin"), defaults("penguin"), "p"));
  while (k.status() == PlayStatus::kPlaying) REQUIRE(k.hint() >= 0);
  REQUIRE(k.next_level(7));
  seed_name(7, &fresh);
  CHECK(std::string(k.seed()) == fresh.c_str());
}

TEST_CASE("a game has infinite mode exactly when a won level of it has a continuation") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    Session s;
    REQUIRE(s.new_level(g, defaults(g.id), "infinite?"));
    while (s.status() == PlayStatus::kPlaying) REQUIRE(s.hint() >= 0);
    ParamValues next;
    Text next_seed;
    CHECK(next_infinite_level(s.level(), s.state(), s.params(), s.seed(), &next, &next_seed) == g.infinite_mode);
  }
}

TEST_CASE("the session makes a level a slice at a time - the level new_level makes - and cancel keeps the level") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    Session whole, sliced;
    REQUIRE(whole.new_level(g, defaults(g.id), "slices"));
    REQUIRE(sliced.new_level(g, defaults(g.id), "before"));
    LevelRecipe recipe;
    recipe.game = &g;
    recipe.params = defaults(g.id);
    recipe.seed.append("slices");
    sliced.host_runs_jobs(true);
    sliced.begin_making(recipe);
    CHECK(sliced.making());
    CHECK(std::string(sliced.seed()) == "before");  // the level plays on while the next is made
    int slices = 0, last = 0;
    GenerationStatus status = GenerationStatus::kRunning;
    while ((status = sliced.job_slice()) == GenerationStatus::kRunning) {
      CHECK(sliced.job_permille() >= last);
      last = sliced.job_permille();
      REQUIRE(++slices < 100000);
    }
    REQUIRE(status == GenerationStatus::kDone);
    CHECK_FALSE(sliced.making());
    CHECK(std::string(sliced.link()) == whole.link());
    CHECK(canonical(sliced.level()) == canonical(whole.level()));
    CHECK(sliced.par() == whole.par());
  }
  // Cancel: nothing loads, the level stays.
  Session s;
  REQUIRE(s.new_level(*find_game("skiddy"), defaults("skiddy"), "kept"));
  LevelRecipe recipe;
  recipe.game = find_game("skiddy");
  recipe.params = defaults("skiddy");
  recipe.seed.append("dropped");
  s.host_runs_jobs(true);
  s.begin_making(recipe);
  s.cancel_jobs();
  CHECK_FALSE(s.making());
  CHECK(s.job_slice() == GenerationStatus::kDone);  // nothing to run
  CHECK(std::string(s.seed()) == "kept");
}

TEST_CASE("a level that cannot be made from the recipe is made from the fallback - or says why and keeps the level") {
  const GameInfo& g = *find_game("lastball");
  Session s;
  REQUIRE(s.new_level(g, defaults("lastball"), "kept"));
  LevelRecipe recipe;
  recipe.game = &g;
  recipe.params = defaults("lastball");
  set("lastball", &recipe.params, "size", "4x4");
  set("lastball", &recipe.params, "balls", "16");  // in range, but 16 balls and the black one fill no 4x4 field
  recipe.seed.append("fallback");
  s.host_runs_jobs(true);
  s.begin_making(recipe);
  Error e;
  GenerationStatus status;
  while ((status = s.job_slice(&e)) == GenerationStatus::kRunning) {
  }
  CHECK(status == GenerationStatus::kFailed);
  CHECK(std::string(e.message).find("balls") != std::string::npos);
  CHECK(std::string(s.message()).find("Could not generate") == 0);
  CHECK(std::string(s.seed()) == "kept");

  const ParamValues fallback = defaults("lastball");
  s.begin_making(recipe, &fallback);
  while ((status = s.job_slice(&e)) == GenerationStatus::kRunning) {
  }
  REQUIRE(status == GenerationStatus::kDone);
  CHECK(std::string(s.seed()) == "fallback");
  CHECK(params_equal(g, s.params(), fallback));
}

TEST_CASE("the next level's recipe is what next_level makes - a pack's next is opened at once") {
  const GameInfo& g = *find_game("lastball");
  Session s, t;
  REQUIRE(s.new_level(g, defaults("lastball"), "endless"));
  REQUIRE(t.new_level(g, defaults("lastball"), "endless"));
  s.set_infinite(true);
  t.set_infinite(true);
  while (s.status() == PlayStatus::kPlaying) REQUIRE(s.hint() >= 0);
  while (t.status() == PlayStatus::kPlaying) REQUIRE(t.hint() >= 0);
  LevelRecipe recipe;
  REQUIRE(s.next_level_recipe(5, &recipe) == NextLevel::kMake);
  CHECK(std::string(recipe.seed.c_str()) == "endless~2");
  REQUIRE(t.next_level(5));
  REQUIRE(s.new_level(recipe));
  CHECK(std::string(s.link()) == t.link());

  // A pack: its next level opens with no recipe; after its last, a fresh seed with a note.
  std::vector<PackLevel> pack;
  PackOptions options;
  options.count = 2;
  PackFigures figures;
  Error e;
  REQUIRE(make_pack(g, defaults("lastball"), "rec", options, &pack, &figures, &e));
  s.set_pack(g, pack);
  REQUIRE(s.open_pack_level(0));
  CHECK(s.next_level_recipe(5, &recipe) == NextLevel::kOpened);
  CHECK(s.pack_index() == 1);
  REQUIRE(s.next_level_recipe(5, &recipe) == NextLevel::kMake);
  CHECK(s.pack_index() == 1);  // nothing opened yet
  REQUIRE(s.new_level(recipe));
  CHECK(std::string(s.note()).find("pack's last level") != std::string::npos);
}

TEST_CASE("the session makes a pack a seed at a time - make_pack's pack - while the level plays on, and then plays it") {
  const GameInfo& g = *find_game("penguin");
  Session s;
  REQUIRE(s.new_level(*find_game("lastball"), defaults("lastball"), "played"));
  s.host_runs_jobs(true);
  PackOptions o;
  o.count = 4;
  s.begin_pack(g, defaults("penguin"), "session-pack", o);
  REQUIRE(s.job() == SessionJob::kPack);
  REQUIRE(s.pack_maker() != nullptr);
  int slices = 0;
  Error e;
  GenerationStatus status;
  while ((status = s.job_slice(&e)) == GenerationStatus::kRunning) {
    CHECK(std::string(s.seed()) == "played");
    REQUIRE(++slices < 100);
  }
  REQUIRE(status == GenerationStatus::kDone);
  CHECK(s.pack_maker() == nullptr);
  CHECK(s.pack_figures().tried == slices + 1);
  CHECK(s.packs_made() == 1);
  std::vector<PackLevel> whole;
  REQUIRE(make_pack(g, defaults("penguin"), "session-pack", o, &whole, nullptr, &e));
  REQUIRE(s.pack().size() == whole.size());
  for (size_t i = 0; i < whole.size(); ++i) CHECK(std::string(s.pack()[i].level.c_str()) == whole[i].level.c_str());
  Text file;
  format_pack(g, defaults("penguin"), whole, &file);
  CHECK(std::string(s.pack_text().c_str()) == file.c_str());
  REQUIRE(s.open_pack_level(0));
  CHECK(canonical(s.level()) == whole[0].level.c_str());

  // Parameters that cannot go together: the first seed says so; cancel drops a pack half made.
  ParamValues bad = defaults("lastball");
  set("lastball", &bad, "size", "4x4");
  set("lastball", &bad, "balls", "16");
  s.begin_pack(*find_game("lastball"), bad, "bad", o);
  CHECK(s.job_slice(&e) == GenerationStatus::kFailed);
  CHECK(s.pack_figures().bad_params);
  CHECK(std::string(e.message).find("balls") != std::string::npos);
  CHECK(std::string(s.pack_error().message).find("balls") != std::string::npos);
  s.begin_pack(g, defaults("penguin"), "dropped", o);
  s.cancel_pack();
  CHECK(s.job() == SessionJob::kNone);
  CHECK(s.pack().size() == whole.size());
}

TEST_CASE("a pack's seeds made by a pool while the player asks for a hint and loads a new level: the hint first, the pack kept") {
  const GameInfo& g = *find_game("lastball");
  Session s;
  REQUIRE(s.new_level(g, defaults("lastball"), "pool-played"));
  s.host_runs_jobs(true);
  PackOptions o;
  o.count = 3;
  s.begin_pack(g, defaults("lastball"), "pool-pack", o);
  const uint32_t pack_id = s.job_id();
  // A hint asked meanwhile goes before the pack, which waits on.
  s.hint();
  REQUIRE(s.jobs_waiting() == 2);
  CHECK(s.job() == SessionJob::kHint);
  CHECK(s.job_purpose(1) == SessionJob::kPack);
  REQUIRE(run_elsewhere(&s) == GenerationStatus::kDone);
  CHECK(s.moves_made() == 1);
  // A new level loads: the pack's job stays.
  REQUIRE(s.new_level(g, defaults("lastball"), "pool-next"));
  REQUIRE(s.job() == SessionJob::kMake);
  REQUIRE(run_elsewhere(&s) == GenerationStatus::kDone);
  REQUIRE(s.job() == SessionJob::kPack);
  const Job& job = *s.find_job(pack_id);
  // Its seeds in reverse order of each run of three, as a pool's workers finish them.
  GenerationStatus status = GenerationStatus::kRunning;
  int next = 1;
  for (; status == GenerationStatus::kRunning; next += 3) {
    REQUIRE(next <= job.seeds());
    for (int i = next + 2; i >= next && status == GenerationStatus::kRunning; --i)
      status = s.take_job_seed(pack_id, i, std::move(run_job(s.find_job(pack_id)->seed_request(i))->result()));
  }
  REQUIRE(status == GenerationStatus::kDone);
  CHECK(s.job() == SessionJob::kNone);
  CHECK(std::string(s.seed()) == "pool-next");
  std::vector<PackLevel> whole;
  Error e;
  REQUIRE(make_pack(g, defaults("lastball"), "pool-pack", o, &whole, nullptr, &e));
  REQUIRE(s.pack().size() == whole.size());
  for (size_t i = 0; i < whole.size(); ++i) CHECK(std::string(s.pack()[i].level.c_str()) == whole[i].level.c_str());
  // A seed of a job no longer waiting is ignored.
  CHECK(s.take_job_seed(pack_id, 1, JobResult()) == GenerationStatus::kDone);
}

TEST_CASE("a designer's search as a session job: its best levels are the pack, its text the search's") {
  SearchSpec spec;
  spec.game = find_game("penguin");
  spec.params = defaults("penguin");
  spec.base.append("session-search");
  spec.to = 6;
  spec.keep = 2;
  Session s;
  s.begin_seed_search(spec);
  REQUIRE(s.pack().size() == 2);
  std::unique_ptr<Job> alone = run_job(JobRequest::search(spec));
  Text text;
  format_search(spec, alone->result().search, &text);
  CHECK(std::string(s.pack_text().c_str()) == text.c_str());
  CHECK(std::string(s.pack()[0].level.c_str()) == alone->result().search.best[0].level.level.c_str());
  REQUIRE(s.open_pack_level(1));
  CHECK(canonical(s.level()) == alone->result().search.best[1].level.level.c_str());
  // A search that keeps no level (its part holds none of the seeds) leaves
  // the pack being played as it was.
  const int made = s.packs_made();
  SearchSpec none = spec;
  none.to = 3;
  none.part = 5;
  none.parts = 10;
  s.begin_seed_search(none);
  CHECK(s.packs_made() == made + 1);
  REQUIRE(s.pack().size() == 2);
  CHECK(std::string(s.pack()[0].level.c_str()) == alone->result().search.best[0].level.level.c_str());
}

TEST_CASE("an edited level's analysis is a session job too, and a new level drops it") {
  Session s;
  REQUIRE(s.new_level(*find_game("lastball"), defaults("lastball"), "played"));
  const char* edited = "....\n.@o.\n..o.\n....\n";
  s.analyze_level(find_game("lastball"), edited, strlen(edited), 100);
  REQUIRE(s.analysis() != nullptr);
  CHECK(canonical(*s.analysis()->level) == edited);
  CHECK(!s.analysis()->analysis.graph.depth.empty());
  s.host_runs_jobs(true);
  s.analyze_level(find_game("lastball"), edited, strlen(edited));
  CHECK(s.analysis() == nullptr);
  REQUIRE(s.job() == SessionJob::kAnalysis);
  s.host_runs_jobs(false);
  REQUIRE(s.new_level(*find_game("lastball"), defaults("lastball"), "another"));
  CHECK(s.job() == SessionJob::kNone);
  CHECK(s.analysis() == nullptr);
}

// ---------------------------------------------------------------------------
// [SECTION] Medals and help
// ---------------------------------------------------------------------------
TEST_CASE("medals of a won Skiddy level name what it earned and a game without medals says nothing") {
  Session s;
  REQUIRE(s.new_level(*find_game("skiddy"), defaults("skiddy"), "medal-test"));
  Text t;
  s.medals_text(&t);
  CHECK(t.empty());  // not won yet
  MoveList path;
  REQUIRE(shortest_solution(s, &path));
  for (tl::Move m : path) s.play(m);
  REQUIRE(s.status() == PlayStatus::kWon);
  CHECK_FALSE(s.helped());
  s.medals_text(&t);
  CHECK(std::string(t.c_str()).find("Medals: Par") == 0);
  Session b;
  REQUIRE(b.open_text("lastball", "@.o.\n....\n", 10));
  b.input(Input::direction(kRight));
  b.medals_text(&t);
  CHECK(t.empty());
}

TEST_CASE("a win with a hint or a solve is a win with help: no medal - until the helped moves are undone") {
  Session s;
  REQUIRE(s.new_level(*find_game("skiddy"), defaults("skiddy"), "medal-test"));
  REQUIRE(s.hint() >= 0);
  CHECK(s.helped());
  MoveList path;
  REQUIRE(shortest_solution(s, &path));
  for (tl::Move m : path) s.play(m);
  REQUIRE(s.status() == PlayStatus::kWon);
  Text t;
  s.medals_text(&t);
  CHECK(std::string(t.c_str()) == "Solved with help: no medal");
  // Back to the start: the hinted move is gone, and so is the help.
  s.restart();
  CHECK_FALSE(s.helped());
  REQUIRE(s.solve());
  while (s.solve_step()) {
  }
  CHECK(s.status() == PlayStatus::kWon);
  CHECK(s.helped());
  // A move played as one the player did not find (the analysis's shown
  // position): help too.
  s.restart();
  REQUIRE(shortest_solution(s, &path));
  s.play_helped(path[0]);
  CHECK(s.helped());
  for (size_t i = 1; i < path.size(); ++i) s.play(path[i]);
  s.medals_text(&t);
  CHECK(std::string(t.c_str()) == "Solved with help: no medal");
}

TEST_CASE("Flow's hint and solve notes name the lines - not the cells they pass") {
  Session s;
  REQUIRE(s.new_level(*find_game("flow"), defaults("flow"), "note-test"));
  REQUIRE(s.hint() >= 0);
  const std::string hint = s.note();
  INFO(hint);
  CHECK(hint.find("Hint played: line ") == 0);
  CHECK(hint.find(" cells)") != std::string::npos);
  CHECK(hint.find(',') == std::string::npos);  // no "x,y"
  REQUIRE(s.solve());
  const std::string solving = s.note();
  INFO(solving);
  CHECK(solving.find("Solving: lines ") == 0);
  while (s.solve_step()) {
  }
  CHECK(std::string(s.note()) == "Solved: " + solving.substr(strlen("Solving: ")));
  // Undone, the note goes with the win it spoke of; and a solve cut short
  // by a restart leaves no "Solving: " behind.
  REQUIRE(s.undo());
  CHECK(std::string(s.note()).empty());
  s.restart();
  REQUIRE(s.solve());
  REQUIRE(s.solve_step());
  s.restart();
  CHECK(std::string(s.note()).empty());
}

// ---------------------------------------------------------------------------
// [SECTION] Packs and links
// ---------------------------------------------------------------------------
TEST_CASE("in a pack the next level is the pack's next one - with its seed and par - and after its last a new one") {
  const GameInfo& g = *find_game("lastball");
  std::vector<PackLevel> levels;
  Error e;
  PackOptions o;
  o.count = 3;
  PackFigures f;
  REQUIRE(make_pack(g, defaults("lastball"), "pack-next", o, &levels, &f, &e));
  REQUIRE(levels.size() == 3);
  Session s;
  s.set_pack(g, levels);
  REQUIRE(s.open_pack_level(0));
  CHECK(s.pack_index() == 0);
  CHECK(std::string(s.seed()) == levels[0].seed.c_str());
  CHECK(s.par() == levels[0].par);
  CHECK(std::string(s.link()) == levels[0].link.c_str());
  REQUIRE(s.next_level(1));
  CHECK(s.pack_index() == 1);
  CHECK(canonical(s.level()) == levels[1].level.c_str());
  REQUIRE(s.next_level(1));
  CHECK(s.pack_index() == 2);
  REQUIRE(s.next_level(1));  // past the last: a fresh seed of the same game
  CHECK(s.pack_index() == -1);
  CHECK(std::string(s.note()).find("the pack's last level") != std::string::npos);
  CHECK_FALSE(s.open_pack_level(3));
  CHECK(std::string(s.message()).find("the pack has no level 4") != std::string::npos);
}

TEST_CASE("a bad link keeps the level - but a link wrong only in a parameter opens its game with the defaults") {
  Session s;
  REQUIRE(s.new_level(*find_game("penguin"), defaults("penguin"), "kept"));
  const std::string kept = canonical(s.level());
  const char bad_game[] = "#game=chess&v=1&seed=x";
  CHECK_FALSE(s.open_link(bad_game, sizeof bad_game - 1));
  CHECK(canonical(s.level()) == kept);
  CHECK(std::string(s.message()).find("unknown game 'chess'") != std::string::npos);
  // Only the last parameter is wrong: Golf Peaks with its defaults and the link's seed.
  const std::string link = "#game=golf&v=1&gen=" + std::to_string(find_game("golf")->generator_version) +
                           "&seed=almost&size=7x7&cards=4&tiles=all&difficulty=9";
  CHECK_FALSE(s.open_link(link.data(), link.size()));
  CHECK(std::string(s.game().id) == "golf");
  CHECK(std::string(s.seed()) == "almost");
  CHECK(params_equal(s.game(), s.params(), defaults("golf")));
  const std::string message = s.message();
  INFO(message);
  CHECK(message.find("difficulty") != std::string::npos);
  CHECK(message.find("default parameters") != std::string::npos);
}

TEST_CASE("a link's recipe is what open_link makes, for a host that makes it elsewhere") {
  Session s;
  s.host_runs_jobs(true);
  Error e;
  LevelRecipe recipe;
  const GameInfo& golf = *find_game("golf");
  const std::string version = std::to_string(golf.generator_version);
  // A seed link: its game, parameters and seed, nothing opened yet.
  const std::string seed_link = "#game=golf&v=1&gen=" + version + "&seed=elsewhere";
  REQUIRE(s.link_recipe(seed_link.data(), seed_link.size(), &recipe, &e) == NextLevel::kMake);
  CHECK_FALSE(s.loaded());
  CHECK(recipe.game == &golf);
  CHECK(std::string(recipe.seed.c_str()) == "elsewhere");
  CHECK(recipe.message.empty());
  // Made elsewhere (a job, as the page's worker runs it) and loaded: the
  // level open_link gives, with its link.
  s.begin_making(recipe);
  REQUIRE(run_elsewhere(&s) == GenerationStatus::kDone);
  Session direct;
  REQUIRE(direct.open_link(seed_link.data(), seed_link.size()));
  CHECK(canonical(s.level()) == canonical(direct.level()));
  CHECK(std::string(s.link()) == direct.link());
  CHECK(s.par() == direct.par());
  // One bad parameter: the game's defaults, and once loaded the message says why.
  const std::string almost = seed_link + "&difficulty=9";
  REQUIRE(s.link_recipe(almost.data(), almost.size(), &recipe, &e) == NextLevel::kMake);
  CHECK(params_equal(golf, recipe.params, defaults("golf")));
  CHECK(std::string(e.message).find("difficulty") != std::string::npos);
  s.begin_making(recipe);
  REQUIRE(run_elsewhere(&s) == GenerationStatus::kDone);
  CHECK(std::string(s.message()).find("default parameters") != std::string::npos);
  CHECK(std::string(s.message()).find("(The link: " + almost + ")") != std::string::npos);  // the link, to read
  // A level link opens at once; a bad link keeps the level and says why.
  const uint32_t loads = s.loads();
  const std::string level_link = link_of_level(direct.level());
  CHECK(s.link_recipe(level_link.data(), level_link.size(), &recipe, &e) == NextLevel::kOpened);
  CHECK(s.loads() == loads + 1);
  CHECK_FALSE(s.from_seed());
  CHECK(canonical(s.level()) == canonical(direct.level()));
  REQUIRE(s.job() == SessionJob::kPar);  // a level link's par: a job's (no seed told it)
  REQUIRE(run_elsewhere(&s) == GenerationStatus::kDone);
  CHECK(s.par() == direct.par());
  const char bad[] = "#game=chess&v=1&seed=x";
  CHECK(s.link_recipe(bad, sizeof bad - 1, &recipe, &e) == NextLevel::kFailed);
  CHECK(std::string(s.message()).find("unknown game 'chess'") != std::string::npos);
  CHECK(std::string(s.message()).find("(The link: #game=chess&v=1&seed=x)") != std::string::npos);
  CHECK(std::string(s.message()).find("This link can't be opened: unknown game 'chess'") == 0);  // no second "link: "
  CHECK(std::string(e.message).find("link: ") == 0);  // (the reader's error keeps it, for the command line)
  CHECK(s.loads() == loads + 1);
  // A seed link whose level cannot be made: why, and the link (a long one cut).
  const std::string impossible = "#game=lastball&v=1&gen=1&seed=" + std::string(300, 'x') + "&size=4x4&balls=20";
  REQUIRE(s.link_recipe(impossible.data(), impossible.size(), &recipe, &e) == NextLevel::kMake);
  s.begin_making(recipe);
  REQUIRE(run_elsewhere(&s) == GenerationStatus::kFailed);
  const std::string told = s.message();
  INFO(told);
  CHECK(told.find("Could not generate") == 0);
  CHECK(told.find("(The link: " + impossible.substr(0, 160) + "...)") != std::string::npos);
  CHECK(s.loads() == loads + 1);  // the level shown stays
}

TEST_CASE("the position's analysis is a session job, and what the player asks for since goes before it") {
  Session s;
  REQUIRE(s.open_text("lastball", "@..o.\n.....\n", 12));
  CHECK(s.analysis() == nullptr);
  s.analyze(100);
  REQUIRE(s.analysis() != nullptr);
  CHECK(s.analysis()->analysis.par == s.par());
  CHECK(s.analysis()->analysis.graph.depth.size() == s.analysis()->analysis.states + s.analysis()->analysis.win_states);
  // A host that runs the jobs: a hint asked during the analysis runs first.
  Session host;
  host.host_runs_jobs(true);
  REQUIRE(host.open_text("lastball", "@..o.\n.....\n", 12));
  host.run_jobs();  // its par
  host.analyze();
  REQUIRE(host.job() == SessionJob::kAnalysis);
  host.hint();
  CHECK(host.job() == SessionJob::kHint);
  REQUIRE(host.run_jobs() == GenerationStatus::kDone);
  CHECK(host.moves_made() == 1);
  REQUIRE(host.analysis() != nullptr);  // asked at the start: the start's analysis
  CHECK(host.analysis()->analysis.par == host.par());
  // A new level drops it.
  REQUIRE(host.open_text("lastball", "@.o\n", 4));
  CHECK(host.analysis() == nullptr);
}
