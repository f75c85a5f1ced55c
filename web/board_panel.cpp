#include "board_panel.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>

#include <string>

#include "page.h"
#include "touch.h"

using namespace tl;

namespace {

// A banner over the board's middle: a title, a line, and buttons (each a
// command), in a window of its own so it takes the pointer before the board.
// In the narrow layout (a phone's), whose toolbar right under the board has
// the same buttons (Next after a win; Undo, Restart), it is a strip at the
// board's foot without them, its title smaller, or at its head when the
// piece the player moves (`actor_y`, its centre; -1: none) is in the lower
// half: most of the position the level ended in stays in view (centred
// with its buttons, it hid half a phone's board).
struct BannerButton {
  const char* label;
  Command command;
};
// The narrow layout (playground_layout.cpp): the toolbar under the board.
bool toolbar_below() { return ImGui::GetIO().DisplaySize.x < kNarrowWidth; }
void banner(std::string* shown, ImVec2* box_min, ImVec2* box_max, Page& page, ImVec2 min, ImVec2 max, float actor_y,
            const char* title, const char* line, ImU32 colour, const BannerButton* buttons, int count) {
  *shown = std::string(title) + "\n" + line;
  const bool strip = toolbar_below();
  if (strip) count = 0;
  ImFont* font = ImGui::GetFont();
  const float big = ImGui::GetFontSize() * (strip ? 1.25f : 2.0f), pad = strip ? 8.0f : 16.0f;
  const float width_limit = max.x - min.x - 24;
  const ImVec2 ts = font->CalcTextSizeA(big, 1e9f, 0, title);
  ImVec2 ls = ImGui::CalcTextSize(line);
  float w = (ts.x > ls.x ? ts.x : ls.x) + 2 * pad;
  if (w > width_limit) w = width_limit;
  ls = ImGui::CalcTextSize(line, nullptr, false, w - 2 * pad);
  const float button_h = count ? fmaxf(ImGui::GetFrameHeight() * 1.5f, touch_pointer() ? kFingerHeight : 0.0f) : 0.0f;
  const float h = ts.y + ls.y + button_h + (count ? 4 : 2.5f) * pad;
  const bool head = actor_y > (min.y + max.y) * 0.5f;
  const ImVec2 c((min.x + max.x) * 0.5f, !strip ? (min.y + max.y) * 0.5f
                                         : head ? min.y + pad + h * 0.5f
                                                : max.y - pad - h * 0.5f);
  ImGui::SetCursorScreenPos(ImVec2(c.x - w / 2, c.y - h / 2));
  *box_min = ImVec2(c.x - w / 2, c.y - h / 2);
  *box_max = ImVec2(c.x + w / 2, c.y + h / 2);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colour);
  ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 12);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad));
  ImGui::BeginChild("banner", ImVec2(w, h), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_AlwaysUseWindowPadding);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddText(font, big, ImVec2(at.x + (w - 2 * pad - ts.x) * 0.5f, at.y), IM_COL32_WHITE,
                                      title);
  ImGui::Dummy(ImVec2(w - 2 * pad, ts.y));
  ImGui::PushTextWrapPos(w - pad);
  ImGui::TextUnformatted(line);
  ImGui::PopTextWrapPos();
  if (count) ImGui::Dummy(ImVec2(0, pad * 0.5f));
  const float bw = count ? (w - 2 * pad - ImGui::GetStyle().ItemSpacing.x * (float)(count - 1)) / (float)count : 0;
  for (int i = 0; i < count; ++i) {
    if (i) ImGui::SameLine();
    if (ImGui::Button(buttons[i].label, ImVec2(bw, button_h))) page.command(buttons[i].command);
  }
  ImGui::EndChild();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
}

}  // namespace

