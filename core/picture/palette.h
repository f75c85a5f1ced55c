// palette.h — the colours of what the view model names (pieces,
// floors, a line puzzle's lines), and the colour text takes on each: black
// or white, whichever stands out more (WCAG's contrast ratio, at least 4.5:1
// on every colour here; tests/test_palette.cpp checks it). Plain C++: the
// board draws with it and the native suite tests it.
#pragma once
#include <math.h>
#include <stdint.h>

#include "core/game/game.h"

namespace palette {

struct Rgb {
  uint8_t r, g, b;
};

inline Rgb piece(tl::Colour c) {
  switch (c) {
    case tl::Colour::kBlack: return {24, 24, 28};
    case tl::Colour::kWhite: return {246, 246, 240};
    case tl::Colour::kRed: return {222, 62, 62};
    case tl::Colour::kYellow: return {240, 200, 40};
    case tl::Colour::kBlue: return {60, 120, 220};
    case tl::Colour::kGreen: return {52, 150, 70};
    case tl::Colour::kGrey: return {128, 128, 136};
    case tl::Colour::kBrown: return {140, 92, 52};
    case tl::Colour::kCyan: return {70, 200, 220};
    case tl::Colour::kOrange: return {240, 140, 40};
    case tl::Colour::kPurple: return {150, 80, 200};
    case tl::Colour::kDefault: break;
  }
  return {90, 90, 100};
}
constexpr int kPieceColours = (int)tl::Colour::kPurple + 1;

// A floor; odd cells of a checkered floor a shade darker.
inline Rgb floor(tl::Floor f, bool odd) {
  switch (f) {
    case tl::Floor::kNone: return {0, 0, 0};
    case tl::Floor::kPlain: return odd ? Rgb{96, 140, 96} : Rgb{104, 150, 104};
    case tl::Floor::kIce: return odd ? Rgb{196, 226, 240} : Rgb{206, 234, 246};
    case tl::Floor::kSnow: return {250, 250, 252};
    case tl::Floor::kSand: return {226, 200, 140};
    case tl::Floor::kWater: return {60, 110, 200};
    case tl::Floor::kGoal: return {240, 220, 120};
    case tl::Floor::kBelt: return {120, 122, 132};
    case tl::Floor::kDark: return odd ? Rgb{18, 18, 22} : Rgb{24, 24, 28};
  }
  return {80, 80, 80};
}
constexpr int kFloors = (int)tl::Floor::kDark + 1;

// A line puzzle's line (1..62): Flow Free's first sixteen, then hues spread
// by the golden angle.
inline Rgb line(int n) {
  static const Rgb kFirst[16] = {{234, 51, 35},  {0, 141, 0},     {20, 41, 245},  {234, 224, 0},
                                 {235, 142, 0},  {0, 240, 255},   {238, 0, 238},  {142, 0, 0},
                                 {125, 0, 130},  {255, 255, 255}, {158, 158, 158}, {0, 255, 0},
                                 {160, 130, 80}, {0, 0, 150},     {0, 130, 130},  {255, 140, 190}};
  if (n >= 1 && n <= 16) return kFirst[n - 1];
  // HSV (hue n * 0.618, saturation 0.75, value 0.95) to RGB.
  const float h = fmodf((float)n * 0.618034f, 1.0f) * 6.0f, s = 0.75f, v = 0.95f;
  const int i = (int)h;
  const float f = h - (float)i, p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  float r, g, b;
  switch (i % 6) {
    case 0: r = v, g = t, b = p; break;
    case 1: r = q, g = v, b = p; break;
    case 2: r = p, g = v, b = t; break;
    case 3: r = p, g = q, b = v; break;
    case 4: r = t, g = p, b = v; break;
    default: r = v, g = p, b = q; break;
  }
  return {(uint8_t)(r * 255), (uint8_t)(g * 255), (uint8_t)(b * 255)};
}
constexpr int kLines = 62;

// WCAG's relative luminance and contrast ratio.
inline float luminance(Rgb c) {
  auto channel = [](uint8_t v) {
    const float x = (float)v / 255.0f;
    return x <= 0.03928f ? x / 12.92f : powf((x + 0.055f) / 1.055f, 2.4f);
  };
  return 0.2126f * channel(c.r) + 0.7152f * channel(c.g) + 0.0722f * channel(c.b);
}
inline float contrast(Rgb a, Rgb b) {
  const float la = luminance(a), lb = luminance(b);
  return la > lb ? (la + 0.05f) / (lb + 0.05f) : (lb + 0.05f) / (la + 0.05f);
}

// Pure black and white: with one of them every colour reaches 4.58:1 at least.
constexpr Rgb kTextDark{0, 0, 0}, kTextLight{255, 255, 255};

// Text on a background: dark or light, whichever contrasts more.
inline Rgb text_on(Rgb background) {
  return contrast(kTextDark, background) >= contrast(kTextLight, background) ? kTextDark : kTextLight;
}

// A piece drawn on a floor stands out at 3:1 (WCAG's non-text contrast) by
// its colour, or else by an edge (black or white, whichever stands out more
// from the floor): true with `edge` set when it needs one (a yellow flag on
// the goal). `odd`: a checkered floor's darker cell.
constexpr float kShapeContrast = 3.0f;
inline bool piece_edge(tl::Colour c, tl::Floor f, bool odd, Rgb* edge) {
  const Rgb ground = floor(f == tl::Floor::kNone ? tl::Floor::kDark : f, odd);
  if (contrast(piece(c), ground) >= kShapeContrast) return false;
  *edge = text_on(ground);
  return true;
}
// Snow's edge: snow and ice are both pale, so a snow cell is framed in this.
constexpr Rgb kSnowEdge{100, 115, 130};

}  // namespace palette
