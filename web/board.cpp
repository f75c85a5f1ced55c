#include "board.h"

#include <math.h>
#include <stdio.h>

#include "core/grid.h"

using tl::BoardView;
using tl::CellView;
using tl::Colour;
using tl::Floor;
using tl::Shape;

namespace {

ImU32 colour_of(Colour c) {
  switch (c) {
    case Colour::kBlack: return IM_COL32(24, 24, 28, 255);
    case Colour::kWhite: return IM_COL32(246, 246, 240, 255);
    case Colour::kRed: return IM_COL32(222, 62, 62, 255);
    case Colour::kYellow: return IM_COL32(240, 200, 40, 255);
    case Colour::kBlue: return IM_COL32(60, 120, 220, 255);
    case Colour::kGreen: return IM_COL32(52, 150, 70, 255);
    case Colour::kGrey: return IM_COL32(128, 128, 136, 255);
    case Colour::kBrown: return IM_COL32(140, 92, 52, 255);
    case Colour::kCyan: return IM_COL32(70, 200, 220, 255);
    case Colour::kOrange: return IM_COL32(240, 140, 40, 255);
    case Colour::kPurple: return IM_COL32(150, 80, 200, 255);
    case Colour::kDefault: break;
  }
  return IM_COL32(90, 90, 100, 255);
}

ImU32 floor_colour(Floor f, int x, int y) {
  bool odd = (x + y) & 1;
  switch (f) {
    case Floor::kNone: return IM_COL32(0, 0, 0, 0);
    case Floor::kPlain: return odd ? IM_COL32(96, 140, 96, 255) : IM_COL32(104, 150, 104, 255);
    case Floor::kIce: return odd ? IM_COL32(196, 226, 240, 255) : IM_COL32(206, 234, 246, 255);
    case Floor::kSnow: return IM_COL32(250, 250, 252, 255);
    case Floor::kSand: return IM_COL32(226, 200, 140, 255);
    case Floor::kWater: return IM_COL32(60, 110, 200, 255);
    case Floor::kGoal: return IM_COL32(240, 220, 120, 255);
    case Floor::kBelt: return IM_COL32(120, 122, 132, 255);
    case Floor::kDark: return odd ? IM_COL32(18, 18, 22, 255) : IM_COL32(24, 24, 28, 255);
  }
  return IM_COL32(80, 80, 80, 255);
}

void draw_arrow(ImDrawList* dl, ImVec2 c, float r, int dir, ImU32 col) {
  float dx = dir == tl::kLeft ? -1.f : dir == tl::kRight ? 1.f : 0.f;
  float dy = dir == tl::kUp ? -1.f : dir == tl::kDown ? 1.f : 0.f;
  ImVec2 tip(c.x + dx * r, c.y + dy * r);
  ImVec2 a(c.x - dx * r * 0.4f - dy * r * 0.6f, c.y - dy * r * 0.4f + dx * r * 0.6f);
  ImVec2 b(c.x - dx * r * 0.4f + dy * r * 0.6f, c.y - dy * r * 0.4f - dx * r * 0.6f);
  dl->AddTriangleFilled(tip, a, b, col);
}

// A line puzzle's line colours: Flow Free's first sixteen, then hues spread by
// the golden angle.
ImU32 line_colour(int line, int alpha) {
  static const ImU32 kFirst[16] = {
      IM_COL32(234, 51, 35, 255),   IM_COL32(0, 141, 0, 255),    IM_COL32(20, 41, 245, 255),
      IM_COL32(234, 224, 0, 255),   IM_COL32(235, 142, 0, 255),  IM_COL32(0, 240, 255, 255),
      IM_COL32(238, 0, 238, 255),   IM_COL32(142, 0, 0, 255),    IM_COL32(125, 0, 130, 255),
      IM_COL32(255, 255, 255, 255), IM_COL32(158, 158, 158, 255), IM_COL32(0, 255, 0, 255),
      IM_COL32(160, 130, 80, 255),  IM_COL32(0, 0, 150, 255),    IM_COL32(0, 130, 130, 255),
      IM_COL32(255, 140, 190, 255)};
  ImU32 c;
  if (line >= 1 && line <= 16) {
    c = kFirst[line - 1];
  } else {
    float r, g, b;
    ImGui::ColorConvertHSVtoRGB(fmodf((float)line * 0.618034f, 1.0f), 0.75f, 0.95f, r, g, b);
    c = IM_COL32((int)(r * 255), (int)(g * 255), (int)(b * 255), 255);
  }
  return (c & ~IM_COL32_A_MASK) | ((ImU32)alpha << IM_COL32_A_SHIFT);
}

// A line through a cell: a thick stroke from the centre out of each side it
// leaves by, with a round joint.
void draw_pipe(ImDrawList* dl, ImVec2 p, float s, const CellView& v) {
  const ImVec2 c(p.x + s * 0.5f, p.y + s * 0.5f);
  dl->AddRectFilled(p, ImVec2(p.x + s, p.y + s), line_colour(v.line, 48));
  const float w = s * 0.34f;
  for (int d = 0; d < tl::kDirCount; ++d) {
    if (!(v.links >> d & 1)) continue;
    const ImVec2 edge(c.x + (float)tl::dir_dx(d) * s * 0.5f, c.y + (float)tl::dir_dy(d) * s * 0.5f);
    dl->AddLine(c, edge, line_colour(v.line, 255), w);
  }
  if (v.links) dl->AddCircleFilled(c, w * 0.5f, line_colour(v.line, 255), 20);
}

void draw_cell(ImDrawList* dl, ImVec2 p, float s, const CellView& v, int x, int y) {
  ImVec2 q(p.x + s, p.y + s), c(p.x + s * 0.5f, p.y + s * 0.5f);
  if (v.floor != Floor::kNone) dl->AddRectFilled(p, q, floor_colour(v.floor, x, y));
  if (v.floor == Floor::kDark) dl->AddRect(p, q, IM_COL32(70, 70, 80, 255));
  if (v.line) draw_pipe(dl, p, s, v);
  if (v.height > 0 && v.floor != Floor::kNone) {  // terrain: lighter and a heavier edge a level up, and the number
    const int h = v.height > 6 ? 6 : v.height;
    dl->AddRectFilled(p, q, IM_COL32(255, 255, 255, 22 * h));
    dl->AddRect(p, q, IM_COL32(0, 0, 0, 40 + 25 * h), 0, 0, 1.0f + (float)h);
    char number[4];
    snprintf(number, sizeof number, "%d", v.height);
    ImFont* font = ImGui::GetFont();
    dl->AddText(font, s * 0.26f, ImVec2(p.x + s * 0.08f, p.y + s * 0.04f), IM_COL32(20, 20, 20, 200), number);
  }
  ImU32 col = colour_of(v.colour);
  float r = s * 0.38f;
  switch (v.shape) {
    case Shape::kNone: break;
    case Shape::kBall:
      dl->AddCircleFilled(ImVec2(c.x + s * 0.04f, c.y + s * 0.05f), r, IM_COL32(0, 0, 0, 60), 32);
      dl->AddCircleFilled(c, r, col, 32);
      dl->AddCircle(c, r, IM_COL32(0, 0, 0, 120), 32, s * 0.03f);
      dl->AddCircleFilled(ImVec2(c.x - r * 0.35f, c.y - r * 0.35f), r * 0.22f, IM_COL32(255, 255, 255, 90), 16);
      break;
    case Shape::kBlock:
      dl->AddRectFilled(ImVec2(p.x + s * 0.06f, p.y + s * 0.06f), ImVec2(q.x - s * 0.06f, q.y - s * 0.06f), col,
                        s * 0.08f);
      break;
    case Shape::kCrate:
      dl->AddRectFilled(ImVec2(p.x + s * 0.14f, p.y + s * 0.14f), ImVec2(q.x - s * 0.14f, q.y - s * 0.14f), col);
      dl->AddLine(ImVec2(p.x + s * 0.14f, p.y + s * 0.14f), ImVec2(q.x - s * 0.14f, q.y - s * 0.14f),
                  IM_COL32(0, 0, 0, 110), s * 0.05f);
      break;
    case Shape::kTree:
      dl->AddTriangleFilled(ImVec2(c.x, p.y + s * 0.1f), ImVec2(p.x + s * 0.18f, q.y - s * 0.22f),
                            ImVec2(q.x - s * 0.18f, q.y - s * 0.22f), col);
      dl->AddRectFilled(ImVec2(c.x - s * 0.06f, q.y - s * 0.22f), ImVec2(c.x + s * 0.06f, q.y - s * 0.08f),
                        colour_of(Colour::kBrown));
      break;
    case Shape::kSpikes:
      for (int i = 0; i < 3; ++i) {
        float x0 = p.x + s * (0.12f + 0.26f * (float)i);
        dl->AddTriangleFilled(ImVec2(x0, q.y - s * 0.2f), ImVec2(x0 + s * 0.26f, q.y - s * 0.2f),
                              ImVec2(x0 + s * 0.13f, p.y + s * 0.2f), col);
      }
      break;
    case Shape::kDoor:
      dl->AddRectFilled(ImVec2(p.x + s * 0.2f, p.y + s * 0.1f), ImVec2(q.x - s * 0.2f, q.y - s * 0.05f), col,
                        s * 0.3f, ImDrawFlags_RoundCornersTop);
      break;
    case Shape::kBridgeH:
      dl->AddRectFilled(ImVec2(p.x, c.y - s * 0.2f), ImVec2(q.x, c.y + s * 0.2f), col);
      break;
    case Shape::kBridgeV:
      dl->AddRectFilled(ImVec2(c.x - s * 0.2f, p.y), ImVec2(c.x + s * 0.2f, q.y), col);
      break;
    case Shape::kFlag:
      dl->AddLine(ImVec2(c.x - s * 0.15f, p.y + s * 0.1f), ImVec2(c.x - s * 0.15f, q.y - s * 0.1f),
                  IM_COL32(40, 40, 40, 255), s * 0.05f);
      dl->AddTriangleFilled(ImVec2(c.x - s * 0.15f, p.y + s * 0.1f), ImVec2(q.x - s * 0.15f, p.y + s * 0.25f),
                            ImVec2(c.x - s * 0.15f, p.y + s * 0.4f), col);
      break;
    case Shape::kPit:
      dl->AddCircleFilled(c, r, IM_COL32(20, 20, 20, 200), 32);
      if (v.colour != Colour::kDefault) dl->AddCircle(c, r, colour_of(v.colour), 32, s * 0.08f);  // a ring (a portal)
      break;
    case Shape::kWedge: {
      const ImVec2 corners[4] = {p, ImVec2(q.x, p.y), ImVec2(p.x, q.y), q};
      const int k = v.corner & 3;  // the filled corner and its two neighbours on the square
      const ImVec2 a = corners[k], b = corners[k ^ 1], d = corners[k ^ 2];
      dl->AddTriangleFilled(a, b, d, col);
      dl->AddLine(b, d, IM_COL32(0, 0, 0, 140), s * 0.04f);
      break;
    }
    case Shape::kDot:
      dl->AddCircleFilled(c, r, line_colour(v.line, 255), 32);
      break;
    case Shape::kActor:
      dl->AddCircleFilled(c, r, col, 32);
      dl->AddCircleFilled(ImVec2(c.x - r * 0.35f, c.y - r * 0.2f), r * 0.15f, IM_COL32(255, 255, 255, 255), 12);
      dl->AddCircleFilled(ImVec2(c.x + r * 0.35f, c.y - r * 0.2f), r * 0.15f, IM_COL32(255, 255, 255, 255), 12);
      break;
  }
  if (v.arrow >= 0) draw_arrow(dl, c, s * 0.28f, v.arrow, IM_COL32(30, 30, 30, 200));
  if (v.label[0]) {
    ImFont* font = ImGui::GetFont();
    float size = s * 0.45f;
    ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0, v.label);
    const bool light = v.shape == Shape::kPit || (v.floor == Floor::kDark && v.shape == Shape::kNone);  // on dark, light text
    dl->AddText(font, size, ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f),
                light ? IM_COL32(230, 230, 235, 255) : IM_COL32(20, 20, 20, 255), v.label);
  }
}

}  // namespace

