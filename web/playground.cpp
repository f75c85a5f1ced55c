// playground.cpp — the playground's commands (the same for keys, buttons and
// the page's JavaScript), the layout of its windows, and the page's entry
// points. Every command is the session's; this file only keeps the page (its
// URL, its panels) in step with it.
#include "playground.h"

#include <emscripten.h>
#include <math.h>

#include "core/midend/link.h"
#include "core/midend/registry.h"
#include "storage.h"
#include "touch.h"
#include "widgets.h"

using namespace tl;

namespace {

constexpr double kSolveStepMs = 220.0;

// The address bar shows this link (no hashchange): as a new entry of the
// browser's history when `push` (Back then shows the level before), else
// in the entry it has (and so when the link is the one shown).
void set_address(const char* link, bool push) {
  EM_ASM({
    var link = UTF8ToString($0);
    if ($1 && location.hash !== link) history.pushState(null, "", link);
    else history.replaceState(null, "", link);
  }, link, push);
}

void copy_link() {
  EM_ASM({
    var url = location.href;
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).catch(function(){});
  });
}

Playground& playground(Page& page) { return static_cast<Playground&>(page); }
const Playground& playground(const Page& page) { return static_cast<const Playground&>(page); }

const PageActions kPlaygroundActions = {
    [](Page& p, Command c, const char* arg) { return playground(p).do_command(c, arg); },
    [](Page& p, WorkKind kind, const WorkRequest& r) { playground(p).do_start_work(kind, r); },
    [](Page& p, const Input& in) { playground(p).do_input(in); },
    [](Page& p, const std::string& text) { playground(p).do_open_text(text); },
    [](Page& p, const GameInfo& g, const ParamValues& params, const char* seed) {
      playground(p).do_new_level(g, params, seed);
    },
    [](Page& p) { playground(p).do_follow_session(); },
    [](Page& p, const GameInfo& g, const std::string& text) { playground(p).analysis.request_level(p, g, text); },
    [](const Page& p) { return playground(p).edit.active; },
    [](const Page& p) { return playground(p).device.open; },
    [](const Page& p) {
      const Playground& g = playground(p);
      return g.edit.active ? g.edit.editor.can_undo() : g.session().can_undo();
    },
    [](const Page& p, int* solved, int* count) {
      const PackPanel& pack = playground(p).pack;
      if (pack.levels.empty()) return false;
      *count = (int)pack.levels.size();
      *solved = 0;
      for (bool done : pack.solved) *solved += done ? 1 : 0;
      return true;
    },
};

}  // namespace

// ---------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------
Playground::Playground() : Page(kPlaygroundActions) {}

void Playground::do_follow_session() {
  // Each new level shown is an entry of the browser's history, but the
  // first (Back from it leaves the page, as from any page) and a level the
  // address named (Back, Forward, a link followed: its entry is there).
  if (session_.loads() != seen_loads) set_address(session_.link(), seen_loads != 0 && !from_address);
  else if (address_typed) set_address(session_.link(), false);
  if (session_.loads() != seen_loads) from_address = false;
  address_typed = false;
  const bool playing_edited = play_edited;
  play_edited = false;
  const bool panels_own = loaded_from_panel;
  loaded_from_panel = false;
  if (session_.loads() != seen_loads) {
    seen_loads = session_.loads();
    // A pack's level, an edited level and the level the Generate panel asked
    // for keep the panel's settings as the person left them (a seed typed
    // while the level was made stays); any other level's are its own, and so
    // is the first level's (a reload onto a pack's level: the panel has none yet).
    if (!generate.game || (session_.pack_index() < 0 && !playing_edited && !panels_own)) generate.follow(session_);
    if (!resume.link.empty() && resume.link == session_.link()) resume.replay(&session_);
    resume = RememberedPlay();  // only the first level loaded goes on from the last visit
    if (work_.job == WorkKind::kAnalysis && !analysis.of_editor) cancel_work();  // of a position no longer played
    if (work_.job == WorkKind::kGenerate) cancel_work();  // a level opened meanwhile: the one being made would replace it
    analysis.clear();
  }
  request_redraw();
}

void Playground::do_new_level(const GameInfo& game, const ParamValues& params, const char* seed) {
  LevelRecipe recipe;
  recipe.game = &game;
  recipe.params = params;
  recipe.seed.append(seed);
  start_making(recipe, true);  // new_level is the Generate panel's: its Generate and its game chosen
}

