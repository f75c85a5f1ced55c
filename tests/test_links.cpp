// Seed links and level links: the fragments players share.
#include <catch2/catch.hpp>

#include <string>

#include "core/midend/generation.h"
#include "core/midend/link.h"
#include "helpers.h"

using namespace tl;
using namespace tl_test;

static std::string open_error(const char* link) {
  LinkTarget t;
  Error e;
  if (!parse_link(link, strlen(link), &t, &e)) return e.message;
  GeneratedInfo info;
  if (!open_link(t, &info, &e)) return e.message;
  return "";
}

TEST_CASE("a seed link recreates exactly the level it was made from") {
  ParamValues p = defaults("lastball");
  set("lastball", &p, "size", "9x7");
  set("lastball", &p, "balls", "5");
  Error e;
  auto level = find_game("lastball")->generate(p, "blue otter/17&x", nullptr, &e);
  REQUIRE(level);
  Text link;
  link_for_seed(kLastBall, p, "blue otter/17&x", &link);
  CHECK(std::string(link.c_str()).rfind("#game=lastball&v=1&gen=1&seed=blue%20otter%2F17%26x&size=9x7&balls=5", 0) == 0);
  LinkTarget t;
  REQUIRE(parse_link(link.c_str(), link.size(), &t, &e));
  CHECK(t.game == &kLastBall);
  CHECK_FALSE(t.is_level);
  CHECK(t.seed.equals("blue otter/17&x"));
  CHECK(params_equal(kLastBall, t.params, p));
  auto again = open_link(t, nullptr, &e);
  REQUIRE(again);
  CHECK(canonical(*again) == canonical(*level));
}

TEST_CASE("a level link carries the level text itself") {
  auto level = parse("lastball", "....\n.@o.\n..o.\n");
  REQUIRE(level);
  Text link;
  link_for_level(*level, &link);
  std::string url = std::string("https://example.test/tilelab/") + link.c_str();
  LinkTarget t;
  Error e;
  REQUIRE(parse_link(url.c_str(), url.size(), &t, &e));
  CHECK(t.is_level);
  auto again = open_link(t, nullptr, &e);
  REQUIRE(again);
  CHECK(canonical(*again) == canonical(*level));
}

TEST_CASE("a link from another generator version says so instead of showing another level") {
  std::string msg = open_error("#game=lastball&v=1&gen=0&seed=abc");
  CHECK(msg.find("generator version 0") != std::string::npos);
  CHECK(msg.find("this build has version 1") != std::string::npos);
  // Golf Peaks' version 3 played a lone flight onto a spring on, and slid a
  // flight off a slope before its roll: its seeds give other levels today.
  msg = open_error("#game=golf&v=1&gen=3&seed=cmp&tiles=springs");
  CHECK(msg.find("made by golf generator version 3") != std::string::npos);
  CHECK(msg.find("this build has version 4") != std::string::npos);
}

TEST_CASE("a hand-typed seed link without gen or v uses this build's generator") {
  CHECK(open_error("#game=lastball&seed=abc&balls=3") == "");
}

TEST_CASE("bad links get a clear message") {
  CHECK(open_error("") == "link: empty; expected #game=ID&seed=... or #game=ID&level=...");
  CHECK(open_error("#seed=abc") == "link: no game=... key");
  CHECK(open_error("#game=chess&seed=1") == "link: unknown game 'chess'");
  CHECK(open_error("#game=lastball") == "link: needs seed=... or level=...");
  CHECK(open_error("#game=lastball&seed=a&level=QA") == "link: has both seed= and level=; give one");
  CHECK(open_error("#game=lastball&v=2&seed=a") == "link: format version '2' is not one this build reads (it reads v=1)");
  CHECK(open_error("#game=lastball&seed=a&balls=99") == "link: parameter balls: '99' is not a whole number from 1 to 20");
  CHECK(open_error("#game=lastball&seed=a&colour=red") == "link: unknown key 'colour' for lastball");
  CHECK(open_error("#game=lastball&seed=a%2") == "link: key seed has a bad %-escape");
  CHECK(open_error("#game=lastball&level=***") == "link: level=... is not base64url text");
  CHECK(open_error("#game=lastball&junk") == "link: 'junk' has no '=' (column 15)");
  CHECK(open_error("#game=lastball&gen=1111111111&seed=a") == "link: gen=1111111111 is not a generator version number");
  // A level link whose text is not a level names the fault inside the level.
  Text bad;
  base64url_encode("@o\nxx\n", 6, &bad);
  std::string link = std::string("#game=lastball&level=") + bad.c_str();
  CHECK(open_error(link.c_str()) ==
        "level in link: line 2, column 1: 'x' is not a cell ('.' empty, '@' black ball, 'o' white ball)");
  // A level link cut short where its text stops mid-line (all but the few
  // cuts that fall at a line's end): it says so, not that the level has
  // rows of another size.
  Text whole;
  const char* level = "o.....\n......\n@....o\no.....\n";
  base64url_encode(level, strlen(level), &whole);
  int said = 0;
  for (size_t keep = 1; keep < whole.size(); ++keep) {
    INFO(keep);
    Text part;
    if (base64url_decode(whole.c_str(), keep, &part) && part.size() > 0 && part[part.size() - 1] == '\n') continue;
    const std::string cut = "#game=lastball&v=1&level=" + std::string(whole.c_str(), keep);
    CHECK(open_error(cut.c_str()) ==
          "link: this link looks cut off: its level (level=...) stops mid-line; copy the whole link again");
    ++said;
  }
  CHECK(said >= (int)whole.size() - 5);
  CHECK(open_error((std::string("#game=lastball&v=1&level=") + whole.c_str()).c_str()) == "");
}

TEST_CASE("base64url encodes and decodes every length") {
  std::string data;
  for (int n = 0; n < 20; ++n) {
    Text enc, dec;
    base64url_encode(data.data(), data.size(), &enc);
    REQUIRE(base64url_decode(enc.c_str(), enc.size(), &dec));
    CHECK(std::string(dec.c_str(), dec.size()) == data);
    data += (char)(n * 37 + 5);
  }
}
