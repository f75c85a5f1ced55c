// page.h — what a panel may ask of the page around it: the session it shows
// and plays, the worker's call, the page's commands and its services (a
// redraw, a note under the board). Panels take a Page, never the Playground
// that owns them (playground.h), so no panel reaches another's insides and
// the includes run one way: platform -> playground -> panels -> page.
//
// The calls that need the page's panels go through its PageActions.
#pragma once
#include <string>

#include "command.h"
#include "core/midend/session.h"
#include "work.h"

class Page;

// What the page does for its panels: a table of functions, as a GameInfo is
// a game's (the Playground fills it: playground.cpp).
struct PageActions {
  bool (*run_command)(Page& page, Command command, const char* arg);
  void (*send_jobs)(Page& page);
  void (*take_input)(Page& page, const tl::Input& in);
  void (*open_level_text)(Page& page, const std::string& text);
  void (*make_level)(Page& page, const tl::GameInfo& game, const tl::ParamValues& params, const char* seed);
  void (*follow_level)(Page& page);
  void (*analyse_edited)(Page& page, const tl::GameInfo& game, const std::string& level_text);
  bool (*in_edit_mode)(const Page& page);
  bool (*shows_device)(const Page& page);
  bool (*undoable)(const Page& page);
  bool (*pack_progress)(const Page& page, int* solved, int* count);
};

class Page {
 public:
  tl::Session& session() { return session_; }
  const tl::Session& session() const { return session_; }
  // Frames still to draw since the last change (0: idle, nothing drawn);
  // take_frame() counts one drawn.
  int frames_pending() const { return redraw_frames_; }
  bool take_frame() { return redraw_frames_ > 0 ? (--redraw_frames_, true) : false; }
  // The call running in the page's worker, if any.
  const Work& work() const { return work_; }

  // Runs a command as a key or a button does (command.h).
  bool command(Command command, const char* arg = "") { return actions_.run_command(*this, command, arg); }
  // The session's jobs started by a panel go to the page's workers (the
  // call of a job no longer first ends).
  void send_jobs() { actions_.send_jobs(*this); }
  // Host input to the session (a key, a tap on the board).
  void input(const tl::Input& in) { actions_.take_input(*this, in); }
  // A level text of any game opened (in Edit mode: into the editor).
  void open_text(const std::string& text) { actions_.open_level_text(*this, text); }
  // A level of the game made in the worker.
  void new_level(const tl::GameInfo& game, const tl::ParamValues& params, const char* seed) {
    actions_.make_level(*this, game, params, seed);
  }
  // After the session loaded a level: the address and the panels follow it.
  void follow_session() { actions_.follow_level(*this); }
  // The level being edited analysed (the Edit panel, after each edit).
  void analyse_level(const tl::GameInfo& game, const std::string& level_text) { actions_.analyse_edited(*this, game, level_text); }
  // Edit mode (the board paints instead of playing), and the Playdate preview in the board's place.
  bool editing() const { return actions_.in_edit_mode(*this); }
  bool device_open() const { return actions_.shows_device(*this); }
  // Whether Undo has something to take back: an edit in Edit mode, else a move.
  bool can_undo() const { return actions_.undoable(*this); }
  // The pack being played: its levels solved and its count (false when none).
  bool pack_progress(int* solved, int* count) const { return actions_.pack_progress(*this, solved, count); }

  // What the page itself did ("Link copied."), shown until the next command.
  const std::string& note() const { return note_; }
  void set_note(const std::string& text) { note_ = text; }
  // A note about what the board shows (the analysis played the first dead
  // end): the page's note, drawn above the board too while it is (the Play
  // panel may be scrolled out of sight).
  void set_board_note(const std::string& text) { note_ = board_note_ = text; }
  const char* board_note() const { return !note_.empty() && note_ == board_note_ ? note_.c_str() : nullptr; }
  // The next few frames are drawn (a change to show).
  void request_redraw() { redraw_frames_ = 3; }
  // One frame more (a progress bar's new value): no layout changes to settle.
  void request_frame() {
    if (redraw_frames_ < 1) redraw_frames_ = 1;
  }
  // A frame in `ms` from `now_ms` (a clock shown while the worker works: a few
  // frames a second, not every frame); the frame loop asks tick_due().
  void tick_in(double now_ms, double ms) {
    if (tick_at_ms_ <= 0 || tick_at_ms_ > now_ms + ms) tick_at_ms_ = now_ms + ms;
  }
  bool tick_due(double now_ms) {
    if (tick_at_ms_ <= 0 || now_ms < tick_at_ms_) return false;
    tick_at_ms_ = 0;
    return true;
  }

 protected:
  explicit Page(const PageActions& actions) : actions_(actions) {}
  Page(const Page&) = delete;
  Page& operator=(const Page&) = delete;

  const PageActions& actions_;
  tl::Session session_;
  Work work_;
  std::string note_;
  std::string board_note_;
  int redraw_frames_ = 3;  // frames still to draw; 0 = idle, nothing drawn
  double tick_at_ms_ = 0;  // when tick_in() asked a frame (0: not asked)
};