// A seed link's level is made in the worker (the page keeps drawing, and a
// first visit shows "Opening the link..." until it comes); a level link
// opens at once.
void Playground::open_link(const std::string& link) {
  note_.clear();
  address_typed = true;  // the next follow puts the shown level's link back
  LevelRecipe recipe;
  const NextLevel next = session_.link_recipe(link.data(), link.size(), &recipe);
  if (next == NextLevel::kMake) {
    start_making(recipe);
    from_address = true;  // set after start_making, which clears it
    request_redraw();
    return;
  }
  from_address = true;
  if (next == NextLevel::kFailed && !session_.loaded()) session_.open_default();
  follow_session();  // a failed link: the level shown stays, and its link goes back in the address
  from_address = false;
}

void Playground::open_first(const std::string& hash) {
  resume.read(local_get(kRememberedPlayKey));
  const bool same = hash.size() <= 1 || hash == resume.link;  // no link, or a reload's
  if (same && resume.pack_index >= 0 && session_.open_pack_level(resume.pack_index) &&
      resume.link == session_.link()) {
    follow_session();
    return;
  }
  if (hash.size() > 1) return open_link(hash);
  if (!resume.link.empty()) return open_link(resume.link);
  session_.open_default();
  follow_session();
}

void Playground::remember() {
  if (!session_.loaded()) return;
  std::string text = RememberedPlay::of(session_).text();
  if (text == remembered) return;
  local_set(kRememberedPlayKey, text);
  remembered.swap(text);
}

void Playground::do_open_text(const std::string& text) {
  note_.clear();
  if (edit.active) {  // in Edit mode a pasted or dropped level goes into the editor
    edit.set_text(text);
    request_redraw();
    return;
  }
  if (open_pack_text(text)) return;
  session_.open_text(nullptr, text.data(), text.size());
  follow_session();
}

bool Playground::open_pack_text(const std::string& text) {
  const GameInfo* game = nullptr;
  std::vector<PackLevel> levels;
  Error e;
  const bool header = has_pack_header(text.data(), text.size());
  if (!header && !read_level_file(text.data(), text.size(), &game, &levels, &e)) return false;
  request_redraw();
  if (!pack.take(*this, text)) return true;  // a pack that does not read: the Pack panel says where
  if (!header)
    set_note("The text holds " + std::to_string(pack.levels.size()) + " " + pack.game->name +
             " levels: the first is on the board, and all of them are in the Pack panel.");
  return true;
}

void Playground::do_input(const Input& in) {
  if (!session_.loaded()) return;
  if (session_.input(in) != Outcome::kNoChange) note_.clear();
  request_redraw();
}

bool Playground::command(const std::string& name) {
  Command c;
  const char* arg;
  return find_command(name.c_str(), &c, &arg) && command(c, arg);
}

bool Playground::do_command(Command c, const char* arg) {
  if (!session_.loaded()) return false;  // a first visit's link still being made
  note_.clear();
  switch (c) {
    case Command::kUndo: edit.active ? edit.undo() : (void)session_.undo(); break;
    case Command::kRedo: edit.active ? edit.redo() : (void)session_.redo(); break;
    case Command::kRestart: session_.restart(); break;
    case Command::kHint: start_solve(true); break;
    case Command::kSolve: start_solve(false); break;
    case Command::kGenerate: new_level(*generate.game, generate.params, generate.seed); break;
    case Command::kNext: start_next(); break;
    case Command::kCopyLink:
      copy_link();
      note_ = "Link copied. It recreates this level exactly.";
      break;
    case Command::kDismiss: session_.clear_message(); break;
    case Command::kAnalyze: analysis.request_position(*this); break;
    case Command::kCancel: cancel_work(); break;
    case Command::kEditOn: edit.begin(*this); break;
    case Command::kEditOff:
      play_edited = true;
      edit.play(*this);
      break;
    case Command::kEditUndo: edit.undo(); break;
    case Command::kEditRedo: edit.redo(); break;
    case Command::kBrush:
      if (!edit.choose_brush(arg)) return false;
      break;
    case Command::kShowDeadEnd: analysis.show(*this, analysis.dead_end, AnalysisPanel::Shown::kDeadEnd); break;
    case Command::kShowWrongMove: analysis.show(*this, analysis.wrong_move, AnalysisPanel::Shown::kWrongMove); break;
    case Command::kShowState: {
      const int index = atoi(arg);
      if (index < 0 || index >= (int)analysis.graph.depth.size()) return false;
      analysis.show(*this, analysis.moves_to((uint32_t)index), AnalysisPanel::Shown::kGraphState);
      break;
    }
    case Command::kInfiniteOn: session_.set_infinite(true); break;
    case Command::kInfiniteOff: session_.set_infinite(false); break;
    case Command::kDeviceOn: device.set_open(true, fresh_entropy()); break;
    case Command::kDeviceOff: device.set_open(false, 0); break;
    case Command::kPackMake: pack.make(*this, generate); break;
    case Command::kPackSearch: pack.search(*this, generate); break;
    case Command::kPackExport:
      EM_ASM({ window.tilelab.download('tilelab-pack.txt', UTF8ToString($0)); }, pack.text.c_str());
      break;
    case Command::kPackExportJson: {
      const std::string file = pack.file_json();
      EM_ASM({ window.tilelab.download('tilelab-pack.json', UTF8ToString($0)); }, file.c_str());
      break;
    }
    case Command::kPackSheet: case Command::kPackPrint: pack.sheet(*this, c == Command::kPackPrint); break;
    case Command::kPackOpen: pack.open(*this, atoi(arg) - 1); break;
    case Command::kPictureSvg: case Command::kPicturePng: share.save_picture(*this, c == Command::kPicturePng); break;
    case Command::kHelp: help_open = !help_open; break;
    case Command::kCount: return false;
  }
  follow_session();
  return true;
}

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