// The pointer in board units (1/kPointerUnit of a cell from the board's top-left).
static Input pointer_input(const BoardLayout& layout, InputKind kind, ImVec2 at) {
  // (A hex board's: x in cell widths, y in rows; the game places odd rows half a cell right.)
  const float unit = layout.cell > 0 ? (float)kPointerUnit / layout.cell : 0;
  const float row_unit = layout.row > 0 ? (float)kPointerUnit / layout.row : 0;
  return Input::pointer(kind, (int)floorf((at.x - layout.origin.x) * unit), (int)floorf((at.y - layout.origin.y) * row_unit));
}

// A press on the board's cells starts a pointer gesture; drags and the
// release follow it wherever they go. The game reads the gesture. Every
// step of the pointer this frame is given, in order (a quick drag's press
// where it was pressed), and a step of more than half a cell is given as
// steps half a cell apart (a browser may send one move for a fast stroke),
// where both its ends are on the board.
// A finger's press waits until it moves or lifts: one that rests there
// asks what the cell is (a long press: its name, and no move), and a drag
// after it still starts where it was pressed.
void BoardPanel::forward_pointer(Page& page) {
  const ImVec2 now = ImGui::GetIO().MousePos;
  const std::vector<PointerStep>& steps = frame_pointer_steps();
  const auto start = [&]() {
    gesture = kGoing;
    last_pointer = pressed_at;
    page.input(pointer_input(layout, InputKind::kPointerPress, pressed_at));
  };
  const auto on_board = [&](ImVec2 at) {
    int x, y;
    layout.cell_at(at, &x, &y);
    return x >= 0 && y >= 0 && x < view.width && y < view.height;
  };
  const auto drag_to = [&](ImVec2 to) {
    const float dx = to.x - last_pointer.x, dy = to.y - last_pointer.y;
    const float half = layout.cell * 0.5f;
    // (Only a step across the board is filled in: one that comes back from
    // past a warped edge lands where it lands, the line already round.)
    const bool across = on_board(last_pointer) && on_board(to);
    const int parts = half > 0 && across ? (int)ceilf(fmaxf(fabsf(dx), fabsf(dy)) / half) : 1;
    for (int i = 1; i <= parts && parts < 4096; ++i)
      page.input(pointer_input(layout, InputKind::kPointerDrag,
                               ImVec2(last_pointer.x + dx * (float)i / (float)parts, last_pointer.y + dy * (float)i / (float)parts)));
    last_pointer = to;
  };
  const auto moved_off = [&](ImVec2 to) {  // a finger that strays past resting
    return (to.x - pressed_at.x) * (to.x - pressed_at.x) + (to.y - pressed_at.y) * (to.y - pressed_at.y) > 16.0f;
  };
  const auto step = [&](PointerStep::Kind kind, ImVec2 at) {
    if (gesture == kHeld && (kind == PointerStep::kRelease ? !long_pressed : moved_off(at))) start();
    if (gesture != kGoing) {
      if (kind == PointerStep::kRelease) gesture = kNone;  // a long press lifted: nothing played
      return;
    }
    drag_to(at);
    if (kind == PointerStep::kRelease) {
      gesture = kNone;
      page.input(pointer_input(layout, InputKind::kPointerRelease, at));
    }
  };
  size_t first = 0;  // the steps after this frame's press
  if (ImGui::IsItemActivated() && layout.cell > 0) {
    pressed_at = now;
    first = steps.size();
    for (size_t i = 0; i < steps.size(); ++i)
      if (steps[i].kind == PointerStep::kPress) {
        pressed_at = steps[i].at;
        first = i + 1;
        break;
      }
    if (on_board(pressed_at)) {
      long_pressed = false;
      gesture = kHeld;
      if (!touch_pointer()) start();
    }
  }
  if (gesture == kNone) return;
  for (size_t i = first; i < steps.size() && gesture != kNone; ++i)
    if (steps[i].kind != PointerStep::kPress) step(steps[i].kind, steps[i].at);
  if (gesture == kNone) return;
  if (ImGui::IsMouseReleased(0)) step(PointerStep::kRelease, now);  // (a release no step saw)
  else if (gesture == kGoing && (now.x != last_pointer.x || now.y != last_pointer.y)) drag_to(now);
  else if (gesture == kHeld && finger_resting()) long_pressed = true;
}