BoardLayout draw_board(ImDrawList* dl, ImVec2 min, ImVec2 max, const BoardView& view) {
  BoardLayout layout;
  if (view.width <= 0 || view.height <= 0) return layout;
  float w = max.x - min.x, h = max.y - min.y;
  float cell = floorf(fminf(w / (float)view.width, h / (float)view.height));
  if (cell < 4) cell = 4;
  ImVec2 origin(floorf(min.x + (w - cell * (float)view.width) * 0.5f),
                floorf(min.y + (h - cell * (float)view.height) * 0.5f));
  dl->AddRectFilled(ImVec2(origin.x - 6, origin.y - 6),
                    ImVec2(origin.x + cell * (float)view.width + 6, origin.y + cell * (float)view.height + 6),
                    IM_COL32(40, 60, 40, 255), 8);
  for (int y = 0; y < view.height; ++y)
    for (int x = 0; x < view.width; ++x)
      draw_cell(dl, ImVec2(origin.x + cell * (float)x, origin.y + cell * (float)y), cell, view.at(x, y), x, y);
  // Walls between cells (a line puzzle's): a bright bar along the side, over both cells.
  for (int y = 0; y < view.height; ++y)
    for (int x = 0; x < view.width; ++x)
      for (int d : {(int)tl::kRight, (int)tl::kDown}) {
        if (!(view.at(x, y).walls >> d & 1)) continue;
        const float x0 = origin.x + cell * (float)(x + (d == tl::kRight)), y0 = origin.y + cell * (float)(y + (d == tl::kDown));
        const ImVec2 to(d == tl::kRight ? x0 : x0 + cell, d == tl::kDown ? y0 : y0 + cell);
        dl->AddLine(ImVec2(x0, y0), to, IM_COL32(235, 235, 240, 255), cell * 0.12f > 3 ? cell * 0.12f : 3);
      }
  // Edges that warp: a dashed band along both edges of each pair.
  const ImU32 warp = IM_COL32(120, 200, 255, 255);
  const float bw = cell * 0.08f > 2 ? cell * 0.08f : 2;
  const float right = origin.x + cell * (float)view.width, bottom = origin.y + cell * (float)view.height;
  for (int i = 0; i < (view.warps & 1 ? view.height : 0); ++i) {
    const float y0 = origin.y + cell * ((float)i + 0.25f), y1 = y0 + cell * 0.5f;
    dl->AddLine(ImVec2(origin.x - bw, y0), ImVec2(origin.x - bw, y1), warp, bw);
    dl->AddLine(ImVec2(right + bw, y0), ImVec2(right + bw, y1), warp, bw);
  }
  for (int i = 0; i < (view.warps & 2 ? view.width : 0); ++i) {
    const float x0 = origin.x + cell * ((float)i + 0.25f), x1 = x0 + cell * 0.5f;
    dl->AddLine(ImVec2(x0, origin.y - bw), ImVec2(x1, origin.y - bw), warp, bw);
    dl->AddLine(ImVec2(x0, bottom + bw), ImVec2(x1, bottom + bw), warp, bw);
  }
  layout.origin = origin;
  layout.cell = cell;
  return layout;
}
