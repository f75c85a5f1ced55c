#include "play_panel.h"

#include <math.h>
#include <stdio.h>

#include "imgui.h"
#include "page.h"
#include "touch.h"
#include "widgets.h"

using namespace tl;

namespace {

// Moves against par: "Moves: 3   Par: 6".
std::string moves_line(const Session& s) {
  char line[64];
  if (s.par() >= 0) snprintf(line, sizeof line, "Moves: %d   Par: %d", (int)s.moves_made(), s.par());
  else
    snprintf(line, sizeof line, "Moves: %d   Par: %s", (int)s.moves_made(),
             s.job() == SessionJob::kPar ? "finding..." : s.unwinnable() ? "none (no win)" : "not known");
  return line;
}

// What the page or the game said last (a hint played, "Link copied", a solve).
const char* note_of(const Page& page) { return !page.note().empty() ? page.note().c_str() : page.session().note(); }

// The text cut to what wraps into `lines` lines `width` wide, "..." ending it
// when cut (a word at a time).
std::string within_lines(const std::string& text, float width, int lines) {
  const auto lines_of = [&](const std::string& t) {
    return (int)(ImGui::CalcTextSize(t.c_str(), nullptr, false, width).y / ImGui::GetFontSize() + 0.5f);
  };
  if (lines_of(text) <= lines) return text;
  std::string cut = text;
  while (!cut.empty() && lines_of(cut + "...") > lines) {
    const size_t space = cut.find_last_of(' ');
    cut.erase(space == std::string::npos ? cut.size() - 1 : space);
  }
  return cut + "...";
}

// How to move, in the words of the pointer in use: keys named for a
// keyboard, none for a finger.
const char* controls_of(const Level& level) { return level.controls(touch_pointer()); }

}  // namespace

void PlayPanel::draw(Page& page, const tl::BoardView& view, bool toolbar) {
  if (!collapsing_header("Play", ImGuiTreeNodeFlags_DefaultOpen)) return;
  Session& s = page.session();
  if (!toolbar) ImGui::TextUnformatted(moves_line(s).c_str());  // (else the toolbar's status says it)
  if (view.caption[0] && !toolbar) ImGui::TextWrapped("%s", view.caption);  // (else the toolbar's status says it)
  // A button names its key for a keyboard; a finger has none to press.
  const bool keys = !touch_pointer();
  if (!toolbar) {
    ImGui::BeginDisabled(!s.can_undo());
    if (ImGui::Button(keys ? "Undo (Z)" : "Undo")) page.command(Command::kUndo);
    ImGui::EndDisabled();
    ImGui::SameLine();
  }
  ImGui::BeginDisabled(!s.can_redo());
  if (ImGui::Button(keys ? "Redo (Y)" : "Redo")) page.command(Command::kRedo);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (!toolbar && ImGui::Button(keys ? "Restart (R)" : "Restart")) page.command(Command::kRestart);
  if (ImGui::Button(page.device_open() ? "Board" : "Playdate preview")) page.command(page.device_open() ? Command::kDeviceOff : Command::kDeviceOn);
  if (!toolbar) {
    ImGui::BeginDisabled(s.status() != PlayStatus::kPlaying);
    if (ImGui::Button(keys ? "Hint (H)" : "Hint")) page.command(Command::kHint);
    ImGui::SameLine();
    if (ImGui::Button("Solve")) page.command(Command::kSolve);
    ImGui::EndDisabled();
  }
  HandCard hand[kMaxHand];
  if (toolbar ? s.hand(hand) > 0 : draw_hand(page, ImVec2(0, 0))) {
    const int chosen = s.chosen_card();
    if (chosen >= 0 && chosen < s.hand(hand)) {
      char meaning[96];
      s.level().describe_card(chosen, meaning, sizeof meaning);
      ImGui::TextWrapped("%s: %s. %s plays it.", hand[chosen].label, meaning,
                         touch_pointer() ? "A swipe or a tap in line with the ball" : "An arrow or a swipe");
    }
  }
  if (toolbar) return;
  const char* note = note_of(page);
  if (*note) ImGui::TextWrapped("%s", note);
  ImGui::TextWrapped("%s", controls_of(s.level()));
}

std::string PlayPanel::status(const Page& page) const {
  if (page.editing()) return std::string();
  const Session& s = page.session();
  const char* note = note_of(page);
  std::string line = moves_line(s);  // one line while it fits: the panels below are short
  if (!*note && s.moves_made() == 0 && !s.can_redo()) {
    note = controls_of(s.level());  // before the first move how to move, whole: the caption waits for a move
  } else {
    BoardView view;
    s.view(&view);
    if (view.caption[0]) line = line + "   " + view.caption;
  }
  return *note ? line + "   " + note : line;
}

