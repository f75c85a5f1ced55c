#include "share_panel.h"

#include <string.h>

#include "imgui.h"
#include "playground.h"
#include "widgets.h"

void SharePanel::draw(Playground& app) {
  if (!ImGui::CollapsingHeader("Share", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::Button("Copy link")) app.command("copy-link");
  ImGui::SameLine();
  ImGui::TextDisabled(app.session.from_seed() ? "seed link" : "level link");
  // A large board's level link runs to pages of text: its start is shown,
  // and Copy link copies all of it.
  const char* link = app.session.link();
  const size_t length = strlen(link), kShown = 240;
  if (length <= kShown + 40) ImGui::TextWrapped("%s", link);
  else ImGui::TextWrapped("%.*s... (%d characters in all)", (int)kShown, link, (int)length);
  ImGui::TextDisabled("Paste a level text on the page, or type one:");
  ImGui::InputTextMultiline("##level-text", level_text, sizeof level_text, ImVec2(-1, ImGui::GetTextLineHeight() * 5));
  widgets::tag("input", "Level text to open");
  if (ImGui::Button("Open level text")) app.open_text(level_text);
}
