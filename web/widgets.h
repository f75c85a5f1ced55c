// widgets.h — every item Dear ImGui adds in a frame, as a person sees it:
// its visible label, its ID, its kind and its rectangle in CSS pixels. The
// playground is built with IMGUI_ENABLE_TEST_ENGINE, so ImGui calls the item
// hooks widgets.cpp defines (ImGuiTestEngineHook_ItemAdd, _ItemInfo) for each
// item; the page publishes the last drawn frame's list as tilelab.widgets(),
// and the browser suite clicks, taps and types on widgets found by label. Two
// items of one frame with one ID are a bug (ImGui takes a click on one for
// both): the list names them.
#pragma once
#include <string>

namespace widgets {

// Starts recording the items of a frame (before ImGui::NewFrame).
void begin_frame();
// Ends the frame: its items become the list widgets_json() gives.
void end_frame();

// Names the kind of the last item added, where ImGui's hooks cannot tell
// ("slider", "input", "combo", "selectable", "tab", "button"), and its label
// when ImGui gives it none (a combo).
void tag(const char* kind, const char* label = nullptr);
// A number box with its + and - (ImGui::InputInt, InputInt2) names its text
// boxes nothing: mark() before it, name_inputs(mark, "Levels") after it names
// them "Levels" (or "Size 1", "Size 2" when there are two).
size_t mark();
void name_inputs(size_t since, const char* label);
// The text the last item shows inside it (a slider's value), its "shows".
void shows(const char* text);

// The last drawn frame's items: [{label, id, kind, x, y, w, h, visible,
// whole, disabled, clip_top, clip_bottom, window, open, focused}]: focused when the
// keyboard's focus is on it and drawn round it; visible when some of the
// item is inside its window's visible area, whole when all of its height is (a
// click at its middle reaches it), disabled when it is greyed out; clip_top
// and clip_bottom bound that area (an item above it is scrolled to by going
// up); window names the window it is in ("tilelab": the panels); open says
// whether a header is unfolded; shows, what a slider shows ("" for others).
std::string widgets_json();
// Items of the last drawn frame that share an ID: [{id, labels:[...]}], [] when none.
std::string duplicate_ids_json();

// Text wrapped at the window's edge, recorded as an item of kind "text"
// labelled with the text (ImGui records none for a text), str_id its ID.
void text(const char* str_id, const char* text);
// A line of quieter text (the disabled colour), wrapped at the panel's edge.
void dim_text(const char* text);
// A row of buttons that wraps: the next item, `w` wide, goes on the same
// line as the last while it fits in the window; else on a line of its own.
void same_line_if_fits(float w);
// The width of a button with this label (up to any "##"), as ImGui sizes it.
float button_width(const char* label);

// Where the item with this ID is in the frame being drawn (its top, CSS
// px), false when it has not been drawn (yet) in it.
bool top_of(unsigned id, float* y);

// The last drawn frame's windows with an item past their right edge (text
// or a widget cut there): [{window, over}], [] when none.
std::string cut_json();

}  // namespace widgets
