// entry.cpp — the page's entry points (playground.h, bound in api.cpp): what
// app.js calls on the running playground (links, pastes, files, commands,
// the worker's answers), and its state as the page's JavaScript reads it
// (tilelab.state(): the browser tests' eyes): the session's level, moves,
// status, par, link and messages, and what each panel shows.
#include <emscripten.h>

#include "core/midend/registry.h"
#include "playground.h"
#include "core/report/json.h"
#include "touch.h"
#include "work.h"

using namespace tl;

namespace {

// The session: game, seed, level (the board now as a level text), start
// (the level's own text), moves, status, par, link, message, note (the
// page's own when it has one, as the Play panel shows), the hand.
json::Object session_object(const Session& s, const std::string& page_note) {
  json::Object o;
  if (!s.loaded()) return o.add("ready", false);
  Text board, start, medals;
  s.level().format(s.state(), &board);
  s.level().canonical_text(&start);
  s.medals_text(&medals);
  PlayStatus st = s.status();
  o.add("ready", true).add("game", s.game().id).add("seed", s.seed());
  o.add("level", board.c_str()).add("start", start.c_str());
  o.add("moves", moves_text(s.level(), s.moves())).add("move_count", (int)s.moves_made());
  o.add("status", st == PlayStatus::kWon ? "won" : st == PlayStatus::kLost ? "lost" : "playing");
  o.add("par", s.par()).add("link", s.link()).add("message", s.message());
  o.add("note", !page_note.empty() ? page_note.c_str() : s.note());  // the note the Play panel shows (on a phone, the toolbar's status)
  o.add("animating", s.solving()).add("infinite", s.infinite()).add("medals", medals.c_str());
  BoardView view;
  s.view(&view);
  if (view.caption[0]) o.add("caption", view.caption);
  HandCard hand[kMaxHand];
  int cards = s.hand(hand);
  if (cards > 0) {
    std::string text;
    for (int i = 0; i < cards; ++i)
      text += (i ? " " : "") + std::string(hand[i].label) + "x" + std::to_string(hand[i].count);
    o.add("hand", text).add("card", s.chosen_card());
  }
  return o;
}

}  // namespace

