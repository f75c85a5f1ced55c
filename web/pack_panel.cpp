// pack_panel.cpp — the Pack panel (see pack_panel.h).
//
// [SECTION] Making, searching and taking a pack
// [SECTION] Keeping, opening and following
// [SECTION] The panel
// [SECTION] Thumbnails
// [SECTION] The printable sheet
#include "pack_panel.h"

#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "imgui.h"
#include "core/report/json.h"
#include "page.h"
#include "core/picture/picture.h"
#include "storage.h"
#include "touch.h"
#include "widgets.h"

using namespace tl;

namespace {

// localStorage keys: the pack's text, and its solved levels as "0110...".
const char kPackKey[] = "tilelab.pack";
const char kSolvedKey[] = "tilelab.pack.solved";
const char kBestKey[] = "tilelab.pack.best";  // best move counts, "5,0,7,..."


}  // namespace

namespace {

// Whether the session has a job of this purpose waiting (a pack or a
// search being made: it waits on while a hint goes first).
bool waiting(const Page& page, SessionJob purpose) {
  const Session& s = page.session();
  for (size_t i = 0; i < s.jobs_waiting(); ++i)
    if (s.job_purpose(i) == purpose) return true;
  return false;
}

// The levels a pack or a search keeps: Levels, within 1 to 200.
int levels_wanted(int count) { return count < 1 ? 1 : count > 200 ? 200 : count; }

// [SECTION] Making, searching and taking a pack
// A pack's and a search's seeds are the New level panel's seed with .1, .2, ...
// after it: none there (a level opened from a level link) says so.
bool seeds_named(const GeneratePanel& generate, std::string* error) {
  if (generate.seed[0]) return true;
  *error = "The seeds are SEED.1, SEED.2, ...: type a seed in the New level panel (or press New seed) first.";
  return false;
}

}  // namespace

void PackPanel::make(Page& page, const GeneratePanel& generate) {
  const bool banded = band[1] > 0 && band[1] >= band[0];
  const GameInfo& g = *generate.game;
  error.clear();
  if (!seeds_named(generate, &error)) return;
  PackOptions o;
  o.count = levels_wanted(count);
  if (banded) {
    o.min_difficulty = band[0];
    o.max_difficulty = band[1];
  }
  page.session().begin_pack(g, generate.params, generate.seed, o);  // the session's job: the pool makes its seeds
  page.send_jobs();
}

void PackPanel::search(Page& page, const GeneratePanel& generate) {
  error.clear();
  if (!seeds_named(generate, &error)) return;
  SearchSpec spec;
  spec.game = generate.game;
  spec.params = generate.params;
  spec.keep = levels_wanted(search_keep);
  const std::string range = std::string(generate.seed) + ":" + std::to_string(seeds[0]) + "-" + std::to_string(seeds[1]);
  const std::string by = std::string(lowest ? "-" : "") + search_figure_name((SearchFigure)rank_by);
  Error e;
  if (!parse_seed_range(range.c_str(), &spec, &e) || !parse_search_figure(*spec.game, by.c_str(), &spec, &e)) {
    error = e.message;
    return;
  }
  if (spec.to - spec.from >= kMostPageSearchSeeds) {
    fail(&e, 0, 0, "seeds %u to %u: more than the page searches (%u); `tilelab search` takes up to %u",
         (unsigned)spec.from, (unsigned)spec.to, (unsigned)kMostPageSearchSeeds, (unsigned)kMostSearchSeeds);
    error = e.message;
    return;
  }
  page.session().begin_seed_search(spec);
  page.send_jobs();
}

void PackPanel::made(Page& page, const std::string& made_text) {
  if (!has_pack_header(made_text.data(), made_text.size())) {
    // A search that kept no level: its counts say why.
    const size_t at = made_text.find("# seeds: ");
    const size_t end = at == std::string::npos ? at : made_text.find('\n', at);
    error = "No level kept";
    if (at != std::string::npos) error += ": " + made_text.substr(at + 9, end - at - 9);
    error += ".";
    return;
  }
  take(page, made_text);
}

bool PackPanel::take(Page& page, const std::string& pack_text) {
  if (!import(page, pack_text)) return false;
  open(page, 0);
  reveal = true;
  show_list = true;
  return true;
}

