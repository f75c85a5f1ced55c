// device_panel.h — the Playdate preview: the device app (shell/playdate/app.h)
// compiled into the page, its 1-bit frame drawn scaled in place of the board.
// While it is open, keys are its buttons (arrows the D-pad, X or Enter A, Z or
// Backspace B) and the mouse wheel is its crank; on-screen buttons do the same
// by touch. It keeps no saves (the page has its own links).
#pragma once
#include <stdint.h>

#include <memory>
#include <vector>

#include "imgui.h"
#include "shell/playdate/app.h"

struct SDL_KeyboardEvent;
class Page;

struct DevicePanel {
  bool open = false;
  std::unique_ptr<device::App> app;
  uint32_t held = 0, pushed = 0, released = 0;  // the buttons since the last device frame
  float crank = 0;                              // degrees turned since the last device frame
  unsigned int texture = 0;
  std::vector<uint8_t> pixels;  // the frame as one byte a pixel, for the texture

  void set_open(bool on, uint64_t entropy);
  // A key down or up while open; false when it is not one of the device's.
  bool key(const SDL_KeyboardEvent& k, bool down);
  void wheel(float notches) { crank += notches * 15.0f; }
  // One device frame (30 a second while open) and the preview drawn.
  void draw(Page& page, ImVec2 pos, ImVec2 size, double now_ms);
  // The height its window needs at this width to show the screen at the
  // window's width, with what it says and its buttons (a phone's layout).
  float height_for(float width) const;

 private:
  void press(uint32_t button, bool down);
  void upload();
  const char* help() const;                    // what it says above the screen
  float buttons_height(float width) const;     // the rows of its buttons at this content width
  double next_frame_ms_ = 0;
};
