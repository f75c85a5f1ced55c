// report.h — the JSON answers every host gives (CLI, Embind API): one place,
// so `tilelab solve --json` and the page's tilelab.api.solve() agree key for key.
#pragma once
#include <string>

#include "core/game.h"

namespace report {

std::string moves_text(const tl::Level& level, const tl::MoveList& moves);
std::string level_text(const tl::Level& level);
std::string params_json(const tl::GameInfo& game, const tl::ParamValues& values);
std::string games_json();
std::string solve_json(const tl::Level& level, const tl::SolveResult& r, const tl::MoveList& path, double ms);
// With `from`, the game's own figures (analysis_figures) are added.
std::string analysis_json(const tl::Level& level, const tl::GameState& from, const tl::Analysis& a, double ms);

}  // namespace report
