// main.cpp — the Playdate host: The Last Ball's infinite mode on the device.
// D-pad moves, B undoes, A restarts (or, after a win, starts the next level
// where the black ball stopped). The session (core/session.h) plays; this
// file reads the buttons and draws. The board is the core's view model drawn in
// 1-bit. Built only by the playdate preset, with the Playdate SDK.
//
// Device notes: the SDK's setup.c runs no C++ global constructors (the core
// has none), exceptions do not work (the core uses none), and new/delete go to
// pd->system->realloc (device_runtime.cpp).
#include <stdio.h>

#include "core/grid.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/session.h"

extern "C" {
#include "pd_api.h"
}

namespace {

PlaydateAPI* pd = nullptr;

struct DeviceGame {
  tl::Session session;  // the midend: the level, its seed, moves, next level
  tl::BoardView view;
  LCDFont* font;
};
DeviceGame* app = nullptr;  // made at kEventInit: no global constructor

uint64_t entropy() {
  return pd->system->getCurrentTimeMilliseconds() ^ ((uint64_t)pd->system->getSecondsSinceEpoch(nullptr) << 20);
}

void draw() {
  pd->graphics->clear(kColorWhite);
  if (!app->session.loaded()) return;
  app->session.view(&app->view);
  const tl::BoardView& v = app->view;
  int cell = 220 / v.height < 380 / v.width ? 220 / v.height : 380 / v.width;
  int ox = (400 - cell * v.width) / 2, oy = 20 + (220 - cell * v.height) / 2;
  pd->graphics->drawRect(ox - 2, oy - 2, cell * v.width + 4, cell * v.height + 4, kColorBlack);
  for (int y = 0; y < v.height; ++y)
    for (int x = 0; x < v.width; ++x) {
      const tl::CellView& c = v.at(x, y);
      int px = ox + x * cell, py = oy + y * cell;
      bool dark = c.colour == tl::Colour::kBlack || c.colour == tl::Colour::kGrey || c.colour == tl::Colour::kBrown;
      if (c.shape == tl::Shape::kBall || c.shape == tl::Shape::kActor) {
        if (dark) pd->graphics->fillEllipse(px + 2, py + 2, cell - 4, cell - 4, 0.0f, 0.0f, kColorBlack);
        else pd->graphics->drawEllipse(px + 2, py + 2, cell - 4, cell - 4, 2, 0.0f, 0.0f, kColorBlack);
      } else if (c.shape != tl::Shape::kNone) {
        pd->graphics->fillRect(px + 2, py + 2, cell - 4, cell - 4, dark ? kColorBlack : (LCDColor)kColorXOR);
      }
    }
  char line[96];
  tl::PlayStatus st = app->session.status();
  int n = snprintf(line, sizeof line, "%s  moves %d   %s", app->session.seed(), (int)app->session.moves_made(),
                   st == tl::PlayStatus::kWon    ? "Solved! A: next"
                   : st == tl::PlayStatus::kLost ? "Lost. B: undo"
                                                 : "B: undo A: restart");
  if (app->font) pd->graphics->setFont(app->font);
  pd->graphics->drawText(line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1), kASCIIEncoding, 4, 2);
}

int update(void*) {
  PDButtons pushed;
  pd->system->getButtonState(nullptr, &pushed, nullptr);
  tl::Session& s = app->session;
  if (pushed & kButtonUp) s.input(tl::Input::direction(tl::kUp));
  if (pushed & kButtonDown) s.input(tl::Input::direction(tl::kDown));
  if (pushed & kButtonLeft) s.input(tl::Input::direction(tl::kLeft));
  if (pushed & kButtonRight) s.input(tl::Input::direction(tl::kRight));
  if (pushed & kButtonB) s.undo();
  if (pushed & kButtonA) {
    if (s.status() == tl::PlayStatus::kWon) s.next_level(entropy());
    else s.restart();
  }
  draw();
  return 1;
}

}  // namespace

extern "C" void* tilelab_device_realloc(void* ptr, size_t size) { return pd->system->realloc(ptr, size); }

extern "C" int eventHandler(PlaydateAPI* playdate, PDSystemEvent event, uint32_t arg) {
  (void)arg;
  if (event == kEventInit) {
    pd = playdate;
    app = new DeviceGame;
    const char* err = nullptr;
    app->font = pd->graphics->loadFont("/System/Fonts/Asheville-Sans-14-Bold.pft", &err);
    // The Last Ball's infinite mode: each level starts where the last one ended.
    const tl::GameInfo& game = *tl::find_game("lastball");
    tl::ParamValues params;
    tl::params_default(game, &params);
    tl::Text seed;
    tl::seed_name(entropy(), &seed);
    app->session.set_infinite(true);
    tl::Error e;
    if (!app->session.new_level(game, params, seed.c_str(), &e)) pd->system->logToConsole("tilelab: %s", e.message);
    pd->system->setUpdateCallback(update, nullptr);
  }
  return 0;
}
