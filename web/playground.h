// playground.h — the running playground: the session (the midend, which owns
// the level, its origin, par, link, moves and solve) and the panels around
// it. The page's JavaScript reaches it through the entry points at the end
// (bound in api.cpp). Each panel is its own struct and file; platform.cpp
// holds the SDL/GL bootstrap and the frame loop.
#pragma once
#include <stdint.h>

#include <string>

#include "analysis_panel.h"
#include "board_panel.h"
#include "device_panel.h"
#include "edit_panel.h"
#include "core/midend/session.h"
#include "generate_panel.h"
#include "pack_panel.h"
#include "play_panel.h"
#include "share_panel.h"
#include "work.h"

struct Playground {
  tl::Session session;
  GeneratePanel generate;
  PlayPanel play;
  SharePanel share;
  AnalysisPanel analysis;
  PackPanel pack;
  BoardPanel board;
  DevicePanel device;  // the Playdate preview, in place of the board while open
  EditPanel edit;      // the level editor; in Edit mode the board paints
  Work work;           // the call running in the page's worker, if any
  std::string host_note;       // what the page itself did ("Link copied."), until the next command
  uint32_t seen_loads = 0;     // session.loads() when the panels last followed a new level
  // A bad link opened: the address bar keeps it as typed (to be mended)
  // until a new level is made, even the level shown in its place.
  bool keep_address = false;
  double next_solve_step_ms = 0;
  int redraw_frames = 3;       // frames still to draw; 0 = idle, nothing drawn
  bool help_open = false;      // the help overlay: every key (F1 or ?)
  uint32_t frames_drawn = 0;   // frames drawn since the page opened (tests measure the rate)
  // What the worker is making (WorkKind::kGenerate): the recipe of the level it loads.
  tl::LevelRecipe making_recipe;
  // The position the worker is solving (WorkKind::kSolve, kHint): its answer is
  // played only if the player is still there.
  uint32_t solving_loads = 0;
  tl::MoveList solving_moves;

  // Runs a named command as a button would: undo, redo, restart, hint, solve,
  // generate, next, copy-link, dismiss, analyze, infinite-on, infinite-off,
  // device-on, device-off (the Playdate preview), pack-make, pack-export,
  // pack-export-json, pack-open-N (the pack's level N, from 1), help (the key overlay on or off),
  // cancel (the worker's call), edit-on, edit-off (play the edited level),
  // edit-undo, edit-redo, brush-TOKEN (the editor's brush), show-dead-end,
  // show-wrong-move (the analysis's, on the board), show-state-N (state N of
  // the drawn state graph, as a click on it does). In Edit mode undo and
  // redo are the editor's. False for an unknown name.
  bool command(const std::string& name);
  void open_link(const std::string& link);
  // A level text of any game opens it; in Edit mode it goes into the editor.
  void open_text(const std::string& text);
  void input(const tl::Input& in);
  // A level of the game made in the page's worker (start_making).
  void new_level(const tl::GameInfo& game, const tl::ParamValues& params, const char* seed);
  // Starts a call in the page's worker (Work::start); the call it replaces,
  // if any, is told it was cancelled.
  void start_work(WorkKind job, const WorkRequest& request, const std::vector<std::string>& fields);
  void cancel_work();
  // A level made in the worker from the recipe, loaded when it comes.
  void start_making(const tl::LevelRecipe& recipe);
  // What the session says comes next (Session::next_level_recipe): a pack's
  // next level opens at once; any other is made in the worker.
  void start_next();
  // Solve or hint: a move puzzle's shortest solution from here is found in
  // the worker (a line puzzle's position is a board: solved here, quickly).
  void start_solve(bool hint);
  // The worker's progress and answer for the call `id` (stale ids are ignored).
  void work_progress(int id, uint32_t done, uint32_t total);
  void work_done(int id, bool ok, const std::string& error, const std::string& values);
  // Once a frame: plays the next step of a solve when it is due.
  void advance(double now_ms);
  // After any command: a new level puts its link in the URL and the panels follow it.
  void follow_session();
  void request_redraw() { redraw_frames = 3; }
  // The side panels and the board, laid out for the window's size.
  void draw();
  // The panels, one window in [pos, pos + size].
  void draw_panels(ImVec2 pos, ImVec2 size);
  void draw_help();
};

// The one playground, made in main() (no global constructor); null before.
Playground* the_playground();
// Input the page has been given that no frame has taken yet (platform.cpp):
// the next frame draws what it does.
bool input_waiting();

// --- the page's entry points (bound in api.cpp) -----------------------------
// The playground's state as JSON: game, seed, level (the current board as
// level text), start (the level's own text), moves, status, par, link,
// message, note, analysis.
std::string playground_state_json();
// Opens a seed or level link (the page calls it on hashchange).
void playground_open_link(std::string link);
// Opens a level text of any game (the page calls it on a paste).
void playground_open_text(std::string text);
// Runs a named command (Playground::command).
bool playground_command(std::string name);
// Reads a pack file into the Pack panel (paste, drop, picker); false when it is not one.
bool playground_import_pack(std::string text);
// A file picked in the Pack panel or dropped on the page (a JSON pack is
// read by the page first): a pack is imported, else a level of any game is
// opened; a file that is neither is refused in the Pack panel, saying why.
void playground_import_file(std::string text);
// A paste while a text box is being typed in goes into it (true); false
// when none is (the page then opens what was pasted).
bool playground_paste_text(std::string text);
// The editor's text, as if typed in its box (Edit mode).
void playground_edit_text(std::string text);
// The page's worker: progress of the call `id`, and its answer (app.js).
void playground_work_progress(int id, double done, double total);
void playground_work_done(int id, bool ok, std::string error, std::string values);