std::string PackPanel::file_json() const {
  std::vector<std::string> items;
  for (const PackLevel& l : levels) {
    json::Object o;
    o.add("seed", l.seed.c_str()).add("link", l.link.c_str()).add("par", l.par).add("difficulty", l.difficulty);
    items.push_back(o.add("level", l.level.c_str()).str());
  }
  json::Object file;
  file.add("game", game ? game->id : "").add("count", (int)levels.size()).raw("levels", json::array(items));
  return file.add("text", text).str();
}

bool PackPanel::import(Page& page, const std::string& pack_text) {
  const GameInfo* g = nullptr;
  std::vector<PackLevel> read;
  Error e;
  // A pack, or a file of one game's levels with no headers (a Numberlink
  // stream): its levels are a pack of levels of their own.
  Error as_levels;
  if (!parse_pack(pack_text.data(), pack_text.size(), &g, &read, &e) &&
      (has_pack_header(pack_text.data(), pack_text.size()) ||
       !read_level_file(pack_text.data(), pack_text.size(), &g, &read, &as_levels))) {
    error = e.message;
    reveal = true;
    return false;
  }
  const bool same = pack_text == text;
  // The pack it replaces, when any of its levels was solved (a win this
  // frame's panels have not yet seen counts), is kept to take back; the pack
  // kept so, made or imported again, comes back with its marks.
  follow(page);
  bool any_solved = false;
  for (bool s : solved) any_solved = any_solved || s;
  const Replaced before = replaced;
  if (!same && pack_text == replaced.text) replaced = Replaced();
  if (!same && any_solved) replaced = Replaced{text, solved, best};
  game = g;
  levels = read;
  parsed.clear();
  for (const PackLevel& l : levels) parsed.push_back(g->parse(l.level.c_str(), l.level.size(), &e));
  text = pack_text;
  if (!same) {
    solved.assign(levels.size(), false);
    best.assign(levels.size(), 0);
    if (pack_text == before.text) {
      for (size_t i = 0; i < solved.size() && i < before.solved.size(); ++i) solved[i] = before.solved[i];
      for (size_t i = 0; i < best.size() && i < before.best.size(); ++i) best[i] = before.best[i];
    }
  }
  page.session().set_pack(*g, levels);
  error.clear();
  keep();
  return true;
}

void PackPanel::take_back_replaced(Page& page) {
  // (import() gives the pack kept its marks back, and keeps the one it replaces if solved in part.)
  const std::string back = replaced.text;  // (a copy: import() clears `replaced`)
  if (!back.empty()) take(page, back);
}

// [SECTION] Keeping, opening and following
void PackPanel::restore(Page& page) {
  // Read all before import() keeps anew.
  const std::string kept = local_get(kPackKey), marks = local_get(kSolvedKey), counts = local_get(kBestKey);
  if (kept.empty() || !import(page, kept)) return;
  for (size_t i = 0; i < solved.size() && i < marks.size(); ++i) solved[i] = marks[i] == '1';
  const char* at = counts.c_str();
  for (size_t i = 0; i < best.size() && *at; ++i) {
    best[i] = atoi(at);
    while (*at && *at != ',') ++at;
    if (*at) ++at;
  }
  keep();
}

std::string PackPanel::best_text() const {
  std::string out;
  for (size_t i = 0; i < best.size(); ++i) out += (i ? "," : "") + std::to_string(best[i]);
  return out;
}

void PackPanel::keep() {
  local_set(kPackKey, text);
  std::string marks;
  for (bool s : solved) marks += s ? '1' : '0';
  local_set(kSolvedKey, marks);
  local_set(kBestKey, best_text());
}

void PackPanel::open(Page& page, int index) {
  if (index < 0 || index >= (int)levels.size()) return;
  page.set_note("");
  if (page.editing()) {  // in Edit mode a pack's level goes into the editor, as a pasted one does
    page.open_text(levels[(size_t)index].level.c_str());
    return;
  }
  page.session().open_pack_level(index);
  page.follow_session();
}

int PackPanel::current(const Page& page) const {
  const int i = page.session().pack_index();
  return i < (int)levels.size() ? i : -1;
}

