// The curated packs in assets/packs: every level is what its seed link
// regenerates, its par and difficulty are as recorded, and the pack runs from
// easiest to hardest.
#include <catch2/catch.hpp>

#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <memory>

#include "core/games/flow/flow.h"
#include "core/midend/generation.h"
#include "core/midend/job.h"
#include "core/midend/link.h"
#include "core/midend/pack.h"
#include "core/base/params.h"
#include "core/midend/registry.h"
#include "core/search/rating.h"
#include "kLastBallPack.inc"
#include "level_list.h"

using namespace tl;
using namespace tl_test;

TEST_CASE("the Last Ball pack holds 100 levels - each regenerated exactly from its seed link") {
  std::vector<ListedLevel> pack = read_level_list(kLastBallPack);
  REQUIRE(pack.size() == 100);
  int previous = -1;
  for (const ListedLevel& entry : pack) {
    INFO(entry.header);
    CHECK(entry.game == "lastball");
    ParamValues p;
    std::string error;
    REQUIRE(entry.params(&p, &error));
    Text link;
    link_for_seed(kLastBall, p, entry.seed.c_str(), &link);
    LinkTarget target;
    Error e;
    REQUIRE(parse_link(link.c_str(), link.size(), &target, &e));
    GeneratedInfo info;
    auto level = open_link(target, &info, &e);
    REQUIRE(level);
    CHECK(canonical(*level) == entry.level);
    GameState s;
    level->initial_state(&s);
    Analysis a = level->analyze(s, SearchLimits());
    CHECK(a.par == atoi(entry.get("par").c_str()));
    CHECK(info.par == a.par);
    int d = level->difficulty(a);
    CHECK(d == atoi(entry.get("difficulty").c_str()));
    CHECK(d >= previous);
    previous = d;
  }
}

TEST_CASE("a pack: N levels from a seed prefix - easiest first - no two near alike - written and read back") {
  for (const char* id : {"lastball", "golf", "flow"}) {
    INFO(id);
    const GameInfo& g = *find_game(id);
    ParamValues p;
    params_default(g, &p);
    PackOptions o;
    o.count = 8;
    std::vector<PackLevel> levels;
    PackFigures f;
    Error e;
    REQUIRE(make_pack(g, p, "pack-test", o, &levels, &f, &e));
    REQUIRE(levels.size() == 8);
    CHECK(f.tried >= 8);
    std::vector<std::unique_ptr<Level>> made;
    for (size_t i = 0; i < levels.size(); ++i) {
      if (i) CHECK(levels[i - 1].difficulty <= levels[i].difficulty);
      // Each is what its seed regenerates.
      GeneratedInfo info;
      auto level = g.generate(p, levels[i].seed.c_str(), &info, &e);
      REQUIRE(level);
      CHECK(canonical(*level) == std::string(levels[i].level.c_str()));
      CHECK(info.par == levels[i].par);
      CHECK(level->similarity(*level) == 100);
      for (const auto& other : made) CHECK(other->similarity(*level) < o.max_similarity);
      made.push_back(std::move(level));
    }
    // The same inputs, the same pack; and its text reads back level for level.
    std::vector<PackLevel> again;
    REQUIRE(make_pack(g, p, "pack-test", o, &again, nullptr, &e));
    Text a, b;
    format_pack(g, p, levels, &a);
    format_pack(g, p, again, &b);
    CHECK(std::string(a.c_str()) == std::string(b.c_str()));
    const GameInfo* read_game = nullptr;
    std::vector<PackLevel> read;
    REQUIRE(parse_pack(a.c_str(), a.size(), &read_game, &read, &e));
    CHECK(read_game == &g);
    REQUIRE(read.size() == levels.size());
    for (size_t i = 0; i < read.size(); ++i) {
      CHECK(std::string(read[i].level.c_str()) == std::string(levels[i].level.c_str()));
      CHECK(std::string(read[i].seed.c_str()) == std::string(levels[i].seed.c_str()));
      CHECK(read[i].difficulty == levels[i].difficulty);
    }
  }
}

TEST_CASE("a pack text that is not one is refused naming the line") {
  const GameInfo* g = nullptr;
  std::vector<PackLevel> read;
  Error e;
  CHECK_FALSE(parse_pack("hello\n", 6, &g, &read, &e));
  CHECK(std::string(e.message).find("not a pack") != std::string::npos);
  const char bad[] = "# x\n\n== nosuchgame seed=a\n...\n";
  CHECK_FALSE(parse_pack(bad, sizeof bad - 1, &g, &read, &e));
  CHECK(std::string(e.message) == "line 3: 'nosuchgame' is not a game");
  const char broken[] = "== lastball seed=a par=1\n@.x\n";
  CHECK_FALSE(parse_pack(broken, sizeof broken - 1, &g, &read, &e));
  CHECK(std::string(e.message).find("level 1 (line 1)") == 0);
}

