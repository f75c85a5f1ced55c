#include "share_panel.h"

#include <string.h>

#include <emscripten.h>

#include <string>

#include "imgui.h"
#include "page.h"
#include "core/picture/picture.h"
#include "touch.h"
#include "widgets.h"

void SharePanel::draw(Page& page) {
  if (!collapsing_header("Share", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::Button("Copy link")) page.command(Command::kCopyLink);
  ImGui::SameLine();
  ImGui::TextDisabled(page.session().from_seed() ? "seed link" : "level link");
  // A large board's level link runs to pages of text: its start is shown,
  // and Copy link copies all of it.
  const char* link = page.session().link();
  const size_t length = strlen(link), kShown = 240;
  if (length <= kShown + 40) ImGui::TextWrapped("%s", link);
  else ImGui::TextWrapped("%.*s... (%d characters in all)", (int)kShown, link, (int)length);
  if (ImGui::Button("Save picture (PNG)")) page.command(Command::kPicturePng);
  ImGui::SameLine();
  if (ImGui::Button("Save picture (SVG)")) page.command(Command::kPictureSvg);
  widgets::dim_text("Paste a level text on the page, or type one:");
  ImGui::InputTextMultiline("##level-text", level_text, sizeof level_text, ImVec2(-1, ImGui::GetTextLineHeight() * 5));
  widgets::tag("input", "Level text to open");
  if (ImGui::Button("Open level text")) page.open_text(level_text);
}

void SharePanel::save_picture(Page& page, bool png) {
  if (!page.session().loaded()) return;
  picture::Picture p;
  std::string error, svg;
  picture::level_picture(page.session().level(), false, 40, &p, &error);
  picture::write_svg(p, &svg);
  char name[64];
  snprintf(name, sizeof name, "tilelab-%s.%s", page.session().game().id, png ? "png" : "svg");
  if (png) EM_ASM({ window.tilelab.downloadPng(UTF8ToString($0), UTF8ToString($1)); }, name, svg.c_str());
  else EM_ASM({ window.tilelab.download(UTF8ToString($0), UTF8ToString($1), 'image/svg+xml'); }, name, svg.c_str());
}
