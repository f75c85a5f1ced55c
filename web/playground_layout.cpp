// playground_layout.cpp — where the playground's windows go: the panels
// beside the board at a desk, under it on a phone (with the toolbar); the
// first visit's link being made; and which of them has the keys (Tab gives
// them to the panels, Esc or a press on the board takes them back).
#include <emscripten.h>
#include <math.h>

#include "playground.h"
#include "touch.h"
#include "widgets.h"

using namespace tl;

void Playground::keys_to_panels() {
  ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  keys_on_panels = true;
  focus_panels = true;
  request_redraw();
}

void Playground::keys_to_board() {
  ImGui::GetIO().ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  keys_on_panels = false;
  focus_panels = false;
  request_redraw();
}

// ---------------------------------------------------------------------------
// Layout. Wide: the panels on the left, the board beside. Narrow (a phone):
// the board on top, the toolbar under it with the buttons a player needs at
// hand, and the panels below, scrolled by a swipe.
// ---------------------------------------------------------------------------
void Playground::draw_panels(ImVec2 pos, ImVec2 size, bool toolbar) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("tilelab", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  if (focus_panels) {  // Tab from the board: the keyboard's focus on the first widget
    ImGui::SetWindowFocus();
    ImGui::SetKeyboardFocusHere();
    focus_panels = false;
  }
  // A press on the board (outside the panels) gives it the keys back.
  if (keys_on_panels && ImGui::IsMouseClicked(0) && !ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows) &&
      !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
    keys_to_board();
  {
    const FingerSized finger;
    if (!toolbar) {  // the toolbar has its own Help
      if (small_button("Help (F1)")) command(Command::kHelp);
      ImGui::SameLine();
    }
    ImGui::TextWrapped("%s", session_.game().summary);
    ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
    generate.draw(*this);
    edit.draw(*this);
    if (!edit.active) {  // in Edit mode the board is not being played
      play.draw(*this, board.view, toolbar);
      share.draw(*this);
    }
    analysis.draw(*this);
    pack.follow(*this);  // a win of the pack's level is kept, however it came
    pack.draw(*this, generate);
    ImGui::PopItemWidth();
    swipe_to_scroll();
    if (keep_clicked_in_place()) request_redraw();
  }
  ImGui::End();
}

// A first visit's link while its level is made in the worker: what is
// happening, and for how long (nothing to play yet).
void Playground::draw_opening() {
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("tilelab", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  if (making_recipe.game)
    ImGui::Text("Making %s's level from the link... %.1f s", making_recipe.game->name,
                work_.seconds(emscripten_get_now()));
  else
    ImGui::Text("Making the first level... %.1f s", work_.seconds(emscripten_get_now()));
  if (work_.total) ImGui::ProgressBar(work_.fraction(), ImVec2(-1, 0));
  ImGui::End();
  request_redraw();
}

void Playground::draw() {
  if (!session_.loaded()) return draw_opening();
  ImGuiIO& io = ImGui::GetIO();
  const float w = io.DisplaySize.x, h = io.DisplaySize.y;
  ImVec2 board_pos, board_size;
  if (w < kNarrowWidth) {
    // As tall as the board drawn last needs at the screen's width (the
    // Playdate preview: its 400x240 screen, its words and its buttons), within
    // 30% to 60% of the height.
    const float toolbar = play.toolbar_height(*this);
    const BoardView& v = board.view;
    float want = device.open ? device.height_for(w)
                 : v.width > 0 ? (w - 24) * (float)v.height / (float)v.width * (v.hex ? 0.87f : 1.0f) + 24
                               : h * 0.5f;
    if (want < h * 0.3f) want = h * 0.3f;
    if (want > h * 0.6f) want = h * 0.6f;
    const float board_h = floorf(want);
    board_pos = ImVec2(0, 0);
    board_size = ImVec2(w, board_h);
    play.draw_toolbar(*this, ImVec2(0, board_h), ImVec2(w, toolbar), device.open);
    draw_panels(ImVec2(0, board_h + toolbar), ImVec2(w, h - board_h - toolbar), true);
  } else {
    const float side = w * 0.34f < 360 ? w * 0.34f : 360;
    draw_panels(ImVec2(0, 0), ImVec2(side, h), false);
    board_pos = ImVec2(side, 0);
    board_size = ImVec2(w - side, h);
  }
  if (help.open || help.shown) help.draw();
  if (device.open) device.draw(*this, board_pos, board_size, emscripten_get_now());
  else board.draw(*this, edit, board_pos, board_size);
  remember();
}