// The name of the cell under the mouse, or under a finger resting on it.
void BoardPanel::name_cell(Page& page) {
  ImVec2 at;
  if (touch_pointer()) {
    if (gesture != kHeld || !long_pressed) return;
    at = pressed_at;
  } else {
    if (!ImGui::IsItemHovered() || ImGui::IsMouseDown(0)) return;
    at = ImGui::GetIO().MousePos;
  }
  int x, y;
  layout.cell_at(at, &x, &y);
  if (layout.cell <= 0 || x < 0 || y < 0 || x >= view.width || y >= view.height) return;
  const std::string name = cell_name(page.session().game(), view.at(x, y));
  show_tooltip(name.c_str());
  if (touch_pointer()) page.request_redraw();  // while the finger rests
}

void BoardPanel::paint_pointer(Page& page, EditPanel& edit) {
  if (layout.cell <= 0) return;
  const ImVec2 at = ImGui::GetIO().MousePos;
  int x, y;
  layout.cell_at(at, &x, &y);
  if (ImGui::IsItemActivated() && x >= 0 && y >= 0 && x < view.width && y < view.height) {
    pointer_down = true;
    painted_x = x;
    painted_y = y;
    edit.paint(x, y, false);
    page.request_redraw();
  } else if (pointer_down && !ImGui::IsMouseDown(0)) {
    pointer_down = false;
  } else if (pointer_down && (x != painted_x || y != painted_y)) {
    painted_x = x;
    painted_y = y;
    edit.paint(x, y, true);
    page.request_redraw();
  }
}

void BoardPanel::draw_editor(const EditPanel& edit, ImVec2 min, ImVec2 max) {
  const Editor& e = edit.editor;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (e.level()) {
    GameState s;
    e.level()->initial_state(&s);
    e.level()->view(s, &view);
  }
  if (!e.level() || view.width != e.width() || view.height != e.height()) view.reset(e.width(), e.height());
  if (view.width == 0) {
    caption_min = caption_max = min;  // no caption line: the reader's words instead
    ImGui::SetCursorScreenPos(min);
    ImGui::TextWrapped("The text is not a grid of cells yet: %s", e.error());
    return;
  }
  // The lines above the board, wrapped at its width (a phone's is narrow).
  char line[160];
  snprintf(line, sizeof line, "Edit mode: painting %s (%s).  %s", e.game()->palette[edit.brush].name,
           e.game()->palette[edit.brush].token, !touch_pointer() ? "Esc: play it"
           : toolbar_below()                                     ? "Tap Play, under the board, to play it."
                                                                 : "Tap Play this level to play it.");
  const float wrap = max.x - min.x;
  const ImVec2 line_size = ImGui::CalcTextSize(line, nullptr, false, wrap);
  const ImVec2 error_size = *e.error() ? ImGui::CalcTextSize(e.error(), nullptr, false, wrap) : ImVec2(0, 0);
  caption_min = min;
  caption_max = ImVec2(min.x + fmaxf(line_size.x, error_size.x), min.y + line_size.y + error_size.y);
  const float top = line_size.y + error_size.y + ImGui::GetTextLineHeightWithSpacing() * 0.4f;
  layout = draw_board(dl, ImVec2(min.x, min.y + top), max, view);
  ImFont* font = ImGui::GetFont();
  const float size = layout.cell * 0.42f;
  for (int y = 0; y < view.height; ++y)
    for (int x = 0; x < view.width; ++x) {
      if (!e.pending(x, y)) continue;
      const ImVec2 c = layout.centre(x, y);
      const ImVec2 a(c.x - layout.cell * 0.5f, c.y - layout.row * 0.5f), b(a.x + layout.cell, a.y + layout.row);
      dl->AddRectFilled(a, b, IM_COL32(40, 36, 20, 200));
      dl->AddRect(a, b, IM_COL32(250, 210, 60, 255), 0, 0, 2.0f);
      // The cell's text, or the listing that names it ("portals": half a pair).
      const char* listing = e.pending_listing(x, y);
      const char* t = *listing ? listing : e.cell_text(x, y);
      float fit = size;
      ImVec2 ts = font->CalcTextSizeA(fit, 1e9f, 0, t);
      if (ts.x > layout.cell * 0.9f) {
        fit *= layout.cell * 0.9f / ts.x;
        ts = font->CalcTextSizeA(fit, 1e9f, 0, t);
      }
      dl->AddText(font, fit, ImVec2((a.x + b.x - ts.x) * 0.5f, (a.y + b.y - ts.y) * 0.5f), IM_COL32(250, 230, 140, 255), t);
    }
  // The cell a press would paint.
  const ImVec2 m = ImGui::GetIO().MousePos;
  int hx, hy;
  layout.cell_at(m, &hx, &hy);
  if (ImGui::IsItemHovered() && hx >= 0 && hy >= 0 && hx < view.width && hy < view.height) {
    const ImVec2 c = layout.centre(hx, hy), a(c.x - layout.cell * 0.5f, c.y - layout.row * 0.5f);
    dl->AddRect(a, ImVec2(a.x + layout.cell, a.y + layout.row), IM_COL32(255, 255, 255, 220), 0, 0, 2.0f);
  }
  dl->AddText(font, ImGui::GetFontSize(), min, IM_COL32(250, 220, 120, 255), line, nullptr, wrap);
  if (*e.error())
    dl->AddText(font, ImGui::GetFontSize(), ImVec2(min.x, min.y + line_size.y), IM_COL32(255, 130, 120, 255), e.error(),
                nullptr, wrap);
}

