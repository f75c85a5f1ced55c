// main.cpp — the Playdate glue: SDK calls only. The app itself (screens,
// games, drawing, saves) is shell/playdate/app.h, portable and tested on every
// target; this file reads the buttons and crank each frame, hands them to the
// app, copies its 1-bit frame (already in the SDK's layout) into getFrame(),
// gives it files through pd->file, and adds the system menu's items. Built
// only by the playdate preset, with the Playdate SDK.
//
// Device notes: the SDK's setup.c runs no C++ global constructors (the core
// has none), exceptions do not work (the core uses none), and new/delete go to
// pd->system->realloc (device_runtime.cpp).
#include <string.h>

#include <string>

#include "shell/playdate/app.h"

extern "C" {
#include "pd_api.h"
}

namespace {

PlaydateAPI* pd = nullptr;

// Saves in the game's data folder.
class DeviceFiles : public device::SaveFiles {
 public:
  bool read(const char* name, std::string* out) override {
    SDFile* f = pd->file->open(name, kFileReadData);
    if (!f) return false;
    char buf[512];
    int n;
    out->clear();
    while ((n = pd->file->read(f, buf, (unsigned int)sizeof buf)) > 0) out->append(buf, (size_t)n);
    pd->file->close(f);
    return n == 0;
  }
  bool write(const char* name, const char* data, size_t len) override {
    SDFile* f = pd->file->open(name, kFileWrite);
    if (!f) return false;
    const int n = pd->file->write(f, data, (unsigned int)len);
    const int flushed = pd->file->flush(f);
    const int closed = pd->file->close(f);
    return n == (int)len && flushed >= 0 && closed == 0;
  }
  bool rename(const char* from, const char* to) override { return pd->file->rename(from, to) == 0; }
};

struct Device {
  DeviceFiles files;
  device::App app;
  explicit Device(uint64_t entropy) : app(&files, entropy) {}
};
Device* dev = nullptr;  // made at kEventInit: no global constructor

uint64_t entropy() {
  unsigned int ms = 0;
  const unsigned int s = pd->system->getSecondsSinceEpoch(&ms);
  return ((uint64_t)s << 20) ^ ms ^ ((uint64_t)pd->system->getCurrentTimeMilliseconds() << 40);
}

void show() {
  uint8_t* frame = pd->graphics->getFrame();
  memcpy(frame, dev->app.screen().bits, sizeof dev->app.screen().bits);
  pd->graphics->markUpdatedRows(0, LCD_ROWS - 1);
}

int update(void*) {
  device::DeviceInput in;
  PDButtons current, pushed, released;
  pd->system->getButtonState(&current, &pushed, &released);
  in.held = (uint32_t)current;
  in.pushed = (uint32_t)pushed;
  in.released = (uint32_t)released;
  in.docked = pd->system->isCrankDocked() != 0;
  in.crank_change = pd->system->getCrankChange();
  in.crank_angle = pd->system->getCrankAngle();
  dev->app.frame(in, entropy());
  show();
  return 1;
}

void menu_new_level(void*) { dev->app.menu(device::MenuItem::kNewLevel); }
void menu_restart(void*) { dev->app.menu(device::MenuItem::kRestart); }
void menu_games(void*) { dev->app.menu(device::MenuItem::kGames); }

}  // namespace

extern "C" void* tilelab_device_realloc(void* ptr, size_t size) { return pd->system->realloc(ptr, size); }

extern "C" int eventHandler(PlaydateAPI* playdate, PDSystemEvent event, uint32_t arg) {
  (void)arg;
  if (event == kEventInit) {
    pd = playdate;
    dev = new Device(entropy());
    pd->display->setRefreshRate(30.0f);
    pd->system->addMenuItem("New level", menu_new_level, nullptr);
    pd->system->addMenuItem("Restart", menu_restart, nullptr);
    pd->system->addMenuItem("Games", menu_games, nullptr);
    dev->app.start();
    show();
    pd->system->setUpdateCallback(update, nullptr);
  } else if (dev && (event == kEventTerminate || event == kEventLock || event == kEventPause)) {
    dev->app.save();
  }
  return 0;
}
