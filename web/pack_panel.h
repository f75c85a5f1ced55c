// pack_panel.h — the Pack panel: N levels of the Generate panel's game and
// parameters from its seed (core/midend/pack.h: near duplicates dropped, easiest
// first), the same bytes `tilelab pack` writes, made by the page's pool of
// workers (a worker a core: the Session takes each seed as it comes) with a progress bar; thumbnails with par and difficulty; open any level; export the
// pack as a file; import one by pasting, dropping or picking it, or a file of
// levels without headers (a Numberlink stream: core/midend/pack.h read_level_file),
// its levels shown with their sizes (a board past 64 a side drawn at one
// cell in every few). The pack and
// the levels solved in it are kept in the browser's localStorage, so a reload
// or a closed tab loses nothing.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/midend/pack.h"
#include "core/midend/seed_search.h"
#include "generate_panel.h"

class Page;

struct PackPanel {
  const tl::GameInfo* game = nullptr;
  std::vector<tl::PackLevel> levels;
  std::vector<std::unique_ptr<tl::Level>> parsed;  // each level read, for its thumbnail
  std::vector<bool> solved;
  std::vector<int> best;  // the fewest moves each level was won in (0: not yet)
  int blank_thumbnails = 0;  // thumbnails on screen the last frame drew with no board (a level that does not read)
  std::string text;      // the pack as its file
  int count = 20;
  int band[2] = {0, 0};  // difficulty band, 0 0: any
  // Search seeds: the best `count` of the seeds SEED.FROM to SEED.TO (the
  // Generate panel's seed and settings) by a figure, as `tilelab search`
  // finds them; the search's text becomes the pack.
  int seeds[2] = {1, 100};
  int rank_by = 0;       // core/midend/seed_search.h SearchFigure
  bool lowest = false;   // the lowest figures first
  int search_keep = 10;  // Search seeds: the levels it keeps, the best by its figure
  std::string error;
  bool reveal = false;   // open the panel once (an import's error is to be seen)
  bool show_list = false;  // scroll the panels once so the pack's list is in view
  // The pack played before, when one with levels solved gave way to another
  // (a pack made, searched or imported): its text, solved levels and best
  // counts, until "Back to the pack played before" takes it again (this
  // visit only; "" when none).
  struct Replaced {
    std::string text;
    std::vector<bool> solved;
    std::vector<int> best;
  } replaced;

  // The Generate panel's game and settings are what Make pack and Search seeds make.
  void draw(Page& page, const GeneratePanel& generate);
  // Makes the pack by the page's pool of workers; made() takes it when it comes.
  void make(Page& page, const GeneratePanel& generate);
  // Searches the seeds by the pool of workers; made() takes the text when it comes.
  void search(Page& page, const GeneratePanel& generate);
  // A pack or a search's text from the worker: imported (a search that kept
  // no level says so).
  void made(Page& page, const std::string& text);
  // Reads a pack file and gives its levels to the session to play through
  // (Session::set_pack: N after a win goes on to the pack's next level).
  bool import(Page& page, const std::string& pack_text);
  // import(), then the pack's first level on the board and its list in view
  // (a pack made, searched, imported, pasted or dropped).
  bool take(Page& page, const std::string& pack_text);
  void open(Page& page, int index);
  // The pack's level being played (from 0), -1 when none (the session's).
  int current(const Page& page) const;
  // Marks the level being played solved once it is won without help (and keeps that).
  void follow(Page& page);
  // The pack kept from the last visit, if any.
  void restore(Page& page);
  // The pack's printable sheet (core/picture/picture.h: six levels a page
  // with number, par and link, then their solutions): downloaded as SVG, or
  // printed from the browser's print dialog.
  void sheet(Page& page, bool print);
  // The pack as the JSON file Export JSON saves: its game, each level's
  // seed, link, par, difficulty and text, and the pack's text (which an
  // import reads back).
  std::string file_json() const;
  // The best move counts as kept: "5,0,7,...".
  std::string best_text() const;

 private:
  void keep();  // the pack and its solved levels into localStorage
  // The pack played before back, with its solved levels and best counts
  // (the one it replaces kept in its turn when any of its levels is solved).
  void take_back_replaced(Page& page);
  void draw_thumbnails(Page& page);
  void draw_search(Page& page, const GeneratePanel& generate);
};