void BoardPanel::draw(Page& page, EditPanel& edit, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 12));
  ImGui::Begin("Board", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::PopStyleVar();
  Session& s = page.session();
  if (!page.editing() && *s.message()) message(page);  // above the board, never over it
  shown_notice = "";
  if (!page.editing() && s.unwinnable()) unwinnable_notice();
  else if (!page.editing() && page.board_note()) notice(page.board_note(), IM_COL32(40, 80, 140, 235));
  ImVec2 min = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImVec2 max(min.x + avail.x, min.y + avail.y);
  ImGui::InvisibleButton("board", ImVec2(avail.x > 1 ? avail.x : 1, avail.y > 1 ? avail.y : 1));
  if (page.editing()) {
    paint_pointer(page, edit);
    draw_editor(edit, min, max);
    ImGui::End();
    return;
  }
  forward_pointer(page);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  s.view(&view);
  layout = draw_board(dl, min, max, view);
  name_cell(page);
  shown_banner.clear();
  // The centre of the piece the player moves, which a phone's banner keeps clear of.
  const float actor_y = view.actor >= 0 && view.width > 0
                            ? layout.centre(view.actor % view.width, view.actor / view.width).y
                            : -1.0f;
  if (s.status() == PlayStatus::kWon) {
    Text medals;
    s.medals_text(&medals);
    int moves = (int)s.moves_made();
    char line[320];
    const bool pack_done = s.pack_index() >= 0 && !s.pack_has_next();
    const char* next = s.pack_has_next() ? "the pack's next level"
                       : pack_done       ? "a new level from a fresh seed"
                       : s.infinite()    ? "the next level"
                                         : "a new level";
    // "6 moves (par 6) - perfect! N: a new level." or "9 moves (par 6).
    // Medals: ... N: ...": one sentence each, whatever the medals say. On a
    // pack's last level, how much of the pack was solved.
    const bool perfect = medals.empty() && !s.helped() && moves <= s.par();
    const char* medals_end = medals.empty() || medals.c_str()[medals.size() - 1] == '.' ? "" : ".";
    char pack[96] = "";
    int solved = 0, count = 0;
    if (pack_done && page.pack_progress(&solved, &count))
      snprintf(pack, sizeof pack, " That was the pack's last level: %d of %d solved.", solved, count);
    // A finger has no N key: the banner names the button to tap.
    char what_next[96];
    snprintf(what_next, sizeof what_next,
             !touch_pointer() ? "N: %s." : toolbar_below() ? "Tap Next for %s." : "Tap Next level for %s.", next);
    char par[24] = "";
    if (s.par() >= 0) snprintf(par, sizeof par, " (par %d)", s.par());
    snprintf(line, sizeof line, "%d moves%s%s%s%s%s%s %s", moves, par, perfect ? " - perfect!" : ".",
             medals.empty() ? "" : " ", medals.c_str(), medals_end, pack, what_next);
    static const BannerButton kNext[] = {{"Next level", Command::kNext}};
    banner(&shown_banner, &banner_min, &banner_max, page, min, max, actor_y, pack_done ? "Pack done!" : "Solved!", line,
           IM_COL32(40, 130, 70, 235), kNext, 1);
  } else if (s.status() == PlayStatus::kLost) {
    static const BannerButton kAgain[] = {{"Undo", Command::kUndo}, {"Restart", Command::kRestart}};
    // Why it was lost, then what to do.
    std::string line = s.lost_reason() ? s.lost_reason() : "";
    if (!line.empty()) line[0] = (char)toupper((unsigned char)line[0]), line += ". ";
    line += touch_pointer() ? "Tap Undo to take back the last move, or Restart." : "Undo the last move (Z) or restart (R).";
    banner(&shown_banner, &banner_min, &banner_max, page, min, max, actor_y, "Lost", line.c_str(), IM_COL32(170, 50, 50, 235),
           kAgain, 2);
  }
  ImGui::End();
}

