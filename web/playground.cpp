// playground.cpp — the playground's commands (the same for keys, buttons and
// the page's JavaScript), the layout of its windows, and the page's entry
// points. Every command is the session's; this file only keeps the page (its
// URL, its panels) in step with it.
#include "playground.h"

#include <emscripten.h>
#include <math.h>

#include "core/midend/link.h"
#include "core/midend/registry.h"
#include "shell/common/json.h"
#include "shell/common/report.h"
#include "touch.h"

using namespace tl;

namespace {

constexpr double kSolveStepMs = 220.0;

void set_fragment(const char* link) {
  EM_ASM({ history.replaceState(null, "", UTF8ToString($0)); }, link);
}

void copy_link() {
  EM_ASM({
    var url = location.href;
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).catch(function(){});
  });
}

}  // namespace

// ---------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------
void Playground::follow_session() {
  if (session.loads() != seen_loads) {
    seen_loads = session.loads();
    if (!keep_address) set_fragment(session.link());
    keep_address = false;
    generate.follow(session);
    if (work.job == WorkKind::kAnalysis && !analysis.of_editor) cancel_work();  // of a position no longer played
    if (work.job == WorkKind::kGenerate) cancel_work();  // a level opened meanwhile: the one being made would replace it
    analysis.clear();
  }
  request_redraw();
}

void Playground::new_level(const GameInfo& game, const ParamValues& params, const char* seed) {
  LevelRecipe recipe;
  recipe.game = &game;
  recipe.params = params;
  recipe.seed.append(seed);
  start_making(recipe);
}

void Playground::open_link(const std::string& link) {
  host_note.clear();
  const bool ok = session.open_link(link.data(), link.size());
  if (!ok && !session.loaded()) session.open_default();
  keep_address = !ok && session.loads() != seen_loads;  // a level shown in the bad link's place
  follow_session();
}

void Playground::open_text(const std::string& text) {
  host_note.clear();
  if (edit.active) {  // in Edit mode a pasted or dropped level goes into the editor
    edit.set_text(text);
    request_redraw();
    return;
  }
  session.open_text(nullptr, text.data(), text.size());
  follow_session();
}

void Playground::input(const Input& in) {
  if (session.input(in) != Outcome::kNoChange) host_note.clear();
  request_redraw();
}

bool Playground::command(const std::string& name) {
  host_note.clear();
  if (edit.active && name == "undo") edit.undo();
  else if (edit.active && name == "redo") edit.redo();
  else if (name == "undo") session.undo();
  else if (name == "redo") session.redo();
  else if (name == "restart") session.restart();
  else if (name == "hint") start_solve(true);
  else if (name == "solve") start_solve(false);
  else if (name == "generate") new_level(*generate.game, generate.params, generate.seed);
  else if (name == "next") start_next();
  else if (name == "copy-link") { copy_link(); host_note = "Link copied. It recreates this level exactly."; }
  else if (name == "dismiss") session.clear_message();
  else if (name == "analyze") analysis.request_position(*this);
  else if (name == "cancel") cancel_work();
  else if (name == "edit-on") edit.begin(*this);
  else if (name == "edit-off") edit.play(*this);
  else if (name == "edit-undo") edit.undo();
  else if (name == "edit-redo") edit.redo();
  else if (name.compare(0, 6, "brush-") == 0) { if (!edit.choose_brush(name.c_str() + 6)) return false; }
  else if (name == "show-dead-end") analysis.show(*this, analysis.dead_end);
  else if (name == "show-wrong-move") analysis.show(*this, analysis.wrong_move);
  else if (name.compare(0, 11, "show-state-") == 0) {
    const int index = atoi(name.c_str() + 11);
    if (index < 0 || index >= (int)analysis.graph.depth.size()) return false;
    analysis.show(*this, analysis.moves_to((uint32_t)index));
  }
  else if (name == "infinite-on") session.set_infinite(true);
  else if (name == "infinite-off") session.set_infinite(false);
  else if (name == "device-on") device.set_open(true, fresh_entropy());
  else if (name == "device-off") device.set_open(false, 0);
  else if (name == "pack-make") pack.make(*this);
  else if (name == "help") help_open = !help_open;
  else if (name == "pack-export") {
    EM_ASM({ window.tilelab.download('tilelab-pack.txt', UTF8ToString($0)); }, pack.text.c_str());
  } else if (name == "pack-export-json") {
    const std::string file = report::pack_file_json(pack.text);
    EM_ASM({ window.tilelab.download('tilelab-pack.json', UTF8ToString($0)); }, file.c_str());
  } else if (name == "pack-sheet" || name == "pack-print") pack.sheet(*this, name == "pack-print");
  else if (name == "picture-svg" || name == "picture-png") share.save_picture(*this, name == "picture-png");
  else if (name.compare(0, 10, "pack-open-") == 0) pack.open(*this, atoi(name.c_str() + 10) - 1);
  else return false;
  follow_session();
  return true;
}