std::string playground_state_json() {
  if (!the_playground()) return "{\"ready\":false}";
  Playground& app = *the_playground();
  json::Object o = session_object(app.session(), app.note());
  if (!app.session().loaded()) return o.str();
  if (!app.note().empty()) o.add("page_note", app.note());
  if (!app.pack.levels.empty()) {
    std::string marks;
    for (bool s : app.pack.solved) marks += s ? '1' : '0';
    o.raw("pack", json::Object().add("game", app.pack.game->id).add("count", (int)app.pack.levels.size())
                      .add("current", app.pack.current(app) + 1).add("solved", marks).add("best", app.pack.best_text()).add("blank_thumbnails", app.pack.blank_thumbnails)
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
      shortest_solution(d.session(), &path);
      dev.add("game", d.session().game().id).add("moves", (int)d.session().moves_made());
      dev.add("status", d.session().status() == tl::PlayStatus::kWon    ? "won"
                        : d.session().status() == tl::PlayStatus::kLost ? "lost"
                                                                         : "playing");
      dev.add("solution", moves_text(d.session().level(), path));
    }
    o.raw("device", dev.str());
  }
  o.add("analysis", app.analysis.text).add("graph_states", (int)app.analysis.graph.depth.size());
  {
    // The analysis' table as drawn: each row's figure, value and where they went.
    std::vector<std::string> rows;
    const AnalysisPanel& a = app.analysis;
    for (size_t i = 0; i < a.drawn.size() && i < a.labels.size(); ++i)
      rows.push_back(json::Object().add("label", a.labels[i]).add("value", a.values[i])
                         .add("label_x", (double)a.drawn[i].label_x).add("value_x", (double)a.drawn[i].value_x)
                         .add("y", (double)a.drawn[i].y).str());
    o.raw("analysis_table", json::array(rows)).add("graph_note", a.graph_note);
  }
  o.add("analysing", app.analysis.running).add("analysis_status", app.analysis.status);
  o.add("dead_end", app.analysis.dead_end).add("wrong_move", app.analysis.wrong_move);
  static const char* const kJobs[] = {"", "analysis", "generate", "pack", "solve", "hint", "search", "par"};
  o.raw("work", json::Object().add("job", kJobs[(int)app.work().job]).add("done", (uint64_t)app.work().done)
                    .add("total", (uint64_t)app.work().total).str());
  // Frames drawn, and frames still to draw since the last change (0: the page
  // is idle and what it shows, the board's layout below too, is current).
  // Input not yet taken by a frame (a wheel, a click) is a change to come.
  const int pending = app.frames_pending() > 0 ? app.frames_pending() : input_waiting() ? 3 : 0;
  o.add("frames", (uint64_t)app.frames_drawn).add("frames_pending", pending);
  // The banner over the board (its title and line, and its box), the Generate
  // panel's settings, and the notice above the board.
  o.add("banner", app.board.shown_banner);
  const ImVec2 bmin = app.board.banner_min, bmax = app.board.banner_max;
  o.raw("banner_box", json::Object().add("x", (double)bmin.x).add("y", (double)bmin.y).add("w", (double)(bmax.x - bmin.x))
                          .add("h", (double)(bmax.y - bmin.y)).str());
  if (app.generate.game) {
    Text generate_params;
    params_format(*app.generate.game, app.generate.params, '&', &generate_params);
    o.raw("generate", json::Object().add("game", app.generate.game->id).add("seed", app.generate.seed)
                          .add("params", generate_params.c_str())
                          .add("progress", app.work().job == WorkKind::kGenerate ? app.generate.progress : std::string())
                          .str());
  }
  o.add("board_notice", app.board.shown_notice).add("unwinnable", app.session().unwinnable());
  // Where the keys go (the panels; typing: a text box takes text, the page's
  // field has the focus), the help overlay, and the tooltip the last frame
  // showed ("" when none).
  o.add("keys_on_panels", app.keys_on_panels).add("typing", text_box_typing());
  o.add("help", app.help.open).add("help_text", app.help.open ? app.help.text : std::string())
      .add("tooltip", shown_tooltip()).add("touch", touch_pointer());
  float tooltip_box[4];
  shown_tooltip_box(tooltip_box);
  o.raw("tooltip_box", json::Object().add("x", (double)tooltip_box[0]).add("y", (double)tooltip_box[1])
                           .add("w", (double)tooltip_box[2]).add("h", (double)tooltip_box[3]).str());
  o.add("generate_blocked", app.generate.unfit).add("pack_error", app.pack.error).add("pack_levels", app.pack.count);
  if (app.edit.editor.game()) {
    const Editor& e = app.edit.editor;
    o.raw("editor", json::Object().add("active", app.edit.active).add("game", e.game()->id)
                        .add("text", e.text().c_str()).add("level", e.level_text().c_str())
                        .add("error", e.error()).add("width", e.width()).add("height", e.height())
                        .add("brush", e.game()->palette[app.edit.brush].token)
                        .add("can_undo", e.can_undo())
                        .raw("caption_box", json::Object().add("x", (double)app.board.caption_min.x)
                                                .add("y", (double)app.board.caption_min.y)
                                                .add("w", (double)(app.board.caption_max.x - app.board.caption_min.x))
                                                .add("h", (double)(app.board.caption_max.y - app.board.caption_min.y)).str())
                        .str());
  }
  // Where the board is on the page (CSS pixels), for tests that drag on it, and the cell of the piece moved (-1: none).
  const BoardLayout& b = app.board.layout;
  const BoardView& v = app.board.view;
  const bool actor = v.actor >= 0 && v.width > 0;
  o.raw("board", json::Object().add("x", (double)b.origin.x).add("y", (double)b.origin.y).add("cell", (double)b.cell)
                    .add("row", (double)b.row).add("hex", b.hex).add("actor_x", actor ? v.actor % v.width : -1)
                    .add("actor_y", actor ? v.actor / v.width : -1).str());
  return o.str();
}

void playground_note(std::string text) {
  Playground* app = the_playground();
  if (!app) return;
  if (app->work().job == WorkKind::kGenerate) app->waiting_note = text;
  else app->set_note(text);
  app->request_redraw();
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
  // A pack (its header lines "== GAME seed=..."), or a file of levels with
  // no headers (a Numberlink stream) as a pack: its first level on the board.
  if (app->open_pack_text(text)) return;
  Error e;
  std::unique_ptr<Level> level = parse_level(nullptr, text.data(), text.size(), &e);
  if (level) {
    app->open_text(text);
    app->set_note(app->edit.active ? "The file is a level, not a pack: it is open in the editor."
                                   : "The file is a level, not a pack: it is open on the board.");
    return;
  }
  app->pack.reveal = true;
  // The reader's guess at a game would only confuse here: the file may be anything.
  app->pack.error = std::string("This file is no pack (a pack's levels start with a line like '== ") +
                    app->session().game().id + " seed=...') and no level of any game.";
}

bool playground_import_pack(std::string text) {
  if (!the_playground()) return false;
  const bool ok = the_playground()->pack.take(*the_playground(), text);
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

void playground_work_done(int id, std::string result) {
  if (the_playground()) the_playground()->work_done(id, result);
}

std::string playground_seed_request(int id, int i) {
  return the_playground() ? the_playground()->seed_request(id, i) : std::string();
}

bool playground_seed_made(int id, int i, std::string result) {
  return !the_playground() || the_playground()->seed_made(id, i, result);
}

bool playground_command(std::string name) { return the_playground() && the_playground()->command(name); }