void PackPanel::follow(Page& page) {
  const int at = current(page);
  if (at < 0 || page.session().status() != PlayStatus::kWon || page.session().helped()) return;
  const size_t i = (size_t)at;
  const int moves = (int)page.session().moves_made();
  if (!solved[i] || best[i] == 0 || moves < best[i]) {
    solved[i] = true;
    best[i] = best[i] == 0 || moves < best[i] ? moves : best[i];
    keep();
  }
}

// [SECTION] The panel
void PackPanel::draw(Page& page, const GeneratePanel& generate) {
  if (reveal) ImGui::SetNextItemOpen(true);
  reveal = false;
  if (!collapsing_header("Pack")) return;
  size_t at = widgets::mark();
  ImGui::InputInt("Levels", &count);
  widgets::name_inputs(at, "Levels");
  at = widgets::mark();
  ImGui::InputInt2("Difficulty band", band);
  widgets::name_inputs(at, "Difficulty band");
  tooltip("The pack's levels have a difficulty from the first number to the second; 0 0: any difficulty.");
  const bool banded = band[1] > 0 && band[1] >= band[0];
  if (banded) widgets::dim_text(("Difficulty " + std::to_string(band[0]) + " to " + std::to_string(band[1])).c_str());
  else widgets::dim_text(band[0] || band[1] ? "Any difficulty (the second number is below the first)" : "Any difficulty (0 0)");
  if (waiting(page, SessionJob::kPack)) {
    char overlay[48];
    snprintf(overlay, sizeof overlay, "%u of %d levels", page.work().done, count);
    ImGui::ProgressBar(page.work().fraction(), ImVec2(-1, 0), overlay);
    if (ImGui::Button("Cancel##pack")) page.command(Command::kCancel);  // the worker's reports move the bar
  } else {
    ImGui::BeginDisabled(waiting(page, SessionJob::kSearch));  // one at a time: Cancel the search first
    if (ImGui::Button("Make pack")) page.command(Command::kPackMake);
    ImGui::EndDisabled();
    tooltip("Makes that many levels from the New level panel's seed and settings (seed.1, seed.2, ...), on every "
            "core.");
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(levels.empty());
  if (ImGui::Button("Export")) page.command(Command::kPackExport);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(levels.empty());
  if (ImGui::Button("Export JSON")) page.command(Command::kPackExportJson);
  ImGui::EndDisabled();
  ImGui::BeginDisabled(levels.empty());
  if (ImGui::Button("Save sheet")) page.command(Command::kPackSheet);
  ImGui::SameLine();
  if (ImGui::Button("Print sheet")) page.command(Command::kPackPrint);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Import...")) {
    // The browser's file picker; the file is read as a drop would be.
    EM_ASM({
      var input = document.createElement('input');
      input.type = 'file';
      input.accept = '.txt,.json,text/plain,application/json';
      input.onchange = function() { if (input.files[0]) input.files[0].text().then(window.tilelab.importFile); };
      input.click();
    });
  }
  widgets::dim_text("Or paste or drop a pack file (text or JSON) on the page.");
  draw_search(page, generate);
  if (!error.empty()) ImGui::TextWrapped("%s", error.c_str());
  if (!replaced.text.empty()) {
    // A pack made, searched or imported in place of one being played loses nothing.
    int was_solved = 0;
    for (bool s : replaced.solved) was_solved += s;
    char line[96];
    snprintf(line, sizeof line, "The pack played before (%d levels, %d solved) was replaced.",
             (int)replaced.solved.size(), was_solved);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    widgets::text("replaced", line);
    ImGui::PopStyleColor();
    ImGui::BeginDisabled(waiting(page, SessionJob::kPack) || waiting(page, SessionJob::kSearch));  // (it would be replaced again)
    if (ImGui::Button("Back to the pack played before")) take_back_replaced(page);
    ImGui::EndDisabled();
    tooltip("Plays the pack that was replaced again, its solved levels marked as they were.");
  }
  if (levels.empty()) return;
  int done = 0;
  for (bool s : solved) done += s;
  ImGui::Text("%s: %d levels, %d solved", game->name, (int)levels.size(), done);
  if (show_list) {  // a pack just taken: its list at the top of the panels
    ImGui::SetScrollHereY(0.0f);
    let_go_of_clicked();  // (it would keep Make pack where it was)
    show_list = false;
  }
  draw_thumbnails(page);
}

