// widgets.cpp — the item hooks of Dear ImGui's test engine (imgui_internal.h,
// IMGUI_ENABLE_TEST_ENGINE), recording each frame's items for widgets.h.
#include "widgets.h"

#include <stdio.h>
#include <string.h>

#include <vector>

#include "imgui.h"
#include "imgui_internal.h"
#include "core/report/json.h"

namespace widgets {
namespace {

struct Item {
  ImGuiID id;
  std::string label;
  const char* kind;
  ImRect rect;
  bool visible;   // some of it inside its window's visible area
  bool whole;     // all of its height inside it: a click at its middle reaches it
  bool disabled;  // drawn greyed out: it takes no click
  float clip_top, clip_bottom;  // its window's visible part, top to bottom (a cut item: which way to scroll)
  ImGuiID window;               // the window it is in (the one a child window is part of); named in the JSON
  bool open = false;            // a header: unfolded
  bool focused = false;         // the keyboard's focus is on it, drawn round it (end_frame)
  bool active = false;          // being used: a text box typed in, a slider held (end_frame)
  std::string shows;            // the text it shows inside it (a slider's value: shows())
};

// A window whose items reach past its right edge, with no scrollbar to
// reach them: text or a widget cut at a panel's edge.
struct Cut {
  std::string window;
  float over;  // how far past the edge (CSS pixels)
};

struct Frames {
  std::vector<Item> drawing;  // the frame being drawn
  std::vector<Item> drawn;    // the last frame drawn
  std::vector<Cut> cut;       // the last frame's windows with something cut at their right edge
};

Frames& frames() {
  static Frames* f = new Frames;  // made on first use: no global constructor
  return *f;
}

Item* find(ImGuiID id) {
  std::vector<Item>& items = frames().drawing;
  for (size_t i = items.size(); i-- > 0;)
    if (items[i].id == id) return &items[i];
  return nullptr;
}

// An item at bb in this window: how much of it its window shows.
Item item_in(ImGuiWindow* window, ImGuiID id, const char* kind, const ImRect& bb, bool disabled) {
  const ImRect& clip = window->ClipRect;
  const bool whole = bb.Min.y >= clip.Min.y && bb.Max.y <= clip.Max.y && bb.Max.x > clip.Min.x && bb.Min.x < clip.Max.x;
  return Item{id, std::string(), kind, bb, clip.Overlaps(bb), whole, disabled, clip.Min.y, clip.Max.y,
              window->RootWindow->ID, false, false, false, std::string()};
}

// What a person reads: the label up to "##" (what follows only makes the ID).
std::string visible_part(const char* label) {
  const char* end = strstr(label, "##");
  return end ? std::string(label, end) : std::string(label);
}

}  // namespace

void begin_frame() { frames().drawing.clear(); }

void end_frame() {
  frames().drawn.swap(frames().drawing);
  ImGuiContext& nav = *ImGui::GetCurrentContext();
  const bool shown = nav.NavId != 0 && !nav.NavDisableHighlight && (nav.IO.ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard);
  for (Item& item : frames().drawn) {
    item.focused = shown && item.id == nav.NavId;
    item.active = item.id != 0 && item.id == nav.ActiveId;
  }
  // Each window shown: the farthest right any of its items (a text, a
  // widget, a label) reached this frame, against its right edge (inside its
  // padding and scrollbar). Past it, with no horizontal scrollbar, a person
  // cannot see the end.
  std::vector<Cut>& cut = frames().cut;
  cut.clear();
  ImGuiContext& g = *ImGui::GetCurrentContext();
  for (ImGuiWindow* w : g.Windows) {
    if (!w->WasActive || w->Hidden || w->IsFallbackWindow || w->ScrollbarX) continue;
    // A multi-line text box's own frame ("PARENT/##label_ID"): the text being
    // typed there, which the box scrolls to as the cursor goes, is not cut.
    const char* own = strrchr(w->Name, '/');
    if ((w->Flags & ImGuiWindowFlags_ChildWindow) && own && own[1] == '#' && own[2] == '#') continue;
    const float over = w->DC.CursorMaxPos.x - w->WorkRect.Max.x;
    if (over > 1.0f) cut.push_back(Cut{w->Name, over});
  }
}

void tag(const char* kind, const char* label) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  Item* item = find(g.LastItemData.ID);
  if (!item) return;
  item->kind = kind;
  if (label && item->label.empty()) item->label = visible_part(label);
}

void shows(const char* text) {
  Item* item = find(ImGui::GetCurrentContext()->LastItemData.ID);
  if (item) item->shows = text;
}

size_t mark() { return frames().drawing.size(); }