bool PlayPanel::draw_hand(Page& page, ImVec2 button) {
  Session& s = page.session();
  HandCard hand[kMaxHand];
  const int cards = s.hand(hand);
  if (cards <= 0) return false;
  // Pick a card (a click, a tap or 1-9), then a direction plays it. Each
  // card's tooltip says what it does.
  const int chosen = s.chosen_card();
  if (button.x <= 0) {
    ImGui::Text("Cards:");
    tooltip(s.game().moves_help);
  }
  for (int i = 0; i < cards; ++i) {
    if (i > 0 || button.x <= 0) ImGui::SameLine();
    char label[32];
    snprintf(label, sizeof label, "%s x%d##card%d", hand[i].label, hand[i].count, i);
    const bool on = i == chosen;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(60, 140, 90, 255));
    ImGui::BeginDisabled(hand[i].count == 0);
    if (ImGui::Button(label, button)) page.input(Input::choose_card(i));
    ImGui::EndDisabled();
    if (on) ImGui::PopStyleColor();
    char meaning[96];
    s.level().describe_card(i, meaning, sizeof meaning);
    char tip[128];
    if (touch_pointer()) snprintf(tip, sizeof tip, "%s (%d left)", meaning, hand[i].count);
    else snprintf(tip, sizeof tip, "%s (%d left; key %d)", meaning, hand[i].count, i + 1);
    tooltip(tip);
  }
  return true;
}

int PlayPanel::toolbar_rows(const Page& page) const {
  HandCard hand[kMaxHand];
  return page.session().loaded() && !page.editing() && page.session().hand(hand) > 0 ? 2 : 1;
}

float PlayPanel::status_height(const Page& page) const {
  if (page.editing()) return 0;  // (no status then)
  return ImGui::GetStyle().ItemSpacing.y + (float)kStatusLines * ImGui::GetFontSize();
}

float PlayPanel::toolbar_height(const Page& page) const {
  const ImGuiStyle& style = ImGui::GetStyle();
  const int rows = toolbar_rows(page);
  return ceilf((float)rows * kFingerHeight + (float)(rows - 1) * style.ItemSpacing.y + 2 * style.WindowPadding.y +
               status_height(page));
}

namespace {

// A toolbar button's tooltip: what it does, and its key where there is a
// keyboard ("Start the level again (R)."); a finger has no key to press.
void key_tooltip(const char* what, const char* key, const char* more = "") {
  char text[160];
  if (touch_pointer()) snprintf(text, sizeof text, "%s.%s", what, more);
  else snprintf(text, sizeof text, "%s (%s).%s", what, key, more);
  tooltip(text);
}

}  // namespace

void PlayPanel::draw_toolbar(Page& page, ImVec2 pos, ImVec2 size, bool preview) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("Toolbar", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                       ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoSavedSettings);
  Session& s = page.session();
  const bool won = s.status() == PlayStatus::kWon && !page.editing();  // in Edit mode the edit is not the level won
  const int count = 5;
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // The status as it is before any button here changes it: the height
  // reckoned for the layout is the height it is drawn in.
  const std::string line = within_lines(status(page), avail.x, kStatusLines);
  const int rows = toolbar_rows(page);
  const float row_h = (avail.y - status_height(page) - style.ItemSpacing.y * (float)(rows - 1)) / (float)rows;
  const ImVec2 button((avail.x - style.ItemSpacing.x * (count - 1)) / count, row_h);
  ImGui::BeginDisabled(preview);  // the board it would play is hidden
  ImGui::BeginDisabled(!page.can_undo());
  if (ImGui::Button("Undo", button)) page.command(Command::kUndo);
  key_tooltip(page.editing() ? "Take back the last edit" : "Take back the last move", "Z");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(page.editing());
  if (ImGui::Button("Restart", button)) page.command(Command::kRestart);
  key_tooltip("Start the level again", "R");
  ImGui::SameLine();
  if (page.editing()) {
    // Edit mode: Play plays the edited level (the Edit panel's Play this
    // level may be scrolled out of sight below).
    ImGui::EndDisabled();
    if (ImGui::Button("Play", ImVec2(button.x * 2 + style.ItemSpacing.x, button.y))) page.command(Command::kEditOff);
    tooltip("Play the edited level.");
    ImGui::BeginDisabled(page.editing());
  } else if (won) {
    ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(50, 140, 80, 255));
    if (ImGui::Button("Next", ImVec2(button.x * 2 + style.ItemSpacing.x, button.y))) page.command(Command::kNext);
    key_tooltip("The next level", "N", " A pack's next, or a new one.");
    ImGui::PopStyleColor();
  } else {
    ImGui::BeginDisabled(s.status() != PlayStatus::kPlaying);
    if (ImGui::Button("Hint", button)) page.command(Command::kHint);
    key_tooltip("Play the next move of a shortest solution", "H", " A win with a hint earns no medal.");
    ImGui::SameLine();
    if (ImGui::Button("Solve", button)) page.command(Command::kSolve);
    tooltip("Play a shortest solution from here to the win.");
    ImGui::EndDisabled();
  }
  ImGui::EndDisabled();
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Help", button)) page.command(Command::kHelp);
  tooltip(touch_pointer() ? "What each touch does, and the buttons to tap." : "Every key, and what it does.");
  if (rows > 1) {
    // The hand, under the buttons: a game of cards is played here.
    HandCard hand[kMaxHand];
    const int cards = s.hand(hand);
    const float card_w = (avail.x - style.ItemSpacing.x * (float)(cards - 1)) / (float)cards;
    ImGui::BeginDisabled(preview);
    draw_hand(page, ImVec2(card_w < button.x * 1.5f ? card_w : button.x * 1.5f, row_h));
    ImGui::EndDisabled();
  }
  if (!line.empty()) widgets::text("status", line.c_str());
  ImGui::End();
}