// The pack as a grid of thumbnails, each with its number, par and difficulty
// (a tick when solved); a click opens the level.
namespace {
// [SECTION] Thumbnails

constexpr int kThumbnailCells = 64;  // the most cells a side a thumbnail draws

// A board too large for a thumbnail, at one cell in `step` each way: the cell
// at each block's middle, without the sides it links or walls (they would
// join cells that are not neighbours).
void sample_board(const BoardView& big, int most, BoardView* out) {
  const int side = big.width > big.height ? big.width : big.height;
  const int step = (side + most - 1) / most;
  out->reset((big.width + step - 1) / step, (big.height + step - 1) / step);
  for (int y = 0; y < out->height; ++y)
    for (int x = 0; x < out->width; ++x) {
      const int bx = x * step + step / 2 < big.width ? x * step + step / 2 : big.width - 1;
      const int by = y * step + step / 2 < big.height ? y * step + step / 2 : big.height - 1;
      CellView c = big.at(bx, by);
      c.links = c.walls = c.bridge = 0;
      out->at(x, y) = c;
    }
}

}  // namespace

// Search seeds: the best Levels of a range of seeds by a figure, the
// command line's `tilelab search`, made on every core.
void PackPanel::draw_search(Page& page, const GeneratePanel& generate) {
  ImGui::Separator();
  size_t at = widgets::mark();
  ImGui::InputInt2("Seeds", seeds);
  widgets::name_inputs(at, "Seeds");
  if (seeds[0] < 1) seeds[0] = 1;
  if (seeds[0] > (int)kMostSearchSeeds) seeds[0] = (int)kMostSearchSeeds;
  if (seeds[1] < seeds[0]) seeds[1] = seeds[0];
  if (seeds[1] - seeds[0] >= (int)kMostPageSearchSeeds) seeds[1] = seeds[0] + (int)kMostPageSearchSeeds - 1;
  if (seeds[1] > (int)kMostSearchSeeds) seeds[1] = (int)kMostSearchSeeds;
  tooltip("Search seeds tries seed.FROM to seed.TO (the New level panel's seed and settings; up to a million) and "
          "keeps the best Keep levels by Rank by, as `tilelab search --keep` does (the difficulty band is the "
          "pack's, not the search's).");
  at = widgets::mark();
  ImGui::InputInt("Keep", &search_keep);
  widgets::name_inputs(at, "Keep");
  if (search_keep < 1) search_keep = 1;
  if (search_keep > 200) search_keep = 200;
  tooltip("Search seeds keeps this many levels: the best by Rank by.");
  // A line puzzle (Flow) has no state graph: no states or dead ends to rank by.
  static const char* const kFigures[] = {"difficulty", "par", "states", "dead ends"};
  const int figures = generate.game->state_graph ? 4 : 2;
  if (rank_by >= figures) rank_by = 0;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  combo("Rank by", &rank_by, kFigures, figures);
  widgets::tag("combo", "Rank by");
  ImGui::SameLine();
  ImGui::Checkbox("Lowest first", &lowest);
  if (waiting(page, SessionJob::kSearch)) {
    char overlay[48];
    snprintf(overlay, sizeof overlay, "%u of %u seeds", page.work().done, page.work().total);
    ImGui::ProgressBar(page.work().fraction(), ImVec2(-1, 0), overlay);
    if (ImGui::Button("Cancel##search")) page.command(Command::kCancel);
  } else {
    ImGui::BeginDisabled(waiting(page, SessionJob::kPack));  // one at a time: Cancel the pack first
    if (ImGui::Button("Search seeds")) page.command(Command::kPackSearch);
    ImGui::EndDisabled();
  }
}