void name_inputs(size_t since, const char* label) {
  std::vector<Item>& items = frames().drawing;
  int unnamed = 0;
  for (size_t i = since; i < items.size(); ++i) unnamed += items[i].label.empty() && strcmp(items[i].kind, "input") == 0;
  int n = 0;
  for (size_t i = since; i < items.size(); ++i) {
    if (!items[i].label.empty() || strcmp(items[i].kind, "input") != 0) continue;
    items[i].label = visible_part(label);
    if (unnamed > 1) items[i].label += " " + std::to_string(++n);
  }
}

std::string widgets_json() {
  std::vector<std::string> out;
  for (const Item& i : frames().drawn) {
    json::Object o;
    o.add("label", i.label).add("id", (uint64_t)i.id).add("kind", i.kind);
    o.add("x", (double)i.rect.Min.x).add("y", (double)i.rect.Min.y);
    o.add("w", (double)i.rect.GetWidth()).add("h", (double)i.rect.GetHeight()).add("visible", i.visible);
    const ImGuiWindow* window = ImGui::FindWindowByID(i.window);
    o.add("whole", i.whole).add("disabled", i.disabled).add("clip_top", (double)i.clip_top)
        .add("clip_bottom", (double)i.clip_bottom).add("window", window ? window->Name : "").add("open", i.open)
        .add("focused", i.focused).add("active", i.active).add("shows", i.shows);
    out.push_back(o.str());
  }
  return json::array(out);
}

void text(const char* str_id, const char* text) {
  ImGui::TextWrapped("%s", text);
  // ImGui adds a text with no ID, so no hook sees it: recorded here.
  ImGuiContext& g = *ImGui::GetCurrentContext();
  if (g.CurrentWindow->SkipItems) return;  // nothing drawn (a folded window)
  frames().drawing.push_back(item_in(g.CurrentWindow, ImGui::GetID(str_id), "text", g.LastItemData.Rect, false));
  frames().drawing.back().label = text;
}

void dim_text(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void same_line_if_fits(float w) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w < right) ImGui::SameLine();
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

bool top_of(unsigned id, float* y) {
  const Item* item = find(id);
  if (!item) return false;
  *y = item->rect.Min.y;
  return true;
}

std::string cut_json() {
  std::vector<std::string> out;
  for (const Cut& c : frames().cut) out.push_back(json::Object().add("window", c.window).add("over", (double)c.over).str());
  return json::array(out);
}

std::string duplicate_ids_json() {
  const std::vector<Item>& items = frames().drawn;
  std::vector<std::string> out;
  for (size_t i = 0; i < items.size(); ++i) {
    bool first = true, shared = false;
    std::vector<std::string> labels{json::quote(items[i].label)};
    for (size_t j = 0; j < items.size(); ++j) {
      if (j == i || items[j].id != items[i].id) continue;
      if (j < i) first = false;
      shared = true;
      labels.push_back(json::quote(items[j].label));
    }
    if (shared && first)
      out.push_back(json::Object().add("id", (uint64_t)items[i].id).raw("labels", json::array(labels)).str());
  }
  return json::array(out);
}

}  // namespace widgets

// ---------------------------------------------------------------------------
// The hooks ImGui calls (declared in imgui_internal.h).
// ---------------------------------------------------------------------------
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, const ImRect& bb, ImGuiID id) {
  ImGuiWindow* window = ctx->CurrentWindow;
  // ImGui's implicit "Debug" window is never shown.
  if (!window || window->IsFallbackWindow) return;
  // One widget added twice (a multiline text box adds its frame as a child
  // window and then itself, with one ID and one rectangle) is one item.
  widgets::Item* seen = widgets::find(id);
  if (seen && seen->rect.Min.x == bb.Min.x && seen->rect.Min.y == bb.Min.y && seen->rect.Max.x == bb.Max.x &&
      seen->rect.Max.y == bb.Max.y)
    return;
  widgets::frames().drawing.push_back(
      widgets::item_in(window, id, "item", bb, (ctx->CurrentItemFlags & ImGuiItemFlags_Disabled) != 0));
}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID id, const char* label, ImGuiItemStatusFlags flags) {
  widgets::Item* item = widgets::find(id);
  if (!item || !label) return;
  item->label = widgets::visible_part(label);
  // The kind, as far as the flags tell; the panels name the rest (tag()).
  item->open = (flags & ImGuiItemStatusFlags_Opened) != 0;
  if (flags & ImGuiItemStatusFlags_Openable) item->kind = "header";
  else if (flags & ImGuiItemStatusFlags_Checkable) item->kind = "checkbox";
  else if (GImGui->LastItemData.InFlags & ImGuiItemFlags_Inputable) item->kind = "input";
  else if (!strcmp(item->kind, "item")) item->kind = "button";
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
