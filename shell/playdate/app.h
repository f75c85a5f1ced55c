// app.h — the Playdate app, portable: it owns the screens (game list,
// presets and seed, play, help), takes one DeviceInput a frame, and draws
// into a 1-bit Frame in the SDK's layout. It knows nothing of pd_api.h: the
// device glue (main.cpp) reads the buttons and crank, calls frame(), copies
// the frame to the screen and gives it a SaveFiles over pd->file; the tests
// run it natively and on the Cortex-M7 with scripted input.
#pragma once
#include <stdint.h>

#include <string>

#include "core/midend/generation.h"
#include "core/midend/session.h"
#include "frame.h"

namespace device {

// The SDK's button bits (PDButtons).
enum Button : uint32_t {
  kLeft = 1u << 0, kRight = 1u << 1, kUp = 1u << 2, kDown = 1u << 3, kB = 1u << 4, kA = 1u << 5,
};

// One frame's input, as the SDK reports it.
struct DeviceInput {
  uint32_t pushed = 0, held = 0, released = 0;  // Button bits
  float crank_change = 0;                       // degrees since the last frame
  float crank_angle = 0;                        // degrees, 0 up
  bool docked = true;                           // the crank folded away
};

// The system menu's items (pd->system->addMenuItem).
enum class MenuItem { kNewLevel, kRestart, kGames };

// Where saves go: the device's data folder through pd->file, or a folder on
// disk in tests. A save is written whole to a temporary file and renamed over
// the old one, so a power-off mid-write leaves the old save.
class SaveFiles {
 public:
  virtual ~SaveFiles() {}
  // The file's bytes (false when it is not there or cannot be read).
  virtual bool read(const char* name, std::string* out) = 0;
  // The file made anew with these bytes (false on any failure).
  virtual bool write(const char* name, const char* data, size_t len) = 0;
  virtual bool rename(const char* from, const char* to) = 0;
};

enum class Screen { kGames, kSetup, kPlay, kHelp };

class App {
 public:
  // files may be null (no saves). `entropy` seeds the first level's name.
  App(SaveFiles* files, uint64_t entropy);
  // Resumes the saved game when there is a good save (else the game list;
  // a damaged save is ignored with a message).
  void start();
  // One frame: input in, the frame drawn.
  void frame(const DeviceInput& in, uint64_t entropy);
  void menu(MenuItem item);  // a new level is made over the frames that follow
  // Writes the save now (the glue calls it on pause, lock and terminate; the
  // app after each level it loads and each win).
  bool save();

  const Frame& screen() const { return frame_; }
  Screen screen_kind() const { return screen_; }
  // A level is being made (a slice a frame) and how far, 0 to 1000.
  bool making() const { return level_asked_ || session_.making(); }
  int making_permille() const { return session_.making() ? session_.job_permille() : 0; }
  tl::Session& session() { return session_; }
  const char* message() const { return message_.c_str(); }
  // Levels won per game, in the registry's order.
  int solved(int game) const { return game >= 0 && game < kGames ? solved_[game] : 0; }
  int game_index() const { return game_; }
  // The cursor of games drawn with a cursor (Flow): its cell.
  int cursor_x() const { return cursor_x_; }
  // Whether the game is played with the cursor (A grabs, the D-pad draws).
  bool uses_cursor() const;
  int cursor_y() const { return cursor_y_; }
  // Where the last frame drew the board: a cell's size and the top-left
  // corner of cell (0, 0) (off the screen when the board scrolled).
  int board_cell() const { return cell_; }
  int board_left() const { return ox_; }
  int board_top() const { return oy_; }

  static constexpr int kGames = 8;

 private:
  void draw();
  void draw_games();
  void draw_setup();
  void draw_play();
  void draw_help();
  int help_pages() const;
  void draw_board(int top);
  void status_line(char* out, size_t n);
  void play_input(const DeviceInput& in, uint64_t entropy);
  void crank(float degrees);
  void begin_level(uint64_t entropy);
  void make_level_slice();
  void level_loaded();
  void next_level(uint64_t entropy);
  void pointer(tl::InputKind kind);
  void note_win();
  int played_game() const;  // the registry index of the session's game
  bool load_save();

  tl::Session session_;
  tl::BoardView view_;
  Frame frame_;
  SaveFiles* files_;
  Screen screen_ = Screen::kGames;
  int game_ = 0, preset_ = 1;
  int help_page_ = 0;
  std::string seed_;
  std::string message_;
  int solved_[kGames] = {0};
  bool win_noted_ = false;
  int b_held_frames_ = 0;
  float crank_ = 0;  // degrees turned not yet used
  int cursor_x_ = 0, cursor_y_ = 0;
  bool drawing_ = false;  // a line grabbed at the cursor (Flow)
  bool level_asked_ = false;  // the menu asked for a new level: begun in the next frame
  // Board placement of the last frame drawn (for the cursor).
  int cell_ = 1, ox_ = 0, oy_ = 0;
};

}  // namespace device
