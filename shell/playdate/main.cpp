// main.cpp — the Playdate host: The Last Ball's infinite mode on the device.
// D-pad moves, B undoes, A restarts (or, after a win, starts the next level
// where the black ball stopped). The board is the core's view model drawn in
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
  const tl::GameInfo* game;
  tl::ParamValues params;
  char seed[64];
  tl::Session session;
  tl::BoardView view;
  LCDFont* font;
};
DeviceGame* app = nullptr;  // made at kEventInit: no global constructor

void start_level() {
  tl::Error e;
  std::unique_ptr<tl::Level> level = app->game->generate(app->params, app->seed, nullptr, &e);
  if (level) app->session.load(std::move(level));
  else pd->system->logToConsole("tilelab: %s", e.message);
}

void draw() {
  pd->graphics->clear(kColorWhite);
  if (!app->session.loaded()) return;
  app->session.level().view(app->session.state(), &app->view);
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
  snprintf(line, sizeof line, "%s  moves %d   %s", app->seed, (int)app->session.moves_made(),
           st == tl::PlayStatus::kWon ? "Solved! A: next" : st == tl::PlayStatus::kLost ? "Lost. B: undo" : "B: undo A: restart");
  pd->graphics->setFont(app->font);
  pd->graphics->drawText(line, sizeof line, kASCIIEncoding, 4, 2);
}

int update(void*) {
  PDButtons pushed;
  pd->system->getButtonState(nullptr, &pushed, nullptr);
  if (pushed & kButtonUp) app->session.play_direction(tl::kUp);
  if (pushed & kButtonDown) app->session.play_direction(tl::kDown);
  if (pushed & kButtonLeft) app->session.play_direction(tl::kLeft);
  if (pushed & kButtonRight) app->session.play_direction(tl::kRight);
  if (pushed & kButtonB) app->session.undo();
  if (pushed & kButtonA) {
    tl::ParamValues next;
    tl::Text next_seed;
    if (app->session.status() == tl::PlayStatus::kWon &&
        tl::next_infinite_level(app->session.level(), app->session.state(), app->params, app->seed, &next,
                                &next_seed)) {
      app->params = next;
      snprintf(app->seed, sizeof app->seed, "%s", next_seed.c_str());
      start_level();
    } else {
      app->session.restart();
    }
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
    app->game = tl::find_game("lastball");
    tl::params_default(*app->game, &app->params);
    tl::Text seed;
    tl::seed_name(pd->system->getCurrentTimeMilliseconds() ^ ((uint64_t)pd->system->getSecondsSinceEpoch(nullptr) << 20), &seed);
    snprintf(app->seed, sizeof app->seed, "%s", seed.c_str());
    const char* err = nullptr;
    app->font = pd->graphics->loadFont("/System/Fonts/Asheville-Sans-14-Bold.pft", &err);
    start_level();
    pd->system->setUpdateCallback(update, nullptr);
  }
  return 0;
}
