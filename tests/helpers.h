// helpers.h — small helpers shared by the suites.
#pragma once
#include <string.h>

#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "core/game/game.h"
#include "core/games/lastball/lastball.h"
#include "core/base/grid.h"
#include "core/midend/job_text.h"
#include "core/midend/registry.h"
#include "core/midend/session.h"

namespace tl_test {

inline std::unique_ptr<tl::Level> parse(const char* game, const char* text, tl::Error* err = nullptr) {
  tl::Error local;
  return tl::find_game(game)->parse(text, strlen(text), err ? err : &local);
}

// The message a game's parser gives for a text it must refuse.
inline std::string parse_error(const char* game, const char* text) {
  tl::Error e;
  CHECK_FALSE(parse(game, text, &e));
  return e.message;
}

inline std::string text_of(const tl::Level& level, const tl::GameState& s) {
  tl::Text t;
  level.format(s, &t);
  return t.c_str();
}

// The first job a session waits for, run elsewhere as the page's worker
// runs it: its request written as text, read and run there, its result's
// text read back and handed to the session.
inline tl::GenerationStatus run_elsewhere(tl::Session* s) {
  REQUIRE(s->job() != tl::SessionJob::kNone);
  tl::Text request, answer;
  tl::write_job_request(s->job_request(), &request);
  tl::run_job_text(request.c_str(), request.size(), nullptr, nullptr, &answer);
  tl::JobResult result;
  tl::Error e;
  REQUIRE(tl::read_job_result(s->job_request(), answer.c_str(), answer.size(), &result, &e));
  return s->take_job(s->job_id(), std::move(result));
}

inline std::string canonical(const tl::Level& level) {
  tl::Text t;
  level.canonical_text(&t);
  return t.c_str();
}

// Plays moves written as text from the initial state; returns the last outcome.
inline tl::Outcome play(const tl::Level& level, const char* moves, tl::GameState* s) {
  tl::MoveList list;
  tl::Error e;
  level.initial_state(s);
  if (!level.parse_moves(moves, strlen(moves), &list, &e)) return tl::Outcome::kNoChange;
  tl::Outcome o = tl::Outcome::kNoChange;
  for (tl::Move m : list) o = level.apply(s, m);
  return o;
}

inline tl::ParamValues defaults(const char* game) {
  tl::ParamValues p;
  tl::params_default(*tl::find_game(game), &p);
  return p;
}

inline void set(const char* game, tl::ParamValues* p, const char* key, const char* value) {
  tl::Error e;
  bool ok = tl::param_set(*tl::find_game(game), p, key, strlen(key), value, strlen(value), &e);
  (void)ok;
}

}  // namespace tl_test
