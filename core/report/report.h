// report.h — every command's answer, made in one place from a job's result:
// the tilelab CLI and the Embind API for embedding pages (web/api.cpp) both
// call these, so `tilelab solve --json` and tilelab.api.solve() agree key for
// key (a test checks it). The playground never calls them: it runs jobs.
#pragma once
#include <string>

#include "core/game/game.h"
#include "core/midend/job.h"
#include "core/midend/pack.h"
#include "json.h"

namespace report {

// The CLI's exit codes, and what every answer says of its outcome.
enum Exit { kOk = 0, kNo = 1, kBadInput = 2 };

// The state graph comes with an analysis up to this many states (`analyze
// --graph`, the API's analyze, the playground's Analysis panel).
constexpr uint32_t kGraphStates = 500;
// `solve --all` lists at most this many solutions.
constexpr size_t kMaxSolutions = tl::kMostListedSolutions;

// One command's answer: the JSON object (an array for games), the text the
// CLI prints without --json, and its outcome. With exit kBadInput, or a
// generator that gave up, `error` says why and the rest is empty.
struct Answer {
  int exit = kOk;
  std::string json;
  std::string text;
  std::string error;
};

Answer games();
// A level's difficulty and the reasons it sums, from its analysis (tilelab
// rate): `name` names the level (its file); exit kNo when it has none (it
// cannot be solved, or the analysis hit its cap). *difficulty: the figure.
Answer rate(const tl::Level& level, const std::string& name, int* difficulty);
Answer generate(const tl::GameInfo& game, const tl::ParamValues& params, const std::string& seed);
// generate's answer for a level made elsewhere from these parameters and seed (a pack maker's).
Answer generated(const tl::GameInfo& game, const tl::ParamValues& params, const std::string& seed,
                 const tl::Level& level, const tl::GeneratedInfo& info);
Answer parse(const tl::Level& level);
// With count > 0 (games that count solutions: Flow), also how many solutions
// there are up to count under `rules` ("" for the game's own), on the host's
// second thread too when `team` is not null (the same answer).
Answer solve(const tl::Level& level, uint64_t count = 0, const std::string& rules = "",
             tl::SearchTeam* team = nullptr);
Answer solve_all(const tl::Level& level);  // every distinct solution (Golf Peaks)
// `base`: the caps and the progress hook (the page's worker reports progress).
Answer analyze(const tl::Level& level, bool graph, const tl::SearchLimits& base = tl::SearchLimits());
Answer replay(const tl::Level& level, const std::string& moves);
// `tilelab check`: the level (called `name`) solved, and every solution its
// text lists replayed; exit kOk only when it solves and each listed one wins.
struct CheckFigures {
  bool solved = false;
  size_t listed = 0, replayed = 0;
  double ms = 0;
};
Answer check(const tl::Level& level, const std::string& name, CheckFigures* figures = nullptr);
Answer level_link(const tl::Level& level);
// A level pack (core/midend/pack.h): its text, or with JSON each level's seed, link,
// par, difficulty and text, and what was dropped.
Answer pack(const tl::GameInfo& game, const tl::ParamValues& params, const std::string& seed_prefix,
            const tl::PackOptions& options);
// A pack text read back: its game and each level's seed, link, par,
// difficulty and text; refused naming the line.
Answer read_pack(const std::string& text);
Answer seed_link(const tl::GameInfo& game, const tl::ParamValues& params, const std::string& seed);
Answer open(const std::string& link);

// An analysis job's result as the playground and `tilelab analyze` show it
// (core/midend/analysis_text.h).
std::string analysis_text(const tl::Level& level, const tl::JobResult& r);

std::string moves_text(const tl::Level& level, const tl::MoveList& moves);
std::string level_text(const tl::Level& level);
std::string params_json(const tl::GameInfo& game, const tl::ParamValues& values);

}  // namespace report