TEST_CASE("a file of levels with no headers (a Numberlink stream) reads as a pack of levels of their own") {
  const GameInfo* g = nullptr;
  std::vector<PackLevel> read;
  Error e;
  // Both conventions: blank lines between puzzles, or the next size line
  // right after the last row and a "0 0" line ending the stream.
  const char blank_lines[] = "# three\n2 2\nab\nab\n\n3 3\na..\n...\n..a\n\n3 1\nc.c\n";
  const char packed[] = "2 2\nab\nab\n3 3\na..\n...\n..a\n3 1\nc.c\n0 0\n";
  for (const char* text : {blank_lines, packed}) {
    INFO(text);
    REQUIRE(read_level_file(text, strlen(text), &g, &read, &e));
    CHECK(g == &kFlow);
    REQUIRE(read.size() == 3);
    CHECK(std::string(read[0].level.c_str()).find("ab\nab\n") != std::string::npos);
    CHECK(std::string(read[2].level.c_str()).find("c.c\n") != std::string::npos);
    for (const PackLevel& l : read) {
      CHECK(l.seed.size() == 0);
      CHECK(l.link.size() == 0);
      CHECK(l.par == -1);
    }
    CHECK_FALSE(has_pack_header(text, strlen(text)));
  }
  // One level is a level, not a pack; a pack is not a file of levels; a
  // level that does not read is named.
  const char one[] = "2 2\nab\nab\n";
  CHECK_FALSE(read_level_file(one, sizeof one - 1, &g, &read, &e));
  const char pack[] = "== lastball seed=a par=1\n@.o\n";
  CHECK(has_pack_header(pack, sizeof pack - 1));
  const char broken[] = "2 2\nab\nab\n\n2 2\na.\n..\n";
  CHECK_FALSE(read_level_file(broken, sizeof broken - 1, &g, &read, &e));
  INFO(e.message);
  CHECK(std::string(e.message) == "not a file of Flow levels: line 6, column 1: 'a' has one dot; every colour has exactly two");
}

TEST_CASE("similarity: boards of a few pieces are compared by their pieces, not their empty floor") {
  auto a = tl_test::parse("lastball", "o.........\n..........\n....@.....\n..........\n.........o\n..........\n");
  auto b = tl_test::parse("lastball", "o.........\n..........\n....@.....\n..........\n........o.\n..........\n");
  auto c = tl_test::parse("lastball", "..........\n.o........\n..........\n......@...\n..........\n...o......\n");
  REQUIRE(a);
  REQUIRE(b);
  REQUIRE(c);
  CHECK(a->similarity(*a) == 100);
  // One ball of three moved: 2 of the 4 cells that hold anything agree.
  CHECK(a->similarity(*b) == 50);
  // Every piece elsewhere: nothing alike, though 54 of 60 cells are empty in both.
  CHECK(a->similarity(*c) == 0);
  // Flow: dots in the same places look alike whatever their lines.
  auto f = tl_test::parse("flow", "a.b\n...\na.b\n");
  auto g = tl_test::parse("flow", "a.a\n...\nb.b\n");
  REQUIRE(f);
  REQUIRE(g);
  CHECK(f->similarity(*g) == 100);
  // Golf Peaks: the same course with another hand is a third less alike.
  auto h = tl_test::parse("golf", "3x1\n0,ball 0 0,flag\n\n2-\n");
  auto k = tl_test::parse("golf", "3x1\n0,ball 0 0,flag\n\n1- 1-\n");
  REQUIRE(h);
  REQUIRE(k);
  CHECK(h->similarity(*h) == 100);
  CHECK(h->similarity(*k) == 66);
}

TEST_CASE("the pack maker goes a seed at a time - each seed's fate said - and makes make_pack's pack") {
  const GameInfo& g = *find_game("lastball");
  ParamValues p = defaults("lastball");
  set("lastball", &p, "size", "4x4");
  set("lastball", &p, "balls", "1");  // few distinct levels: some seeds are dropped as alike
  PackOptions o;
  o.count = 12;
  o.max_similarity = 50;
  PackMaker maker(g, p, "maker", o);
  Error e;
  int steps = 0, kept = 0, alike = 0, last_permille = 0;
  for (bool ended = false; !ended;) {
    uint64_t one_seed = 1;
    ended = maker.run(&one_seed);
    CHECK(one_seed == 0);  // a seed a position
    ++steps;
    const PackMaker::Tried& t = maker.last();
    CHECK(std::string(t.seed.c_str()) == "maker." + std::to_string(steps));
    if (t.fate == PackMaker::Fate::kKept) ++kept;
    if (t.fate == PackMaker::Fate::kAlike) {
      ++alike;
      REQUIRE_FALSE(t.alike_seed.empty());
      CHECK(t.similarity >= o.max_similarity);
    }
    CHECK(maker.progress_permille() >= last_permille);
    last_permille = maker.progress_permille();
  }
  REQUIRE(maker.status() == GenerationStatus::kDone);
  CHECK(kept == (int)maker.levels().size());
  CHECK(alike == maker.figures().alike);
  CHECK(alike > 0);
  CHECK(maker.figures().tried == steps);
  std::vector<PackLevel> whole;
  REQUIRE(make_pack(g, p, "maker", o, &whole, nullptr, &e));
  REQUIRE(whole.size() == maker.levels().size());
  for (size_t i = 0; i < whole.size(); ++i) CHECK(std::string(whole[i].seed.c_str()) == maker.levels()[i].seed.c_str());
  uint64_t more = 1;
  CHECK(maker.run(&more));  // made: no more seeds tried
  CHECK(more == 1);
  CHECK(maker.status() == GenerationStatus::kDone);
  CHECK(maker.take(PackSeed(), &e) == GenerationStatus::kFailed);  // nor taken
  CHECK(maker.status() == GenerationStatus::kDone);

  // Unrated (generate --count): seed order, no difficulty.
  o.rated = false;
  PackMaker unrated(g, p, "maker", o);
  CHECK(unrated.run(nullptr));
  REQUIRE(unrated.status() == GenerationStatus::kDone);
  REQUIRE(unrated.levels().size() > 1);
  for (size_t i = 0; i + 1 < unrated.levels().size(); ++i) {
    CHECK(unrated.levels()[i].difficulty == 0);
    CHECK(atoi(unrated.levels()[i].seed.c_str() + 6) < atoi(unrated.levels()[i + 1].seed.c_str() + 6));
  }
}

