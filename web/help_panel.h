// help_panel.h — the help overlay: every key of the page at a desk, or what
// each touch does and the buttons to tap with a finger. F1 or ? opens it
// (platform.cpp), and they, Esc, its X, a click or a tap outside it or a
// swipe sideways close it; it is modal: nothing plays under it.
#pragma once
#include <string>

struct HelpPanel {
  bool open = false;           // asked to show (F1, ?, the Help button)
  bool shown = false;          // its modal window is open (closed the frame after `open` goes)
  bool press_outside = false;  // the press under way began outside it
  std::string text;            // what it showed last, a row a line ("key: what it does"), for tests

  void draw();
};
