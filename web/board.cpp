#include "board.h"

#include <math.h>
#include <stdio.h>

#include "core/grid.h"
#include "palette.h"

using tl::BoardView;
using tl::CellView;
using tl::Colour;
using tl::Floor;
using tl::Shape;

namespace {

ImU32 rgb(palette::Rgb c, int alpha = 255) { return IM_COL32(c.r, c.g, c.b, alpha); }

ImU32 colour_of(Colour c) { return rgb(palette::piece(c)); }

ImU32 floor_colour(Floor f, int x, int y) {
  return f == Floor::kNone ? IM_COL32(0, 0, 0, 0) : rgb(palette::floor(f, (x + y) & 1));
}

void draw_arrow(ImDrawList* dl, ImVec2 c, float r, int dir, ImU32 col) {
  float dx = dir == tl::kLeft ? -1.f : dir == tl::kRight ? 1.f : 0.f;
  float dy = dir == tl::kUp ? -1.f : dir == tl::kDown ? 1.f : 0.f;
  ImVec2 tip(c.x + dx * r, c.y + dy * r);
  ImVec2 a(c.x - dx * r * 0.4f - dy * r * 0.6f, c.y - dy * r * 0.4f + dx * r * 0.6f);
  ImVec2 b(c.x - dx * r * 0.4f + dy * r * 0.6f, c.y - dy * r * 0.4f - dx * r * 0.6f);
  dl->AddTriangleFilled(tip, a, b, col);
}

ImU32 line_colour(int line, int alpha) { return rgb(palette::line(line), alpha); }

// What a cell's label is written on: the piece under it, else its floor.
palette::Rgb label_background(const CellView& v, int x, int y) {
  switch (v.shape) {
    case Shape::kDot: return palette::line(v.line);
    case Shape::kPit: return palette::Rgb{20, 20, 20};
    case Shape::kBall: case Shape::kBlock: case Shape::kCrate: case Shape::kActor: return palette::piece(v.colour);
    default: return palette::floor(v.floor == Floor::kNone ? Floor::kDark : v.floor, (x + y) & 1);
  }
}

// The way out of a cell's side `d`, a unit vector: a Dir on a square board;
// on a hex one east, west, north-east, south-west, north-west, south-east.
ImVec2 side_vector(bool hex, int d) {
  if (!hex) return ImVec2((float)tl::dir_dx(d), (float)tl::dir_dy(d));
  static const float kX[6] = {1.f, -1.f, 0.5f, -0.5f, -0.5f, 0.5f};
  static const float kY[6] = {0.f, 0.f, -0.8660254f, 0.8660254f, -0.8660254f, 0.8660254f};
  return ImVec2(kX[d], kY[d]);
}

// A hexagon's corners (pointy top) round a centre: radius r (centre to corner).
void hex_corners(ImVec2 c, float r, ImVec2* out) {
  for (int i = 0; i < 6; ++i) {
    const float a = (float)(-M_PI / 2 + M_PI / 3 * i);
    out[i] = ImVec2(c.x + r * cosf(a), c.y + r * sinf(a));
  }
}

// A line through a cell: a thick stroke from the centre out of each side it
// leaves by, with a round joint. On a bridge each axis has a line of its own:
// the first axis' drawn under, the others over it with a dark rim, and a
// bridge no line crosses yet shows as a pale deck across each axis.
void draw_pipe(ImDrawList* dl, ImVec2 c, float s, const CellView& v, bool hex) {
  const float w = s * 0.34f;
  const int dirs = hex ? 6 : 4;
  for (int axis = 0; axis < 3; ++axis) {
    const bool lane = v.bridge >> axis & 1;
    if (v.bridge && !lane) continue;
    const int line = v.bridge ? v.axis_line[axis] : v.line;
    for (int d = 0; d < dirs; ++d) {
      if (v.bridge && d >> 1 != axis) continue;
      const ImVec2 u = side_vector(hex, d), edge(c.x + u.x * s * 0.5f, c.y + u.y * s * 0.5f);
      if (v.bridge && axis > 0) dl->AddLine(c, edge, IM_COL32(10, 10, 12, 255), w * 1.5f);  // over the first lane
      if (v.bridge && !line) dl->AddLine(c, edge, IM_COL32(150, 150, 160, 255), w * 0.9f);
      if (line && (v.links >> d & 1)) dl->AddLine(c, edge, line_colour(line, 255), w);
    }
    if (!v.bridge) break;
  }
  if (v.links && !v.bridge) dl->AddCircleFilled(c, w * 0.5f, line_colour(v.line, 255), 20);
}

void draw_cell(ImDrawList* dl, ImVec2 p, float s, const CellView& v, int x, int y, bool hex) {
  ImVec2 q(p.x + s, p.y + s), c(p.x + s * 0.5f, p.y + s * 0.5f);
  if (hex) {  // a hexagon as wide as the cell, its line faint across it
    ImVec2 corners[6];
    hex_corners(c, s * 0.57735f, corners);
    if (v.floor != Floor::kNone) {
      dl->AddConvexPolyFilled(corners, 6, floor_colour(v.floor, x, y));
      if (v.line) dl->AddConvexPolyFilled(corners, 6, line_colour(v.line, 48));
      dl->AddPolyline(corners, 6, IM_COL32(70, 70, 80, 255), ImDrawFlags_Closed, 1.0f);
    }
  } else {
    if (v.floor != Floor::kNone) dl->AddRectFilled(p, q, floor_colour(v.floor, x, y));
    if (v.floor == Floor::kDark) dl->AddRect(p, q, IM_COL32(70, 70, 80, 255));
    if (v.line) dl->AddRectFilled(p, q, line_colour(v.line, 48));
  }
  if (v.line || v.bridge) draw_pipe(dl, c, s, v, hex);
  if (v.height > 0 && v.floor != Floor::kNone) {  // terrain: lighter and a heavier edge a level up, and the number
    const int h = v.height > 6 ? 6 : v.height;
    dl->AddRectFilled(p, q, IM_COL32(255, 255, 255, 22 * h));
    dl->AddRect(p, q, IM_COL32(0, 0, 0, 40 + 25 * h), 0, 0, 1.0f + (float)h);
    char number[4];
    snprintf(number, sizeof number, "%d", v.height);
    ImFont* font = ImGui::GetFont();
    dl->AddText(font, s * 0.26f, ImVec2(p.x + s * 0.08f, p.y + s * 0.04f),
                rgb(palette::text_on(palette::floor(v.floor, (x + y) & 1))), number);
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
    dl->AddText(font, size, ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f),
                rgb(palette::text_on(label_background(v, x, y))), v.label);
  }
}

}  // namespace

