// tooltip.h — tooltips that suit the pointer in hand: with a mouse, on
// hover; with a finger, on a long press, gone on release (a long press then
// does not click). Text wraps to the screen. Also where the page learns that
// the pointer is a finger (platform.cpp tells it from SDL's events).
#pragma once

// The tooltip of the last item.
void tooltip(const char* text);

// The pointer is a finger (its events come from touch) or a mouse.
void set_touch_pointer(bool touch);
bool touch_pointer();
