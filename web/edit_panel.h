// edit_panel.h — the Edit panel and Edit mode: the level editor (core/editor)
// on the page. The palette is the game's own; a press and drag on the board
// paints a stroke (one undo step); the level's text sits in a box beside the
// board and follows each edit, and what is typed there moves the board; bad
// text shows the reader's message under the box and the board keeps the last
// level that read, with the cells that differ marked. Each change of the
// level is analysed in the page's worker (live analysis). The edited level
// and whether Edit mode was on are kept in localStorage.
#pragma once
#include <stdint.h>

#include <string>
#include <vector>

#include "core/midend/editor.h"

class Page;

struct EditPanel {
  tl::Editor editor;
  bool active = false;     // Edit mode: the board paints instead of playing
  int brush = 1;           // the palette's brush a press paints
  int size[2] = {0, 0};    // the resize fields
  bool size_typed = false; // the fields hold a size typed, not the board's
  bool reveal = false;     // scroll the side panel to the Edit panel once (a phone shows a few lines)
  std::vector<char> box;   // the text box's buffer
  tl::Text box_shows;      // the editor's text the box was last filled from
  std::string seen_text;      // what the analysis follows (EditPanel::follow) when last looked at
  std::string analysed_text;  // ... when last sent to be analysed
  double changed_ms = 0;      // when it last changed

  // Edit mode on the level being played (its history kept if it is the level
  // already in the editor), or off, playing the edited level.
  void begin(Page& page);
  void play(Page& page);
  // Edit mode off without playing the edit (another level came to be played).
  void leave();
  // Paints the brush on a cell of the board (a press, then its drag).
  bool paint(int x, int y, bool continue_stroke);
  bool choose_brush(const char* token);
  void set_text(const std::string& text);
  void undo();
  void redo();
  // Once a frame: a level changed a moment ago is sent to be analysed.
  void follow(Page& page, double now_ms);
  void draw(Page& page);
  // The editor and Edit mode of the last visit, if any.
  void restore();

 private:
  void keep();  // the edited text and Edit mode into localStorage
  void draw_hand();  // the hand's cards as buttons (a game with a hand)
};
