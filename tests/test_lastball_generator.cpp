// The Last Ball's generator: the article's play-order construction.
#include <catch2/catch.hpp>

#include <string>

#include "core/midend/session.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

static std::unique_ptr<Level> generate(const ParamValues& p, const char* seed, GeneratedInfo* info = nullptr) {
  Error e;
  auto level = find_game("lastball")->generate(p, seed, info, &e);
  INFO(e.message);
  REQUIRE(level);
  return level;
}

static int count_char(const std::string& s, char c) {
  int n = 0;
  for (char x : s) n += x == c;
  return n;
}

TEST_CASE("generated levels have the requested size and number of balls - and are solvable") {
  ParamValues p = defaults("lastball");
  const char* sizes[] = {"10x6", "4x4", "16x16", "7x12"};
  const char* balls[] = {"6", "1", "12", "20"};
  for (int k = 0; k < 4; ++k) {
    set("lastball", &p, "size", sizes[k]);
    set("lastball", &p, "balls", balls[k]);
    if (k == 1) set("lastball", &p, "balls", "3");
    for (int i = 0; i < 25; ++i) {
      std::string seed = "gen-" + std::to_string(k) + "-" + std::to_string(i);
      GeneratedInfo info;
      auto level = generate(p, seed.c_str(), &info);
      std::string text = canonical(*level);
      INFO(seed << "\n" << text);
      CHECK(count_char(text, 'o') == p.a[lastball::kBalls]);
      CHECK(count_char(text, '@') == 1);
      CHECK(count_char(text, '\n') == p.b[lastball::kSize]);
      CHECK(text.find('\n') == (size_t)p.a[lastball::kSize]);
      // The solver checked it: par is known and at most one move per ball.
      CHECK(info.par >= 1);
      CHECK(info.par <= p.a[lastball::kBalls]);
      CHECK((int)info.solution.size() == info.par);
      GameState s;
      level->initial_state(&s);
      Outcome o = Outcome::kMoved;
      for (tl::Move m : info.solution) o = level->apply(&s, m);
      CHECK(o == Outcome::kWon);
    }
  }
}

TEST_CASE("the same parameters and seed give the same level and other seeds give others") {
  ParamValues p = defaults("lastball");
  std::string a = canonical(*generate(p, "blue-otter-17"));
  std::string b = canonical(*generate(p, "blue-otter-17"));
  CHECK(a == b);
  int different = 0;
  for (int i = 0; i < 10; ++i)
    different += canonical(*generate(p, ("other-" + std::to_string(i)).c_str())) != a;
  CHECK(different == 10);
}

TEST_CASE("the black ball starts where start_x and start_y say") {
  ParamValues p = defaults("lastball");
  set("lastball", &p, "start_x", "3");
  set("lastball", &p, "start_y", "2");
  for (int i = 0; i < 10; ++i) {
    std::string text = canonical(*generate(p, ("start-" + std::to_string(i)).c_str()));
    INFO(text);
    CHECK(text[2 * 11 + 3] == '@');  // 10 wide plus the newline
  }
}

TEST_CASE("a start outside the field is bad input naming the parameter") {
  ParamValues p = defaults("lastball");
  set("lastball", &p, "start_x", "12");
  Error e;
  CHECK_FALSE(find_game("lastball")->generate(p, "x", nullptr, &e));
  CHECK(std::string(e.message).find("start_x") != std::string::npos);
}

TEST_CASE("an impossible request fails with a message instead of looping") {
  ParamValues p = defaults("lastball");
  set("lastball", &p, "size", "4x4");
  set("lastball", &p, "balls", "20");
  Error e;
  CHECK_FALSE(find_game("lastball")->generate(p, "too-many", nullptr, &e));
  CHECK(std::string(e.message).find("balls") != std::string::npos);
}

TEST_CASE("a long-move weight of zero and of ten both give valid levels") {
  ParamValues p = defaults("lastball");
  long total_par[2] = {0, 0};
  for (int w = 0; w < 2; ++w) {
    set("lastball", &p, "weight", w ? "10" : "0");
    for (int i = 0; i < 40; ++i) {
      GeneratedInfo info;
      generate(p, ("w-" + std::to_string(i)).c_str(), &info);
      CHECK(info.par >= 1);
      total_par[w] += info.par;
    }
  }
  CHECK(total_par[0] > 0);
  CHECK(total_par[1] > 0);
}

TEST_CASE("infinite mode starts the next level where the black ball ended") {
  ParamValues p = defaults("lastball");
  GeneratedInfo info;
  auto level = generate(p, "endless", &info);
  GameState s;
  level->initial_state(&s);
  for (tl::Move m : info.solution) level->apply(&s, m);
  std::string final_text = text_of(*level, s);
  ParamValues next;
  Text next_seed;
  REQUIRE(next_infinite_level(*level, s, p, "endless", &next, &next_seed));
  CHECK(next_seed.equals("endless~2"));
  auto following = generate(next, next_seed.c_str());
  CHECK(canonical(*following).find('@') == final_text.find('@'));
  // And the seed after that counts on.
  Text third;
  ParamValues p3;
  GameState s2;
  following->initial_state(&s2);
  REQUIRE(next_infinite_level(*following, s2, next, next_seed.c_str(), &p3, &third));
  CHECK(third.equals("endless~3"));
}
