// help_panel.cpp — the help overlay (help_panel.h).
#include "help_panel.h"

#include <math.h>

#include "imgui.h"
#include "touch.h"

// The help overlay: every key of the page (F1 or ? opens it; Esc, F1 or ? closes it).
void HelpPanel::draw() {
  static const char* const kKeys[][2] = {
      {"arrows, WASD", "move (Golf Peaks: play the chosen card that way; Flow: draw the grabbed line on)"},
      {"swipe, tap", "move on the board (a tap in line with the piece you steer)"},
      {"press and drag", "Flow: draw a line from a dot; back along it shortens it, over another cuts it"},
      {"1-9", "Golf Peaks: choose a card of the hand"},
      {"Z, Backspace", "undo (a Flow line drawn in one drag is one step)"},
      {"Y", "redo"},
      {"R", "restart"},
      {"H", "hint: the next move of a shortest solution"},
      {"N, Enter", "next level, after a win"},
      {"paste", "a link opens it; a level text opens it; a pack, or a file of levels (a Numberlink stream), opens as a pack"},
      {"drop a file", "a pack is imported, a level opened"},
      {"Back, Forward", "the browser's: the levels shown before and after this one"},
      {"Edit mode", "click or drag on the board: paint the chosen brush; Z / Y undo and redo edits; Esc plays the level"},
      {"Analysis", "Cancel stops a search; a click on a state of the graph shows it on the board"},
      {"Playdate preview", "arrows the D-pad, X or Enter A, Z or Backspace B (hold: restart), wheel the crank; Esc closes it"},
      {"long press", "on a phone: what a button or a card does"},
      {"the mouse on a cell", "what the cell is (Golf Peaks: its tile and height)"},
      {"Tab", "the keys to the panels: Tab and Shift+Tab go from widget to widget (the one framed has the keys), "
              "arrows among them and in a list, Space or Enter presses it; Esc, or a click on the board, gives the "
              "keys back to the board"},
      {"F1, ?, Help", "this help (Esc, F1 or ?, a click or a tap outside it, or a swipe sideways closes it; nothing plays under it)"},
  };
  // With a finger: what each touch does, and the buttons to tap.
  static const char* const kTouches[][2] = {
      {"swipe, tap", "move on the board (a tap in line with the piece you steer; Golf Peaks: the chosen card that way)"},
      {"press and drag", "Flow: draw a line from a dot; back along it shortens it, over another cuts it"},
      {"a card", "Golf Peaks: tap a card under the board to choose it"},
      {"the toolbar", "Undo, Restart, Hint (the next move of a shortest solution), Solve; after a win, Next"},
      {"swipe up or down", "on the panels below: scroll them (one that starts on a slider or an arrow changes neither)"},
      {"long press", "what a button, a brush or a card does; on the board, what the cell is (nothing is played)"},
      {"Edit mode", "tap or drag on the board: paint the chosen brush; Undo takes an edit back; Play (under the board) plays it"},
      {"Analysis", "Cancel stops a search; a tap on a state of the graph shows it on the board"},
      {"Playdate preview", "the buttons under its screen: the D-pad, B (hold: restart), A and the crank"},
      {"paste", "a link opens it; a level text opens it; a pack, or a file of levels, opens as a pack"},
      {"Help", "this help (a tap outside it or a swipe sideways closes it; nothing plays under it)"},
  };
  const bool touch = touch_pointer();
  ImGuiIO& io = ImGui::GetIO();
  // A modal window: the page behind it dimmed, and nothing there takes a
  // click or a tap while it is open. A click or a tap outside it, or a swipe
  // sideways, closes it; so do Esc, F1 and ? (platform.cpp), and its X.
  if (!open) {  // closed by a key or a command: the modal goes too
    text.clear();
    if (ImGui::BeginPopupModal("Help###help")) {
      ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
    }
    shown = false;
    return;
  }
  if (!shown) {
    ImGui::OpenPopup("Help###help");
    press_outside = false;  // only a press made while it shows closes it
  }
  shown = true;
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x < 640 ? io.DisplaySize.x - 20 : 620, 0));
  // Opaque: the banner and the panels behind never show through its words.
  ImGui::PushStyleColor(ImGuiCol_PopupBg, IM_COL32(24, 26, 30, 255));
  const bool drawn = ImGui::BeginPopupModal(touch ? "Help: what a finger does###help" : "Help: the keys###help", &open,
                                            ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize);
  ImGui::PopStyleColor();
  if (!drawn) return;
  const bool inside = ImGui::IsMouseHoveringRect(ImGui::GetWindowPos(),
                                                 ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                                                        ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
  if (ImGui::IsMouseClicked(0)) press_outside = !inside;
  const ImVec2 drag = ImGui::GetMouseDragDelta(0);
  const bool swipe = ImGui::IsMouseDown(0) && fabsf(drag.x) > io.DisplaySize.x * 0.25f && fabsf(drag.x) > 2 * fabsf(drag.y);
  if (swipe || (ImGui::IsMouseReleased(0) && press_outside && !inside)) open = false;
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 140);
    text.clear();
    const auto rows = [&](const auto& table) {
      for (const auto& k : table) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(k[0]);
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", k[1]);
        text.append(k[0]).append(": ").append(k[1]).append("\n");
      }
    };
    if (touch) rows(kTouches);
    else rows(kKeys);
    ImGui::EndTable();
  }
  if (!open) {
    ImGui::CloseCurrentPopup();
    shown = false;
  }
  ImGui::EndPopup();
}

