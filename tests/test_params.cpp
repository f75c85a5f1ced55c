// Generator parameters: defaults, ranges, and messages for bad values.
#include <catch2/catch.hpp>

#include <string>

#include "core/midend/generation.h"
#include "core/base/params.h"
#include "shell/cli/soundness.h"
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

TEST_CASE("the parameter codec writes every setting as text that reads back, safe in a link") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    std::vector<GeneratorSetting> settings;
    generator_settings(g, true, &settings);
    REQUIRE(settings.size() > 1);
    // And every choice of every choice parameter, each written once.
    for (int k = 0; k < g.param_count; ++k)
      for (int c = 0; g.params[k].kind == ParamKind::kChoice && c < g.params[k].choice_count; ++c) {
        GeneratorSetting choice;
        params_default(g, &choice.params);
        choice.params.a[k] = c;
        settings.push_back(choice);
      }
    for (const GeneratorSetting& s : settings) {
      for (char separator : {' ', '&'}) {
        Text text;
        params_format(g, s.params, separator, &text);
        INFO(g.id << ": " << text.c_str());
        for (size_t c = 0; c < text.size(); ++c) {
          const char ch = text.c_str()[c];
          const bool safe = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                            ch == '-' || ch == '_' || ch == '=' || ch == separator;
          CHECK(safe);
        }
        ParamValues back;
        params_default(g, &back);
        // Read onto other values than the defaults: every parameter is written.
        for (int k = 0; k < g.param_count; ++k) back.a[k] = back.b[k] = -7;
        Error e;
        REQUIRE(params_read(g, text.c_str(), text.size(), separator, &back, &e));
        CHECK(params_equal(g, back, s.params));
      }
    }
  }
}

TEST_CASE("the parameter codec names the first bad part and keeps what no part sets") {
  const GameInfo& g = *find_game("lastball");
  ParamValues p = defaults("lastball");
  const ParamValues before = p;
  Error e;
  const char text[] = "balls=5&&size=nine&balls=6";
  CHECK_FALSE(params_read(g, text, strlen(text), '&', &p, &e));
  CHECK(std::string(e.message).find("parameter size: 'nine'") != std::string::npos);
  CHECK(p.a[lastball::kBalls] == 5);  // read before the bad part
  CHECK(p.a[lastball::kSize] == before.a[lastball::kSize]);
  const char spaced[] = " balls=7  ";
  REQUIRE(params_read(g, spaced, strlen(spaced), ' ', &p, &e));
  CHECK(p.a[lastball::kBalls] == 7);
  CHECK_FALSE(params_read(g, "balls", 5, ' ', &p, &e));
  CHECK(std::string(e.message) == "'balls' is not KEY=VALUE");
}
