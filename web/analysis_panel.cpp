#include "analysis_panel.h"

#include <emscripten.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <vector>

#include "core/midend/analysis_text.h"
#include "core/midend/registry.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "page.h"
#include "touch.h"
#include "widgets.h"
#include "work.h"

using namespace tl;

void AnalysisPanel::request_position(Page& page) {
  const Session& s = page.session();
  Text position;  // a line puzzle's analysis is of its level
  s.position_text(&position);
  of_editor = false;
  loads = s.loads();
  made = s.moves();
  game = &s.game();
  level_text = position.c_str();
  reveal = true;
  page.session().analyze(kDrawnGraphStates);  // the session's job: sent to the worker
  started(page);
}

void AnalysisPanel::request_level(Page& page, const GameInfo& g, const std::string& text_of_level) {
  of_editor = true;
  game = &g;
  level_text = text_of_level;
  made.clear();
  page.session().analyze_level(&g, level_text.data(), level_text.size(), kDrawnGraphStates);
  started(page);
}

void AnalysisPanel::started(Page& page) {
  running = true;
  status.clear();
  page.send_jobs();
  page.request_redraw();
}

void AnalysisPanel::failed(const std::string& why) {
  running = false;
  figures_came = show_figures;
  graph = StateGraph();
  text.clear();
  labels.clear();
  values.clear();
  dead_end.clear();
  wrong_move.clear();
  status = of_editor ? "The edited level does not read, so it has no figures: " + why : why;
}

// The job's result: the figures as text and a table, and a small level's state graph.
void AnalysisPanel::done(const JobResult& r) {
  if (!r.level) return failed(r.error.message);
  running = false;
  figures_came = show_figures;
  const Level& level = *r.level;
  std::vector<AnalysisRow> rows;
  analysis_rows(level, r, &rows);
  Text t;
  analysis_text(rows, &t);
  text = t.c_str();
  labels.clear();
  values.clear();
  for (const AnalysisRow& row : rows) {
    labels.push_back(row.label.c_str());
    values.push_back(row.value.c_str());
  }
  capped = r.analysis.capped;
  state_graph = r.analysis.state_graph;
  dead_end = moves_text(level, r.analysis.first_dead_end);
  wrong_move = moves_text(level, r.analysis.first_wrong_move);
  states = r.analysis.states + r.analysis.win_states;
  graph = r.analysis.graph;
  status.clear();
}

void AnalysisPanel::cancelled() {
  running = false;
  show_figures = figures_came = false;
  status = "Cancelled.";
}

void AnalysisPanel::show(Page& page, std::string moves, Shown what) {  // a copy: playing the edited level clears the panel
  if (of_editor) {
    if (page.editing()) page.command(Command::kEditOff);
  } else if (page.session().loads() != loads) {
    page.set_note("The level has changed since it was analysed.");
    return;
  } else {
    // The moves made so far again; any help among them stays help.
    const bool helped = page.session().helped();
    page.session().restart();
    for (Move m : made) helped ? page.session().play_helped(m) : page.session().play(m);
  }
  MoveList path;
  Error e;
  if (!page.session().level().parse_moves(moves.data(), moves.size(), &path, &e)) return;
  for (Move m : path) page.session().play_helped(m);  // the analysis found them, not the player
  const std::string after = moves.empty() ? "the start" : "after " + moves;
  const std::string back = page.session().moves_made() > 0 ? "; Undo steps back." : ".";
  page.set_board_note(what == Shown::kDeadEnd   ? "Shown: the first dead end (" + after + "). From here no move wins" + back
                : what == Shown::kWrongMove ? "Shown: the first wrong move (the last of " + moves +
                                                  "). It brings no win closer; Undo takes it back."
                                            : "Shown: the state picked in the graph (" + after + ").");
  page.request_redraw();
}

void AnalysisPanel::clear() {
  show_figures = figures_came = false;
  text.clear();
  labels.clear();
  values.clear();
  drawn.clear();
  graph_note.clear();
  status.clear();
  dead_end.clear();
  wrong_move.clear();
  graph = StateGraph();
}

bool AnalysisPanel::keep_for_played_edit(const Session& session, const std::string& played_text) {
  if (!of_editor || running || text.empty() || level_text != played_text) return false;
  of_editor = false;
  loads = session.loads();
  made = session.moves();
  return true;
}

