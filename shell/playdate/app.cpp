// app.cpp — the Playdate app (see app.h): screens, input, drawing, saves.
#include "app.h"

#include <stdio.h>
#include <string.h>

#include "core/generation.h"
#include "core/grid.h"
#include "core/params.h"
#include "core/registry.h"
#include "core/rng.h"

namespace device {

namespace {

constexpr int kHoldFrames = 30;     // B held this long (a second at 30 fps) restarts
constexpr float kCrankStep = 30.0f;  // degrees of crank a step of undo, redo or card
constexpr const char* kSaveName = "save.txt";
constexpr const char* kSaveTemp = "save.tmp";
constexpr int kStatusHeight = 14;

// Each line of a line puzzle gets one of these (colours cannot be told apart
// in 1 bit; the dots carry the line's letter).
const Pattern* const kLinePatterns[] = {&kSolid, &kDark, &kHalf, &kStripes};

const Pattern& floor_pattern(tl::Floor f) {
  switch (f) {
    case tl::Floor::kIce: return kDots;
    case tl::Floor::kSnow: return kLight;
    case tl::Floor::kSand: return kLight;
    case tl::Floor::kWater: return kWaves;
    case tl::Floor::kGoal: return kChecker;
    case tl::Floor::kBelt: return kStripes;
    case tl::Floor::kDark: return kDots;  // a line puzzle's board: light, so the black pipes read
    default: return kSolid;
  }
}

bool dark_colour(tl::Colour c) {
  return c == tl::Colour::kBlack || c == tl::Colour::kGrey || c == tl::Colour::kBrown || c == tl::Colour::kBlue ||
         c == tl::Colour::kPurple || c == tl::Colour::kRed || c == tl::Colour::kGreen;
}

}  // namespace

App::App(SaveFiles* files, uint64_t entropy) : files_(files) {
  tl::Text seed;
  tl::seed_name(entropy, &seed);
  seed_ = seed.c_str();
  frame_.clear();
}

void App::start() {
  if (!load_save()) screen_ = Screen::kGames;
  draw();
}

// --- levels -------------------------------------------------------------------

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
  const tl::GenerationStatus status = session_.make_slice(&e);
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

// --- input --------------------------------------------------------------------

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
  switch (screen_) {
    case Screen::kGames: {
      const int entries = tl::game_count() + 1;  // the games, then Help
      int step = (in.pushed & kDown) ? 1 : (in.pushed & kUp) ? -1 : 0;
      crank_ += in.docked ? 0 : in.crank_change;
      if (crank_ >= kCrankStep) step = 1, crank_ = 0;
      if (crank_ <= -kCrankStep) step = -1, crank_ = 0;
      game_ = (game_ + step + entries) % entries;
      if (in.pushed & kA) {
        if (game_ == tl::game_count()) screen_ = Screen::kHelp;
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
    case Screen::kHelp:
      if (in.pushed & (kA | kB)) screen_ = Screen::kGames;
      break;
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

// --- saves --------------------------------------------------------------------

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

// --- drawing ------------------------------------------------------------------

void App::draw() {
  frame_.clear();
  if (making()) {
    // Shown before the generator runs, so the wait has a face.
    const tl::GameInfo& g = tl::game_at(game_);
    frame_.text(12, 10, g.name, 4);
    frame_.text(12, 110, "MAKING A LEVEL...", 3);
    frame_.rect(12, 140, 376, 14, 2);
    const int done = session_.making_permille();
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

void App::draw_help() {
  static const char* const kLines[] = {
      "D-PAD: MOVE (FLOW: THE CURSOR)",
      "A: GO ON AFTER A WIN; FLOW: GRAB/LIFT A LINE",
      "B: UNDO   HOLD B: RESTART",
      "CRANK: SCRUB UNDO AND REDO;",
      "  GOLF PEAKS: PICK THE CARD; FLOW: THE CURSOR",
      "MENU: NEW LEVEL, RESTART, GAMES",
      "THE GAME IS SAVED AS YOU PLAY.",
      "",
      "A OR B: BACK",
  };
  frame_.text(12, 10, "HELP", 4);
  int y = 46;
  for (const char* l : kLines) {
    frame_.text(12, y, l, 2);
    y += 18;
  }
}

void App::status_line(char* out, size_t n) {
  const tl::PlayStatus st = session_.status();
  char cards[64] = "";
  tl::HandCard hand[tl::kMaxHand];
  const int count = session_.hand(hand);
  if (count > 0) {
    const int chosen = session_.chosen_card();
    size_t at = 0;
    for (int i = 0; i < count && at + 12 < sizeof cards; ++i) {
      if (hand[i].count == 0) continue;
      at += (size_t)snprintf(cards + at, sizeof cards - at, i == chosen ? "[%s]x%d " : "%s x%d ", hand[i].label,
                             hand[i].count);
    }
  }
  const char* state = st == tl::PlayStatus::kWon    ? "SOLVED! A: NEXT"
                      : st == tl::PlayStatus::kLost ? "LOST. B: UNDO, A: RESTART"
                      : !message_.empty()           ? message_.c_str()
                                                    : "";
  snprintf(out, n, "%s %d/%d %s%s", session_.game().name, (int)session_.moves_made(), session_.par(), cards, state);
}

void App::draw_play() {
  if (!session_.loaded()) {
    frame_.text(12, 10, message_.empty() ? "NO LEVEL" : message_.c_str(), 2);
    return;
  }
  char line[160];
  status_line(line, sizeof line);
  frame_.text(3, 3, line, 2, false);
  frame_.invert(0, 0, kWidth, kStatusHeight);
  draw_board(kStatusHeight + 2);
}

// --- drawing a board ------------------------------------------------------------

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

// A hex board's cell: the hexagon's outline round its middle, its pipes as
// thick strokes, its walls (one of each opposite pair, so each wall once; on
// the rim both ends of a row or column whose way round a wall closes), an
// empty cross's rails, and a dot or a portal.
void draw_hex_cell(Frame& frame, const tl::BoardView& v, int x, int y, int px, int py, int cell) {
  // The way out of side d (east, west, north-east, south-west, north-west,
  // south-east) to the side's middle, in 1/8 cells.
  static const int kSideX[6] = {4, -4, 2, -2, -2, 2}, kSideY[6] = {0, 0, -3, 3, -3, 3};
  static const int kCornerX[6] = {0, 4, 4, 0, -4, -4}, kCornerY[6] = {-5, -2, 2, 5, 2, -2};
  const tl::CellView& c = v.at(x, y);
  if (c.floor == tl::Floor::kNone) return;
  const int m = cell / 2, cx = px + m, cy = py + m;
  for (int i = 0; i < 6; ++i)
    frame.line(cx + kCornerX[i] * cell / 8, cy + kCornerY[i] * cell / 9, cx + kCornerX[(i + 1) % 6] * cell / 8,
               cy + kCornerY[(i + 1) % 6] * cell / 9);
  const int t = cell / 4 > 2 ? cell / 4 : 2;
  for (int d = 0; d < 6; ++d) {
    const int dx = kSideX[d], dy = kSideY[d];
    if (c.links & (1 << d)) frame.line(cx, cy, cx + dx * cell / 8, cy + dy * cell / 8, t);
    if (((d & 1) || v.side_off_board(x, y, d)) && (c.walls & (1 << d)))
      frame.line(cx + dx * cell / 8 - dy * cell / 16, cy + dy * cell / 8 + dx * cell / 16,
                 cx + dx * cell / 8 + dy * cell / 16, cy + dy * cell / 8 - dx * cell / 16, 3);
    if (c.bridge && !(c.links & (1 << d)) && (c.bridge >> (d >> 1) & 1))
      frame.line(cx, cy, cx + dx * cell / 8, cy + dy * cell / 8, 1);
  }
  if (c.shape == tl::Shape::kDot) {
    frame.disc(cx, cy, cell / 2 - 3, true);
    if (c.label[0] && cell >= 14) frame.text(cx - 1, cy - 2, c.label, 1, true);
  } else if (c.shape == tl::Shape::kPit) {
    frame.circle(cx, cy, cell / 2 - 3, 2);
  }
}

// A square cell's ground (one that has some): each floor its own pattern,
// heights darker as they rise; a line puzzle's pipes from the middle to each side the
// line leaves by (on a bridge, each axis in its own line's pattern; an empty
// bridge's lanes as rails); and walls as solid bars along their sides.
void draw_ground(Frame& frame, const tl::CellView& c, int x, int y, int px, int py, int cell) {
  if (c.floor != tl::Floor::kPlain) frame.fill(px + 1, py + 1, cell - 2, cell - 2, floor_pattern(c.floor));
  else if (c.height > 1) frame.fill(px + 1, py + 1, cell - 2, cell - 2, c.height > 3 ? kHalf : kLight);
  frame.rect(px, py, cell + 1, cell + 1);
  const int m = cell / 2;
  if (c.line || c.bridge) {
    const int t = cell / 3 > 2 ? cell / 3 : 2;
    if (!c.bridge) frame.fill(px + m - t / 2, py + m - t / 2, t, t, *kLinePatterns[(c.line - 1) % 4]);
    for (int d = 0; d < 4; ++d) {
      const int line = c.bridge ? c.axis_line[d >> 1] : c.line;
      const int dx = tl::dir_dx(d), dy = tl::dir_dy(d);
      const int x0 = dx < 0 ? px : dx > 0 ? px + m : px + m - t / 2;
      const int y0 = dy < 0 ? py : dy > 0 ? py + m : py + m - t / 2;
      if (line && (c.links & (1 << d))) frame.fill(x0, y0, dx ? cell - m : t, dy ? cell - m : t, *kLinePatterns[(line - 1) % 4]);
      else if (c.bridge) frame.rect(x0, y0, dx ? cell - m : t, dy ? cell - m : t);
    }
  }
  if (c.walls & (1 << tl::kRight)) frame.fill(px + cell - 1, py, 3, cell + 1, true);
  if (c.walls & (1 << tl::kDown)) frame.fill(px, py + cell - 1, cell + 1, 3, true);
  if (x == 0 && (c.walls & (1 << tl::kLeft))) frame.fill(px - 2, py, 3, cell + 1, true);  // a warp closed
  if (y == 0 && (c.walls & (1 << tl::kUp))) frame.fill(px, py - 2, cell + 1, 3, true);
}

// What stands on a square cell: its piece (dark colours filled, light ones
// ringed), an arrow on an empty cell, and its label.
void draw_piece(Frame& frame, const tl::CellView& c, int px, int py, int cell) {
  const int m = cell / 2;
  const bool dark = dark_colour(c.colour);
  const int r = cell / 2 - 2;
  switch (c.shape) {
    case tl::Shape::kBall:
      if (dark) frame.disc(px + m, py + m, r, true);
      else {
        frame.disc(px + m, py + m, r, false);
        frame.circle(px + m, py + m, r, cell > 12 ? 2 : 1);
      }
      break;
    case tl::Shape::kActor:
      frame.disc(px + m, py + m, r, false);
      frame.circle(px + m, py + m, r, 2);
      frame.disc(px + m, py + m, r / 3, true);
      break;
    case tl::Shape::kDot: {
      frame.disc(px + m, py + m, r, true);
      if (c.label[0] && cell >= 14) frame.text(px + m - 1, py + m - 2, c.label, 1, true);
      break;
    }
    case tl::Shape::kBlock: frame.fill(px + 2, py + 2, cell - 3, cell - 3, true); break;
    case tl::Shape::kCrate:
      frame.rect(px + 3, py + 3, cell - 5, cell - 5, 2);
      frame.line(px + 3, py + 3, px + cell - 3, py + cell - 3);
      frame.line(px + cell - 3, py + 3, px + 3, py + cell - 3);
      break;
    case tl::Shape::kTree:
      for (int i = 0; i < m - 1; ++i) frame.fill(px + m - i / 2, py + 2 + i, i + 1, 1, true);
      frame.fill(px + m - 1, py + m, 2, m - 2, true);
      break;
    case tl::Shape::kSpikes:
      for (int i = 0; i < 3; ++i) frame.line(px + 2 + i * (cell - 4) / 3, py + cell - 3, px + 2 + i * (cell - 4) / 3 + (cell - 4) / 6, py + 3);
      break;
    case tl::Shape::kDoor:
      frame.rect(px + 3, py + 2, cell - 5, cell - 3, 2);
      frame.disc(px + cell - 6, py + m, 1, true);
      break;
    case tl::Shape::kBridgeH:
      frame.fill(px, py + 3, cell, 2, true);
      frame.fill(px, py + cell - 4, cell, 2, true);
      break;
    case tl::Shape::kBridgeV:
      frame.fill(px + 3, py, 2, cell, true);
      frame.fill(px + cell - 4, py, 2, cell, true);
      break;
    case tl::Shape::kFlag:
      frame.fill(px + m - 1, py + 2, 2, cell - 4, true);
      for (int i = 0; i < m - 2; ++i) frame.fill(px + m + 1, py + 2 + i / 2, m - 2 - i, 1, true);
      break;
    case tl::Shape::kPit:  // a portal: a ring, its pair's number inside
      if (c.colour != tl::Colour::kDefault) frame.circle(px + m, py + m, r, 2);
      else frame.disc(px + m, py + m, r, true);
      break;
    case tl::Shape::kWedge: {
      // The filled corner, a triangle.
      const int corner = c.corner;
      for (int i = 0; i < cell - 2; ++i) {
        const int len = cell - 2 - i;
        const int yy = corner < 2 ? py + 1 + i : py + cell - 2 - i;
        const int xx = corner % 2 == 0 ? px + 1 : px + cell - 1 - len;
        frame.fill(xx, yy, len, 1, kHalf);
      }
      break;
    }
    default: break;
  }
  if (c.arrow >= 0 && c.shape == tl::Shape::kNone) {
    const int dx = tl::dir_dx(c.arrow), dy = tl::dir_dy(c.arrow);
    frame.line(px + m - dx * m / 2, py + m - dy * m / 2, px + m + dx * m / 2, py + m + dy * m / 2, 2);
    frame.disc(px + m + dx * m / 2, py + m + dy * m / 2, 2, true);
  }
  if (c.label[0] && c.shape != tl::Shape::kDot && cell >= 16) frame.text(px + 3, py + 3, c.label, 1, false);
}

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

// The board as large as the screen below `top` allows, centred; the cursor
// where the game is played with one, and the view's caption.
void App::draw_board(int top) {
  session_.view(&view_);
  const tl::BoardView& v = view_;
  const int avail_w = kWidth - 8, avail_h = kHeight - top - 4 - (v.caption[0] ? 12 : 0);
  const int across2 = 2 * v.width + (v.hex ? 1 : 0), down8 = v.hex ? 7 * v.height + 1 : 8 * v.height;
  int cell = 2 * avail_w / across2 < 8 * avail_h / down8 ? 2 * avail_w / across2 : 8 * avail_h / down8;
  if (cell < 4) cell = 4;
  cell_ = cell;
  ox_ = (kWidth - cell * across2 / 2) / 2;
  oy_ = top + (avail_h - cell * down8 / 8) / 2;
  const BoardPlace at = {ox_, oy_, cell, v.hex ? cell * 7 / 8 : cell, v.hex};
  for (int y = 0; y < v.height; ++y)
    for (int x = 0; x < v.width; ++x) {
      int px, py;
      at.corner(x, y, &px, &py);
      const tl::CellView& c = v.at(x, y);
      if (v.hex) draw_hex_cell(frame_, v, x, y, px, py, cell);
      else if (c.floor == tl::Floor::kNone) frame_.fill(px, py, cell, cell, true);
      else {
        draw_ground(frame_, c, x, y, px, py, cell);
        draw_piece(frame_, c, px, py, cell);
      }
    }
  draw_warps(frame_, v, at);
  if (uses_cursor()) {
    int px, py;
    at.corner(cursor_x_, cursor_y_, &px, &py);
    frame_.rect(px - 1, py - 1, cell + 3, at.row + 3, drawing_ ? 3 : 2);
  }
  if (v.caption[0]) frame_.text(6, kHeight - 12, v.caption, 2);
}

}  // namespace device
