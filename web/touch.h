// touch.h — what a finger does that a mouse does not. Tooltips suit the
// pointer in hand: with a mouse, on hover; with a finger, on a long press,
// gone on release (a long press then does not click); their text wraps to
// the screen. A swipe up or down on a panel scrolls it. Also where the page
// learns that the pointer is a finger (platform.cpp tells it from SDL's events).
#pragma once

// The tooltip of the last item.
void tooltip(const char* text);
// The tooltip the last drawn frame showed, "" when none (for tests).
const char* shown_tooltip();
// Called when a frame begins.
void begin_tooltips();

// Called before a window's End(): with a finger, a drag up or down that
// starts anywhere in the window scrolls it (a button it started on is not
// pressed then; a drag sideways still moves a slider).
void swipe_to_scroll();

// The pointer is a finger (its events come from touch) or a mouse.
void set_touch_pointer(bool touch);
bool touch_pointer();