// One layout whether or not it is working, so nothing moves under the
// pointer: the button (Analyze, or Cancel while it works), a status line,
// the progress bar's row (empty when idle), then the last figures, wrapped.
void AnalysisPanel::draw(Page& page) {
  if (reveal || page.editing()) ImGui::SetNextItemOpen(true);
  if (!collapsing_header("Analysis")) {
    show_figures = figures_came = false;  // (folded: nothing to show)
    return;
  }
  if (reveal) {
    // Scrolled to only when its button is not on screen: a click on Analyze
    // must not move the panel under the pointer.
    const float top = ImGui::GetItemRectMin().y, window_top = ImGui::GetWindowPos().y;
    const float bottom = ImGui::GetItemRectMax().y + ImGui::GetFrameHeightWithSpacing();
    if (top < window_top || bottom > window_top + ImGui::GetWindowHeight()) ImGui::SetScrollHereY(0.0f);
    reveal = false;
  }
  const float button_w = ImGui::CalcTextSize("Analyze this position").x + ImGui::GetStyle().FramePadding.x * 2;
  if (running) {
    if (ImGui::Button("Cancel", ImVec2(button_w, 0))) page.command(Command::kCancel);
  } else {
    ImGui::BeginDisabled(page.editing());  // in Edit mode each edit is analysed
    if (ImGui::Button("Analyze this position", ImVec2(button_w, 0))) {
      page.command(Command::kAnalyze);
      show_figures = true;
      figures_came = false;
      scroll_at_click = ImGui::GetScrollY();
    }
    ImGui::EndDisabled();
  }
  const float button_top = ImGui::GetItemRectMin().y;
  if (show_figures && ImGui::GetScrollY() != scroll_at_click) show_figures = figures_came = false;  // the person scrolled
  const double now = emscripten_get_now();
  // Wrapped: a phone's panel is narrower than these lines.
  if (running) ImGui::TextWrapped("Analysing %s...%s", of_editor ? "the edited level" : "this position",
                                  text.empty() ? "" : " (below: the last figures)");
  else if (!status.empty()) ImGui::TextWrapped("%s", status.c_str());
  else if (!text.empty() && !of_editor && (page.session().loads() != loads || page.session().moves() != made))
    widgets::text("##analysed earlier", "These figures are of an earlier position: Analyze this position for this one's.");
  else ImGui::TextDisabled("%s", text.empty() ? "No analysis yet." : "Done.");
  const float status_bottom = ImGui::GetItemRectMax().y;
  if (running) {
    // The states found against the most the search can hold (its state cap,
    // or fewer when its memory runs out first); a moving bar until the first report.
    char overlay[80];
    if (page.work().total) snprintf(overlay, sizeof overlay, "%u of at most %u states", page.work().done, page.work().total);
    else snprintf(overlay, sizeof overlay, "%.1f s", page.work().seconds(now));
    const float f = page.work().total ? page.work().fraction() : (float)(page.work().seconds(now) * 0.25 - (int)(page.work().seconds(now) * 0.25));
    ImGui::ProgressBar(f, ImVec2(-1, 0), overlay);
    // The worker's reports move the bar (a frame each); the clock before the
    // first report moves four times a second. The main thread idles between.
    page.tick_in(now, 250);
  } else {
    ImGui::Dummy(ImVec2(-1, ImGui::GetFrameHeight()));
  }
  drawn.clear();
  graph_note.clear();
  if (!text.empty()) draw_table();
  if (figures_came) {
    // The status line and the first figures on screen: the panels scrolled
    // to put the button at their top, when those are below their visible part.
    show_figures = figures_came = false;
    const size_t rows = drawn.size() < 4 ? drawn.size() : 4;
    const float wanted = rows ? drawn[rows - 1].y + ImGui::GetTextLineHeightWithSpacing() : status_bottom;
    const ImRect visible = ImGui::GetCurrentWindow()->InnerRect;  // below its title bar
    if (wanted > visible.Max.y) {
      ImGui::SetScrollY(ImGui::GetScrollY() + button_top - visible.Min.y - ImGui::GetStyle().ItemSpacing.y);
      let_go_of_clicked();  // (it would keep the button where it was)
      page.request_redraw();
    }
  }
  if (text.empty()) return;
  if (!dead_end.empty() && small_button("Show the first dead end")) page.command(Command::kShowDeadEnd);
  if (!dead_end.empty() && !wrong_move.empty()) widgets::same_line_if_fits(widgets::button_width("Show the first wrong move"));
  if (!wrong_move.empty() && small_button("Show the first wrong move")) page.command(Command::kShowWrongMove);
  if (!graph.depth.empty()) {
    draw_graph(page);
  } else if (state_graph && (capped || states > kDrawnGraphStates)) {
    // A move puzzle's graph that is too large to draw: said, not left out.
    char note[160];
    if (capped) snprintf(note, sizeof note, "State graph: too large to draw (more states than the analysis holds).");
    else snprintf(note, sizeof note, "State graph: too large to draw (%llu states; the panel draws up to %u).",
                  (unsigned long long)states, (unsigned)kDrawnGraphStates);
    graph_note = note;
    widgets::dim_text(note);
  }
}

