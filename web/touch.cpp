#include "touch.h"

#include <math.h>
#include <stdio.h>

#include <string>

#include "imgui.h"
#include "imgui_internal.h"
#include "widgets.h"

namespace {

bool touch = false;          // the last pointer event came from a finger
ImGuiID long_pressed = 0;    // the item whose tooltip a long press shows
constexpr float kLongPress = 0.5f;   // seconds a finger rests on an item to see its tooltip (as a phone's own long press)
constexpr float kSwipe = 12.0f;      // pixels a finger drags before it scrolls, or moves a slider
constexpr float kRest = 4.0f;        // pixels a finger resting on a button may stray (a press that slides further is a tap)
ImGuiID swiped = 0;          // the window a finger went down in, 0 when none
bool scrolling = false;      // that finger's drag scrolls the window
bool sideways = false;       // that finger's drag went sideways first: it never scrolls
ImVec2 swipe_start;
ImGuiID held_slider = 0;     // a slider a finger is on, its drag not yet sideways
int held_value = 0;          // the value that slider takes if the finger lifts without a scroll
ImGuiID held_header = 0;     // a header a finger toggled at its arrow, undone until it lifts
ImGuiID anchor_window = 0, anchor_item = 0;  // the item last clicked, kept in place
float anchor_top = 0;                        // where it was in its window (its top less the window's, CSS px)
double anchor_until = 0;                     // until when (ImGui's clock, s)
float anchor_asked = -1;                     // the scroll last asked for it (-1: none)
constexpr double kAnchorSeconds = 1.0;

// The finger has rested on what it pressed long enough to ask what it is: a
// long press (one that slid a little on its way is a tap, however slow).
bool resting() {
  const ImGuiIO& io = ImGui::GetIO();
  return io.MouseDown[0] && io.MouseDownDuration[0] >= kLongPress && io.MouseDragMaxDistanceSqr[0] <= kRest * kRest;
}

std::string drawing, drawn;  // the tooltip of the frame being drawn, and of the last one
ImVec4 drawing_box, drawn_box;  // their boxes: x, y, width, height
constexpr float kAboveFinger = 56;  // CSS px between a finger and the tooltip it holds

void show(const char* text) {
  drawing = text;
  const ImGuiIO& io = ImGui::GetIO();
  const float width = io.DisplaySize.x;
  if (touch) {
    // Above the finger, where the hand does not cover it (below it near the
    // screen's top), and never past a side: as far along its width as the
    // finger is along the screen's.
    const ImVec2 at = io.MousePos;
    const float tall = drawn_box.w > 0 ? drawn_box.w : kAboveFinger;  // as tall as it was last drawn
    const bool above = at.y - kAboveFinger - tall >= 0;
    ImGui::SetNextWindowPos(ImVec2(at.x, above ? at.y - kAboveFinger : at.y + kAboveFinger), ImGuiCond_Always,
                            ImVec2(width > 0 ? at.x / width : 0.5f, above ? 1.0f : 0.0f));
  }
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(width < 420 ? width - 40 : 380);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  drawing_box = ImVec4(ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowSize().x, ImGui::GetWindowSize().y);
  ImGui::EndTooltip();
}

}  // namespace

void show_tooltip(const char* text) { show(text); }
bool finger_resting() { return touch && resting(); }

void begin_tooltips() {
  drawn.swap(drawing);
  drawing.clear();
  drawn_box = drawing_box;
  drawing_box = ImVec4(0, 0, 0, 0);
}
const char* shown_tooltip() { return drawn.c_str(); }
void shown_tooltip_box(float box[4]) {
  box[0] = drawn_box.x, box[1] = drawn_box.y, box[2] = drawn_box.z, box[3] = drawn_box.w;
}

FingerSized::FingerSized() : pushed_(touch) {
  if (!pushed_) return;
  const ImVec2 padding = ImGui::GetStyle().FramePadding;
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(padding.x, (kFingerHeight - ImGui::GetFontSize()) * 0.5f));
}
FingerSized::~FingerSized() {
  if (pushed_) ImGui::PopStyleVar();
}

bool small_button(const char* label) { return touch ? ImGui::Button(label) : ImGui::SmallButton(label); }