void Playground::advance(double now_ms) {
  if (!session_.loaded()) return;  // a first visit's link still being made
  edit.follow(*this, now_ms);
  if (!session_.solving() || now_ms < next_solve_step_ms) return;
  session_.solve_step();
  next_solve_step_ms = now_ms + kSolveStepMs;
  request_redraw();
}

// The help overlay: every key of the page (F1 or ? opens it; Esc, F1 or ? closes it).
void Playground::draw_help() {
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
  if (!help_open) {  // closed by a key or a command: the modal goes too
    help_text.clear();
    if (ImGui::BeginPopupModal("Help###help")) {
      ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
    }
    help_shown = false;
    return;
  }
  if (!help_shown) {
    ImGui::OpenPopup("Help###help");
    help_press_outside = false;  // only a press made while it shows closes it
  }
  help_shown = true;
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x < 640 ? io.DisplaySize.x - 20 : 620, 0));
  // Opaque: the banner and the panels behind never show through its words.
  ImGui::PushStyleColor(ImGuiCol_PopupBg, IM_COL32(24, 26, 30, 255));
  const bool open = ImGui::BeginPopupModal(touch ? "Help: what a finger does###help" : "Help: the keys###help", &help_open,
                                           ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize);
  ImGui::PopStyleColor();
  if (!open) return;
  const bool inside = ImGui::IsMouseHoveringRect(ImGui::GetWindowPos(),
                                                 ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                                                        ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
  if (ImGui::IsMouseClicked(0)) help_press_outside = !inside;
  const ImVec2 drag = ImGui::GetMouseDragDelta(0);
  const bool swipe = ImGui::IsMouseDown(0) && fabsf(drag.x) > io.DisplaySize.x * 0.25f && fabsf(drag.x) > 2 * fabsf(drag.y);
  if (swipe || (ImGui::IsMouseReleased(0) && help_press_outside && !inside)) help_open = false;
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 140);
    help_text.clear();
    const auto rows = [&](const auto& table) {
      for (const auto& k : table) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(k[0]);
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", k[1]);
        help_text.append(k[0]).append(": ").append(k[1]).append("\n");
      }
    };
    if (touch) rows(kTouches);
    else rows(kKeys);
    ImGui::EndTable();
  }
  if (!help_open) {
    ImGui::CloseCurrentPopup();
    help_shown = false;
  }
  ImGui::EndPopup();
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
  ImGui::Text("Making %s's level from the link... %.1f s", making_recipe.game ? making_recipe.game->name : "the",
              work_.seconds(emscripten_get_now()));
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
  if (help_open || help_shown) draw_help();
  if (device.open) device.draw(*this, board_pos, board_size, emscripten_get_now());
  else board.draw(*this, edit, board_pos, board_size);
  remember();
}

// ---------------------------------------------------------------------------
// The page's entry points
// ---------------------------------------------------------------------------
