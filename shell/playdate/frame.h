// frame.h — the device app's screen: 400x240 pixels, 1 bit each, 52 bytes a
// row, the Playdate SDK's own layout (a set bit is white, the leftmost pixel
// the byte's top bit), so the device glue copies it into getFrame() as is.
// Drawing is ours, in integers: rectangles, lines, discs, 8x8 dither
// patterns, and text in the app's own 3x5 font.
#pragma once
#include <stdint.h>
#include <string.h>

namespace device {

constexpr int kWidth = 400, kHeight = 240, kRowBytes = 52;

// An 8x8 pattern: bit (7 - x) of row y set where ink (black) goes.
struct Pattern {
  uint8_t rows[8];
};
extern const Pattern kSolid, kDark, kHalf, kLight, kDots, kStripes, kWaves, kChecker, kFlakes;

struct Frame {
  uint8_t bits[kHeight * kRowBytes];

  void clear() { memset(bits, 0xff, sizeof bits); }
  bool black(int x, int y) const {
    return x >= 0 && y >= 0 && x < kWidth && y < kHeight && !(bits[y * kRowBytes + x / 8] & (0x80 >> (x % 8)));
  }
  void set(int x, int y, bool ink) {
    if (x < 0 || y < 0 || x >= kWidth || y >= kHeight) return;
    uint8_t& b = bits[y * kRowBytes + x / 8];
    const uint8_t m = (uint8_t)(0x80 >> (x % 8));
    b = ink ? (uint8_t)(b & ~m) : (uint8_t)(b | m);
  }
  void fill(int x, int y, int w, int h, bool ink);
  void fill(int x, int y, int w, int h, const Pattern& p);  // ink where the pattern has it, white elsewhere
  void invert(int x, int y, int w, int h);
  void rect(int x, int y, int w, int h, int thickness = 1);
  void line(int x0, int y0, int x1, int y1, int thickness = 1);
  void disc(int cx, int cy, int r, bool ink);
  void circle(int cx, int cy, int r, int thickness = 1);
  // Text in the 3x5 font at `scale` (a glyph is 4 * scale wide with its
  // gap, 6 * scale tall with the line gap); white on black when `inverse`.
  // Returns the x after the text.
  int text(int x, int y, const char* s, int scale = 2, bool inverse = false);
  static int text_width(const char* s, int scale = 2);
};

}  // namespace device
