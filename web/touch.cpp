#include "touch.h"

#include <math.h>

#include <string>

#include "imgui.h"
#include "imgui_internal.h"

namespace {

bool touch = false;          // the last pointer event came from a finger
ImGuiID long_pressed = 0;    // the item whose tooltip a long press shows
constexpr float kLongPress = 0.35f;  // seconds a finger rests on an item to see its tooltip
constexpr float kSwipe = 12.0f;      // pixels up or down before a drag scrolls
ImGuiID swiped = 0;          // the window a finger went down in, 0 when none
bool scrolling = false;      // that finger's drag scrolls the window
ImVec2 swipe_start;

std::string drawing, drawn;  // the tooltip of the frame being drawn, and of the last one

void show(const char* text) {
  drawing = text;
  const float width = ImGui::GetIO().DisplaySize.x;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(width < 420 ? width - 40 : 380);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace

void begin_tooltips() {
  drawn.swap(drawing);
  drawing.clear();
}
const char* shown_tooltip() { return drawn.c_str(); }

void set_touch_pointer(bool on) { touch = on; }
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
  if (ImGui::IsItemActive() && io.MouseDownDuration[0] >= kLongPress) {
    long_pressed = id;
    ImGui::ClearActiveID();  // the release that ends a long press is not a click
  }
  if (long_pressed == id && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem)) show(text);
}

void swipe_to_scroll() {
  if (!touch) return;
  const ImGuiIO& io = ImGui::GetIO();
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (ImGui::IsMouseClicked(0) &&
      ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows | ImGuiHoveredFlags_AllowWhenBlockedByActiveItem)) {
    swiped = window->ID;
    scrolling = false;
    swipe_start = io.MousePos;
  }
  if (swiped != window->ID) return;
  if (!io.MouseDown[0]) {
    swiped = 0;
    return;
  }
  const float dx = io.MousePos.x - swipe_start.x, dy = io.MousePos.y - swipe_start.y;
  if (!scrolling && fabsf(dy) > kSwipe && fabsf(dy) > fabsf(dx)) {
    scrolling = true;
    ImGui::ClearActiveID();  // the button or slider it began on lets go
  }
  if (scrolling) ImGui::SetScrollY(window, window->Scroll.y - io.MouseDelta.y);
}
