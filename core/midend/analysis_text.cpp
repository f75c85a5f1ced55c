#include "analysis_text.h"

#include <string.h>

namespace tl {

namespace {

// "label:" padded so the values line up in a column.
void label(const char* name, Text* out) {
  const size_t n = strlen(name) + 1;
  out->appendf("%s:%*s", name, n < 19 ? (int)(19 - n) : 1, "");
}

void number_or_none(int v, Text* out) {
  if (v < 0) out->append("none");
  else out->appendf("%d", v);
}

void moves(const Level& level, const MoveList& m, Text* out) { level.format_moves(m.data(), m.size(), out); }

// The game's own figures, a line each.
void figures(const Level& level, const GameState& from, const Analysis& r, Text* out) {
  Figure f[kMaxFigures];
  const int n = level.analysis_figures(from, r, SearchLimits(), f);
  for (int i = 0; i < n; ++i) {
    label(f[i].label, out);
    if (f[i].is_bool) out->append(f[i].value ? "yes" : "no");
    else out->appendf("%llu", (unsigned long long)f[i].value);
    out->push('\n');
  }
}

}  // namespace

void analysis_text(const Level& level, const GameState& from, const Analysis& r, const SolveResult* solved,
                   Text* out) {
  if (r.capped) {
    // The whole graph did not fit; a plain solve, which keeps less a state,
    // still says whether the position can be solved.
    label("solvable", out);
    out->append(!solved || solved->capped ? "not known: the solve also stopped at its cap\n"
                : solved->solvable         ? "yes (a plain solve within the cap)\n"
                                           : "no (every state within reach was searched)\n");
    if (solved && solved->solvable) {
      label("par", out);
      out->appendf("%d\n", solved->length);
    }
    out->append("capped:            more states than the analysis' cap: no further figures\n");
    return;
  }
  label("solvable", out);
  out->append(r.solvable ? "yes\n" : "no\n");
  label("par", out);
  number_or_none(r.par, out);
  out->push('\n');
  if (!r.state_graph) {  // a line puzzle: its own figures only
    label("difficulty", out);
    number_or_none(level.difficulty(r), out);
    out->push('\n');
    figures(level, from, r, out);
    return;
  }
  out->appendf("states:            %llu (wins excluded)\n", (unsigned long long)r.states);
  out->appendf("win states:        %llu\n", (unsigned long long)r.win_states);
  out->appendf("dead ends:         %llu\n", (unsigned long long)r.dead_ends);
  if (r.dead_ends) {
    out->append("first dead end:    ");
    moves(level, r.first_dead_end, out);
    out->push('\n');
  }
  if (!r.first_wrong_move.empty()) {
    out->append("first wrong move:  ");
    moves(level, r.first_wrong_move, out);
    out->append(" (along the solution line)\n");
  }
  out->appendf("optimal solutions: %llu\n", (unsigned long long)r.optimal_solutions);
  out->appendf("farthest from win: %d moves\n", r.max_distance);
  out->appendf("on the solution:   %llu choices, %llu wrong (%llu fatal), setback %llu moves\n",
               (unsigned long long)r.line_choices, (unsigned long long)r.line_wrong_moves,
               (unsigned long long)r.line_fatal_moves, (unsigned long long)r.line_setback);
  label("difficulty", out);
  number_or_none(level.difficulty(r), out);
  out->push('\n');
  figures(level, from, r, out);
  out->append("depth histogram:   [");
  for (size_t i = 0; i < r.depth_histogram.size(); ++i) out->appendf(i ? ",%u" : "%u", (unsigned)r.depth_histogram[i]);
  out->append("]\n");
}

}  // namespace tl
