// board_panel.h — the board: the game's view drawn by board.cpp, the win and
// loss banners, the message over the level, and the pointer on the board
// forwarded to the session in board units (a tap, a swipe or a drag is the
// game's to interpret); in Edit mode, the edited level, painted by the pointer.
#pragma once
#include <string>

#include "board.h"
#include "edit_panel.h"
#include "imgui.h"

class Page;

struct BoardPanel {
  tl::BoardView view;    // what was drawn last
  BoardLayout layout;    // and where
  bool pointer_down = false;
  int painted_x = -1, painted_y = -1;  // Edit mode: the cell the stroke painted last

  void draw(Page& page, EditPanel& edit, ImVec2 pos, ImVec2 size);

 private:
  void forward_pointer(Page& page);
  // Edit mode: the edited level (or blank cells the text's size), the cells
  // whose text differs from it marked with what the text says; a press and
  // drag paints the brush.
  void draw_editor(const EditPanel& edit, ImVec2 min, ImVec2 max);
  void paint_pointer(Page& page, EditPanel& edit);
  // The session's message (a level that could not be made, a link that did
  // not open) with its Dismiss button, in a band above the board.
  void message(Page& page);
  void unwinnable_notice();

 public:
  // The notice the last frame showed above the board ("" for none), for tests.
  const char* shown_notice = "";
  // The banner over the board the last frame showed: its title and line ("" for none).
  std::string shown_banner;
  ImVec2 banner_min{0, 0}, banner_max{0, 0};  // where it was (CSS pixels)
  // In Edit mode, the lines above the board (what the brush paints, how to
  // play the edit, the reader's message), wrapped at the board's width: where they were.
  ImVec2 caption_min{0, 0}, caption_max{0, 0};
};
