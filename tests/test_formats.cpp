// Level text formats and move notation: round trips and bad input.
#include <catch2/catch.hpp>

#include <stdint.h>

#include <string>

#include "core/midend/analysis_text.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

static std::string error_of(const char* text) { return parse_error("lastball", text); }

TEST_CASE("a canonical level text round-trips exactly") {
  const char* texts[] = {"@.o.\n", "....\n.@o.\n..o.\n....\n", "o...............\n@...............\n"};
  for (const char* t : texts) {
    auto level = parse("lastball", t);
    REQUIRE(level);
    CHECK(canonical(*level) == t);
  }
}

TEST_CASE("generated levels round-trip through their text") {
  ParamValues p = defaults("lastball");
  for (int i = 0; i < 20; ++i) {
    Error e;
    auto level = find_game("lastball")->generate(p, ("rt-" + std::to_string(i)).c_str(), nullptr, &e);
    REQUIRE(level);
    std::string text = canonical(*level);
    auto again = parse("lastball", text.c_str());
    REQUIRE(again);
    CHECK(canonical(*again) == text);
  }
}

TEST_CASE("CRLF line ends and a missing final newline are accepted") {
  auto level = parse("lastball", "@.o.\r\n.o..\r\n");
  REQUIRE(level);
  CHECK(canonical(*level) == "@.o.\n.o..\n");
  auto level2 = parse("lastball", "@.o.\n.o..");
  REQUIRE(level2);
  CHECK(canonical(*level2) == "@.o.\n.o..\n");
}

TEST_CASE("bad level text names what is wrong and where") {
  CHECK(error_of("@.o.\n.x..\n") == "line 2, column 2: 'x' is not a cell ('.' empty, '@' black ball, 'o' white ball)");
  CHECK(error_of("@.o.\n...\n") == "line 2: row is 3 cells wide but the first row is 4");
  CHECK(error_of("@.o.\n.@..\n") == "line 2, column 2: a second black ball '@'; a level has one");
  CHECK(error_of("..o.\n") == "the level has no black ball '@'");
  CHECK(error_of("..@.\n") == "the level has no white ball 'o': there is nothing to push off");
  CHECK(error_of("") == "the level is empty: expected rows of '.', '@' and 'o'");
  CHECK(error_of("@o\n\n..\n") == "line 3: text after the blank line that ended the level");
  CHECK(error_of("@o...............\n") == "line 1: row is 17 cells wide; at most 16");
  std::string tall;
  for (int i = 0; i < 17; ++i) tall += i == 0 ? "@o\n" : "..\n";
  CHECK(error_of(tall.c_str()) == "line 17: more than 16 rows");
  CHECK(error_of("@o\xff.\n") == "line 1, column 3: byte 0xff is not a cell ('.' empty, '@' black ball, 'o' white ball)");
}

TEST_CASE("moves are written U D L R and read in either case - with or without spaces") {
  auto level = parse("lastball", "@.o.\n");
  REQUIRE(level);
  MoveList m;
  Error e;
  REQUIRE(level->parse_moves("R u, dL", 7, &m, &e));
  REQUIRE(m.size() == 4);
  CHECK(m[0] == kRight);
  CHECK(m[1] == kUp);
  CHECK(m[2] == kDown);
  CHECK(m[3] == kLeft);
  Text t;
  level->format_moves(m.data(), m.size(), &t);
  CHECK(t.equals("R U D L"));
  CHECK_FALSE(level->parse_moves("R X", 3, &m, &e));
  CHECK(std::string(e.message) == "moves: 'X' at column 3 is not one of U D L R");
}

TEST_CASE("with no game named a level text is read by the one game whose format fits") {
  Error e;
  auto a = parse_level(nullptr, "@.o.\n", 5, &e);
  REQUIRE(a);
  CHECK(std::string(a->game().id) == "lastball");
  auto b = parse_level("", "P..F\n....\n", 10, &e);
  REQUIRE(b);
  CHECK(std::string(b->game().id) == "penguin");
  // No game accepts it: the message is from the parser that read furthest.
  CHECK_FALSE(parse_level(nullptr, "P..1\n...F\n", 10, &e));
  CHECK(std::string(e.message) == "not a level of any game; as penguin: line 1, column 4: door '1' has no twin; doors come in pairs");
  CHECK(e.line == 1);
  CHECK(e.column == 4);
  CHECK_FALSE(parse_level("chess", "x", 1, &e));
  CHECK(std::string(e.message) == "unknown game 'chess' (see tilelab games)");
}

TEST_CASE("an analysis reads the same on every target - whole numbers past 32 bits written in full") {
  // The device's printf has no long long ("%llu" printed "lu" there).
  Text t;
  t.append_number(0);
  t.push(' ');
  t.append_number(UINT64_MAX);
  CHECK(std::string(t.c_str()) == "0 18446744073709551615");
  auto level = parse("lastball", "....\n.@o.\n..o.\n....\n");
  REQUIRE(level);
  std::unique_ptr<Job> job = run_job(JobRequest::on_level(JobKind::kAnalyze, *level));
  const Analysis& a = job->result().analysis;
  Text text;
  analysis_text(*level, job->result(), &text);
  const std::string got = text.c_str();
  CHECK(got.find("states:") != std::string::npos);
  CHECK(got.find(std::to_string(a.states) + " (wins excluded)") != std::string::npos);
  CHECK(got.find(std::to_string(a.line_choices) + " choices, " + std::to_string(a.line_wrong_moves) + " wrong (") !=
        std::string::npos);
}

TEST_CASE("an analysis's rows are written one way: every label begins in lower case, the games' own figures too") {
  // The games name their figures for people ("Potential states"); in the
  // analysis, under "solvable" and "par", they read as the rows above them.
  int figures = 0;
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    std::unique_ptr<Job> made = run_job(JobRequest::make(g, defaults(g.id), "rows-1"));
    REQUIRE(made->level() != nullptr);
    std::unique_ptr<Job> job = run_job(JobRequest::on_level(JobKind::kAnalyze, *made->level()));
    REQUIRE(job->result().level);
    figures += (int)job->result().figures.size();
    std::vector<AnalysisRow> rows;
    analysis_rows(*job->result().level, job->result(), &rows);
    REQUIRE(rows.size() > 2);
    for (const AnalysisRow& row : rows) {
      INFO(row.label.c_str());
      CHECK_FALSE((row.label[0] >= 'A' && row.label[0] <= 'Z'));
    }
  }
  CHECK(figures > 10);  // (Skiddy's, Golf Peaks' and Flow's among the rows)
}
