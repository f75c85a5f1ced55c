// playground.cpp — the playground's commands (the same for keys, buttons and
// the page's JavaScript) and the levels it opens. Every command is the
// session's; this file only keeps the page (its URL and history, its panels)
// in step with it. Where the windows go: playground_layout.cpp; the
// worker's calls: playground_work.cpp; the help: help_panel.cpp.
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

// The link onto the clipboard; the note says so once the browser has it, or
// why not (a page served over plain http has no clipboard, a browser may
// refuse): the link is in the address bar either way.
void copy_link() {
  EM_ASM({
    var url = location.href;
    var copied = function() { Module.playgroundNote("Link copied. It recreates this level exactly."); };
    var refused = function() {
      Module.playgroundNote("Could not copy the link (the browser keeps the clipboard from this page): " +
                            "copy it from the address bar. It recreates this level exactly.");
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(copied, refused);
    else refused();
  });
}

Playground& playground(Page& page) { return static_cast<Playground&>(page); }
const Playground& playground(const Page& page) { return static_cast<const Playground&>(page); }

const PageActions kPlaygroundActions = {
    [](Page& p, Command c, const char* arg) { return playground(p).do_command(c, arg); },
    [](Page& p) { playground(p).send_session_job(); },
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
Playground::Playground() : Page(kPlaygroundActions) { session_.host_runs_jobs(true); }

void Playground::do_follow_session() {
  send_session_job();  // a job the command started goes to the worker now, not a frame later
  if (!session_.loaded()) return;  // the first level still being made: its coming follows
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
    // A level made or opened while editing is played: Edit mode ends (the
    // board went on showing the edit, and Play this level played it instead
    // of the new level). Not the edit played, nor the first level of a visit
    // (Edit mode comes back with the page).
    if (edit.active && !playing_edited && seen_loads != 0) edit.leave();
    seen_loads = session_.loads();
    // A pack's level, an edited level and the level the Generate panel asked
    // for keep the panel's settings as the person left them (a seed typed
    // while the level was made stays); any other level's are its own, and so
    // is the first level's (a reload onto a pack's level: the panel has none yet).
    if (!generate.game || (session_.pack_index() < 0 && !playing_edited && !panels_own)) generate.follow(session_);
    if (!resume.link.empty() && resume.link == session_.link()) resume.replay(&session_);
    resume = RememberedPlay();  // only the first level loaded goes on from the last visit
    if (analysis.running && !analysis.of_editor) analysis.cancelled();  // of a position no longer played
    // The edit played: the figures of the edited level are this level's.
    if (!playing_edited || !analysis.keep_for_played_edit(session_, edit.editor.level_text().c_str())) analysis.clear();
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
    case Command::kCopyLink: copy_link(); break;
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
    case Command::kHelp: help.open = !help.open; break;
    case Command::kCount: return false;
  }
  follow_session();
  return true;
}

void Playground::advance(double now_ms) {
  send_session_job();
  if (!session_.loaded()) return;  // a first visit's link still being made
  edit.follow(*this, now_ms);
  if (!session_.solving() || now_ms < next_solve_step_ms) return;
  session_.solve_step();
  next_solve_step_ms = now_ms + kSolveStepMs;
  request_redraw();
}

// ---------------------------------------------------------------------------
// The page's entry points
// ---------------------------------------------------------------------------