void BoardLayout::cell_at(ImVec2 at, int* x, int* y) const {
  *y = (int)floorf((at.y - origin.y) / row);
  *x = (int)floorf((at.x - origin.x) / cell - (hex && (*y & 1) ? 0.5f : 0.f));
}

ImVec2 BoardLayout::centre(int x, int y) const {
  return ImVec2(origin.x + cell * ((float)x + 0.5f + (hex && (y & 1) ? 0.5f : 0.f)), origin.y + row * ((float)y + 0.5f));
}

BoardLayout draw_board(ImDrawList* dl, ImVec2 min, ImVec2 max, const BoardView& view) {
  BoardLayout layout;
  if (view.width <= 0 || view.height <= 0) return layout;
  // A hex board: rows 0.866 of a cell apart, odd rows half a cell right.
  const float pitch = view.hex ? 0.8660254f : 1.f, across = (float)view.width + (view.hex && view.height > 1 ? 0.5f : 0.f);
  const float down = view.hex ? pitch * (float)view.height + 0.29f : (float)view.height;
  float w = max.x - min.x, h = max.y - min.y;
  // Edges that warp keep a fifth of a cell beside them for their bands.
  const float band_x = view.warps & 1 ? 0.4f : 0.f, band_y = view.warps & 2 ? 0.4f : 0.f;
  // Whole pixels a cell while they are 4 or more; a larger board (a
  // published Numberlink board of 300 or 1,000 cells a side) at whatever
  // size fits, so all of it shows.
  float cell = fminf(w / (across + band_x), h / (down + band_y));
  if (cell >= 4) cell = floorf(cell);
  ImVec2 origin(floorf(min.x + (w - cell * across) * 0.5f), floorf(min.y + (h - cell * down) * 0.5f + cell * (down - pitch * (float)view.height) * 0.5f));
  layout.origin = origin;
  layout.cell = cell;
  layout.row = cell * pitch;
  layout.hex = view.hex;
  const float top = origin.y - cell * (down - pitch * (float)view.height) * 0.5f;
  dl->AddRectFilled(ImVec2(origin.x - 6, top - 6), ImVec2(origin.x + cell * across + 6, top + cell * down + 6),
                    IM_COL32(40, 60, 40, 255), 8);
  // Cells under 2 pixels (a board of hundreds a side): the floor of the
  // empty cells as one rectangle, then only the cells with something on
  // them (a million cells drawn one by one took seconds a frame).
  const bool tiny = cell < 2 && !view.hex;
  auto blank = [](const CellView& v) {
    return v.shape == Shape::kNone && !v.line && !v.walls && !v.bridge && v.height == 0 && v.arrow < 0 && !v.label[0];
  };
  Floor floor = Floor::kPlain;
  for (size_t i = 0; tiny && i < view.cells.size(); ++i)
    if (blank(view.cells[i])) {
      floor = view.cells[i].floor;
      break;
    }
  if (tiny)
    dl->AddRectFilled(origin, ImVec2(origin.x + cell * across, origin.y + cell * down), floor_colour(floor, 0, 0));
  for (int y = 0; y < view.height; ++y)
    for (int x = 0; x < view.width; ++x) {
      const CellView& v = view.at(x, y);
      if (tiny && v.floor == floor && blank(v)) continue;
      const ImVec2 c = layout.centre(x, y);
      // (A dot or piece on such a board is drawn 6 pixels across, to be seen.)
      const float size = tiny && v.shape != Shape::kNone && cell < 6 ? 6 : cell;
      draw_cell(dl, ImVec2(c.x - size * 0.5f, c.y - size * 0.5f), size, v, x, y, view.hex);
    }
  // Walls between cells (a line puzzle's): a bright bar along the side, over
  // both cells (a hex cell's side: between the two corners either side of
  // the way out).
  const float wall = cell * 0.12f > 3 ? cell * 0.12f : 3;
  for (int y = 0; y < view.height; ++y)
    for (int x = 0; x < view.width; ++x)
      for (int d = 0; d < (view.hex ? 6 : 4); ++d) {
        // One of each opposite pair, so each wall once; on the rim both
        // ends of a row or column whose way round a wall closes.
        if (!(view.at(x, y).walls >> d & 1) || !((d & 1) || view.side_off_board(x, y, d))) continue;
        const ImVec2 c = layout.centre(x, y), u = side_vector(view.hex, d);
        const float half = view.hex ? cell * 0.2887f : cell * 0.5f;  // half the side's length
        const ImVec2 mid(c.x + u.x * cell * 0.5f, c.y + u.y * cell * 0.5f);
        dl->AddLine(ImVec2(mid.x - u.y * half, mid.y + u.x * half), ImVec2(mid.x + u.y * half, mid.y - u.x * half),
                    IM_COL32(235, 235, 240, 255), wall);
      }
  // Edges that warp: a dashed band along both edges of each pair.
  const ImU32 warp = IM_COL32(120, 200, 255, 255);
  const float bw = cell * 0.08f > 2 ? cell * 0.08f : 2;
  for (int i = 0; i < (view.warps & 1 ? view.height : 0); ++i) {  // beside each row's first and last cell
    if (!view.row_warps(i)) continue;
    const ImVec2 first = layout.centre(0, i), last = layout.centre(view.width - 1, i);
    const float y0 = first.y - layout.row * 0.25f, y1 = first.y + layout.row * 0.25f;
    dl->AddLine(ImVec2(first.x - cell * 0.5f - bw, y0), ImVec2(first.x - cell * 0.5f - bw, y1), warp, bw);
    dl->AddLine(ImVec2(last.x + cell * 0.5f + bw, y0), ImVec2(last.x + cell * 0.5f + bw, y1), warp, bw);
  }
  for (int i = 0; i < (view.warps & 2 ? view.width : 0); ++i) {  // above the first row, below the last
    if (!view.column_warps(i)) continue;
    const ImVec2 first = layout.centre(i, 0), last = layout.centre(i, view.height - 1);
    const float reach = view.hex ? cell * 0.58f : cell * 0.5f;
    dl->AddLine(ImVec2(first.x - cell * 0.25f, first.y - reach - bw), ImVec2(first.x + cell * 0.25f, first.y - reach - bw), warp, bw);
    dl->AddLine(ImVec2(last.x - cell * 0.25f, last.y + reach + bw), ImVec2(last.x + cell * 0.25f, last.y + reach + bw), warp, bw);
  }
  return layout;
}