void Playground::advance(double now_ms) {
  edit.follow(*this, now_ms);
  if (!session.solving() || now_ms < next_solve_step_ms) return;
  session.solve_step();
  next_solve_step_ms = now_ms + kSolveStepMs;
  request_redraw();
}

// The help overlay: every key of the page (F1 or ? opens and closes it).
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
      {"paste", "a link opens it; a level text opens it; a pack file imports it"},
      {"drop a file", "a pack is imported, a level opened"},
      {"Edit mode", "click or drag on the board: paint the chosen brush; Z / Y undo and redo edits; Esc plays the level"},
      {"Analysis", "Cancel stops a search; a click on a state of the graph shows it on the board"},
      {"Playdate preview", "arrows the D-pad, X or Enter A, Z or Backspace B (hold: restart), wheel the crank"},
      {"long press", "on a phone: what a button or a card does"},
      {"F1, ?, Help", "this help"},
  };
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x < 640 ? io.DisplaySize.x - 20 : 620, 0));
  ImGui::Begin("Keys", &help_open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize);
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 140);
    for (const auto& k : kKeys) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k[0]);
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", k[1]);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

// ---------------------------------------------------------------------------
// Layout. Wide: the panels on the left, the board beside. Narrow (a phone):
// the board on top, the toolbar under it with the buttons a player needs at
// hand, and the panels below, scrolled by a swipe.
// ---------------------------------------------------------------------------
void Playground::draw_panels(ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("tilelab", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  if (ImGui::SmallButton("Help (F1)")) command("help");
  ImGui::SameLine();
  ImGui::TextWrapped("%s", session.game().summary);
  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
  generate.draw(*this);
  edit.draw(*this);
  if (!edit.active) {  // in Edit mode the board is not being played
    play.draw(*this);
    share.draw(*this);
  }
  analysis.draw(*this);
  pack.follow(*this);  // a win of the pack's level is kept, however it came
  pack.draw(*this);
  ImGui::PopItemWidth();
  swipe_to_scroll();
  ImGui::End();
}

void Playground::draw() {
  ImGuiIO& io = ImGui::GetIO();
  const float w = io.DisplaySize.x, h = io.DisplaySize.y;
  ImVec2 board_pos, board_size;
  if (w < 720) {
    // As tall as the board drawn last needs at the screen's width (the
    // Playdate preview: its 400x240 screen), within 30% to 60% of the height.
    const float toolbar = ImGui::GetFrameHeight() * (play.toolbar_rows(*this) == 2 ? 4.0f : 2.2f);
    const BoardView& v = board.view;
    float want = device.open ? (w - 24) * 0.6f + 24
                 : v.width > 0 ? (w - 24) * (float)v.height / (float)v.width * (v.hex ? 0.87f : 1.0f) + 24
                               : h * 0.5f;
    if (want < h * 0.3f) want = h * 0.3f;
    if (want > h * 0.6f) want = h * 0.6f;
    const float board_h = floorf(want);
    board_pos = ImVec2(0, 0);
    board_size = ImVec2(w, board_h);
    play.draw_toolbar(*this, ImVec2(0, board_h), ImVec2(w, toolbar));
    draw_panels(ImVec2(0, board_h + toolbar), ImVec2(w, h - board_h - toolbar));
  } else {
    const float side = w * 0.34f < 360 ? w * 0.34f : 360;
    draw_panels(ImVec2(0, 0), ImVec2(side, h));
    board_pos = ImVec2(side, 0);
    board_size = ImVec2(w - side, h);
  }
  if (help_open) draw_help();
  if (device.open) device.draw(*this, board_pos, board_size, emscripten_get_now());
  else board.draw(*this, board_pos, board_size);
}

// ---------------------------------------------------------------------------
// The page's entry points
// ---------------------------------------------------------------------------
std::string playground_state_json() {
  if (!the_playground()) return "{\"ready\":false}";
  Playground& app = *the_playground();
  json::Object o = report::session_object(app.session);
  if (!app.session.loaded()) return o.str();
  if (!app.host_note.empty()) o.add("page_note", app.host_note);
  if (!app.pack.levels.empty()) {
    std::string marks;
    for (bool s : app.pack.solved) marks += s ? '1' : '0';
    o.raw("pack", json::Object().add("game", app.pack.game->id).add("count", (int)app.pack.levels.size())
                      .add("current", app.pack.current(app) + 1).add("solved", marks).add("best", app.pack.best_text())
                      .add("text", app.pack.text).str());
  }
  if (app.device.app) {
    // The Playdate preview: its screen, and its session, with a shortest
    // solution from where it stands (for tests that play it at the keys).
    device::App& d = *app.device.app;
    static const char* const kScreens[] = {"games", "setup", "play", "help"};
    json::Object dev;
    dev.add("open", app.device.open).add("screen", kScreens[(int)d.screen_kind()]);
    if (d.session().loaded()) {
      tl::MoveList path;
      d.session().solution(&path);
      dev.add("game", d.session().game().id).add("moves", (int)d.session().moves_made());
      dev.add("status", d.session().status() == tl::PlayStatus::kWon    ? "won"
                        : d.session().status() == tl::PlayStatus::kLost ? "lost"
                                                                         : "playing");
      dev.add("solution", report::moves_text(d.session().level(), path));
    }
    o.raw("device", dev.str());
  }
  o.add("analysis", app.analysis.text).add("graph_states", (int)app.analysis.graph.depth.size());
  o.add("analysing", app.analysis.running).add("analysis_status", app.analysis.status);
  o.add("dead_end", app.analysis.dead_end).add("wrong_move", app.analysis.wrong_move);
  static const char* const kJobs[] = {"", "analysis", "generate", "pack", "solve", "hint"};
  o.raw("work", json::Object().add("job", kJobs[(int)app.work.job]).add("done", (uint64_t)app.work.done)
                    .add("total", (uint64_t)app.work.total).str());
  // Frames drawn, and frames still to draw since the last change (0: the page
  // is idle and what it shows, the board's layout below too, is current).
  // Input not yet taken by a frame (a wheel, a click) is a change to come.
  const int pending = app.redraw_frames > 0 ? app.redraw_frames : input_waiting() ? 3 : 0;
  o.add("frames", (uint64_t)app.frames_drawn).add("frames_pending", pending);
  // The help overlay, and the tooltip the last frame showed ("" when none).
  o.add("help", app.help_open).add("tooltip", shown_tooltip()).add("touch", touch_pointer());
  o.add("generate_blocked", app.generate.unfit).add("pack_error", app.pack.error);
  if (app.edit.editor.game()) {
    const Editor& e = app.edit.editor;
    o.raw("editor", json::Object().add("active", app.edit.active).add("game", e.game()->id)
                        .add("text", e.text().c_str()).add("level", e.level_text().c_str())
                        .add("error", e.error()).add("width", e.width()).add("height", e.height())
                        .add("brush", e.game()->palette[app.edit.brush].token)
                        .add("can_undo", e.can_undo()).str());
  }
  // Where the board is on the page (CSS pixels), for tests that drag on it.
  const BoardLayout& b = app.board.layout;
  o.raw("board", json::Object().add("x", (double)b.origin.x).add("y", (double)b.origin.y).add("cell", (double)b.cell)
                    .add("row", (double)b.row).add("hex", b.hex).str());
  return o.str();
}

void playground_open_text(std::string text) {
  if (the_playground()) the_playground()->open_text(text);
}
void playground_open_link(std::string link) {
  if (the_playground()) the_playground()->open_link(link);
}
void playground_import_file(std::string text) {
  Playground* app = the_playground();
  if (!app) return;
  app->request_redraw();
  // A pack starts its levels with a header line "== GAME seed=...".
  if (has_pack_header(text.data(), text.size())) {
    app->pack.import(*app, text);  // its error, if any, names the line
    return;
  }
  // A file of levels with no headers (a Numberlink stream): a pack of them
  // (the Pack panel reads it so; what it says of any other file is not kept).
  if (app->pack.import(*app, text)) {
    app->pack.reveal = true;
    app->host_note = "The file holds " + std::to_string(app->pack.levels.size()) + " " + app->pack.game->name +
                     " levels: they are in the Pack panel, to open one by one.";
    return;
  }
  app->pack.error.clear();
  app->pack.reveal = false;
  Error e;
  std::unique_ptr<Level> level = parse_level(nullptr, text.data(), text.size(), &e);
  if (level) {
    app->open_text(text);
    app->host_note = app->edit.active ? "The file is a level, not a pack: it is open in the editor."
                                      : "The file is a level, not a pack: it is open on the board.";
    return;
  }
  app->pack.reveal = true;
  // The reader's guess at a game would only confuse here: the file may be anything.
  app->pack.error = std::string("This file is no pack (a pack's levels start with a line like '== ") +
                    app->session.game().id + " seed=...') and no level of any game.";
}

bool playground_import_pack(std::string text) {
  if (!the_playground()) return false;
  const bool ok = the_playground()->pack.import(*the_playground(), text);
  the_playground()->request_redraw();
  return ok;
}

void playground_edit_text(std::string text) {
  if (!the_playground()) return;
  the_playground()->edit.set_text(text);
  the_playground()->request_redraw();
}

void playground_work_progress(int id, double done, double total) {
  if (the_playground()) the_playground()->work_progress(id, (uint32_t)done, (uint32_t)total);
}

void playground_work_done(int id, bool ok, std::string error, std::string values) {
  if (the_playground()) the_playground()->work_done(id, ok, error, values);
}

bool playground_command(std::string name) { return the_playground() && the_playground()->command(name); }
