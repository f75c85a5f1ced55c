// playground.h — the running playground: a Page (page.h: the session, the
// midend which owns the level, its origin, par, link, moves and solve; the
// worker's call) with the panels around it. The page's JavaScript reaches it
// through the entry points at the end (entry.cpp, bound in api.cpp). Each
// panel is its own struct and file and sees only the Page; platform.cpp
// holds the SDL/GL bootstrap and the frame loop.
#pragma once
#include <stdint.h>

#include <string>

#include "analysis_panel.h"
#include "command.h"
#include "board_panel.h"
#include "device_panel.h"
#include "edit_panel.h"
#include "generate_panel.h"
#include "help_panel.h"
#include "pack_panel.h"
#include "page.h"
#include "play_panel.h"
#include "remembered.h"
#include "share_panel.h"
#include "work.h"

struct Playground : Page {
  GeneratePanel generate;
  PlayPanel play;
  SharePanel share;
  AnalysisPanel analysis;
  PackPanel pack;
  BoardPanel board;
  DevicePanel device;  // the Playdate preview, in place of the board while open
  EditPanel edit;      // the level editor; in Edit mode the board paints
  // session_.loads() when the panels last followed a new level. The address
  // is always the shown level's link (a bad link's text is in the message):
  // set anew with each level, and after a link typed into it.
  uint32_t seen_loads = 0;
  bool address_typed = false;
  // The level loading next is the one the address names (a link followed,
  // Back or Forward): it takes that history entry instead of a new one.
  bool from_address = false;
  bool play_edited = false;  // the editor's level is being opened to play (kEditOff)
  // The level and moves kept from the last visit, replayed when the first
  // level loaded is that level (open_first), then forgotten; and the text
  // last kept (remember() writes only a change).
  RememberedPlay resume;
  std::string remembered;
  double next_solve_step_ms = 0;
  // Tab gives the keys to the panels (Dear ImGui's keyboard navigation: Tab
  // and Shift+Tab from widget to widget, arrows among them and within a
  // list, Space or Enter presses, the focused widget framed); Esc, or a
  // click or tap on the board, gives them back to the board.
  bool keys_on_panels = false;
  bool focus_panels = false;  // the next frame puts the focus on the panels' first widget
  void keys_to_panels();
  void keys_to_board();
  HelpPanel help;  // the help overlay: every key (F1 or ?)
  uint32_t frames_drawn = 0;   // frames drawn since the page opened (tests measure the rate)
  // What the worker is making (WorkKind::kGenerate): the recipe of the level it loads.
  tl::LevelRecipe making_recipe;
  // The level being made is the Generate panel's (its Generate, its game
  // chosen): when it comes, the panel keeps what the person set meanwhile
  // (a seed typed while it was made) instead of following it.
  bool making_from_panel = false;
  bool loaded_from_panel = false;  // the level loading now is that one (read by do_follow_session)
  // A note of the page's (playground_note) that came while a level was
  // being made: shown once it is (its coming clears the notes before).
  std::string waiting_note;

  // A command by the name the page's JavaScript gives (command.h); false
  // for an unknown name, or a command that cannot run (a brush the game
  // lacks, a state the graph lacks).
  using Page::command;
  bool command(const std::string& name);
  // A seed link's level is made in the worker; a level link opens at once.
  void open_link(const std::string& link);
  // The page's first level: the address's link (`hash`), else the level on
  // show at the last visit (a pack's level in its place), else the default;
  // the last visit's moves are played again when the level is that one.
  void open_first(const std::string& hash);
  // Keeps the level on show and its moves in the browser's storage.
  void remember();
  void cancel_work();
  // A level made in the worker from the recipe, loaded when it comes
  // (`from_panel`: the Generate panel's, which keeps its settings then).
  void start_making(const tl::LevelRecipe& recipe, bool from_panel = false);
  // What the session says comes next (Session::next_level_recipe): a pack's
  // next level opens at once; any other is made in the worker.
  void start_next();
  // Solve or hint: a move puzzle's shortest solution from here is found in
  // the worker (a line puzzle's position is a board: solved here, quickly).
  void start_solve(bool hint);
  // The worker's progress and answer for the call `id` (stale ids are ignored).
  void work_progress(int id, uint32_t done, uint32_t total);
  void work_done(int id, const std::string& result_text);
  // The pool's calls for the pack's or search's call `id`: the request of
  // its seed i ("" for one it has, or none past its last), and seed i's
  // result (true: the call is over, the pool stops).
  std::string seed_request(int id, int i) const;
  bool seed_made(int id, int i, const std::string& result_text);
  // The session's first waiting job to the worker (after every command and answer).
  void send_session_job();
  void session_job_done(uint32_t id, tl::JobResult result);
  void job_taken(tl::SessionJob purpose, tl::GenerationStatus status, const tl::Error& e);
  // Once a frame: plays the next step of a solve when it is due.
  void advance(double now_ms);
  // The side panels and the board, laid out for the window's size.
  void draw();

  Playground();

  // What the panels ask of the page (its PageActions).
  bool do_command(Command command, const char* arg);
  void do_input(const tl::Input& in);
  void do_open_text(const std::string& text);  // in Edit mode it goes into the editor
  // A pack (its header lines) or a text of several levels of one game with
  // no headers (a Numberlink stream): taken as the pack, its first level on
  // the board (PackPanel::take); false, nothing done, for anything else.
  bool open_pack_text(const std::string& text);
  void do_new_level(const tl::GameInfo& game, const tl::ParamValues& params, const char* seed);
  // After any command: a new level puts its link in the URL and the panels follow it.
  void do_follow_session();

 private:
  // The panels, one window in [pos, pos + size].
  // `toolbar`: the toolbar is on screen above them (a phone's layout).
  void draw_panels(ImVec2 pos, ImVec2 size, bool toolbar);
  void draw_opening();
};

// The one playground, made in main() (no global constructor); null before.
Playground* the_playground();
// Input the page has been given that no frame has taken yet (platform.cpp):
// the next frame draws what it does.
bool input_waiting();
// A text box takes text (ImGui asked for it in the last frame drawn): the
// page's text field has the focus, for a phone's keyboard and input methods
// (platform.cpp, app.js).
bool text_box_typing();

// --- the page's entry points (bound in api.cpp) -----------------------------
// The playground's state as JSON: game, seed, level (the current board as
// level text), start (the level's own text), moves, status, par, link,
// message, note, analysis.
std::string playground_state_json();
// A note from the page around the playground (a new build installed),
// shown where the page's notes are until the next command.
void playground_note(std::string text);
// Opens a seed or level link (the page calls it on hashchange).
void playground_open_link(std::string link);
// Opens a level text of any game, or a pack or a file of levels (the
// Pack panel takes it; its first level is opened).
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
// when none is (the page then opens what was pasted). What a phone's
// keyboard or an input method writes comes this way too (app.js).
bool playground_paste_text(std::string text);
// The editor's text, as if typed in its box (Edit mode).
void playground_edit_text(std::string text);
// The page's worker: progress of the call `id`, and its answer: a job's
// result as text (app.js).
void playground_work_progress(int id, double done, double total);
void playground_work_done(int id, std::string result);
// The pool's (app.js): the request of seed i of the call `id` ("" to skip
// it), and seed i's result (true: the call is over).
std::string playground_seed_request(int id, int i);
bool playground_seed_made(int id, int i, std::string result);
