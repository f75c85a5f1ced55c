#include "analysis_panel.h"

#include <vector>

#include "imgui.h"
#include "playground.h"
#include "shell/common/report.h"

using namespace tl;

void AnalysisPanel::analyze(const Session& session) {
  reveal = true;
  SearchLimits limits;
  limits.graph_states = report::kGraphStates;
  Analysis a = session.level().analyze(session.state(), limits);
  graph = a.graph;
  text = report::analysis_text(session.level(), session.state(), a);
}

void AnalysisPanel::clear() {
  text.clear();
  graph = StateGraph();
}

void AnalysisPanel::draw(Playground& app) {
  if (reveal) ImGui::SetNextItemOpen(true);
  if (!ImGui::CollapsingHeader("Analysis")) return;
  if (reveal) {
    ImGui::SetScrollHereY(0.0f);
    reveal = false;
  }
  if (ImGui::Button("Analyze this position")) app.command("analyze");
  if (!text.empty()) ImGui::TextUnformatted(text.c_str());
  if (!graph.depth.empty()) draw_graph();
}

// The state graph as the article draws it: one column per depth, the start on
// the left; win states green, dead ends red, other states grey.
void AnalysisPanel::draw_graph() const {
  const StateGraph& g = graph;
  ImGui::TextDisabled("State graph: %d states (green: win, red: dead end)", (int)g.depth.size());
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
}
