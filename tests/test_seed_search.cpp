// A designer's search over seeds (core/midend/seed_search.h), on every
// target: its parts, written and read back, merge into the whole run's text;
// ties go to the lower seed; bad ranges, parts and figures are named.
#include <catch2/catch.hpp>

#include <string.h>

#include <string>
#include <vector>

#include "core/midend/registry.h"
#include "core/midend/seed_search.h"

using namespace tl;

namespace {

SearchSpec lastball_search(const char* figure) {
  SearchSpec spec;
  spec.game = find_game("lastball");
  params_default(*spec.game, &spec.params);
  Error e;
  REQUIRE(parse_seed_range("merge:1-10", &spec, &e));
  REQUIRE(parse_search_figure(*spec.game, figure, &spec, &e));
  spec.keep = 4;
  return spec;
}

SearchResult run(const SearchSpec& spec) {
  SeedSearch search(spec);
  int steps = 0;
  for (uint64_t one_seed = 1; !search.run(&one_seed); one_seed = 1) {
    CHECK(one_seed == 0);  // a seed a position
    CHECK(search.seeds_made() == (uint32_t)steps + 1);
    REQUIRE(++steps <= 10);
  }
  REQUIRE(search.status() == GenerationStatus::kDone);
  return search.result();
}

std::string text_of(const SearchSpec& spec, const SearchResult& r) {
  Text t;
  format_search(spec, r, &t);
  return t.c_str();
}

}  // namespace

TEST_CASE("a search's parts read back from their text and merge into the whole run's text") {
  for (const char* figure : {"par", "-difficulty", "states", "-dead-ends"}) {
    INFO(figure);
    const SearchSpec whole_spec = lastball_search(figure);
    const SearchResult whole = run(whole_spec);
    CHECK(whole.tried == 10);
    REQUIRE(whole.best.size() == 4);
    for (size_t i = 1; i < whole.best.size(); ++i) CHECK(ranks_before(whole_spec, whole.best[i - 1], whole.best[i]));
    const std::string expected = text_of(whole_spec, whole);
    // Three parts, read back from their text, merged last part first.
    std::vector<SearchSpec> specs;
    std::vector<SearchResult> results;
    for (int k = 3; k >= 1; --k) {
      SearchSpec part = whole_spec;
      part.part = k;
      part.parts = 3;
      const std::string text = text_of(part, run(part));
      specs.emplace_back();
      results.emplace_back();
      Error e;
      INFO(text);
      REQUIRE(parse_search(text.c_str(), text.size(), &specs.back(), &results.back(), &e));
      CHECK(results.back().tried == part_seed_count(1, 10, k, 3));
    }
    SearchSpec merged_spec;
    SearchResult merged;
    Error e;
    REQUIRE(merge_search_parts(specs, results, {}, &merged_spec, &merged, &e));
    CHECK(text_of(merged_spec, merged) == expected);
    // A part missing is named.
    specs.pop_back();
    results.pop_back();
    CHECK_FALSE(merge_search_parts(specs, results, {}, &merged_spec, &merged, &e));
    CHECK(std::string(e.message).find("part 1/3 is missing") != std::string::npos);
  }
}

TEST_CASE("a search's seeds made elsewhere and taken last first give the whole run's text") {
  // As the page's pool gives them: each seed made on its own (make_pack_seed),
  // its level read back from its text, taken in whatever order they come.
  for (const char* figure : {"par", "-states"}) {
    INFO(figure);
    const SearchSpec spec = lastball_search(figure);
    SearchResult taken;
    Error e;
    for (uint32_t n = spec.to; n >= spec.from; --n) {
      PackSeed made;
      make_pack_seed(*spec.game, spec.params, spec.base.c_str(), (int)n, true, &made);
      if (made.level) {
        Text text;
        made.level->canonical_text(&text);
        made.level = spec.game->parse(text.c_str(), text.size(), &e);
        REQUIRE(made.level);
      }
      REQUIRE(take_search_seed(spec, std::move(made), &taken, &e) == GenerationStatus::kDone);
    }
    CHECK(text_of(spec, taken) == text_of(spec, run(spec)));
  }
}

TEST_CASE("a search ranks ties by the lower seed and keeps only its best") {
  SearchSpec spec = lastball_search("par");
  spec.keep = 2;
  std::vector<FoundLevel> best;
  for (uint32_t seed : {5u, 3u, 9u, 1u}) {
    FoundLevel f;
    f.seed = seed;
    f.figure = seed == 9 ? 7 : 4;
    keep_best(spec, f, &best);
  }
  REQUIRE(best.size() == 2);
  CHECK(best[0].seed == 9);  // the highest par
  CHECK(best[1].seed == 1);  // then the lowest seed of the ties
}

TEST_CASE("a search's range, part and figure are refused with what is wrong") {
  const GameInfo& flow = *find_game("flow");
  SearchSpec spec;
  Error e;
  auto says = [&](const char* what) { return std::string(e.message).find(what) != std::string::npos; };
  CHECK_FALSE(parse_seed_range("s:9-3", &spec, &e));
  CHECK(says("runs backwards"));
  CHECK_FALSE(parse_seed_range("s:0-3", &spec, &e));
  CHECK(says("is not FROM-TO"));
  CHECK_FALSE(parse_seed_range(":1-3", &spec, &e));
  CHECK(says("no base"));
  CHECK_FALSE(parse_seed_range("s1-3", &spec, &e));
  CHECK(says("is not BASE:FROM-TO"));
  CHECK(parse_seed_range("a:b.c:2-5", &spec, &e));
  CHECK(strcmp(spec.base.c_str(), "a:b.c") == 0);
  CHECK((spec.from == 2 && spec.to == 5));
  CHECK_FALSE(parse_search_part("0/3", &spec, &e));
  CHECK_FALSE(parse_search_part("4/3", &spec, &e));
  CHECK(says("'4/3' is not K/N"));
  CHECK(parse_search_part("3/3", &spec, &e));
  CHECK_FALSE(parse_search_figure(flow, "states", &spec, &e));
  CHECK(says("Flow has no states"));
  CHECK_FALSE(parse_search_figure(flow, "moves", &spec, &e));
  CHECK(says("'moves' is not a figure"));
  CHECK(parse_search_figure(flow, "-par", &spec, &e));
  CHECK((spec.by == SearchFigure::kPar && spec.lowest));
}