// An opened level that no moves can win (an edited one, say): said at once,
// where the player looks, above the board.
const char* const kUnwinnable =
    "This level cannot be won: no moves from the start reach a win. Edit it, or open another level.";

void BoardPanel::unwinnable_notice() { notice(kUnwinnable, IM_COL32(150, 100, 20, 235)); }

// A band of text above the board, as tall as its words.
void BoardPanel::notice(const char* text, ImU32 colour) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float wrap = ImGui::GetContentRegionAvail().x - 2 * style.WindowPadding.x;
  const float height = ImGui::CalcTextSize(text, nullptr, false, wrap > 1 ? wrap : 1).y + 2 * style.WindowPadding.y;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colour);
  ImGui::BeginChild("notice", ImVec2(ImGui::GetContentRegionAvail().x, height), true, ImGuiWindowFlags_NoScrollbar);
  ImGui::TextWrapped("%s", text);
  ImGui::EndChild();
  shown_notice = text;
  ImGui::PopStyleColor();
}

void BoardPanel::message(Page& page) {
  // As tall as its wrapped text and its button (at most half the board's
  // room), so the board below keeps every cell in view and under the
  // finger. Past that its words scroll and Dismiss stays below them, whole:
  // on a phone a long message hid all but a sliver of the button.
  const FingerSized finger;  // its Dismiss
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float wrap = avail.x - 2 * style.WindowPadding.x - style.ScrollbarSize;
  const float button_row = ImGui::GetFrameHeightWithSpacing() + style.ItemSpacing.y;
  float text_height = ImGui::CalcTextSize(page.session().message(), nullptr, false, wrap > 1 ? wrap : 1).y;
  float height = text_height + button_row + 2 * style.WindowPadding.y;
  if (height > avail.y * 0.5f) {
    height = avail.y * 0.5f;
    text_height = height - button_row - 2 * style.WindowPadding.y;
    if (text_height < ImGui::GetTextLineHeight()) text_height = ImGui::GetTextLineHeight();
  }
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(150, 40, 40, 235));
  ImGui::BeginChild("message", ImVec2(avail.x, height), true, ImGuiWindowFlags_NoScrollbar);
  ImGui::BeginChild("message words", ImVec2(-1, text_height), false);
  ImGui::TextWrapped("%s", page.session().message());
  ImGui::EndChild();
  if (ImGui::Button("Dismiss")) page.command(Command::kDismiss);
  ImGui::EndChild();
  ImGui::PopStyleColor();
}