TEST_CASE("a pack's seeds made out of order as jobs - read back from their text - and taken in seed order make make_pack's pack in every game") {
  // As the page's worker pool makes a pack: each seed a job of its own on
  // some worker, finished in any order, its level sent back as text.
  for (int gi = 0; gi < game_count(); ++gi) {
    const GameInfo& g = game_at(gi);
    INFO(g.id);
    ParamValues p;
    Error e;
    REQUIRE(params_preset(g, 0, &p, &e));  // the easy preset: quick enough on every target
    PackOptions o;
    o.count = 5;
    o.max_similarity = 60;  // some seeds dropped as alike, the judging that needs seed order
    std::vector<PackLevel> whole;
    PackFigures whole_figures;
    REQUIRE(make_pack(g, p, "pool", o, &whole, &whole_figures, &e));

    // Seeds made back to front, a window of four at a time (as four workers might finish them).
    std::vector<std::unique_ptr<Job>> made((size_t)PackMaker::most_seeds(o.count) + 1);
    PackMaker maker(g, p, "pool", o);
    GenerationStatus status = GenerationStatus::kRunning;
    for (int from = 1; status == GenerationStatus::kRunning; from += 4) {
      for (int n = std::min(from + 3, PackMaker::most_seeds(o.count)); n >= from; --n) {
        made[(size_t)n] = run_job(JobRequest::make_pack_seed(g, p, "pool", n, o));
        REQUIRE(made[(size_t)n]->status() == GenerationStatus::kDone);
      }
      for (int n = from; n < from + 4 && status == GenerationStatus::kRunning; ++n) {
        const PackSeed& s = made[(size_t)n]->result().pack_seed;
        PackSeed read;
        read.number = s.number;
        read.info.par = s.info.par;
        read.difficulty = s.difficulty;
        read.error = s.error;
        if (s.level) {
          Text text;
          s.level->canonical_text(&text);
          read.level = g.parse(text.c_str(), text.size(), &e);
          REQUIRE(read.level);
        }
        status = maker.take(std::move(read), &e);
      }
    }
    REQUIRE(status == GenerationStatus::kDone);
    Text a, b;
    format_pack(g, p, whole, &a);
    format_pack(g, p, maker.levels(), &b);
    CHECK(std::string(b.c_str()) == a.c_str());
    CHECK(maker.figures().tried == whole_figures.tried);
    CHECK(maker.figures().alike == whole_figures.alike);
  }
}

TEST_CASE("a pack's seed taken out of turn is refused - and parameters that cannot go together fail its job as bad input") {
  const GameInfo& g = *find_game("lastball");
  ParamValues p = defaults("lastball");
  PackOptions o;
  o.count = 3;
  PackMaker maker(g, p, "turn", o);
  std::unique_ptr<Job> second = run_job(JobRequest::make_pack_seed(g, p, "turn", 2, o));
  REQUIRE(second->status() == GenerationStatus::kDone);
  Error e;
  PackSeed s = std::move(second->result().pack_seed);
  CHECK(maker.take(std::move(s), &e) == GenerationStatus::kFailed);
  CHECK(strstr(e.message, "seed 2 of the pack came when seed 1 was next"));

  set("lastball", &p, "size", "4x4");
  set("lastball", &p, "start_x", "6");  // outside the field
  std::unique_ptr<Job> bad = run_job(JobRequest::make_pack_seed(g, p, "turn", 1, o));
  CHECK(bad->status() == GenerationStatus::kFailed);
  CHECK(bad->result().bad_input);
  CHECK(bad->result().error.set());
}