bool begin_choices(const char* label, const char* preview) {
  return ImGui::BeginCombo(label, preview, touch ? ImGuiComboFlags_HeightLargest : 0);
}
bool choice(const char* label, bool selected) {
  const float height = touch ? kFingerHeight - ImGui::GetStyle().ItemSpacing.y : 0.0f;
  ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(0.0f, 0.5f));  // its words in the middle of its row
  const bool chosen = ImGui::Selectable(label, selected, 0, ImVec2(0, height));
  ImGui::PopStyleVar();
  if (selected) ImGui::SetItemDefaultFocus();
  return chosen;
}
void end_choices() { ImGui::EndCombo(); }
bool combo(const char* label, int* current, const char* const items[], int count) {
  bool changed = false;
  if (begin_choices(label, *current >= 0 && *current < count ? items[*current] : "")) {
    for (int i = 0; i < count; ++i) {
      ImGui::PushID(i);
      if (choice(items[i], i == *current) && i != *current) {
        *current = i;
        changed = true;
      }
      ImGui::PopID();
    }
    end_choices();
  }
  return changed;
}

void set_touch_pointer(bool on) {
  touch = on;
  // A button that repeats while held (a number box's - and +) waits past a
  // long press with a finger: a finger resting on it asks what it is, and
  // the long press presses nothing (ImGui's own wait, 0.275 s, counted
  // several steps first). A mouse keeps ImGui's.
  if (!ImGui::GetCurrentContext()) return;
  static float mouse_delay = -1;
  if (mouse_delay < 0) mouse_delay = ImGui::GetIO().KeyRepeatDelay;
  ImGui::GetIO().KeyRepeatDelay = on ? kLongPress + 0.25f : mouse_delay;
}
bool touch_pointer() { return touch; }

void tooltip(const char* text) {
  if (!touch) {
    if (ImGui::IsItemHovered()) show(text);
    return;
  }
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiID id = ImGui::GetItemID();
  if (id == 0) return;  // a text has no ID: nothing to hold a finger on
  if (!io.MouseDown[0]) {
    if (long_pressed == id) long_pressed = 0;
    return;
  }
  // A finger that rests (a drag, sideways or up and down, is no long press:
  // a slider dragged slowly keeps following it).
  if (ImGui::IsItemActive() && resting()) {
    long_pressed = id;
    ImGui::ClearActiveID();  // the release that ends a long press is not a click
    if (held_slider == id) held_slider = 0;  // nor a slider's tap
  }
  if (long_pressed == id && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem)) show(text);
}

void swipe_to_scroll() {
  const ImGuiIO& io = ImGui::GetIO();
  // A finger that lifted ends what the wrappers below held for it (also
  // when the widget was not drawn then, or a mouse moved in between).
  if (!io.MouseDown[0]) held_slider = held_header = 0;
  if (!touch) return;
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  // A finger resting on a button or a header of this window asks what it is
  // (its tooltip, where it has one), it does not press it: the lift clicks
  // nothing, folds nothing (a text box being typed in keeps the finger). One
  // that slid a little on its way is tapping, however slowly.
  const ImGuiContext& g = *GImGui;
  if (g.ActiveId != 0 && g.ActiveIdWindow && g.ActiveIdWindow->RootWindow == window->RootWindow && !io.WantTextInput &&
      resting()) {
    ImGui::ClearActiveID();
    held_slider = held_header = 0;  // a header toggled at its arrow was undone as the finger went down
  }
  if (ImGui::IsMouseClicked(0) &&
      ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows | ImGuiHoveredFlags_AllowWhenBlockedByActiveItem)) {
    swiped = window->ID;
    scrolling = sideways = false;
    swipe_start = io.MousePos;
  }
  if (swiped != window->ID) return;
  if (!io.MouseDown[0]) {
    swiped = 0;
    return;
  }
  const float dx = io.MousePos.x - swipe_start.x, dy = io.MousePos.y - swipe_start.y;
  if (!scrolling && !sideways && fabsf(dy) > kSwipe && fabsf(dy) > fabsf(dx)) {
    scrolling = true;
    ImGui::ClearActiveID();  // the button or slider it began on lets go
  } else if (!scrolling && !sideways && fabsf(dx) > kSwipe) {
    sideways = true;
  }
  if (scrolling) ImGui::SetScrollY(window, window->Scroll.y - io.MouseDelta.y);
}

