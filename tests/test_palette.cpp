// The palette (core/picture/palette.h): text on every colour it draws pieces,
// floors and lines in reads at a contrast of at least 4.5:1 (WCAG AA).
#include <catch2/catch.hpp>

#include "core/picture/palette.h"

using namespace palette;

namespace {

void readable(Rgb background) {
  INFO((int)background.r << "," << (int)background.g << "," << (int)background.b);
  CHECK(contrast(text_on(background), background) >= 4.5f);
}

}  // namespace

TEST_CASE("text on every colour of the palette has a contrast of at least 4.5 to 1") {
  for (int c = 0; c < kPieceColours; ++c) readable(piece((tl::Colour)c));
  for (int f = 1; f < kFloors; ++f) {
    readable(floor((tl::Floor)f, false));
    readable(floor((tl::Floor)f, true));
  }
  for (int n = 1; n <= kLines; ++n) readable(line(n));
}

TEST_CASE("text is dark on light colours and light on dark ones") {
  CHECK(text_on(Rgb{255, 255, 255}).r == kTextDark.r);
  CHECK(text_on(Rgb{0, 0, 0}).r == kTextLight.r);
  CHECK(text_on(line(3)).r == kTextLight.r);  // Flow Free's navy
  CHECK(text_on(line(4)).r == kTextDark.r);   // its yellow
  CHECK(contrast(Rgb{0, 0, 0}, Rgb{255, 255, 255}) > 20.9f);
}

TEST_CASE("every piece stands out from every floor at 3 to 1, by its colour or by its edge") {
  for (int c = 0; c < kPieceColours; ++c)
    for (int f = 0; f < kFloors; ++f)
      for (int odd = 0; odd < 2; ++odd) {
        INFO("colour " << c << " floor " << f << " odd " << odd);
        const Rgb ground = floor(f == 0 ? tl::Floor::kDark : (tl::Floor)f, odd != 0);
        Rgb edge{0, 0, 0};
        if (piece_edge((tl::Colour)c, (tl::Floor)f, odd != 0, &edge)) CHECK(contrast(edge, ground) >= kShapeContrast);
        else CHECK(contrast(piece((tl::Colour)c), ground) >= kShapeContrast);
      }
  // Skiddy's yellow flag on its goal: the colours alone do not stand apart.
  Rgb edge{0, 0, 0};
  CHECK(piece_edge(tl::Colour::kYellow, tl::Floor::kGoal, false, &edge));
}

TEST_CASE("Tickles Penguin's snow stands out from ice and from itself by its edge") {
  for (int odd = 0; odd < 2; ++odd) {
    CHECK(contrast(floor(tl::Floor::kSnow, false), floor(tl::Floor::kIce, odd != 0)) < kShapeContrast);  // why it has one
    CHECK(contrast(kSnowEdge, floor(tl::Floor::kIce, odd != 0)) >= kShapeContrast);
  }
  CHECK(contrast(kSnowEdge, floor(tl::Floor::kSnow, false)) >= kShapeContrast);
}
