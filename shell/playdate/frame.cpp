// frame.cpp — drawing into the device app's 1-bit frame, and its font.
#include "frame.h"

namespace device {

const Pattern kSolid = {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}};
const Pattern kDark = {{0xee, 0xbb, 0xee, 0xbb, 0xee, 0xbb, 0xee, 0xbb}};
const Pattern kHalf = {{0xaa, 0x55, 0xaa, 0x55, 0xaa, 0x55, 0xaa, 0x55}};
const Pattern kLight = {{0x88, 0x00, 0x22, 0x00, 0x88, 0x00, 0x22, 0x00}};
const Pattern kDots = {{0x00, 0x00, 0x24, 0x00, 0x00, 0x00, 0x81, 0x00}};
const Pattern kStripes = {{0x11, 0x22, 0x44, 0x88, 0x11, 0x22, 0x44, 0x88}};
const Pattern kWaves = {{0x00, 0x30, 0x4c, 0x83, 0x00, 0x00, 0x00, 0x00}};
const Pattern kChecker = {{0xf0, 0xf0, 0xf0, 0xf0, 0x0f, 0x0f, 0x0f, 0x0f}};
const Pattern kFlakes = {{0x08, 0x1c, 0x08, 0x00, 0x80, 0xc1, 0x80, 0x00}};  // small crosses: snow

namespace {

// The app's font: 3x5 glyphs for ' ' to '~' (lowercase drawn as capitals),
// each 15 bits, the top row first, a row's left pixel its top bit.
const uint16_t kGlyphs[95] = {
    0x0000, 0x2482, 0x5a00, 0x5f7d, 0x3c9e, 0x42a1, 0x2aab, 0x2400, 0x1491, 0x4494, 0x0aa8, 0x05d0,
    0x0014, 0x01c0, 0x0002, 0x12a4, 0x7b6f, 0x2c97, 0x62a7, 0x628e, 0x5bc9, 0x798e, 0x39ef, 0x7292,
    0x7bef, 0x7bce, 0x0410, 0x0414, 0x1511, 0x0e38, 0x4454, 0x6282, 0x2be3, 0x2bed, 0x6bae, 0x3923,
    0x6b6e, 0x79a7, 0x79a4, 0x396b, 0x5bed, 0x7497, 0x126a, 0x5bad, 0x4927, 0x5fed, 0x6b6d, 0x2b6a,
    0x6ba4, 0x2b73, 0x6bad, 0x388e, 0x7492, 0x5b6f, 0x5b6a, 0x5bfd, 0x5aad, 0x5a92, 0x72a7, 0x6926,
    0x4889, 0x324b, 0x2a00, 0x0007, 0x4400, 0x2bed, 0x6bae, 0x3923, 0x6b6e, 0x79a7, 0x79a4, 0x396b,
    0x5bed, 0x7497, 0x126a, 0x5bad, 0x4927, 0x5fed, 0x6b6d, 0x2b6a, 0x6ba4, 0x2b73, 0x6bad, 0x388e,
    0x7492, 0x5b6f, 0x5b6a, 0x5bfd, 0x5aad, 0x5a92, 0x72a7, 0x1591, 0x2492, 0x44d4, 0x0780,
};

int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

}  // namespace

void Frame::fill(int x, int y, int w, int h, bool ink) {
  const int x0 = clampi(x, 0, kWidth), x1 = clampi(x + w, 0, kWidth);
  const int y0 = clampi(y, 0, kHeight), y1 = clampi(y + h, 0, kHeight);
  for (int yy = y0; yy < y1; ++yy)
    for (int xx = x0; xx < x1; ++xx) set(xx, yy, ink);
}

void Frame::fill(int x, int y, int w, int h, const Pattern& p) {
  const int x0 = clampi(x, 0, kWidth), x1 = clampi(x + w, 0, kWidth);
  const int y0 = clampi(y, 0, kHeight), y1 = clampi(y + h, 0, kHeight);
  for (int yy = y0; yy < y1; ++yy)
    for (int xx = x0; xx < x1; ++xx) set(xx, yy, (p.rows[yy & 7] >> (7 - (xx & 7))) & 1);
}

void Frame::invert(int x, int y, int w, int h) {
  const int x0 = clampi(x, 0, kWidth), x1 = clampi(x + w, 0, kWidth);
  const int y0 = clampi(y, 0, kHeight), y1 = clampi(y + h, 0, kHeight);
  for (int yy = y0; yy < y1; ++yy)
    for (int xx = x0; xx < x1; ++xx) set(xx, yy, !black(xx, yy));
}

void Frame::rect(int x, int y, int w, int h, int t) {
  fill(x, y, w, t, true);
  fill(x, y + h - t, w, t, true);
  fill(x, y, t, h, true);
  fill(x + w - t, y, t, h, true);
}

void Frame::line(int x0, int y0, int x1, int y1, int t) {
  // Bresenham, each point a t x t square.
  int dx = x1 > x0 ? x1 - x0 : x0 - x1, dy = y1 > y0 ? y0 - y1 : y1 - y0;
  const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  int err = dx + dy;
  for (;;) {
    fill(x0 - t / 2, y0 - t / 2, t, t, true);
    if (x0 == x1 && y0 == y1) break;
    const int e2 = 2 * err;
    if (e2 >= dy) err += dy, x0 += sx;
    if (e2 <= dx) err += dx, y0 += sy;
  }
}

void Frame::disc(int cx, int cy, int r, bool ink) {
  for (int y = -r; y <= r; ++y)
    for (int x = -r; x <= r; ++x)
      if (x * x + y * y <= r * r + r) set(cx + x, cy + y, ink);
}

void Frame::circle(int cx, int cy, int r, int t) {
  const int inner = r - t;
  for (int y = -r; y <= r; ++y)
    for (int x = -r; x <= r; ++x) {
      const int d = x * x + y * y;
      if (d <= r * r + r && d > inner * inner + inner) set(cx + x, cy + y, true);
    }
}

int Frame::text(int x, int y, const char* s, int scale, bool inverse) {
  // White on black: each glyph's box reaches a column of `scale` left of it;
  // the last one's also right of it (a white stroke at a box's edge would
  // melt into the white beyond: a 0 would read as a [).
  if (inverse && *s) fill(x + text_width(s, scale), y - scale, scale, 7 * scale, true);
  for (; *s; ++s) {
    unsigned char ch = (unsigned char)*s;
    if (ch < 32 || ch > 126) ch = '?';
    const uint16_t g = kGlyphs[ch - 32];
    if (inverse) fill(x - scale, y - scale, 4 * scale, 7 * scale, true);
    for (int row = 0; row < 5; ++row)
      for (int col = 0; col < 3; ++col)
        if ((g >> (14 - (row * 3 + col))) & 1) fill(x + col * scale, y + row * scale, scale, scale, !inverse);
    x += 4 * scale;
  }
  return x;
}

int Frame::text_width(const char* s, int scale) { return (int)strlen(s) * 4 * scale - scale; }

}  // namespace device
