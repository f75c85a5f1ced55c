// analysis_text.h — an analysis as a person reads it: the lines `tilelab
// analyze` prints and the page's Analysis panel shows, a figure a line with
// the values in a column. Made from the job's typed result (core/midend/job.h),
// so every host shows the same words.
#pragma once
#include "core/game/game.h"

namespace tl {

// The analysis `a` of the position `from` of `level`. When the analysis hit
// its cap, `solved` (a plain solve within the cap) says whether the
// position can be solved.
void analysis_text(const Level& level, const GameState& from, const Analysis& a, const SolveResult* solved,
                   Text* out);

}  // namespace tl
