#include "tooltip.h"

#include "imgui.h"
#include "imgui_internal.h"

namespace {

bool touch = false;          // the last pointer event came from a finger
ImGuiID long_pressed = 0;    // the item whose tooltip a long press shows
constexpr float kLongPress = 0.35f;  // seconds a finger rests on an item to see its tooltip

void show(const char* text) {
  const float width = ImGui::GetIO().DisplaySize.x;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(width < 420 ? width - 40 : 380);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace

void set_touch_pointer(bool on) { touch = on; }
bool touch_pointer() { return touch; }

void tooltip(const char* text) {
  if (!touch) {
    if (ImGui::IsItemHovered()) show(text);
    return;
  }
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiID id = ImGui::GetItemID();
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
