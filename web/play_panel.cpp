#include "play_panel.h"

#include <stdio.h>

#include "imgui.h"
#include "playground.h"

using namespace tl;

void PlayPanel::draw(Playground& app) {
  if (!ImGui::CollapsingHeader("Play", ImGuiTreeNodeFlags_DefaultOpen)) return;
  Session& s = app.session;
  ImGui::Text("Moves: %d   Par: %d", (int)s.moves_made(), s.par());
  if (app.board.view.caption[0]) ImGui::TextWrapped("%s", app.board.view.caption);
  ImGui::BeginDisabled(!s.can_undo());
  if (ImGui::Button("Undo (Z)")) app.command("undo");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!s.can_redo());
  if (ImGui::Button("Redo (Y)")) app.command("redo");
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Restart (R)")) app.command("restart");
  if (ImGui::Button(app.device.open ? "Board" : "Playdate preview")) app.command(app.device.open ? "device-off" : "device-on");
  ImGui::BeginDisabled(s.status() != PlayStatus::kPlaying);
  if (ImGui::Button("Hint (H)")) app.command("hint");
  ImGui::SameLine();
  if (ImGui::Button("Solve")) app.command("solve");
  ImGui::EndDisabled();
  HandCard hand[kMaxHand];
  int cards = s.hand(hand);
  if (cards > 0) {
    // The hand: pick a card (click or 1-9), then a direction plays it.
    int chosen = s.chosen_card();
    ImGui::Text("Cards:");
    for (int i = 0; i < cards; ++i) {
      ImGui::SameLine();
      char label[32];
      snprintf(label, sizeof label, "%s x%d##card%d", hand[i].label, hand[i].count, i);
      bool on = i == chosen;
      if (on) ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(60, 140, 90, 255));
      ImGui::BeginDisabled(hand[i].count == 0);
      if (ImGui::Button(label)) app.input(Input::choose_card(i));
      ImGui::EndDisabled();
      if (on) ImGui::PopStyleColor();
    }
  }
  const char* note = !app.host_note.empty() ? app.host_note.c_str() : s.note();
  if (*note) ImGui::TextWrapped("%s", note);
  ImGui::TextWrapped("%s", s.game().controls);
}
