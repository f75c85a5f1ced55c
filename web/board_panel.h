// board_panel.h — the board: the game's view drawn by board.cpp, the win and
// loss banners, the message over the level, and the pointer on the board
// forwarded to the session in board units (a tap, a swipe or a drag is the
// game's to interpret); in Edit mode, the edited level, painted by the pointer.
#pragma once
#include <string>
#include <vector>

#include "board.h"
#include "edit_panel.h"
#include "imgui.h"

class Page;

// The pointer's steps of the frame being drawn, in the order they came
// (platform.cpp): ImGui reads the pointer once a frame, so a press and a
// move within one frame (a quick drag) would otherwise start the drag where
// the pointer ended up, not where it was pressed.
struct PointerStep {
  enum Kind : uint8_t { kPress, kMove, kRelease } kind;
  ImVec2 at;
};
const std::vector<PointerStep>& frame_pointer_steps();

struct BoardPanel {
  tl::BoardView view;    // what was drawn last
  BoardLayout layout;    // and where
  bool pointer_down = false;  // Edit mode: a stroke is being painted
  // A gesture on the board: a finger's press held back (kHeld) until it
  // moves or lifts, then given to the game (kGoing).
  enum Gesture : uint8_t { kNone, kHeld, kGoing } gesture = kNone;
  bool long_pressed = false;  // the held finger rested: it asks the cell's name, and plays nothing
  ImVec2 pressed_at{0, 0};
  ImVec2 last_pointer{0, 0};  // where the gesture's last step was given
  int painted_x = -1, painted_y = -1;  // Edit mode: the cell the stroke painted last

  void draw(Page& page, EditPanel& edit, ImVec2 pos, ImVec2 size);

 private:
  void forward_pointer(Page& page);
  void name_cell(Page& page);
  // Edit mode: the edited level (or blank cells the text's size), the cells
  // whose text differs from it marked with what the text says; a press and
  // drag paints the brush.
  void draw_editor(const EditPanel& edit, ImVec2 min, ImVec2 max);
  void paint_pointer(Page& page, EditPanel& edit);
  // The session's message (a level that could not be made, a link that did
  // not open) with its Dismiss button, in a band above the board.
  void message(Page& page);
  void unwinnable_notice();
  void notice(const char* text, ImU32 colour);

 public:
  // The notice the last frame showed above the board ("" for none), for tests.
  std::string shown_notice;
  // The banner over the board the last frame showed: its title and line ("" for none).
  std::string shown_banner;
  ImVec2 banner_min{0, 0}, banner_max{0, 0};  // where it was (CSS pixels)
  // In Edit mode, the lines above the board (what the brush paints, how to
  // play the edit, the reader's message), wrapped at the board's width: where they were.
  ImVec2 caption_min{0, 0}, caption_max{0, 0};
};
