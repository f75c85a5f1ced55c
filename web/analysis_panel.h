// analysis_panel.h — the Analysis panel: the state-graph figures of the
// position being played (the same text `tilelab analyze` prints) and, for a
// small level, the state graph drawn by depth.
#pragma once
#include <string>

#include "core/search.h"

struct Playground;
namespace tl {
class Session;
}

struct AnalysisPanel {
  std::string text;     // the last analysis, "" when none
  tl::StateGraph graph;  // its state graph, when small
  bool reveal = false;  // open the panel (and scroll to it) once

  void analyze(const tl::Session& session);
  void clear();
  void draw(Playground& app);

 private:
  void draw_graph() const;
};
