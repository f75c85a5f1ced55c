// The Playdate app (shell/playdate/app.h), played with scripted input on every
// target: each game from its menu to a win, the first frame of each game
// against its golden frame, saves that survive a power-off mid-write. (An App
// holds its 12 KB frame: on the heap, not the device's stack.)
//
// [SECTION] Helpers
// [SECTION] Playing the app
// [SECTION] Golden frames
// [SECTION] Saves and going on
// [SECTION] Glyphs and the help
// [SECTION] Large boards and lines
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <map>
#include <memory>
#include <string>

#include "catch2/catch.hpp"
#include "core/base/grid.h"
#include "core/midend/registry.h"
#include "shell/playdate/app.h"
#include "shell/playdate/glyphs.h"
#include "shell/playdate/script.h"

#include "kGoldenFrames.inc"

using namespace device;

// ---------------------------------------------------------------------------
// [SECTION] Helpers: saves in memory, buttons, golden frames
// ---------------------------------------------------------------------------
namespace {

// Saves kept in memory. power_off_after: the bytes a write gets before the
// power goes (the write then fails, nothing is renamed), -1: none.
class MemoryFiles : public SaveFiles {
 public:
  bool read(const char* name, std::string* out) override {
    auto it = files.find(name);
    if (it == files.end()) return false;
    *out = it->second;
    return true;
  }
  bool write(const char* name, const char* data, size_t len) override {
    if (power_off_after >= 0) {
      files[name] = std::string(data, len < (size_t)power_off_after ? len : (size_t)power_off_after);
      dead = true;
      return false;
    }
    files[name] = std::string(data, len);
    return true;
  }
  bool rename(const char* from, const char* to) override {
    if (dead || !files.count(from)) return false;
    files[to] = files[from];
    files.erase(from);
    return true;
  }
  std::map<std::string, std::string> files;
  long power_off_after = -1;
  bool dead = false;
};

void press(App& app, uint32_t buttons) {
  DeviceInput in;
  in.pushed = in.held = buttons;
  app.frame(in, 7);
  DeviceInput up;
  up.released = buttons;
  app.frame(up, 7);
}

void crank(App& app, float degrees) {
  DeviceInput in;
  in.docked = false;
  in.crank_change = degrees;
  app.frame(in, 7);
}

int game_index(const char* id) {
  for (int i = 0; i < tl::game_count(); ++i)
    if (!strcmp(tl::game_at(i).id, id)) return i;
  return -1;
}

// Frames with no input while a level is being made (a slice of its
// generator each); returns how many.
int frames_while_making(App& app) {
  int frames = 0;
  for (DeviceInput idle; app.making() && frames < 100000; ++frames) app.frame(idle, 7);
  return frames;
}

// From the game list to a level of game `index` (normal preset).
void open_game(App& app, int index) {
  while (app.game_index() != index) press(app, kDown);
  press(app, kA);  // to its setup
  REQUIRE(app.screen_kind() == Screen::kSetup);
  press(app, kA);  // play: the level is made over the frames that follow
  frames_while_making(app);
  REQUIRE(app.screen_kind() == Screen::kPlay);
}

const Button kDirButton[4] = {kUp, kDown, kLeft, kRight};  // tl::Dir order

// Plays the level's solution at the buttons and crank (shell/playdate/script.h).
void play_solution(App& app) {
  SolutionPlayer player;
  REQUIRE(player.begin(app));
  DeviceInput in;
  int frames = 0;
  while (player.next(app, &in) && frames++ < 100000) app.frame(in, 7);
}

// The frame as a PBM (P4: 1 is black, 50 bytes a row).
std::string pbm_of(const Frame& f) {
  std::string out = "P4\n400 240\n";
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth / 8; ++x) out += (char)(uint8_t)~f.bits[y * kRowBytes + x];
  return out;
}

// The help's pages of a game's pieces: its brushes that draw a cell, ten a page.
int help_pages_of(const tl::GameInfo& g) {
  tl::CellView v;
  int n = 0;
  for (int b = 0; b < g.palette_count; ++b) n += g.brush_view(b, &v);
  return (n + 9) / 10;
}

