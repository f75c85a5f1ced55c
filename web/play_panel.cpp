#include "play_panel.h"

#include <stdio.h>

#include "imgui.h"
#include "playground.h"
#include "touch.h"

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
    // The hand: pick a card (click or 1-9), then a direction plays it. Each
    // card's tooltip says what it does.
    int chosen = s.chosen_card();
    ImGui::Text("Cards:");
    tooltip(s.game().moves_help);
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
      char meaning[96];
      s.level().describe_card(i, meaning, sizeof meaning);
      char tip[128];
      snprintf(tip, sizeof tip, "%s (%d left; key %d)", meaning, hand[i].count, i + 1);
      tooltip(tip);
    }
    char meaning[96];
    if (chosen >= 0) {
      s.level().describe_card(chosen, meaning, sizeof meaning);
      ImGui::TextWrapped("%s: %s. An arrow or a swipe plays it.", hand[chosen].label, meaning);
    }
  }
  const char* note = !app.host_note.empty() ? app.host_note.c_str() : s.note();
  if (*note) ImGui::TextWrapped("%s", note);
  ImGui::TextWrapped("%s", s.game().controls);
}

void PlayPanel::draw_toolbar(Playground& app, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("Toolbar", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                       ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoSavedSettings);
  Session& s = app.session;
  const bool won = s.status() == PlayStatus::kWon;
  const int count = 5;
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 button((avail.x - style.ItemSpacing.x * (count - 1)) / count, avail.y);
  ImGui::BeginDisabled(!s.can_undo() || app.edit.active);
  if (ImGui::Button("Undo", button)) app.command("undo");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(app.edit.active);
  if (ImGui::Button("Restart", button)) app.command("restart");
  ImGui::SameLine();
  if (won) {
    ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(50, 140, 80, 255));
    if (ImGui::Button("Next", ImVec2(button.x * 2 + style.ItemSpacing.x, button.y))) app.command("next");
    ImGui::PopStyleColor();
  } else {
    ImGui::BeginDisabled(s.status() != PlayStatus::kPlaying);
    if (ImGui::Button("Hint", button)) app.command("hint");
    ImGui::SameLine();
    if (ImGui::Button("Solve", button)) app.command("solve");
    ImGui::EndDisabled();
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Help", button)) app.command("help");
  ImGui::End();
}
