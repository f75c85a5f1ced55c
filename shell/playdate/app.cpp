// app.cpp — the Playdate app (see app.h): screens, input, drawing, saves.
//
// [SECTION] Constants and start
// [SECTION] Levels
// [SECTION] Input
// [SECTION] Saves
// [SECTION] Drawing
// [SECTION] Drawing a board
#include "app.h"

#include <stdio.h>
#include <string.h>

#include "core/midend/generation.h"
#include "core/base/grid.h"
#include "core/base/params.h"
#include "core/midend/registry.h"
#include "core/base/rng.h"
#include "glyphs.h"

namespace device {

// ---------------------------------------------------------------------------
// [SECTION] Constants and start
// ---------------------------------------------------------------------------
namespace {

constexpr int kHoldFrames = 30;     // B held this long (a second at 30 fps) restarts
constexpr float kCrankStep = 30.0f;  // degrees of crank a step of undo, redo or card
constexpr const char* kSaveName = "save.txt";
constexpr const char* kSaveTemp = "save.tmp";
constexpr int kStatusHeight = 14;

}  // namespace

App::App(SaveFiles* files, uint64_t entropy) : files_(files) {
  tl::Text seed;
  tl::seed_name(entropy, &seed);
  seed_ = seed.c_str();
  frame_.clear();
}

void App::start() {
  // The saved level is opened whole, before the first frame; after it the
  // session's jobs run a slice a frame.
  if (!load_save()) screen_ = Screen::kGames;
  session_.host_runs_jobs(true);
  draw();
}

// ---------------------------------------------------------------------------
// [SECTION] Levels
// ---------------------------------------------------------------------------
// Starts making a level of the chosen game with the preset (the game's
// own defaults when the preset asks too much of the seed), a slice a frame
// (Session::begin_making).
void App::begin_level(uint64_t entropy) {
  const tl::GameInfo& g = tl::game_at(game_);
  tl::LevelRecipe recipe;
  recipe.game = &g;
  tl::ParamValues defaults;
  tl::params_default(g, &defaults);
  tl::Error e;
  if (!tl::params_preset(g, preset_, &recipe.params, &e)) recipe.params = defaults;
  if (seed_.empty()) {
    tl::Text seed;
    tl::seed_name(entropy, &seed);
    seed_ = seed.c_str();
  }
  recipe.seed.append(seed_.c_str());
  session_.begin_making(recipe, &defaults);
}

// One slice of the level being made; once made it is played.
void App::make_level_slice() {
  tl::Error e;
  const tl::GenerationStatus status = session_.job_slice(&e);
  if (status == tl::GenerationStatus::kRunning) return;
  if (status == tl::GenerationStatus::kFailed) {
    message_ = e.message;
    screen_ = Screen::kSetup;
    return;
  }
  level_loaded();
}

// A level came (made, or a pack's): it is played from its start.
void App::level_loaded() {
  session_.set_infinite(session_.game().infinite_mode);
  seed_ = session_.seed();
  message_.clear();
  win_noted_ = false;
  drawing_ = false;
  cursor_x_ = cursor_y_ = 0;
  screen_ = Screen::kPlay;
  save();
}

// After a win: what the session says comes next (infinite mode's next level,
// or a fresh seed with the chosen preset), made over the frames that follow;
// the game's defaults when the preset asks too much of the seed.
void App::next_level(uint64_t entropy) {
  tl::LevelRecipe recipe;
  tl::Error e;
  switch (session_.next_level_recipe(entropy, &recipe, &e)) {
    case tl::NextLevel::kOpened: level_loaded(); break;
    case tl::NextLevel::kMake: {
      tl::ParamValues defaults;
      tl::params_default(*recipe.game, &defaults);
      if (!recipe.continues && !tl::params_preset(*recipe.game, preset_, &recipe.params, &e)) recipe.params = defaults;
      session_.begin_making(recipe, &defaults);
      break;
    }
    case tl::NextLevel::kFailed: message_ = e.message; break;
  }
}

int App::played_game() const {
  for (int i = 0; i < tl::game_count(); ++i)
    if (&tl::game_at(i) == &session_.game()) return i;
  return game_;
}

bool App::uses_cursor() const { return session_.loaded() && session_.game().cursor_play; }

void App::note_win() {
  if (win_noted_ || session_.status() != tl::PlayStatus::kWon) return;
  win_noted_ = true;
  if (game_ >= 0 && game_ < kGames) ++solved_[game_];
  save();
}

// ---------------------------------------------------------------------------
// [SECTION] Input
// ---------------------------------------------------------------------------
void App::frame(const DeviceInput& in, uint64_t entropy) {
  // A level being made: a slice of its generator a frame, the progress shown.
  if (level_asked_) {
    level_asked_ = false;
    begin_level(entropy);
  }
  if (session_.making()) {
    make_level_slice();
    draw();
    return;
  }
  if (session_.job() != tl::SessionJob::kNone) session_.job_slice();  // a level's par, a slice a frame
  switch (screen_) {
    case Screen::kGames: {
      const int entries = tl::game_count() + 1;  // the games, then Help
      int step = (in.pushed & kDown) ? 1 : (in.pushed & kUp) ? -1 : 0;
      crank_ += in.docked ? 0 : in.crank_change;
      if (crank_ >= kCrankStep) step = 1, crank_ = 0;
      if (crank_ <= -kCrankStep) step = -1, crank_ = 0;
      game_ = (game_ + step + entries) % entries;
      if (in.pushed & kA) {
        if (game_ == tl::game_count()) screen_ = Screen::kHelp, help_page_ = 0, crank_ = 0;
        else screen_ = Screen::kSetup;
      }
      break;
    }
    case Screen::kSetup:
      if (in.pushed & kLeft) preset_ = (preset_ + tl::kPresetCount - 1) % tl::kPresetCount;
      if (in.pushed & kRight) preset_ = (preset_ + 1) % tl::kPresetCount;
      if (in.pushed & (kUp | kDown)) {
        tl::Text seed;
        tl::seed_name(entropy, &seed);
        seed_ = seed.c_str();
      }
      if (in.pushed & kB) screen_ = Screen::kGames;
      if (in.pushed & kA) begin_level(entropy);
      break;
    case Screen::kHelp: {
      const int pages = help_pages();
      int step = (in.pushed & (kRight | kDown)) ? 1 : (in.pushed & (kLeft | kUp)) ? -1 : 0;
      crank_ += in.docked ? 0 : in.crank_change;
      if (crank_ >= kCrankStep) step = 1, crank_ = 0;
      if (crank_ <= -kCrankStep) step = -1, crank_ = 0;
      help_page_ = (help_page_ + step + pages) % pages;
      if (in.pushed & (kA | kB)) screen_ = Screen::kGames, crank_ = 0;
      break;
    }
    case Screen::kPlay:
      play_input(in, entropy);
      break;
  }
  draw();
}

void App::pointer(tl::InputKind kind) {
  const int u = tl::kPointerUnit;
  // A hex board's odd rows sit half a cell right (the game reads x so).
  const int shift = view_.hex && (cursor_y_ & 1) ? u / 2 : 0;
  session_.input(tl::Input::pointer(kind, cursor_x_ * u + u / 2 + shift, cursor_y_ * u + u / 2));
}

void App::play_input(const DeviceInput& in, uint64_t entropy) {
  if (!session_.loaded()) return;
  // B: undo on release; held a second: restart.
  if (in.held & kB) {
    if (++b_held_frames_ == kHoldFrames) {
      session_.restart();
      drawing_ = false;
      message_ = "Restarted";
    }
  }
  if (in.released & kB) {
    if (b_held_frames_ < kHoldFrames) {
      if (drawing_) {
        pointer(tl::InputKind::kPointerRelease);
        drawing_ = false;
      }
      session_.undo();
      message_.clear();
    }
    b_held_frames_ = 0;
  }
  const tl::PlayStatus status = session_.status();
  if (in.pushed & kA) {
    if (status == tl::PlayStatus::kWon) {
      next_level(entropy);
      return;
    }
    if (status == tl::PlayStatus::kLost) {
      session_.restart();
      return;
    }
    if (uses_cursor()) {
      pointer(drawing_ ? tl::InputKind::kPointerRelease : tl::InputKind::kPointerPress);
      drawing_ = !drawing_;
    }
  }
  static const Button kDirButtons[4] = {kUp, kDown, kLeft, kRight};  // in tl::Dir order
  for (int d = 0; d < 4; ++d) {
    if (!(in.pushed & kDirButtons[d])) continue;
    if (uses_cursor()) {
      session_.view(&view_);
      const int nx = cursor_x_ + tl::dir_dx(d), ny = cursor_y_ + tl::dir_dy(d);
      if (nx < 0 || ny < 0 || nx >= view_.width || ny >= view_.height) continue;
      cursor_x_ = nx;
      cursor_y_ = ny;
      if (drawing_) pointer(tl::InputKind::kPointerDrag);
    } else {
      session_.input(tl::Input::direction(d));
      message_.clear();
    }
  }
  if (!in.docked) crank(in.crank_change);
  if (drawing_ && session_.status() == tl::PlayStatus::kWon) {
    pointer(tl::InputKind::kPointerRelease);  // the last line drawn: let go of it
    drawing_ = false;
  }
  note_win();
}

// The crank: a step every 30 degrees. It picks the card in Golf Peaks, moves
// the cursor along the rows in Flow, and scrubs the undo history elsewhere
// (forward redoes, back undoes).
void App::crank(float degrees) {
  crank_ += degrees;
  while (crank_ >= kCrankStep || crank_ <= -kCrankStep) {
    const int step = crank_ > 0 ? 1 : -1;
    crank_ -= step * kCrankStep;
    tl::HandCard cards[tl::kMaxHand];
    const int n = session_.hand(cards);
    if (n > 0) {
      int c = session_.chosen_card();
      for (int tries = 0; tries < n; ++tries) {
        c = (c + step + n) % n;
        if (cards[c].count > 0) break;
      }
      session_.input(tl::Input::choose_card(c));
    } else if (uses_cursor()) {
      session_.view(&view_);
      const int cells = view_.width * view_.height;
      const int at = ((cursor_y_ * view_.width + cursor_x_ + step) % cells + cells) % cells;
      cursor_x_ = at % view_.width;
      cursor_y_ = at / view_.width;
      if (drawing_) pointer(tl::InputKind::kPointerDrag);
    } else if (step > 0) {
      session_.redo();
    } else {
      session_.undo();
    }
  }
}

void App::menu(MenuItem item) {
  drawing_ = false;
  switch (item) {
    case MenuItem::kNewLevel:
      if (session_.loaded()) {
        game_ = played_game();  // not the game list's cursor, which may be elsewhere
        seed_.clear();
        level_asked_ = true;  // begun in the next frame, with its entropy
      }
      break;
    case MenuItem::kRestart:
      if (session_.loaded()) session_.restart();
      break;
    case MenuItem::kGames:
      screen_ = Screen::kGames;
      break;
  }
  draw();
}

// ---------------------------------------------------------------------------
// [SECTION] Saves
// ---------------------------------------------------------------------------
bool App::save() {
  if (!files_ || !session_.loaded()) return false;
  std::string s = "tilelab-save 1\ngame ";
  s += session_.game().id;
  s += "\nlink ";
  s += session_.link();
  s += "\nmoves ";
  const tl::MoveList moves = session_.moves();
  tl::Text text;
  session_.level().format_moves(moves.data(), moves.size(), &text);
  s += text.c_str();
  s += "\nsolved";
  for (int i = 0; i < kGames; ++i) {
    char n[16];
    snprintf(n, sizeof n, " %d", solved_[i]);
    s += n;
  }
  s += "\nend\n";
  return files_->write(kSaveTemp, s.data(), s.size()) && files_->rename(kSaveTemp, kSaveName);
}

bool App::load_save() {
  std::string s;
  if (!files_ || !files_->read(kSaveName, &s)) return false;
  auto field = [&](const char* key, std::string* out) {
    const std::string k = std::string("\n") + key + " ";
    const size_t at = s.find(k);
    if (at == std::string::npos) return false;
    const size_t from = at + k.size(), to = s.find('\n', from);
    if (to == std::string::npos) return false;
    *out = s.substr(from, to - from);
    return true;
  };
  std::string game, link, moves, solved;
  const bool whole = s.compare(0, 15, "tilelab-save 1\n") == 0 && s.size() >= 4 &&
                     s.compare(s.size() - 4, 4, "end\n") == 0 && field("game", &game) && field("link", &link) &&
                     field("moves", &moves) && field("solved", &solved);
  tl::Error e;
  if (!whole || !session_.open_link(link.data(), link.size(), &e) || game != session_.game().id) {
    message_ = "The save was damaged and is ignored.";
    return false;
  }
  tl::MoveList list;
  if (!session_.level().parse_moves(moves.data(), moves.size(), &list, &e)) {
    message_ = "The save's moves were damaged; the level starts over.";
    list.clear();
  }
  for (tl::Move m : list) session_.play(m);
  const char* at = solved.c_str();
  for (int i = 0; i < kGames && *at; ++i) {
    char* end = nullptr;
    const long n = strtol(at, &end, 10);
    if (end == at) break;
    solved_[i] = n < 0 ? 0 : (int)n;
    at = end;
  }
  game_ = played_game();
  seed_ = session_.seed();
  session_.set_infinite(session_.game().infinite_mode);
  win_noted_ = session_.status() == tl::PlayStatus::kWon;
  screen_ = Screen::kPlay;
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Drawing
// ---------------------------------------------------------------------------
void App::draw() {
  frame_.clear();
  if (making()) {
    // Shown before the generator runs, so the wait has a face.
    const tl::GameInfo& g = tl::game_at(game_);
    frame_.text(12, 10, g.name, 4);
    frame_.text(12, 110, "MAKING A LEVEL...", 3);
    frame_.rect(12, 140, 376, 14, 2);
    const int done = making_permille();
    frame_.fill(16, 144, 368 * (done < 1000 ? done : 1000) / 1000, 6, kHalf);
    return;
  }
  switch (screen_) {
    case Screen::kGames: draw_games(); break;
    case Screen::kSetup: draw_setup(); break;
    case Screen::kPlay: draw_play(); break;
    case Screen::kHelp: draw_help(); break;
  }
}

void App::draw_games() {
  frame_.text(12, 10, "TILELAB", 4);
  frame_.text(12, 44, "PICK A GAME: UP/DOWN, A", 2);
  const int entries = tl::game_count() + 1;
  for (int i = 0; i < entries; ++i) {
    char line[64];
    if (i < tl::game_count())
      snprintf(line, sizeof line, "%-18s SOLVED %d", tl::game_at(i).name, solved_[i]);
    else
      snprintf(line, sizeof line, "HELP");
    const int y = 66 + i * 24;
    frame_.text(28, y, line, 3, i == game_);
  }
  if (!message_.empty()) frame_.text(12, 226, message_.c_str(), 2);
}

void App::draw_setup() {
  const tl::GameInfo& g = tl::game_at(game_);
  frame_.text(12, 10, g.name, 4);
  char line[96];
  char name[16];
  snprintf(name, sizeof name, "%s", tl::preset_name(preset_));
  for (char* c = name; *c; ++c) *c = (char)(*c - 'a' + 'A');  // the names are lower-case letters
  snprintf(line, sizeof line, "< %s >", name);
  frame_.text(12, 50, line, 3);
  snprintf(line, sizeof line, "SEED %s", seed_.c_str());
  frame_.text(12, 80, line, 2);
  frame_.text(12, 110, "LEFT/RIGHT: EASY, NORMAL, HARD", 2);
  frame_.text(12, 126, "UP/DOWN: ANOTHER SEED", 2);
  frame_.text(12, 142, "A: PLAY   B: BACK", 2);
  // The game's own summary, wrapped.
  const char* s = g.summary;
  int y = 170;
  while (*s && y < 230) {
    char row[48];
    int n = 0, last_space = -1;
    while (s[n] && n < 46) {
      if (s[n] == ' ') last_space = n;
      ++n;
    }
    if (s[n] && last_space > 0) n = last_space;
    memcpy(row, s, (size_t)n);
    row[n] = 0;
    frame_.text(12, y, row, 2);
    s += n;
    while (*s == ' ') ++s;
    y += 14;
  }
  if (!message_.empty()) frame_.text(12, 226, message_.c_str(), 2);
}

namespace {

constexpr int kGlyphsAPage = 10;

// The brushes of a game's palette that are a cell's content (GameInfo::
// brush_view), and the one of them at `index`.
int glyph_count(const tl::GameInfo& g) {
  tl::CellView v;
  int n = 0;
  for (int b = 0; b < g.palette_count; ++b) n += g.brush_view && g.brush_view(b, &v);
  return n;
}

int glyph_brush(const tl::GameInfo& g, int index) {
  tl::CellView v;
  for (int b = 0; b < g.palette_count; ++b)
    if (g.brush_view && g.brush_view(b, &v) && index-- == 0) return b;
  return -1;
}

int glyph_pages(const tl::GameInfo& g) { return (glyph_count(g) + kGlyphsAPage - 1) / kGlyphsAPage; }

}  // namespace

int App::help_pages() const {
  int pages = 1;  // the keys
  for (int i = 0; i < tl::game_count(); ++i) pages += glyph_pages(tl::game_at(i));
  return pages;
}

// The help: the keys, then every game's pieces, each drawn as on its board
// with its name from the game's palette, a page of ten at a time.
void App::draw_help() {
  char title[64];
  const int pages = help_pages();
  if (help_page_ == 0) {
    static const char* const kLines[] = {
        "D-PAD: MOVE (FLOW: THE CURSOR)",
        "A: GO ON AFTER A WIN; FLOW: GRAB/LIFT A LINE",
        "B: UNDO   HOLD B: RESTART",
        "CRANK: SCRUB UNDO AND REDO;",
        "  GOLF PEAKS: PICK THE CARD; FLOW: THE CURSOR",
        "MENU: NEW LEVEL, RESTART, GAMES",
        "THE GAME IS SAVED AS YOU PLAY.",
        "",
        "RIGHT OR THE CRANK: EVERY GAME'S PIECES",
        "A OR B: BACK",
    };
    snprintf(title, sizeof title, "HELP 1/%d", pages);
    frame_.text(12, 10, title, 4);
    int y = 46;
    for (const char* l : kLines) {
      frame_.text(12, y, l, 2);
      y += 18;
    }
    return;
  }
  int page = help_page_ - 1, game = 0;
  while (game < tl::game_count() && page >= glyph_pages(tl::game_at(game))) page -= glyph_pages(tl::game_at(game++));
  const tl::GameInfo& g = tl::game_at(game);
  snprintf(title, sizeof title, "%s %d/%d", g.name, help_page_ + 1, pages);
  frame_.text(12, 6, title, 3);
  const int cell = kLegibleCell;
  for (int i = 0; i < kGlyphsAPage; ++i) {
    const int brush = glyph_brush(g, page * kGlyphsAPage + i);
    if (brush < 0) break;
    tl::CellView v;
    g.brush_view(brush, &v);
    const int y = 28 + i * (cell + 1);
    draw_square_cell(frame_, v, false, false, 12, y, cell);
    char name[48];
    snprintf(name, sizeof name, "%s", g.palette[brush].name);
    for (char* c = name; *c; ++c)
      if (*c == '(' && c > name) c[-1] = '\0';  // the name, without its note
    frame_.text(12 + cell + 8, y + 4, name, 2);
  }
}

void App::status_line(char* out, size_t n) {
  const tl::PlayStatus st = session_.status();
  const char* state = st == tl::PlayStatus::kWon    ? "SOLVED! A: NEXT"
                      : st == tl::PlayStatus::kLost ? "LOST. B: UNDO, A: RESTART"
                      : !message_.empty()           ? message_.c_str()
                                                    : "";
  snprintf(out, n, "%s %d/%d %s", session_.game().name, (int)session_.moves_made(), session_.par(), state);
}

void App::draw_play() {
  if (!session_.loaded()) {
    frame_.text(12, 10, message_.empty() ? "NO LEVEL" : message_.c_str(), 2);
    return;
  }
  draw_board(kStatusHeight + 2);
  char line[160];
  status_line(line, sizeof line);
  frame_.text(3, 3, line, 2, false);
  frame_.invert(0, 0, kWidth, kStatusHeight);
}

// ---------------------------------------------------------------------------
// [SECTION] Drawing a board
// ---------------------------------------------------------------------------
namespace {

// Where a board sits on the screen: its corner, a cell's size, and a row's
// height (a hex board's rows are 7/8 of a cell apart, odd rows half a cell right).
struct BoardPlace {
  int ox, oy, cell, row;
  bool hex;
  void corner(int x, int y, int* px, int* py) const {
    *px = ox + x * cell + (hex && (y & 1) ? cell / 2 : 0);
    *py = oy + y * row;
  }
};

// Edges that warp: a short bar beyond each edge cell's outer side.
void draw_warps(Frame& frame, const tl::BoardView& v, const BoardPlace& at) {
  const int cell = at.cell;
  for (int i = 0; i < ((v.warps & 1) ? v.height : 0); ++i) {
    if (!v.row_warps(i)) continue;
    int lx, ly, rx, ry;
    at.corner(0, i, &lx, &ly);
    at.corner(v.width - 1, i, &rx, &ry);
    frame.fill(lx - 3, ly + cell / 4, 2, cell / 2, true);
    frame.fill(rx + cell + 2, ry + cell / 4, 2, cell / 2, true);
  }
  for (int i = 0; i < ((v.warps & 2) ? v.width : 0); ++i) {
    if (!v.column_warps(i)) continue;
    int tx, ty, bx, by;
    at.corner(i, 0, &tx, &ty);
    at.corner(i, v.height - 1, &bx, &by);
    frame.fill(tx + cell / 4, ty - 3, cell / 2, 2, true);
    frame.fill(bx + cell / 4, by + cell + 2, cell / 2, 2, true);
  }
}

}  // namespace

// The board as large as the screen below `top` allows (beside Golf Peaks'
// hand), centred; past kLegibleCell it is not shrunk but scrolled to keep
// the piece played (or the cursor) in view, with a mark on each side where
// more of it lies. Then the cursor where the game is played with one, and
// the view's caption.
void App::draw_board(int top) {
  session_.view(&view_);
  const tl::BoardView& v = view_;
  tl::HandCard hand[tl::kMaxHand];
  const int cards = session_.hand(hand);
  int shown = 0;
  for (int i = 0; i < cards; ++i) shown += hand[i].count > 0;
  const int card_w = 44, card_h = 54, card_rows = 3;
  const int hand_w = shown ? ((shown + card_rows - 1) / card_rows) * (card_w + 2) + 4 : 0;
  const int left = 4, bottom = kHeight - (v.caption[0] ? 14 : 2);
  const int avail_w = kWidth - 8 - hand_w, avail_h = bottom - top - 2;
  const int across2 = 2 * v.width + (v.hex ? 1 : 0), down8 = v.hex ? 7 * v.height + 1 : 8 * v.height;
  int cell = 2 * avail_w / across2 < 8 * avail_h / down8 ? 2 * avail_w / across2 : 8 * avail_h / down8;
  if (cell < kLegibleCell) cell = kLegibleCell;
  if (cell > 40) cell = 40;
  const int board_w = cell * across2 / 2, board_h = cell * down8 / 8, row = v.hex ? cell * 7 / 8 : cell;
  // The cell to keep in view: the cursor, else the piece played.
  int fx = v.width / 2, fy = v.height / 2;
  if (uses_cursor()) fx = cursor_x_, fy = cursor_y_;
  else if (v.actor >= 0) fx = v.actor % v.width, fy = v.actor / v.width;
  auto place = [](int avail, int size, int origin, int focus, int unit) {
    if (size <= avail) return origin + (avail - size) / 2;
    int o = origin + avail / 2 - focus * unit - unit / 2;
    if (o > origin) o = origin;
    if (o < origin + avail - size) o = origin + avail - size;
    return o;
  };
  cell_ = cell;
  ox_ = place(avail_w, board_w, left, fx, cell);
  oy_ = place(avail_h, board_h, top + 1, fy, row);
  const BoardPlace at = {ox_, oy_, cell, row, v.hex};
  for (int y = 0; y < v.height; ++y)
    for (int x = 0; x < v.width; ++x) {
      int px, py;
      at.corner(x, y, &px, &py);
      if (px + cell < left || px > left + avail_w || py + row < top || py > bottom) continue;
      if (v.hex) draw_hex_cell(frame_, v, x, y, px, py, cell);
      else draw_square_cell(frame_, v.at(x, y), x == 0, y == 0, px, py, cell);
    }
  draw_warps(frame_, v, at);
  if (uses_cursor()) {
    int px, py;
    at.corner(cursor_x_, cursor_y_, &px, &py);
    frame_.rect(px - 1, py - 1, cell + 3, at.row + 3, drawing_ ? 3 : 2);
  }
  // What lies past the screen's edges: cleared, and a mark where more board is.
  frame_.fill(0, 0, kWidth, top, false);
  frame_.fill(0, bottom, kWidth, kHeight - bottom, false);
  frame_.fill(left + avail_w + 1, top, kWidth - left - avail_w - 1, bottom - top, false);
  frame_.fill(0, top, left, bottom - top, false);
  if (ox_ < left) frame_.fill(0, top + avail_h / 2 - 8, 3, 16, true);
  if (ox_ + board_w > left + avail_w) frame_.fill(left + avail_w + 1, top + avail_h / 2 - 8, 3, 16, true);
  if (oy_ < top + 1) frame_.fill(left + avail_w / 2 - 8, top, 16, 2, true);
  if (oy_ + board_h > bottom - 1) frame_.fill(left + avail_w / 2 - 8, bottom - 2, 16, 2, true);
  // Golf Peaks' hand: a picture a card with cards left, the chosen one inverted.
  const int chosen = session_.chosen_card();
  for (int i = 0, k = 0; i < cards; ++i) {
    if (hand[i].count == 0) continue;
    const int col = k / card_rows, r = k % card_rows;
    draw_card(frame_, hand[i], i == chosen, kWidth - hand_w + 2 + col * (card_w + 2), top + 2 + r * (card_h + 4), card_w,
              card_h);
    ++k;
  }
  if (v.caption[0]) frame_.text(6, kHeight - 12, v.caption, 2);
}

}  // namespace device
