// edit_panel.cpp — the Edit panel (see edit_panel.h).
#include "widgets.h"
#include "edit_panel.h"

#include <stdio.h>
#include <string.h>

#include "core/midend/registry.h"
#include "imgui.h"
#include "board.h"
#include "page.h"
#include "touch.h"
#include "storage.h"

using namespace tl;

namespace {

// localStorage keys: "GAME\nTEXT" of the edited level, and "1" in Edit mode.
const char kEditorKey[] = "tilelab.editor";
const char kEditingKey[] = "tilelab.editing";
// The box has room for this much typing beyond its text (a 64x64 Golf Peaks
// board is about 40 KB); a longer text grows the box, never cut short.
constexpr size_t kBoxBytes = 48 * 1024;
// Live analysis starts once the level has been still this long (a drag
// paints many cells; each would otherwise start and cancel a search).
constexpr double kSettleMs = 120.0;

// A brush button's side in CSS pixels: a finger's width on a phone.
constexpr float kBrushSide = kFingerHeight;

// A palette brush as a button: the cell it paints as the board draws it,
// framed when chosen; its name is its label (for tests) and its tooltip.
bool brush_button(const GameInfo& g, int i, bool chosen) {
  const Brush& b = g.palette[i];
  ImGui::PushID(i);
  const bool pressed = ImGui::Button("##brush", ImVec2(kBrushSide, kBrushSide));
  ImGui::PopID();
  widgets::tag("button", b.name);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  CellView cell;
  const float inset = 5.0f;
  if (g.brush_view && g.brush_view(i, &cell)) {
    draw_cell(dl, ImVec2(min.x + inset, min.y + inset), ImVec2(max.x - inset, max.y - inset), cell);
  } else {
    const ImVec2 size = ImGui::CalcTextSize(b.token);
    dl->AddText(ImVec2((min.x + max.x - size.x) * 0.5f, (min.y + max.y - size.y) * 0.5f),
                ImGui::GetColorU32(ImGuiCol_Text), b.token);
  }
  if (chosen) dl->AddRect(min, max, IM_COL32(90, 220, 130, 255), 4.0f, 0, 3.0f);
  tooltip(b.name);
  return pressed;
}

}  // namespace

void EditPanel::draw_hand() {
  const GameInfo& g = *editor.game();
  const std::vector<Text> hand = editor.hand();
  ImGui::TextWrapped("Hand (%d card%s; %s one to take it out):", (int)hand.size(), hand.size() == 1 ? "" : "s",
                     touch_pointer() ? "tap" : "click");
  const float tall = kBrushSide;
  for (size_t i = 0; i < hand.size(); ++i) {
    char label[48];
    snprintf(label, sizeof label, "Take out %s##hand%d", hand[i].c_str(), (int)i);
    if (i > 0) widgets::same_line_if_fits(widgets::button_width(label));
    if (ImGui::Button(label, ImVec2(0, tall)) && editor.remove_card((int)i)) keep();
  }
  ImGui::TextDisabled("Add a card:");
  for (int i = 0; i < g.hand_card_count; ++i) {
    char label[48];
    snprintf(label, sizeof label, "Add %s", g.hand_cards[i]);
    if (i > 0) widgets::same_line_if_fits(widgets::button_width(label));
    if (ImGui::Button(label, ImVec2(0, tall)) && editor.add_card(g.hand_cards[i])) keep();
  }
}

void EditPanel::begin(Page& page) {
  const Session& s = page.session();
  Text start;
  s.level().canonical_text(&start);
  // The level in the editor already (edited, then played): keep its history.
  const bool same = editor.game() == &s.game() && editor.level_text().equals(start.c_str());
  if (!same) editor.open(s.game(), start.c_str(), start.size());
  active = true;
  reveal = true;
  brush = brush < editor.game()->palette_count ? brush : 1;
  page.command(Command::kDeviceOff);
  keep();
}

void EditPanel::leave() {
  active = false;
  keep();
}

void EditPanel::play(Page& page) {
  active = false;
  keep();
  if (editor.level()) page.session().open_text(editor.game()->id, editor.level_text().c_str(), editor.level_text().size());
  page.follow_session();
}

bool EditPanel::paint(int x, int y, bool continue_stroke) {
  if (!active || !editor.paint(x, y, brush, continue_stroke)) return false;
  keep();
  return true;
}

bool EditPanel::choose_brush(const char* token) {
  const GameInfo* g = editor.game();
  for (int i = 0; g && i < g->palette_count; ++i)
    if (strcmp(g->palette[i].token, token) == 0) {
      brush = i;
      return true;
    }
  return false;
}

