#include "analysis_text.h"

#include <string.h>

namespace tl {

namespace {

// A new row, its value to be written.
Text& row(const char* label, std::vector<AnalysisRow>* out) {
  out->push_back(AnalysisRow());
  out->back().label.append(label);
  return out->back().value;
}

void number_or_none(int v, Text* out) {
  if (v < 0) out->append("none");
  else out->appendf("%d", v);
}

// The difficulty and, a row each below it, the reasons that add to it:
// "+44: 54 wrong moves to rule out along the way".
void difficulty(const Level& level, const Difficulty& d, std::vector<AnalysisRow>* out) {
  number_or_none(d.total, &row("difficulty", out));
  for (int i = 0; i < d.count; ++i) {
    if (d.parts[i].points == 0) continue;
    Text& v = row(reason_name(d.parts[i].reason), out);
    v.appendf("+%d: ", d.parts[i].points);
    describe_part(d.parts[i], level.rules_taught(), &v);
  }
}

void moves(const Level& level, const MoveList& m, Text* out) { level.format_moves(m.data(), m.size(), out); }

// The game's own figures, a row each, their labels begun in lower case as
// the rows above them are ("Potential states" is "potential states": one
// table, one way of writing it).
void figures(const std::vector<FigureValue>& f, std::vector<AnalysisRow>* out) {
  for (const FigureValue& v : f) {
    const char* label = v.label.c_str();
    const bool capital = label[0] >= 'A' && label[0] <= 'Z' && !(label[1] >= 'A' && label[1] <= 'Z');  // (not an acronym's)
    Text& t = row(capital ? "" : label, out);
    if (capital) {
      out->back().label.push((char)(label[0] - 'A' + 'a'));
      out->back().label.append(label + 1);
    }
    if (v.none) t.append("none");
    else if (v.is_bool) t.append(v.value ? "yes" : "no");
    else t.append_number(v.value);
  }
}

}  // namespace

void analysis_rows(const Level& level, const JobResult& job, std::vector<AnalysisRow>* out) {
  const Analysis& r = job.analysis;
  const SolveResult* solved = &job.solve;
  out->clear();
  if (r.capped) {
    // The whole graph did not fit; a plain solve, which keeps less a state,
    // still says whether the position can be solved.
    row("solvable", out).append(!solved || solved->capped ? "not known: the solve also stopped at its cap"
                                : solved->solvable         ? "yes (a plain solve within the cap)"
                                                           : "no (every state within reach was searched)");
    if (solved && solved->solvable) row("par", out).appendf("%d", solved->length);
    row("capped", out).append("more states than the analysis' cap: no further figures");
    return;
  }
  row("solvable", out).append(r.solvable ? "yes" : "no");
  number_or_none(r.par, &row("par", out));
  if (!r.state_graph) {  // a line puzzle: its own figures only
    difficulty(level, job.difficulty, out);
    figures(job.figures, out);
    return;
  }
  Text& states = row("states", out);
  states.append_number(r.states);
  states.append(" (wins excluded)");
  row("win states", out).append_number(r.win_states);
  row("dead ends", out).append_number(r.dead_ends);
  if (r.dead_ends) moves(level, r.first_dead_end, &row("first dead end", out));
  if (!r.first_wrong_move.empty()) {
    Text& v = row("first wrong move", out);
    moves(level, r.first_wrong_move, &v);
    v.append(" (along the solution line)");
  }
  row("optimal solutions", out).append_number(r.optimal_solutions);
  row("farthest from win", out).appendf("%d moves", r.max_distance);
  Text& line = row("on the solution", out);
  line.append_number(r.line_choices);
  line.append(" choices, ");
  line.append_number(r.line_wrong_moves);
  line.append(" wrong (");
  line.append_number(r.line_fatal_moves);
  line.append(" fatal), setback ");
  line.append_number(r.line_setback);
  line.append(" moves");
  difficulty(level, job.difficulty, out);
  figures(job.figures, out);
  Text& h = row("depth histogram", out);
  h.push('[');
  for (size_t i = 0; i < r.depth_histogram.size(); ++i) h.appendf(i ? ",%u" : "%u", (unsigned)r.depth_histogram[i]);
  h.push(']');
}

void analysis_text(const std::vector<AnalysisRow>& rows, Text* out) {
  for (const AnalysisRow& r : rows) {
    const size_t n = r.label.size() + 1;
    out->appendf("%s:%*s", r.label.c_str(), n < 19 ? (int)(19 - n) : 1, "");
    out->append(r.value);
    out->push('\n');
  }
}

void analysis_text(const Level& level, const JobResult& r, Text* out) {
  std::vector<AnalysisRow> rows;
  analysis_rows(level, r, &rows);
  analysis_text(rows, out);
}

}  // namespace tl
