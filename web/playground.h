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
#include "core/session.h"
#include "generate_panel.h"
#include "pack_panel.h"
#include "play_panel.h"
#include "share_panel.h"

struct Playground {
  tl::Session session;
  GeneratePanel generate;
  PlayPanel play;
  SharePanel share;
  AnalysisPanel analysis;
  PackPanel pack;
  BoardPanel board;
  DevicePanel device;  // the Playdate preview, in place of the board while open
  std::string host_note;       // what the page itself did ("Link copied."), until the next command
  uint32_t seen_loads = 0;     // session.loads() when the panels last followed a new level
  double next_solve_step_ms = 0;
  int redraw_frames = 3;       // frames still to draw; 0 = idle, nothing drawn
  bool help_open = false;      // the help overlay: every key (F1 or ?)

  // Runs a named command as a button would: undo, redo, restart, hint, solve,
  // generate, next, copy-link, dismiss, analyze, infinite-on, infinite-off,
  // device-on, device-off (the Playdate preview), pack-make, pack-export,
  // pack-open-N (the pack's level N, from 1), help (the key overlay on or off).
  // False for an unknown name.
  bool command(const std::string& name);
  void open_link(const std::string& link);
  void open_text(const std::string& text);
  void input(const tl::Input& in);
  void new_level(const tl::GameInfo& game, const tl::ParamValues& params, const char* seed);
  // Once a frame: plays the next step of a solve when it is due.
  void advance(double now_ms);
  // After any command: a new level puts its link in the URL and the panels follow it.
  void follow_session();
  void request_redraw() { redraw_frames = 3; }
  // The side panels and the board, laid out for the window's size.
  void draw();
  void draw_help();
};

// The one playground, made in main() (no global constructor); null before.
Playground* the_playground();

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