void PackPanel::draw_thumbnails(Page& page) {
  const float side = 84, gap = ImGui::GetStyle().ItemSpacing.x;
  const float label_h = ImGui::GetTextLineHeight() * 2;
  const int per_row = (int)((ImGui::GetContentRegionAvail().x + gap) / (side + gap)) > 0
                          ? (int)((ImGui::GetContentRegionAvail().x + gap) / (side + gap))
                          : 1;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  BoardView view, sampled;
  const int playing = current(page);
  blank_thumbnails = 0;
  for (size_t i = 0; i < levels.size(); ++i) {
    if (i % (size_t)per_row) ImGui::SameLine();
    ImGui::PushID((int)i);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    char name[32];
    snprintf(name, sizeof name, "Level %d", (int)i + 1);
    if (ImGui::InvisibleButton("thumb", ImVec2(side, side + label_h))) open(page, (int)i);
    widgets::tag("button", name);
    const bool hovered = ImGui::IsItemHovered();
    const bool visible = ImGui::IsItemVisible();
    // A level read from a file of levels has no par nor difficulty yet: its size.
    int width = 0, height = 0;
    if (parsed[i]) {
      GameState s;
      parsed[i]->initial_state(&s);
      parsed[i]->view(s, &view);
      width = view.width;
      height = view.height;
    }
    const bool known = levels[i].par >= 0;
    char details[96];
    if (known)
      snprintf(details, sizeof details, "%s: par %d, difficulty %d%s", name, levels[i].par, levels[i].difficulty,
               solved[i] ? ", solved" : "");
    else
      snprintf(details, sizeof details, "%s: %dx%d%s", name, width, height, solved[i] ? ", solved" : "");
    tooltip(details);
    ImGui::PopID();
    if (!visible) continue;  // drawn only on screen: a pack of 100 stays cheap
    dl->AddRectFilled(at, ImVec2(at.x + side, at.y + side + label_h),
                      (int)i == playing ? IM_COL32(60, 110, 80, 255) : hovered ? IM_COL32(60, 64, 72, 255)
                                                                                : IM_COL32(38, 42, 48, 255), 4);
    // A board past 64 cells a side is drawn at one cell in every few (its
    // cells would be smaller than a pixel here, and cost a frame each).
    if (parsed[i]) {
      const BoardView* shown = &view;
      if (width > kThumbnailCells || height > kThumbnailCells) {
        sample_board(view, kThumbnailCells, &sampled);
        shown = &sampled;
      }
      draw_board(dl, ImVec2(at.x + 3, at.y + 3), ImVec2(at.x + side - 3, at.y + side - 3), *shown);
    } else {
      ++blank_thumbnails;
    }
    // The caption within its thumbnail (the tooltip has it all): the number
    // and par, then the best count once solved, else the difficulty.
    char label[64];
    if (!known) snprintf(label, sizeof label, "%d. %dx%d%s", (int)i + 1, width, height, solved[i] ? "\n* solved" : "");
    else if (best[i]) snprintf(label, sizeof label, "%d. par %d\n* best %d", (int)i + 1, levels[i].par, best[i]);
    else snprintf(label, sizeof label, "%d. par %d\ndiff. %d", (int)i + 1, levels[i].par, levels[i].difficulty);
    dl->PushClipRect(at, ImVec2(at.x + side - 2, at.y + side + label_h), true);
    dl->AddText(ImVec2(at.x + 4, at.y + side), IM_COL32(220, 220, 225, 255), label);
    dl->PopClipRect();
  }
}

// [SECTION] The printable sheet
void PackPanel::sheet(Page&, bool print) {
  if (!game || levels.empty()) return;
  std::vector<picture::Picture> pages;
  std::string problem;
  // The links (and their QR codes) open this page: its address without the fragment.
  const std::string address = emscripten_run_script_string("location.href.split('#')[0]");
  if (!picture::sheet_pages(*game, levels, address, &pages, &problem)) {
    error = problem;
    return;
  }
  if (print) {  // each page an SVG of its own, a page break after each
    std::string html;
    for (const picture::Picture& page : pages) {
      std::string svg;
      picture::write_svg(page, &svg);
      html += "<div class=\"page\">" + svg + "</div>";
    }
    EM_ASM({ window.tilelab.printPages(UTF8ToString($0)); }, html.c_str());
    return;
  }
  picture::Picture all;
  picture::stack_pages(pages, &all);
  std::string svg;
  picture::write_svg(all, &svg);
  char name[64];
  snprintf(name, sizeof name, "tilelab-%s-sheet.svg", game->id);
  EM_ASM({ window.tilelab.download(UTF8ToString($0), UTF8ToString($1), 'image/svg+xml'); }, name, svg.c_str());
}
