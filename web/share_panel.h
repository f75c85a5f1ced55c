// share_panel.h — the Share panel: the level's link, a picture of the level
// (SVG, or PNG drawn from it by the browser: core/picture/picture.h, the
// shapes `tilelab render` draws), and a box to type or paste a level text of
// any game.
#pragma once

class Page;

struct SharePanel {
  char level_text[4096] = "";
  void draw(Page& page);
  // Downloads the level's picture as it starts: SVG, or PNG.
  void save_picture(Page& page, bool png);
};
