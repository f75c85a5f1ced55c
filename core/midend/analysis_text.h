// analysis_text.h — an analysis as a person reads it: rows of a figure's name
// and its value, which the page's Analysis panel shows as a table and
// `tilelab analyze` prints a line each, the values in a column. Made from the
// job's typed result (core/midend/job.h), so every host shows the same words.
#pragma once
#include <vector>

#include "core/game/game.h"
#include "job.h"

namespace tl {

struct AnalysisRow {
  Text label;  // "par"
  Text value;  // "7", "yes", "none", "U D R"
};

// An analysis job's result (JobKind::kAnalyze) of a position of `level`, a
// row a figure: its analysis, difficulty and game's figures as the job
// found them (nothing is searched again). When the analysis hit its cap,
// the job's plain solve within the cap says whether the position can be solved.
void analysis_rows(const Level& level, const JobResult& r, std::vector<AnalysisRow>* out);
// The rows as text: "label:" padded so the values line up, a row a line.
void analysis_text(const std::vector<AnalysisRow>& rows, Text* out);
void analysis_text(const Level& level, const JobResult& r, Text* out);

}  // namespace tl
