// Generator parameters: defaults, ranges, and messages for bad values.
#include <catch2/catch.hpp>

#include <string>

#include "helpers.h"

using namespace tl;
using namespace tl_test;

static std::string set_error(const char* game, const char* key, const char* value) {
  ParamValues p = defaults(game);
  Error e;
  if (param_set(*find_game(game), &p, key, strlen(key), value, strlen(value), &e)) return "";
  return e.message;
}

TEST_CASE("every game's defaults lie inside their own ranges") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    for (int k = 0; k < g.param_count; ++k) {
      const ParamSpec& s = g.params[k];
      INFO(g.id << " " << s.key);
      if (s.kind == ParamKind::kChoice) {
        CHECK(s.def >= 0);
        CHECK(s.def < s.choice_count);
      } else {
        CHECK(s.def >= s.min);
        CHECK(s.def <= s.max);
      }
      if (s.kind == ParamKind::kSize) {
        CHECK(s.def2 >= s.min);
        CHECK(s.def2 <= s.max);
      }
    }
  }
}

TEST_CASE("every game generates a level with its default parameters") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    ParamValues p;
    params_default(g, &p);
    Error e;
    GeneratedInfo info;
    auto level = g.generate(p, "defaults", &info, &e);
    INFO(g.id << ": " << e.message);
    CHECK(level);
    CHECK(info.par >= 1);
  }
}

TEST_CASE("parameter values are read and written the same way") {
  ParamValues p = defaults("lastball");
  set("lastball", &p, "size", "12x5");
  Text t;
  param_format(kLastBall, p, lastball::kSize, &t);
  CHECK(t.equals("12x5"));
}

TEST_CASE("bad parameter values name the parameter and its range") {
  CHECK(set_error("lastball", "balls", "0") == "parameter balls: '0' is not a whole number from 1 to 20");
  CHECK(set_error("lastball", "balls", "six") == "parameter balls: 'six' is not a whole number from 1 to 20");
  CHECK(set_error("lastball", "size", "17x4") == "parameter size: '17x4' is not WIDTHxHEIGHT with each side from 4 to 16");
  CHECK(set_error("lastball", "size", "10") == "parameter size: '10' is not WIDTHxHEIGHT with each side from 4 to 16");
  CHECK(set_error("lastball", "colour", "red") ==
        "lastball has no parameter 'colour' (it has: size, balls, weight, start_x, start_y)");
  CHECK(set_error("lastball", "balls", "7") == "");
}