void EditPanel::set_text(const std::string& text) {
  editor.set_text(text.data(), text.size());
  keep();
}

void EditPanel::undo() {
  if (editor.undo()) keep();
}

void EditPanel::redo() {
  if (editor.redo()) keep();
}

void EditPanel::keep() {
  if (!editor.game()) return;
  local_set(kEditorKey, std::string(editor.game()->id) + "\n" + editor.text().c_str());
  local_set(kEditingKey, active ? "1" : "0");
}

void EditPanel::restore() {
  const std::string kept = local_get(kEditorKey);
  const size_t newline = kept.find('\n');
  if (newline == std::string::npos) return;
  const GameInfo* g = find_game(kept.substr(0, newline).c_str());
  if (!g) return;
  editor.open(*g, kept.data() + newline + 1, kept.size() - newline - 1);
  active = local_get(kEditingKey) == "1";
}

void EditPanel::follow(Page& page, double now_ms) {
  // What the analysis follows: the level the text reads as, or, while it
  // reads as none (a flag painted out), the text itself, whose analysis
  // then says what is wrong instead of keeping the last level's figures.
  const std::string wanted = *editor.error() ? editor.text().c_str() : editor.level_text().c_str();
  if (wanted != seen_text) {
    seen_text = wanted;
    changed_ms = now_ms;
  }
  if (!active || !editor.game() || analysed_text == seen_text) return;
  if (now_ms - changed_ms < kSettleMs) {
    page.request_redraw();  // come back when it has settled
    return;
  }
  analysed_text = seen_text;
  page.analyse_level(*editor.game(), analysed_text);
}

void EditPanel::draw(Page& page) {
  if (active) ImGui::SetNextItemOpen(true);
  if (!collapsing_header("Edit")) return;
  if (reveal) {
    ImGui::SetScrollHereY(0.0f);
    reveal = false;
  }
  if (!active) {
    if (ImGui::Button("Edit this level")) page.command(Command::kEditOn);
    widgets::dim_text("Paint it with the game's pieces; each edit is analysed as you go.");
    return;
  }
  const GameInfo& g = *editor.game();
  if (ImGui::Button("Play this level")) page.command(Command::kEditOff);
  ImGui::SameLine();
  ImGui::BeginDisabled(!editor.can_undo());
  if (ImGui::Button("Undo##edit")) page.command(Command::kEditUndo);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!editor.can_redo());
  if (ImGui::Button("Redo##edit")) page.command(Command::kEditRedo);
  ImGui::EndDisabled();

  // The palette: each brush drawn as the board draws its piece (a brush no
  // cell shows, such as a wall, by its token), named by its tooltip (a long
  // press on a phone); 44 CSS pixels a side, a finger's width.
  ImGui::Text("Brush: %s", g.palette[brush].name);
  for (int i = 0; i < g.palette_count; ++i) {
    if (i > 0) widgets::same_line_if_fits(kBrushSide);
    if (brush_button(g, i, i == brush)) brush = i;
  }
  if (g.hand_cards) draw_hand();

  // Resize.
  if (!size_typed) {
    size[0] = editor.width();
    size[1] = editor.height();
  }
  const size_t at = widgets::mark();
  if (ImGui::InputInt2("Size", size)) size_typed = true;
  widgets::name_inputs(at, "Size");
  ImGui::SameLine();
  ImGui::BeginDisabled(editor.width() == 0);
  if (ImGui::Button("Resize")) {
    if (editor.resize(size[0], size[1])) keep();
    size_typed = false;
  }
  ImGui::EndDisabled();

  // The text box: follows the board; what is typed moves the board.
  widgets::dim_text("Level text (type or paste; the board follows):");
  const bool typing = ImGui::IsWindowFocused() && ImGui::GetIO().WantTextInput;
  if (box.empty() || (!editor.text().equals(box_shows.c_str()) && !typing)) {
    box_shows = editor.text();
    box.assign(box_shows.size() + kBoxBytes, '\0');
    memcpy(box.data(), box_shows.c_str(), box_shows.size());
  }
  const float lines = (float)(editor.height() > 0 ? editor.height() : 8) + (g.edit_words ? 4.0f : 1.5f);
  if (ImGui::InputTextMultiline("##leveltext", box.data(), box.size(),
                                ImVec2(-1, ImGui::GetTextLineHeight() * (lines < 24 ? lines : 24)))) {
    set_text(box.data());
    box_shows = editor.text();
  }
  widgets::tag("input", "Level text");
  if (*editor.error()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 120, 110, 255));
    ImGui::TextWrapped("%s", editor.error());
    ImGui::PopStyleColor();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("The board shows the last level that read; marked cells differ.");
    ImGui::PopStyleColor();
  }
}