std::string golden_frame(const std::string& name) {
  const std::string all = kGoldenFrames, key = name + ":";
  size_t at = all.find(key);
  while (at != std::string::npos && at > 0 && all[at - 1] != ';') at = all.find(key, at + 1);  // "help-x:" is not "x:"
  if (at == std::string::npos) return "";
  at += key.size();
  const size_t end = all.find(';', at);
  std::string bytes;
  for (size_t i = at; i + 1 < end; i += 2) bytes += (char)strtol(all.substr(i, 2).c_str(), nullptr, 16);
  return bytes;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Playing the app
// ---------------------------------------------------------------------------
TEST_CASE("device frame: white-on-black text has a black margin on both sides - the menu's 0 no longer reads as an open bracket") {
  device::Frame f;
  f.clear();
  const int scale = 3, x = 30, y = 30;
  const int end = f.text(x, y, "A0", scale, true);
  CHECK(end == x + 8 * scale);
  const int middle = y + 2 * scale;        // the glyphs' middle row
  const int right = x + 4 * scale + 2 * scale;  // the 0's right stroke
  CHECK_FALSE(f.black(right, middle));           // white on black
  CHECK(f.black(right + scale, middle));         // the margin right of it
  CHECK(f.black(x - 1, middle));                 // and left of the A
  CHECK_FALSE(f.black(right + 2 * scale, middle));  // no further
}

TEST_CASE("device app: every game is played from its menu to a win with the buttons and crank") {
  for (int i = 0; i < tl::game_count(); ++i) {
    const char* id = tl::game_at(i).id;
    INFO(id);
    MemoryFiles files;
    std::unique_ptr<App> app_owned(new App(&files, 1234));
    App& app = *app_owned;
    app.start();
    CHECK(app.screen_kind() == Screen::kGames);
    open_game(app, i);
    play_solution(app);
    CHECK(app.session().status() == tl::PlayStatus::kWon);
    CHECK(app.solved(i) == 1);
    // The win is saved, and A goes on to the next level.
    CHECK(files.files["save.txt"].find("solved") != std::string::npos);
    const uint32_t loads = app.session().loads();
    press(app, kA);
    frames_while_making(app);
    CHECK(app.session().loads() == loads + 1);
    CHECK(app.session().status() == tl::PlayStatus::kPlaying);
  }
}

TEST_CASE("device app: B undoes - B held a second restarts - the crank scrubs the undo history - the menu items work") {
  std::unique_ptr<App> app_owned(new App(nullptr, 99));
  App& app = *app_owned;
  app.start();
  open_game(app, game_index("lastball"));
  tl::Session& s = app.session();
  tl::MoveList moves;
  REQUIRE(shortest_solution(s, &moves));
  REQUIRE(moves.size() >= 2);
  press(app, kDirButton[moves[0]]);
  press(app, kDirButton[moves[1]]);
  CHECK(s.moves_made() == 2);
  press(app, kB);
  CHECK(s.moves_made() == 1);
  crank(app, -31.0f);  // back: undo
  CHECK(s.moves_made() == 0);
  crank(app, 62.0f);  // forward twice: redo both
  CHECK(s.moves_made() == 2);
  DeviceInput hold;
  hold.held = kB;
  for (int f = 0; f < 30; ++f) app.frame(hold, 1);
  CHECK(s.moves_made() == 0);
  // The system menu: New level makes another of this game, even with the game
  // list's cursor on Help; Games goes back to the list.
  app.menu(MenuItem::kGames);
  CHECK(app.screen_kind() == Screen::kGames);
  while (app.game_index() != tl::game_count()) press(app, kDown);
  const uint32_t loads = s.loads();
  app.menu(MenuItem::kNewLevel);
  frames_while_making(app);
  CHECK(s.loads() == loads + 1);
  CHECK(std::string(s.game().id) == "lastball");
  CHECK(app.screen_kind() == Screen::kPlay);
}

TEST_CASE("device app: a slow generator runs a slice a frame behind a progress bar, to the level generate() makes") {
  std::unique_ptr<App> app_owned(new App(nullptr, 3));
  App& app = *app_owned;
  app.start();
  const int skiddy = game_index("skiddy");
  while (app.game_index() != skiddy) press(app, kDown);
  press(app, kA);  // the setup screen
  DeviceInput ask;
  ask.pushed = ask.held = kA;
  app.frame(ask, 3);  // asks for the level: no slice of it yet
  REQUIRE(app.making());
  CHECK(app.making_permille() == 0);
  int last = -1;
  bool rose = true;
  int frames = 0;
  for (DeviceInput idle; app.making() && frames < 100000; ++frames) {
    rose = rose && app.making_permille() >= last;
    last = app.making_permille();
    app.frame(idle, 3);
  }
  CHECK(rose);
  CHECK(frames >= 2);  // an analysis a frame at most
  REQUIRE(app.screen_kind() == Screen::kPlay);
  // The same level as the generator run whole for those parameters and seed.
  tl::Error e;
  auto whole = tl::game_at(skiddy).generate(app.session().params(), app.session().seed(), nullptr, &e);
  REQUIRE(whole);
  tl::GameState s, t;
  whole->initial_state(&s);
  app.session().level().initial_state(&t);
  tl::Text a, b;
  whole->format(s, &a);
  app.session().level().format(t, &b);
  CHECK(std::string(a.c_str()) == std::string(b.c_str()));
}

// ---------------------------------------------------------------------------
// [SECTION] Golden frames
// ---------------------------------------------------------------------------
TEST_CASE("device app: the first frame of each game matches its golden frame bit for bit") {
  const char* write_to = getenv("TILELAB_WRITE_FRAMES");  // scripts/frames: write them instead
  for (int i = 0; i < tl::game_count(); ++i) {
    const std::string id = tl::game_at(i).id;
    INFO(id);
    std::unique_ptr<App> app_owned(new App(nullptr, 42));
    App& app = *app_owned;
    app.start();
    open_game(app, i);
    const std::string pbm = pbm_of(app.screen());
    if (write_to) {
      const std::string path = std::string(write_to) + "/" + id + ".pbm";
      FILE* f = fopen(path.c_str(), "wb");
      REQUIRE(f);
      fwrite(pbm.data(), 1, pbm.size(), f);
      fclose(f);
      continue;
    }
    const std::string golden = golden_frame(id);
    REQUIRE(golden.size() == pbm.size());
    CHECK(golden == pbm);
  }
}

TEST_CASE("device app: each game's first page of pieces on the help screen matches its golden frame bit for bit") {
  const char* write_to = getenv("TILELAB_WRITE_FRAMES");  // scripts/frames: write them instead
  std::unique_ptr<App> app_owned(new App(nullptr, 42));
  App& app = *app_owned;
  app.start();
  while (app.game_index() != tl::game_count()) press(app, kDown);
  press(app, kA);
  REQUIRE(app.screen_kind() == Screen::kHelp);
  for (int i = 0; i < tl::game_count(); ++i) {
    press(app, kRight);  // the game's first page
    const std::string id = std::string("help-") + tl::game_at(i).id;
    INFO(id);
    const std::string pbm = pbm_of(app.screen());
    if (write_to) {
      FILE* f = fopen((std::string(write_to) + "/" + id + ".pbm").c_str(), "wb");
      REQUIRE(f);
      fwrite(pbm.data(), 1, pbm.size(), f);
      fclose(f);
    } else {
      const std::string golden = golden_frame(id);
      REQUIRE(golden.size() == pbm.size());
      CHECK(golden == pbm);
    }
    for (int p = 1; p < help_pages_of(tl::game_at(i)); ++p) press(app, kRight);  // past its other pages
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Saves and going on
// ---------------------------------------------------------------------------
TEST_CASE("device app: the save survives a power-off mid-write, and a damaged save is ignored with a message") {
  MemoryFiles files;
  std::string saved_link;
  {
    std::unique_ptr<App> app_owned(new App(&files, 5));
    App& app = *app_owned;
    app.start();
    open_game(app, game_index("penguin"));
    tl::MoveList moves;
    REQUIRE(shortest_solution(app.session(), &moves));
    press(app, kDirButton[moves[0]]);
    REQUIRE(app.save());
    saved_link = app.session().link();
    // The power goes 40 bytes into the next save: the old one stands.
    press(app, kDirButton[moves[1]]);
    files.power_off_after = 40;
    CHECK_FALSE(app.save());
  }
  files.power_off_after = -1;
  files.dead = false;
  {
    std::unique_ptr<App> app_owned(new App(&files, 6));
    App& app = *app_owned;
    app.start();
    CHECK(app.screen_kind() == Screen::kPlay);
    CHECK(std::string(app.session().link()) == saved_link);
    CHECK(app.session().moves_made() == 1);
  }
  // A save cut short, or garbage: the game list, with a message.
  files.files["save.txt"] = files.files["save.txt"].substr(0, 30);
  std::unique_ptr<App> damaged_owned(new App(&files, 7));
  App& damaged = *damaged_owned;
  damaged.start();
  CHECK(damaged.screen_kind() == Screen::kGames);
  CHECK(std::string(damaged.message()).find("damaged") != std::string::npos);
}

TEST_CASE("device app: after a win A goes on - The Last Ball's continuation, even after a restart - else the preset on a fresh seed") {
  MemoryFiles files;
  const int lastball = game_index("lastball");
  {
    std::unique_ptr<App> app_owned(new App(&files, 11));
    App& app = *app_owned;
    app.start();
    open_game(app, lastball);
    REQUIRE(app.save());
  }
  // Switched off mid-level and on again: infinite mode still holds.
  std::unique_ptr<App> app_owned(new App(&files, 12));
  App& app = *app_owned;
  app.start();
  REQUIRE(app.screen_kind() == Screen::kPlay);
  const std::string seed = app.session().seed();
  play_solution(app);
  REQUIRE(app.session().status() == tl::PlayStatus::kWon);
  press(app, kA);
  frames_while_making(app);
  CHECK(std::string(app.session().seed()) == seed + "~2");

  // Tickles Penguin on the hard preset: the next level is hard too, from a fresh seed.
  const int penguin = game_index("penguin");
  app.menu(MenuItem::kGames);
  while (app.game_index() != penguin) press(app, kDown);
  press(app, kA);
  REQUIRE(app.screen_kind() == Screen::kSetup);
  press(app, kRight);  // normal -> hard
  press(app, kA);
  frames_while_making(app);
  REQUIRE(app.screen_kind() == Screen::kPlay);
  tl::ParamValues hard;
  tl::Error e;
  REQUIRE(tl::params_preset(tl::game_at(penguin), 2, &hard, &e));
  REQUIRE(tl::params_equal(tl::game_at(penguin), app.session().params(), hard));
  const std::string first = app.session().seed();
  play_solution(app);
  REQUIRE(app.session().status() == tl::PlayStatus::kWon);
  press(app, kA);
  frames_while_making(app);
  CHECK(std::string(app.session().seed()) != first);
  CHECK(tl::params_equal(tl::game_at(penguin), app.session().params(), hard));
}

// ---------------------------------------------------------------------------
// [SECTION] Glyphs and the help
// ---------------------------------------------------------------------------
namespace {

bool same_view(const tl::CellView& a, const tl::CellView& b) {
  return a.floor == b.floor && a.shape == b.shape && a.colour == b.colour && a.arrow == b.arrow && a.height == b.height &&
         a.corner == b.corner && !memcmp(a.label, b.label, sizeof a.label) && a.line == b.line && a.links == b.links &&
         a.walls == b.walls && a.bridge == b.bridge && !memcmp(a.axis_line, b.axis_line, sizeof a.axis_line);
}

// The pixels of a cell's box at (x, y), `cell` a side (its outline both ends).
std::string box_bits(const Frame& frame, int x, int y, int cell) {
  std::string bits;
  for (int yy = y; yy <= y + cell; ++yy)
    for (int xx = x; xx <= x + cell; ++xx) bits += frame.black(xx, yy) ? '#' : '.';
  return bits;
}

// A cell drawn alone on a white frame at (x, y), as its pixels (patterns
// are laid on the screen's grid, so a cell's look depends on where it is).
std::string glyph_bits(const tl::CellView& v, int cell, int x = 16, int y = 16) {
  std::unique_ptr<Frame> frame(new Frame);
  frame->clear();
  draw_square_cell(*frame, v, false, false, x, y, cell);
  return box_bits(*frame, x, y, cell);
}

}  // namespace

TEST_CASE("device glyphs: every piece of every game's palette is drawn unlike every other of its game, at every legible size") {
  for (int i = 0; i < tl::game_count(); ++i) {
    const tl::GameInfo& g = tl::game_at(i);
    INFO(g.id);
    REQUIRE(g.brush_view);
    std::vector<int> brushes;
    std::vector<tl::CellView> views;
    for (int b = 0; b < g.palette_count; ++b) {
      tl::CellView v;
      const bool drawn = g.brush_view(b, &v);
      // Every brush but one drawn between cells (walls) is a cell's content.
      CHECK(drawn == !(g.palette[b].flags & tl::kBrushSides));
      if (!drawn) continue;
      brushes.push_back(b);
      views.push_back(v);
    }
    for (int cell = kLegibleCell; cell <= 40; cell += 4) {
      std::vector<std::string> bits;
      for (const tl::CellView& v : views) bits.push_back(glyph_bits(v, cell));
      for (size_t a = 0; a < views.size(); ++a)
        for (size_t b = a + 1; b < views.size(); ++b) {
          if (same_view(views[a], views[b])) continue;  // one look painted two ways (Golf Peaks' height 0 and no tile)
          INFO(cell << " px: " << g.palette[brushes[a]].name << " / " << g.palette[brushes[b]].name);
          CHECK(bits[a] != bits[b]);
        }
    }
  }
}

TEST_CASE("device glyphs: the help shows the keys, then every game's pieces with their names, page by page") {
  std::unique_ptr<App> app_owned(new App(nullptr, 42));
  App& app = *app_owned;
  app.start();
  while (app.game_index() != tl::game_count()) press(app, kDown);  // the list's last entry: Help
  press(app, kA);
  REQUIRE(app.screen_kind() == Screen::kHelp);
  int expected = 1;
  for (int i = 0; i < tl::game_count(); ++i) expected += help_pages_of(tl::game_at(i));
  std::vector<std::string> pages;
  for (int p = 0; p < expected; ++p) {
    pages.push_back(pbm_of(app.screen()));
    press(app, kRight);
  }
  CHECK(pbm_of(app.screen()) == pages[0]);  // round to the keys again
  for (size_t a = 0; a < pages.size(); ++a)
    for (size_t b = a + 1; b < pages.size(); ++b) CHECK(pages[a] != pages[b]);
  // Skiddy's page holds its red and yellow skiddies as drawn on its board.
  const tl::GameInfo& skiddy = tl::game_at(game_index("skiddy"));
  int page = 1;
  for (int i = 0; i < game_index("skiddy"); ++i) page += help_pages_of(tl::game_at(i));
  for (int p = 0; p < page; ++p) press(app, kRight);
  for (int b = 0; b < skiddy.palette_count; ++b) {  // row b, from y 28, at x 12
    tl::CellView v;
    REQUIRE(skiddy.brush_view(b, &v));
    INFO(skiddy.palette[b].name);
    const int y = 28 + b * (kLegibleCell + 1);
    CHECK(box_bits(app.screen(), 12, y, kLegibleCell) == glyph_bits(v, kLegibleCell, 12, y));
  }
  press(app, kB);
  CHECK(app.screen_kind() == Screen::kGames);
}

// ---------------------------------------------------------------------------
// [SECTION] Large boards and lines
// ---------------------------------------------------------------------------
TEST_CASE("device app: a board too big for the screen at a legible size scrolls with the cursor, not shrinking") {
  std::unique_ptr<App> app_owned(new App(nullptr, 42));
  App& app = *app_owned;
  app.start();
  open_game(app, game_index("flow"));
  std::string text;
  for (int y = 0; y < 20; ++y) {
    for (int x = 0; x < 30; ++x) text += (x == 0 && y == 0) || (x == 29 && y == 19) ? 'a' : (x == 5 && (y == 3 || y == 9)) ? 'b' : '.';
    text += '\n';
  }
  REQUIRE(app.session().open_text("flow", text.data(), text.size()));
  app.frame(DeviceInput(), 7);
  const int cell = app.board_cell();
  CHECK(cell >= kLegibleCell);
  CHECK(app.board_left() >= 0);  // the cursor at the top-left corner: the board from its left edge
  for (int i = 0; i < 29; ++i) press(app, kRight);
  for (int i = 0; i < 19; ++i) press(app, kDown);
  REQUIRE(app.cursor_x() == 29);
  REQUIRE(app.cursor_y() == 19);
  CHECK(app.board_cell() == cell);
  const int px = app.board_left() + 29 * cell, py = app.board_top() + 19 * cell;
  CHECK(px >= 0);
  CHECK(px + cell <= kWidth);
  CHECK(py >= 14);
  CHECK(py + cell <= kHeight);
  CHECK(app.board_left() < 0);  // cell (0, 0) scrolled off
  CHECK(app.board_top() < 0);
}

TEST_CASE("device glyphs: a line puzzle's first eight lines are drawn eight ways, a pipe straight across or turning") {
  for (int links : {(1 << tl::kLeft) | (1 << tl::kRight), (1 << tl::kUp) | (1 << tl::kRight)}) {
    std::vector<std::string> drawn;
    for (int line = 1; line <= 8; ++line) {
      tl::CellView v;
      v.floor = tl::Floor::kDark;
      v.line = (uint8_t)line;
      v.links = (uint8_t)links;
      drawn.push_back(glyph_bits(v, kLegibleCell));
    }
    for (size_t a = 0; a < drawn.size(); ++a)
      for (size_t b = a + 1; b < drawn.size(); ++b) {
        INFO("lines " << a + 1 << " and " << b + 1);
        CHECK(drawn[a] != drawn[b]);
      }
  }
}
