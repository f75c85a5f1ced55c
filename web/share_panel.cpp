#include "share_panel.h"

#include "imgui.h"
#include "playground.h"
#include "widgets.h"

void SharePanel::draw(Playground& app) {
  if (!ImGui::CollapsingHeader("Share", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::Button("Copy link")) app.command("copy-link");
  ImGui::SameLine();
  ImGui::TextDisabled(app.session.from_seed() ? "seed link" : "level link");
  ImGui::TextWrapped("%s", app.session.link());
  ImGui::TextDisabled("Paste a level text on the page, or type one:");
  ImGui::InputTextMultiline("##level-text", level_text, sizeof level_text, ImVec2(-1, ImGui::GetTextLineHeight() * 5));
  widgets::tag("input", "Level text to open");
  if (ImGui::Button("Open level text")) app.open_text(level_text);
}