// The figures as a table: names in one column, values in the next, each
// row's value starting where every other's does (values wrap in their column).
void AnalysisPanel::draw_table() {
  if (labels.empty()) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("figures", 2, flags)) return;
  float widest = 0;
  for (const std::string& l : labels) widest = fmaxf(widest, ImGui::CalcTextSize(l.c_str()).x);
  const float avail = ImGui::GetContentRegionAvail().x;
  ImGui::TableSetupColumn("Figure", ImGuiTableColumnFlags_WidthFixed, widest < avail * 0.55f ? widest : avail * 0.55f);
  ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch);
  for (size_t i = 0; i < labels.size(); ++i) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::TextWrapped("%s", labels[i].c_str());
    ImGui::TableSetColumnIndex(1);
    const ImVec2 value_at = ImGui::GetCursorScreenPos();
    ImGui::TextWrapped("%s", values[i].c_str());
    drawn.push_back(DrawnRow{at.x, value_at.x, at.y});
  }
  ImGui::EndTable();
}

std::string AnalysisPanel::moves_to(uint32_t index) const {
  // Breadth first from the start over the graph's edges: a shortest way there.
  const uint32_t none = 0xffffffffu;
  std::vector<uint32_t> parent(graph.depth.size(), none), edge_of(graph.depth.size(), none);
  std::vector<uint32_t> queue(1, 0);
  parent[0] = 0;
  for (size_t q = 0; q < queue.size(); ++q)
    for (uint32_t e = 0; e < graph.edges.size(); ++e) {
      const StateGraph::Edge& ed = graph.edges[e];
      if (ed.from == queue[q] && parent[ed.to] == none) {
        parent[ed.to] = ed.from;
        edge_of[ed.to] = e;
        queue.push_back(ed.to);
      }
    }
  if (index >= parent.size() || parent[index] == none) return "";
  MoveList path;
  for (uint32_t at = index; at != 0; at = parent[at]) path.insert(path.begin(), graph.edges[edge_of[at]].move);
  Error e;
  std::unique_ptr<Level> level = game->parse(level_text.data(), level_text.size(), &e);
  if (!level) return "";
  Text text;
  level->format_moves(path.data(), path.size(), &text);
  return text.c_str();
}

// The state graph as the article draws it: one column per depth, the start on
// the left; win states green, dead ends red, other states grey.
void AnalysisPanel::draw_graph(Page& page) {
  const StateGraph& g = graph;
  char caption[96];
  snprintf(caption, sizeof caption, "State graph: %d states (green: win, red: dead end; %s one to see it)",
           (int)g.depth.size(), touch_pointer() ? "tap" : "click");
  widgets::dim_text(caption);
  float w = ImGui::GetContentRegionAvail().x, h = 180;
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(w, h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(origin, ImVec2(origin.x + w, origin.y + h), IM_COL32(25, 28, 32, 255), 4);
  uint32_t deepest = 0;
  for (uint32_t d : g.depth) deepest = d > deepest ? d : deepest;
  std::vector<int> per_depth(deepest + 1, 0), row(g.depth.size());
  for (size_t i = 0; i < g.depth.size(); ++i) row[i] = per_depth[g.depth[i]]++;
  std::vector<ImVec2> at(g.depth.size());
  for (size_t i = 0; i < g.depth.size(); ++i) {
    float x = origin.x + 10 + (w - 20) * (deepest ? (float)g.depth[i] / (float)deepest : 0.5f);
    float y = origin.y + h * ((float)row[i] + 0.5f) / (float)per_depth[g.depth[i]];
    at[i] = ImVec2(x, y);
  }
  for (const StateGraph::Edge& e : g.edges) dl->AddLine(at[e.from], at[e.to], IM_COL32(120, 130, 140, 90), 1.0f);
  for (size_t i = 0; i < g.depth.size(); ++i) {
    ImU32 c = g.kind[i] == StateGraph::kWin       ? IM_COL32(70, 200, 90, 255)
              : g.kind[i] == StateGraph::kDeadEnd ? IM_COL32(220, 70, 60, 255)
                                                  : IM_COL32(190, 190, 200, 255);
    dl->AddCircleFilled(at[i], i == 0 ? 5.0f : 3.0f, c);
  }
  // The state nearest a click (within a few pixels) is shown on the board.
  if (ImGui::IsItemClicked(0)) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    float nearest = 64.0f;  // squared pixels
    int pick = -1;
    for (size_t i = 0; i < at.size(); ++i) {
      const float dx = at[i].x - m.x, dy = at[i].y - m.y;
      if (dx * dx + dy * dy < nearest) {
        nearest = dx * dx + dy * dy;
        pick = (int)i;
      }
    }
    if (pick >= 0) show(page, moves_to((uint32_t)pick), Shown::kGraphState);
  }
}
