// share_panel.h — the Share panel: the level's link, and a box to type or
// paste a level text of any game.
#pragma once

struct Playground;

struct SharePanel {
  char level_text[4096] = "";
  void draw(Playground& app);
};
