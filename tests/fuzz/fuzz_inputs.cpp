// Fuzz target for everything that parses outside input: level texts of every
// game, move strings, links, parameter values, a job's request and result
// as text (what crosses to the page's worker and back). Built with libFuzzer by
// scripts/fuzz; the same function replays the saved corpus in the normal
// test run (replay_main.cpp), so every crash once found stays fixed.
#include <stddef.h>
#include <stdint.h>

#include "core/midend/editor.h"
#include "core/midend/generation.h"
#include "core/midend/job_text.h"
#include "core/midend/link.h"
#include "core/midend/registry.h"

using namespace tl;

namespace {

// A job's text (core/midend/job_text.h), as it crosses to the page's worker
// and back: a request read, written and read again gives the same text the
// second time; a result read as the answer to a request of each kind (on a
// small level of its own) writes a text that reads again alike.
void job_texts(const char* text, size_t size) {
  Error e;
  JobRequest request;
  if (read_job_request(text, size, &request, &e)) {
    Text once, twice;
    write_job_request(request, &once);
    JobRequest again;
    if (!read_job_request(once.c_str(), once.size(), &again, &e)) __builtin_trap();
    write_job_request(again, &twice);
    if (!twice.equals(once.c_str())) __builtin_trap();
  }
  static const char kLevel[] = "....\n.@o.\n..o.\n....\n";
  for (int k = 0; k <= (int)JobKind::kLast; ++k) {
    JobRequest asked = JobRequest::on_text((JobKind)k, find_game("lastball"), kLevel, sizeof kLevel - 1);
    JobResult result;
    if (!read_job_result(asked, text, size, &result, &e)) continue;
    Text once, twice;
    write_job_result(asked, result, &once);
    JobResult again;
    if (!read_job_result(asked, once.c_str(), once.size(), &again, &e)) __builtin_trap();
    write_job_result(asked, again, &twice);
    if (!twice.equals(once.c_str())) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const char* text = (const char*)data;
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    Error e;
    std::unique_ptr<Level> level = g.parse(text, size, &e);
    if (level) {
      // A parsed level must format to text that parses to the same level.
      Text canonical;
      level->canonical_text(&canonical);
      std::unique_ptr<Level> again = g.parse(canonical.c_str(), canonical.size(), &e);
      if (!again) __builtin_trap();
      Text twice;
      again->canonical_text(&twice);
      if (!twice.equals(canonical.c_str())) __builtin_trap();
      MoveList moves;
      if (level->parse_moves(text, size, &moves, &e)) {
        GameState s;
        level->initial_state(&s);
        for (tl::Move m : moves) level->apply(&s, m);
      }
      // Input as a player gives it, from the text's last bytes: a press, drags
      // (off the board too), arrows, a release. A pointer's move is played a
      // cell at a time until it catches up, as the session does; one that never
      // settles would hang a host.
      PlayUi ui;
      GameState play;
      level->initial_state(&play);
      for (size_t k = 0; k < size && k < 24; ++k) {
        const uint8_t b = data[size - 1 - k];
        const InputKind kind = k == 0 ? InputKind::kPointerPress
                               : k + 1 == size || k == 23 ? InputKind::kPointerRelease
                                                          : InputKind::kPointerDrag;
        const Input in = b % 5 == 0 ? Input::direction(b % 4)
                                    : Input::pointer(kind, (b % 16 - 2) * kPointerUnit + 32, (b / 16 - 2) * kPointerUnit + 32);
        for (int step = 0;; ++step) {
          if (step > kMaxCatchUpMoves) __builtin_trap();
          const int move = level->interpret(play, &ui, in);
          if (move == kNoMove || level->apply(&play, move) != Outcome::kMoved) break;
          if (in.kind != InputKind::kPointerDrag && in.kind != InputKind::kPointerRelease) break;
        }
      }
      SearchLimits small;
      small.max_states = 2000;  // enough to exercise every search; Flow counts positions, each up to a whole board
      GameState s;
      level->initial_state(&s);
      level->solve(s, small, nullptr);
    }
    // The editor reads any text as a grid of cells, paints it (a stroke of two
    // cells) and resizes it.
    CellGrid grid;
    if (read_cell_grid(g, text, size, &grid, &e)) {
      Text written;
      write_cell_grid(g, grid, &written);
      CellGrid again;
      if (!read_cell_grid(g, written.c_str(), written.size(), &again, &e)) __builtin_trap();
      if (again.width != grid.width || again.height != grid.height) __builtin_trap();
    }
    Editor editor;
    editor.open(g, text, size);
    const int brush = (int)(size % (size_t)g.palette_count);
    editor.paint(size % 7, size % 5, brush, false);
    editor.paint(size % 7 + size % 2, size % 5 + 1 - size % 2, brush, true);  // a stroke on: a side for a sides brush
    editor.resize((int)(size % 9) + 1, (int)(size % 11) + 1);
    editor.undo();
    editor.redo();
    ParamValues p;
    params_default(g, &p);
    for (size_t k = 0; k < size; ++k)
      if (data[k] == '=') {
        param_set(g, &p, text, k, text + k + 1, size - k - 1, &e);
        break;
      }
  }
  LinkTarget target;
  Error e;
  if (parse_link(text, size, &target, &e) && target.is_level) open_link(target, nullptr, &e);
  job_texts(text, size);
  return 0;
}
