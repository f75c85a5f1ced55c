// analysis_panel.h — the Analysis panel: the figures `tilelab analyze` prints
// for the position being played, or (in Edit mode) for the edited level after
// each edit, worked out in the page's worker while the panel says
// "Analysing..." with a progress bar and a Cancel button. The first dead end
// and the first wrong move along the solution line can be shown on the
// board; a small level's state graph is drawn by depth, and a click on one of
// its states (a red dead end, say) shows that state.
#pragma once
#include <string>
#include <vector>

#include "core/search/search.h"

class Page;
namespace tl {
struct GameInfo;
struct JobResult;
class Session;
}

struct AnalysisPanel {
  std::string text;        // the last analysis, "" when none
  // The same, a row a figure: the panel's table.
  std::vector<std::string> labels, values;
  // Where the last frame drew each row: its label's and value's left edge and
  // its top, in CSS pixels (tilelab.state(): the table lines up).
  struct DrawnRow {
    float label_x, value_x, y;
  };
  std::vector<DrawnRow> drawn;
  // What the panel says in the state graph's place ("" when it draws it).
  std::string graph_note;
  bool capped = false, state_graph = false;
  std::string status;      // "" done or idle; else why there is none ("Cancelled.", the error)
  tl::StateGraph graph;    // its state graph, when small
  bool reveal = false;     // open the panel (and scroll to it) once
  bool running = false;    // a request is in the worker
  // A click on Analyze: when its figures come, the panel scrolls to show
  // them if they are below its visible part (the click itself moves
  // nothing), unless the panels were scrolled meanwhile.
  bool show_figures = false, figures_came = false;
  float scroll_at_click = 0;
  // What was analysed: the edited level, or the session's level (its loads)
  // after the moves made then.
  bool of_editor = false;
  uint32_t loads = 0;
  tl::MoveList made;
  const tl::GameInfo* game = nullptr;
  std::string level_text;  // the analysed position as a level text
  std::string dead_end, wrong_move;  // from that position ("" none)
  uint64_t states = 0;

  // Analyses the position being played (the Analyze button) or an edited level.
  void request_position(Page& page);
  void request_level(Page& page, const tl::GameInfo& game, const std::string& level_text);
  // The session's analysis job's result (its analysis, figures and graph),
  // or why it failed.
  void done(const tl::JobResult& result);
  void failed(const std::string& why);
  void cancelled();
  // What a position shown on the board is.
  enum class Shown { kDeadEnd, kWrongMove, kGraphState };
  // Plays the analysed position and then `moves` on the board, and says
  // what it shows in the play's note (the next move clears it).
  void show(Page& page, std::string moves, Shown what);
  void clear();
  // The edited level played: its figures, finished, are the figures of the
  // session's level at its start, so they stay as that level's (true); false
  // when they are of another text or still to come.
  bool keep_for_played_edit(const tl::Session& session, const std::string& played_text);
  void draw(Page& page);
  // The moves from the analysed position to graph state `index`, as text.
  std::string moves_to(uint32_t index) const;

 private:
  void started(Page& page);  // an analysis asked for: the panel shows it running
  // The graph; a click on a state shows it on the board.
  void draw_graph(Page& page);
  void draw_table();
};