bool keep_clicked_in_place() {
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiContext& g = *GImGui;
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (io.MouseDown[0] || io.MouseWheel != 0 || io.MouseWheelH != 0) anchor_item = 0;
  // Where the item is in the window, not on the screen: a window that moves
  // (a phone's panels below a board of another height) moves what it holds.
  if (ImGui::IsMouseReleased(0) && g.ActiveIdPreviousFrame != 0 && g.ActiveIdPreviousFrameWindow &&
      g.ActiveIdPreviousFrameWindow->RootWindow == window->RootWindow &&
      widgets::top_of(g.ActiveIdPreviousFrame, &anchor_top)) {
    anchor_window = window->ID;
    anchor_item = g.ActiveIdPreviousFrame;
    anchor_top -= window->Pos.y;
    anchor_until = g.Time + kAnchorSeconds;
    anchor_asked = -1;
    return false;
  }
  float top;
  if (anchor_item == 0 || anchor_window != window->ID || g.Time > anchor_until || !widgets::top_of(anchor_item, &top))
    return false;
  // The scroll asked for last frame could not be had (the window's end): done.
  if (anchor_asked >= 0 && fabsf(window->Scroll.y - anchor_asked) >= 0.5f) {
    anchor_item = 0;
    return false;
  }
  const float moved = top - window->Pos.y - anchor_top;
  if (fabsf(moved) < 0.5f) return false;
  anchor_asked = window->Scroll.y + moved;
  ImGui::SetScrollY(window, anchor_asked);
  return true;
}

void let_go_of_clicked() { anchor_item = 0; }

bool slider_int(const char* label, int* v, int min, int max, const char* least_word) {
  const int before = *v;
  // The value as shown: a number, or the word its least value stands for.
  const bool word = least_word && *v == min;
  const bool changed = ImGui::SliderInt(label, v, min, max, word ? least_word : "%d", ImGuiSliderFlags_AlwaysClamp);
  char shown[32];
  if (word) snprintf(shown, sizeof shown, "%s", least_word);
  else snprintf(shown, sizeof shown, "%d", *v);
  widgets::shows(shown);
  if (!touch) return changed;
  const ImGuiID id = ImGui::GetItemID();
  // Held by a finger on its bar (not typed in, as Ctrl+click or Tab makes it).
  if (ImGui::IsItemActive() && GImGui->ActiveIdSource == ImGuiInputSource_Mouse && !ImGui::TempInputIsActive(id)) {
    // The finger's first frame (whatever the last drag was), or a drag not
    // yet sideways: a tap or a swipe still, the value waits.
    if (ImGui::IsItemActivated() || !sideways) {
      held_slider = id;
      held_value = *v;
      *v = before;
      return false;
    }
    held_slider = 0;  // sideways: the slider follows the finger
    return changed;
  }
  if (held_slider == id && !ImGui::GetIO().MouseDown[0]) {
    held_slider = 0;  // the finger lifted: a tap takes where it lifted, a swipe nothing
    if (!scrolling && held_value != *v) {
      *v = held_value;
      return true;
    }
  }
  return changed;
}

bool collapsing_header(const char* label, int flags) {
  bool open = ImGui::CollapsingHeader(label, flags);
  if (!touch) return open;
  const ImGuiID id = ImGui::GetItemID();
  ImGuiStorage* storage = ImGui::GetStateStorage();
  if (ImGui::IsItemToggledOpen() && ImGui::GetIO().MouseDown[0]) {
    open = !open;  // toggled at the arrow as the finger went down: undone until it lifts
    storage->SetInt(id, open ? 1 : 0);
    held_header = id;
  } else if (held_header == id && !ImGui::GetIO().MouseDown[0]) {
    held_header = 0;
    // A tap (not a swipe either way); unless ImGui toggled it at the lift
    // itself (the finger slid from the arrow onto the label).
    if (!scrolling && !sideways && !ImGui::IsItemToggledOpen()) {
      open = !open;
      storage->SetInt(id, open ? 1 : 0);
    }
  }
  return open;
}
