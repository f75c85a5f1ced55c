// picture.cpp — a board's view as shapes, and the SVG writer (see picture.h).
//
// [SECTION] Colours and a pen
// [SECTION] A cell's shapes
// [SECTION] A board and a path on it
// [SECTION] A level's picture (and a hand of cards)
// [SECTION] A pack's sheets as pages
// [SECTION] The SVG writer
#include "picture.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <memory>

#include "core/base/grid.h"
#include "qr.h"

namespace picture {

using tl::BoardView;
using tl::CellView;
using tl::Colour;
using tl::Floor;
using tl::Shape;

namespace {

// ---------------------------------------------------------------------------
// [SECTION] Colours and a pen
// ---------------------------------------------------------------------------
const Rgba kNone{0, 0, 0, 0};

Rgba colour_of(Colour c) { return rgba(palette::piece(c)); }
Rgba floor_colour(Floor f, int x, int y) { return f == Floor::kNone ? kNone : rgba(palette::floor(f, (x + y) & 1)); }
Rgba line_colour(int line, uint8_t alpha) { return rgba(palette::line(line), alpha); }

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
void side_vector(bool hex, int d, float* ux, float* uy) {
  if (!hex) {
    *ux = (float)tl::dir_dx(d);
    *uy = (float)tl::dir_dy(d);
    return;
  }
  static const float kX[6] = {1.f, -1.f, 0.5f, -0.5f, -0.5f, 0.5f};
  static const float kY[6] = {0.f, 0.f, -0.8660254f, 0.8660254f, -0.8660254f, 0.8660254f};
  *ux = kX[d];
  *uy = kY[d];
}

// Adds shapes of one piece of one cell.
struct Pen {
  Picture* out;
  const char* piece;
  int cell;
  Mark& add(Mark::Kind kind) {
    out->marks.emplace_back();
    Mark& m = out->marks.back();
    m.kind = kind;
    m.piece = piece;
    m.cell = cell;
    return m;
  }
  void rect(float x0, float y0, float x1, float y1, Rgba fill, float round = 0) {
    Mark& m = add(Mark::kRect);
    m.x = x0, m.y = y0, m.w = x1 - x0, m.h = y1 - y0, m.fill = fill, m.round = round;
  }
  void frame(float x0, float y0, float x1, float y1, Rgba stroke, float width) {
    Mark& m = add(Mark::kRect);
    m.x = x0, m.y = y0, m.w = x1 - x0, m.h = y1 - y0, m.stroke = stroke, m.width = width;
  }
  void disc(float cx, float cy, float r, Rgba fill) {
    Mark& m = add(Mark::kCircle);
    m.x = cx, m.y = cy, m.w = r, m.fill = fill;
  }
  void ring(float cx, float cy, float r, Rgba stroke, float width) {
    Mark& m = add(Mark::kCircle);
    m.x = cx, m.y = cy, m.w = r, m.stroke = stroke, m.width = width;
  }
  void line(float x0, float y0, float x1, float y1, Rgba stroke, float width) {
    Mark& m = add(Mark::kLine);
    m.x = x0, m.y = y0, m.w = x1, m.h = y1, m.stroke = stroke, m.width = width;
  }
  void polygon(std::initializer_list<float> points, Rgba fill, Rgba stroke = kNone, float width = 1) {
    Mark& m = add(Mark::kPolygon);
    m.points.assign(points.begin(), points.end());
    m.fill = fill, m.stroke = stroke, m.width = width;
  }
  void text(const std::string& s, float x, float y, float size, Rgba colour) {
    Mark& m = add(Mark::kText);
    m.text = s, m.x = x, m.y = y, m.h = size, m.fill = colour;
  }
};

void draw_arrow(Pen& pen, float cx, float cy, float r, int dir, Rgba col) {
  const float dx = (float)tl::dir_dx(dir), dy = (float)tl::dir_dy(dir);
  pen.polygon({cx + dx * r, cy + dy * r, cx - dx * r * 0.4f - dy * r * 0.6f, cy - dy * r * 0.4f + dx * r * 0.6f,
               cx - dx * r * 0.4f + dy * r * 0.6f, cy - dy * r * 0.4f - dx * r * 0.6f},
              col);
}

// A line through a cell: a thick stroke from the centre out of each side it
// leaves by, with a round joint. On a bridge each axis has a line of its own:
// the first axis' drawn under, the others over it with a dark rim, and a
// bridge no line crosses yet shows as a pale deck across each axis.
void draw_pipe(Pen& pen, float cx, float cy, float s, const CellView& v, bool hex) {
  const float w = s * 0.34f;
  const int dirs = hex ? 6 : 4;
  pen.piece = v.bridge ? "bridge" : "line";
  for (int axis = 0; axis < 3; ++axis) {
    const bool lane = v.bridge >> axis & 1;
    if (v.bridge && !lane) continue;
    const int line = v.bridge ? v.axis_line[axis] : v.line;
    for (int d = 0; d < dirs; ++d) {
      if (v.bridge && d >> 1 != axis) continue;
      float ux, uy;
      side_vector(hex, d, &ux, &uy);
      const float ex = cx + ux * s * 0.5f, ey = cy + uy * s * 0.5f;
      if (v.bridge && axis > 0) pen.line(cx, cy, ex, ey, Rgba{10, 10, 12, 255}, w * 1.5f);  // over the first lane
      if (v.bridge && !line) pen.line(cx, cy, ex, ey, Rgba{150, 150, 160, 255}, w * 0.9f);
      if (line && (v.links >> d & 1)) pen.line(cx, cy, ex, ey, line_colour(line, 255), w);
    }
    if (!v.bridge) break;
  }
  if (v.links && !v.bridge) pen.disc(cx, cy, w * 0.5f, line_colour(v.line, 255));
}

// ---------------------------------------------------------------------------
// [SECTION] A cell's shapes
// ---------------------------------------------------------------------------
const char* piece_name(Shape s) {
  switch (s) {
    case Shape::kBall: return "ball";
    case Shape::kBlock: return "block";
    case Shape::kTree: return "tree";
    case Shape::kSpikes: return "spikes";
    case Shape::kDoor: return "door";
    case Shape::kBridgeH: case Shape::kBridgeV: return "bridge";
    case Shape::kFlag: return "flag";
    case Shape::kCrate: return "crate";
    case Shape::kPit: return "pit";
    case Shape::kActor: return "actor";
    case Shape::kWedge: return "wedge";
    case Shape::kDot: return "dot";
    case Shape::kNone: break;
  }
  return "piece";
}

// A cell's ground: its floor (a hexagon or a square), the tint and pipe of a
// line through it, snow's edge, and terrain's shading a level up.
void draw_ground(Pen& pen, float px, float py, float s, const CellView& v, int x, int y, bool hex) {
  const float qx = px + s, qy = py + s, cx = px + s * 0.5f, cy = py + s * 0.5f;
  if (hex) {  // a hexagon as wide as the cell, its line faint across it
    float c[12];
    const float r = s * 0.57735f;
    for (int i = 0; i < 6; ++i) {
      const float a = (float)(-M_PI / 2 + M_PI / 3 * i);
      c[2 * i] = cx + r * cosf(a);
      c[2 * i + 1] = cy + r * sinf(a);
    }
    if (v.floor != Floor::kNone) {
      pen.polygon({c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11]}, floor_colour(v.floor, x, y),
                  Rgba{70, 70, 80, 255}, 1.0f);
      if (v.line) pen.polygon({c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11]}, line_colour(v.line, 48));
    }
  } else {
    if (v.floor != Floor::kNone) pen.rect(px, py, qx, qy, floor_colour(v.floor, x, y));
    if (v.floor == Floor::kDark) pen.frame(px, py, qx, qy, Rgba{70, 70, 80, 255}, 1.0f);
    if (v.line) pen.rect(px, py, qx, qy, line_colour(v.line, 48));
  }
  if (v.line || v.bridge) draw_pipe(pen, cx, cy, s, v, hex);
  if (v.floor == Floor::kSnow) pen.frame(px, py, qx, qy, rgba(palette::kSnowEdge), s * 0.03f);  // snow beside pale ice
  if (v.height > 0 && v.floor != Floor::kNone) {  // terrain: lighter and a heavier edge a level up (its number last)
    pen.piece = "height";
    const int h = v.height > 6 ? 6 : v.height;
    pen.rect(px, py, qx, qy, Rgba{255, 255, 255, (uint8_t)(22 * h)});
    pen.frame(px, py, qx, qy, Rgba{0, 0, 0, (uint8_t)(40 + 25 * h)}, 1.0f + (float)h);
  }
}

// The piece on a cell, in its colour.
void draw_piece(Pen& pen, float px, float py, float s, const CellView& v) {
  const float qx = px + s, qy = py + s, cx = px + s * 0.5f, cy = py + s * 0.5f;
  const Rgba col = colour_of(v.colour);
  const float r = s * 0.38f;
  pen.piece = piece_name(v.shape);
  switch (v.shape) {
    case Shape::kNone: break;
    case Shape::kBall:
      pen.disc(cx + s * 0.04f, cy + s * 0.05f, r, Rgba{0, 0, 0, 60});
      pen.disc(cx, cy, r, col);
      pen.ring(cx, cy, r, Rgba{0, 0, 0, 120}, s * 0.03f);
      pen.disc(cx - r * 0.35f, cy - r * 0.35f, r * 0.22f, Rgba{255, 255, 255, 90});
      break;
    case Shape::kBlock: pen.rect(px + s * 0.06f, py + s * 0.06f, qx - s * 0.06f, qy - s * 0.06f, col, s * 0.08f); break;
    case Shape::kCrate:
      pen.rect(px + s * 0.14f, py + s * 0.14f, qx - s * 0.14f, qy - s * 0.14f, col);
      pen.line(px + s * 0.14f, py + s * 0.14f, qx - s * 0.14f, qy - s * 0.14f, Rgba{0, 0, 0, 110}, s * 0.05f);
      break;
    case Shape::kTree:
      pen.polygon({cx, py + s * 0.1f, px + s * 0.18f, qy - s * 0.22f, qx - s * 0.18f, qy - s * 0.22f}, col);
      pen.rect(cx - s * 0.06f, qy - s * 0.22f, cx + s * 0.06f, qy - s * 0.08f, colour_of(Colour::kBrown));
      break;
    case Shape::kSpikes:
      for (int i = 0; i < 3; ++i) {
        const float x0 = px + s * (0.12f + 0.26f * (float)i);
        pen.polygon({x0, qy - s * 0.2f, x0 + s * 0.26f, qy - s * 0.2f, x0 + s * 0.13f, py + s * 0.2f}, col);
      }
      break;
    case Shape::kDoor: pen.rect(px + s * 0.2f, py + s * 0.1f, qx - s * 0.2f, qy - s * 0.05f, col, s * 0.15f); break;
    case Shape::kBridgeH: pen.rect(px, cy - s * 0.2f, qx, cy + s * 0.2f, col); break;
    case Shape::kBridgeV: pen.rect(cx - s * 0.2f, py, cx + s * 0.2f, qy, col); break;
    case Shape::kFlag:
      pen.line(cx - s * 0.15f, py + s * 0.1f, cx - s * 0.15f, qy - s * 0.1f, Rgba{40, 40, 40, 255}, s * 0.05f);
      pen.polygon({cx - s * 0.15f, py + s * 0.1f, qx - s * 0.15f, py + s * 0.25f, cx - s * 0.15f, py + s * 0.4f}, col);
      break;
    case Shape::kPit:
      pen.disc(cx, cy, r, Rgba{20, 20, 20, 200});
      if (v.colour != Colour::kDefault) pen.ring(cx, cy, r, col, s * 0.08f);  // a ring (a portal)
      break;
    case Shape::kWedge: {
      const float corners[4][2] = {{px, py}, {qx, py}, {px, qy}, {qx, qy}};
      const int k = v.corner & 3;  // the filled corner and its two neighbours on the square
      const float* a = corners[k];
      const float* b = corners[k ^ 1];
      const float* d = corners[k ^ 2];
      pen.polygon({a[0], a[1], b[0], b[1], d[0], d[1]}, col);
      pen.line(b[0], b[1], d[0], d[1], Rgba{0, 0, 0, 140}, s * 0.04f);
      break;
    }
    case Shape::kDot: pen.disc(cx, cy, r, line_colour(v.line, 255)); break;
    case Shape::kActor:
      pen.disc(cx, cy, r, col);
      pen.disc(cx - r * 0.35f, cy - r * 0.2f, r * 0.15f, Rgba{255, 255, 255, 255});
      pen.disc(cx + r * 0.35f, cy - r * 0.2f, r * 0.15f, Rgba{255, 255, 255, 255});
      break;
  }
}

// A piece close in colour to its floor (a yellow flag on the goal) gets an
// edge that stands out from the floor: its marks from `first_mark` on.
void edge_piece(Picture* out, size_t first_mark, float s, const CellView& v, int x, int y) {
  const Rgba col = colour_of(v.colour);
  palette::Rgb e;
  if (v.shape != Shape::kNone && v.shape != Shape::kDot && palette::piece_edge(v.colour, v.floor, (x + y) & 1, &e)) {
    for (size_t i = first_mark; i < out->marks.size(); ++i) {
      Mark& m = out->marks[i];
      if (m.fill.a != 255 || m.fill.r != col.r || m.fill.g != col.g || m.fill.b != col.b || m.stroke.a) continue;
      m.stroke = rgba(e);
      m.width = s * 0.04f;
    }
  }
}

// One cell's shapes, bottom to top: its ground, its piece, then what is
// written over it (the height's number, an arrow, a label).
void draw_cell(Picture* out, float px, float py, float s, const CellView& v, int x, int y, int index, bool hex) {
  Pen pen{out, "floor", index};
  const float cx = px + s * 0.5f, cy = py + s * 0.5f;
  draw_ground(pen, px, py, s, v, x, y, hex);
  const size_t first_mark = out->marks.size();
  draw_piece(pen, px, py, s, v);
  edge_piece(out, first_mark, s, v, x, y);
  // The height's number over everything on the cell (a wall, the ball), on
  // a patch of its floor so it reads whatever is under it.
  if (v.height > 0 && v.floor != Floor::kNone) {
    pen.piece = "height";
    char number[8];
    snprintf(number, sizeof number, "%d", v.height);
    const palette::Rgb patch = palette::floor(v.floor, (x + y) & 1);
    pen.rect(px + s * 0.03f, py + s * 0.03f, px + s * 0.29f, py + s * 0.31f, rgba(patch, 230), s * 0.05f);
    pen.text(number, px + s * 0.16f, py + s * 0.17f, s * 0.26f, rgba(palette::text_on(patch)));
  }
  if (v.arrow >= 0) {
    pen.piece = "arrow";
    draw_arrow(pen, cx, cy, s * 0.28f, v.arrow, Rgba{30, 30, 30, 200});
  }
  if (v.label[0]) {
    pen.piece = "label";
    pen.text(v.label, cx, cy, s * 0.45f, rgba(palette::text_on(label_background(v, x, y))));
  }
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] A board and a path on it
// ---------------------------------------------------------------------------
Layout fit_board(const BoardView& view, float x, float y, float w, float h) {
  Layout at;
  at.hex = view.hex;
  if (view.width <= 0 || view.height <= 0) return at;
  // A hex board: rows 0.866 of a cell apart, odd rows half a cell right.
  const float pitch = view.hex ? 0.8660254f : 1.f, across = (float)view.width + (view.hex && view.height > 1 ? 0.5f : 0.f);
  const float down = view.hex ? pitch * (float)view.height + 0.29f : (float)view.height;
  // Edges that warp keep a fifth of a cell beside them for their bands.
  const float band_x = view.warps & 1 ? 0.4f : 0.f, band_y = view.warps & 2 ? 0.4f : 0.f;
  // Whole units a cell while they are 4 or more; a larger board (a
  // published Numberlink board of 300 or 1,000 cells a side) at whatever
  // size fits, so all of it shows.
  float cell = fminf(w / (across + band_x), h / (down + band_y));
  if (cell >= 4) cell = floorf(cell);
  at.x = floorf(x + (w - cell * across) * 0.5f);
  at.y = floorf(y + (h - cell * down) * 0.5f + cell * (down - pitch * (float)view.height) * 0.5f);
  at.cell = cell;
  at.row = cell * pitch;
  return at;
}

void draw_board(const BoardView& view, const Layout& at, Picture* out) {
  if (view.width <= 0 || view.height <= 0) return;
  const float cell = at.cell, pitch = view.hex ? 0.8660254f : 1.f;
  const float across = (float)view.width + (view.hex && view.height > 1 ? 0.5f : 0.f);
  const float down = view.hex ? pitch * (float)view.height + 0.29f : (float)view.height;
  const float top = at.y - cell * (down - pitch * (float)view.height) * 0.5f;
  Pen pen{out, "board", -1};
  pen.rect(at.x - 6, top - 6, at.x + cell * across + 6, top + cell * down + 6, Rgba{40, 60, 40, 255}, 8);
  // Cells under 2 units (a board of hundreds a side): the floor of the
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
  if (tiny) {
    pen.piece = "floor";
    pen.rect(at.x, at.y, at.x + cell * across, at.y + cell * down, floor_colour(floor, 0, 0));
  }
  for (int y = 0; y < view.height; ++y)
    for (int x = 0; x < view.width; ++x) {
      const CellView& v = view.at(x, y);
      if (tiny && v.floor == floor && blank(v)) continue;
      const float cx = at.centre_x(x, y), cy = at.centre_y(y);
      // (A dot or piece on such a board is drawn 6 units across, to be seen.)
      const float size = tiny && v.shape != Shape::kNone && cell < 6 ? 6 : cell;
      draw_cell(out, cx - size * 0.5f, cy - size * 0.5f, size, v, x, y, y * view.width + x, view.hex);
    }
  // Walls between cells (a line puzzle's): a bright bar along the side, over
  // both cells (a hex cell's side: between the two corners either side of
  // the way out).
  pen.piece = "wall";
  const float wall = cell * 0.12f > 3 ? cell * 0.12f : 3;
  for (int y = 0; y < view.height; ++y)
    for (int x = 0; x < view.width; ++x)
      for (int d = 0; d < (view.hex ? 6 : 4); ++d) {
        // One of each opposite pair, so each wall once; on the rim both
        // ends of a row or column whose way round a wall closes.
        if (!(view.at(x, y).walls >> d & 1) || !((d & 1) || view.side_off_board(x, y, d))) continue;
        float ux, uy;
        side_vector(view.hex, d, &ux, &uy);
        const float cx = at.centre_x(x, y), cy = at.centre_y(y);
        const float half = view.hex ? cell * 0.2887f : cell * 0.5f;  // half the side's length
        const float mx = cx + ux * cell * 0.5f, my = cy + uy * cell * 0.5f;
        pen.cell = y * view.width + x;
        pen.line(mx - uy * half, my + ux * half, mx + uy * half, my - ux * half, Rgba{235, 235, 240, 255}, wall);
      }
  // Edges that warp: a band along both edges of each pair.
  pen.piece = "warp";
  pen.cell = -1;
  const Rgba warp{120, 200, 255, 255};
  const float bw = cell * 0.08f > 2 ? cell * 0.08f : 2;
  for (int i = 0; i < (view.warps & 1 ? view.height : 0); ++i) {  // beside each row's first and last cell
    if (!view.row_warps(i)) continue;
    const float fx = at.centre_x(0, i), lx = at.centre_x(view.width - 1, i), cy = at.centre_y(i);
    const float y0 = cy - at.row * 0.25f, y1 = cy + at.row * 0.25f;
    pen.line(fx - cell * 0.5f - bw, y0, fx - cell * 0.5f - bw, y1, warp, bw);
    pen.line(lx + cell * 0.5f + bw, y0, lx + cell * 0.5f + bw, y1, warp, bw);
  }
  for (int i = 0; i < (view.warps & 2 ? view.width : 0); ++i) {  // above the first row, below the last
    if (!view.column_warps(i)) continue;
    const float fx = at.centre_x(i, 0), fy = at.centre_y(0), lx = at.centre_x(i, view.height - 1),
                ly = at.centre_y(view.height - 1);
    const float reach = view.hex ? cell * 0.58f : cell * 0.5f;
    pen.line(fx - cell * 0.25f, fy - reach - bw, fx + cell * 0.25f, fy - reach - bw, warp, bw);
    pen.line(lx - cell * 0.25f, ly + reach + bw, lx + cell * 0.25f, ly + reach + bw, warp, bw);
  }
}

void draw_path(const std::vector<int>& path, int width, const Layout& at, Picture* out) {
  if (path.empty() || width <= 0) return;
  Pen pen{out, "path", -1};
  const Rgba ink{230, 40, 120, 230};
  for (size_t i = 1; i < path.size(); ++i) {
    const int a = path[i - 1], b = path[i];
    pen.cell = b;
    pen.line(at.centre_x(a % width, a / width), at.centre_y(a / width), at.centre_x(b % width, b / width),
             at.centre_y(b / width), ink, at.cell * 0.08f > 2 ? at.cell * 0.08f : 2);
  }
  // Each move's number where it ends (a cell reached twice keeps both, the
  // later over the earlier, a little lower).
  std::vector<int> seen;
  for (size_t i = 1; i < path.size(); ++i) {
    const int c = path[i];
    int before = 0;
    for (int s : seen) before += s == c;
    seen.push_back(c);
    pen.cell = c;
    const float x = at.centre_x(c % width, c / width) + at.cell * 0.28f;
    const float y = at.centre_y(c / width) - at.cell * 0.28f + (float)before * at.cell * 0.22f;
    pen.disc(x, y, at.cell * 0.15f, ink);
    char n[12];
    snprintf(n, sizeof n, "%d", (int)i);
    pen.text(n, x, y, at.cell * 0.2f, Rgba{255, 255, 255, 255});
  }
}

void draw_text(const std::string& text, float x, float y, float size, Rgba colour, bool centred, const char* piece,
               Picture* out) {
  Pen pen{out, piece, -1};
  pen.text(text, x, y, size, colour);
  out->marks.back().centred = centred;
}

// ---------------------------------------------------------------------------
// [SECTION] A level's picture (and a hand of cards)
// ---------------------------------------------------------------------------
namespace {

// A card's box in cells, and the gap between two.
constexpr float kCardWide = 1.7f, kCardHigh = 0.8f, kCardGap = 0.2f;

int hand_rows(int cards, float width, float cell) {
  if (cards <= 0) return 0;
  int per_row = (int)((width + kCardGap * cell) / ((kCardWide + kCardGap) * cell));
  if (per_row < 1) per_row = 1;
  return (cards + per_row - 1) / per_row;
}

}  // namespace

float draw_hand(const tl::HandCard* hand, int count, float x, float y, float width, float cell, Picture* out) {
  int shown = 0;
  for (int i = 0; i < count; ++i) shown += hand[i].count > 0;
  const int rows = hand_rows(shown, width, cell);
  if (!rows) return 0;
  const int per_row = (shown + rows - 1) / rows;
  const float w = kCardWide * cell, h = kCardHigh * cell, gap = kCardGap * cell;
  Pen pen{out, "card", -1};
  for (int i = 0, k = 0; i < count; ++i) {
    if (hand[i].count <= 0) continue;
    const float cx = x + (float)(k % per_row) * (w + gap), cy = y + (float)(k / per_row) * (h + gap);
    ++k;
    pen.piece = "card";
    Mark& box = pen.add(Mark::kRect);
    box.x = cx, box.y = cy, box.w = w, box.h = h, box.round = h * 0.18f;
    box.fill = Rgba{250, 246, 232, 255}, box.stroke = Rgba{60, 60, 70, 255}, box.width = cell * 0.04f;
    // As the page's button: the card's text and how many are left ("1/2- x2").
    pen.piece = "card-text";
    pen.text(hand[i].label, cx + w * 0.4f, cy + h * 0.5f, h * 0.5f, Rgba{20, 20, 20, 255});
    char many[16];
    snprintf(many, sizeof many, "x%d", hand[i].count);
    pen.text(many, cx + w * 0.84f, cy + h * 0.5f, h * 0.34f, Rgba{90, 90, 100, 255});
  }
  return (float)rows * (h + gap);
}

bool level_picture(const tl::Level& level, bool solution, float cell, Picture* out, std::string* error) {
  tl::GameState start;
  level.initial_state(&start);
  BoardView view;
  level.view(start, &view);
  // At most kLargestSide units across (a published Numberlink board of a
  // thousand cells a side: 2 units a cell, not a 40,000-pixel picture).
  const int side = view.width > view.height ? view.width : view.height;
  if (side > 0 && cell * (float)side > kLargestSide) cell = kLargestSide / (float)side;
  const float margin = cell < 16 ? 8 : cell * 0.5f, caption = cell < 16 ? 8 : cell * 0.5f;
  const float across = (float)view.width + (view.hex ? 0.5f : 0.f);
  const float down = view.hex ? 0.8660254f * (float)view.height + 0.29f : (float)view.height;
  tl::MoveList moves;
  if (solution) {
    tl::SearchLimits limits;
    const tl::SolveResult r = level.solve(start, limits, &moves);
    if (!r.solvable) {
      *error = r.capped ? "no solution found within the search's limits" : "the level has no solution";
      return false;
    }
  }
  // The moves, numbered, a few to a line under the board (a move puzzle's).
  std::vector<std::string> lines;
  if (solution && !level.game().cursor_play) {
    const size_t per_line = (size_t)((across * cell + margin) / (caption * 0.6f * 0.62f));
    std::string line;
    char head[48];
    snprintf(head, sizeof head, "Solution, %d moves:", (int)moves.size());
    lines.push_back(head);
    for (size_t i = 0; i < moves.size(); ++i) {
      tl::Text one;
      level.format_moves(&moves[i], 1, &one);
      char step[64];
      snprintf(step, sizeof step, "%s%d %s", line.empty() ? "" : "   ", (int)i + 1, one.c_str());
      if (!line.empty() && line.size() + strlen(step) > per_line) {
        lines.push_back(line);
        line.clear();
        snprintf(step, sizeof step, "%d %s", (int)i + 1, one.c_str());
      }
      line += step;
    }
    if (!line.empty()) lines.push_back(line);
  }
  out->marks.clear();
  out->width = across * cell + 2 * margin + ((view.warps & 1) ? 0.4f * cell : 0.f);
  // The hand the level starts with (a game of cards), under the board: a
  // picture holds everything the level is played with.
  tl::HandCard hand[tl::kMaxHand];
  const int cards = level.hand(start, hand);
  int shown = 0;
  for (int i = 0; i < cards; ++i) shown += hand[i].count > 0;
  const float hand_h = (float)hand_rows(shown, out->width - 2 * margin, cell) * (kCardHigh + kCardGap) * cell;
  out->height = down * cell + 2 * margin + ((view.warps & 2) ? 0.4f * cell : 0.f) + hand_h +
                caption * (1.5f + 0.8f * (float)lines.size());
  // A line puzzle's solution is its lines: the board after every stroke.
  std::vector<int> path;
  tl::GameState state = start;
  if (solution) {
    // The piece played: the view's actor, or (once the level is won and
    // the view steers nothing) its one actor piece; -1 when every piece
    // moves at once (the moves are written, no path drawn).
    auto piece_played = [](const BoardView& v) {
      if (v.actor >= 0) return v.actor;
      int found = -1, actors = 0;
      for (int c = 0; c < (int)v.cells.size(); ++c)
        if (v.cells[(size_t)c].shape == Shape::kActor) found = c, ++actors;
      return actors == 1 ? found : -1;
    };
    BoardView at_step;
    level.view(state, &at_step);
    if (piece_played(at_step) >= 0) path.push_back(piece_played(at_step));
    for (tl::Move m : moves) {
      level.apply(&state, (int)m);
      level.view(state, &at_step);
      if (piece_played(at_step) >= 0) path.push_back(piece_played(at_step));
    }
    if (level.game().cursor_play) view = at_step;
  }
  const Layout at = fit_board(view, margin, margin, out->width - 2 * margin, down * cell + ((view.warps & 2) ? 0.4f * cell : 0.f));
  draw_board(view, at, out);
  if (solution && !level.game().cursor_play && path.size() == moves.size() + 1) draw_path(path, view.width, at, out);
  const float board_end = margin + down * cell + ((view.warps & 2) ? 0.4f * cell : 0.f);
  draw_hand(hand, cards, margin, board_end + caption * 0.5f, out->width - 2 * margin, cell, out);
  const float text_y = board_end + hand_h + caption;
  draw_text(level.game().name, margin, text_y, caption * 0.7f, Rgba{30, 30, 30, 255}, false, "caption", out);
  for (size_t i = 0; i < lines.size(); ++i)
    draw_text(lines[i], margin, text_y + caption * 0.8f * (float)(i + 1), caption * 0.6f, Rgba{30, 30, 30, 255}, false,
              "moves", out);
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] A pack's sheets as pages
// ---------------------------------------------------------------------------
void append_scaled(const Picture& src, float dx, float dy, float k, Picture* dst) {
  for (Mark m : src.marks) {
    m.x = dx + m.x * k;
    m.y = dy + m.y * k;
    if (m.kind == Mark::kLine) {
      m.w = dx + m.w * k;
      m.h = dy + m.h * k;
    } else {
      m.w *= k;
      m.h *= k;
    }
    m.round *= k;
    m.width *= k;
    for (size_t i = 0; i < m.points.size(); ++i) m.points[i] = (i % 2 ? dy : dx) + m.points[i] * k;
    dst->marks.push_back(std::move(m));
  }
}

namespace {

constexpr float kSheetMargin = 36;
constexpr int kSheetColumns = 2, kSheetRows = 3;  // levels a sheet's page
constexpr float kLevelCell = 40;
constexpr float kSheetQr = 72;  // a level's QR code: an inch a side at least, quiet zone included
constexpr int kSheetSolvedCells = 64 * 64;  // a larger board is not solved for a sheet

// A sheet's page of levels: their pictures in a grid, each with its number,
// par and link under it, and (on the pages of levels) the link's QR code
// beside the number.
Picture sheet_page(const std::vector<const Picture*>& levels, const std::vector<std::string>& titles,
                   const std::vector<std::string>& links, bool codes, const std::string& heading) {
  Picture page;
  page.width = kPageWidth;
  page.height = kPageHeight;
  const Rgba ink{20, 20, 20, 255};
  draw_text(heading, kSheetMargin, kSheetMargin - 14, 11, ink, false, "heading", &page);
  const float slot_w = (kPageWidth - 2 * kSheetMargin) / kSheetColumns, slot_h = (kPageHeight - 2 * kSheetMargin) / kSheetRows;
  for (size_t i = 0; i < levels.size(); ++i) {
    const float x = kSheetMargin + slot_w * (float)(i % kSheetColumns), y = kSheetMargin + slot_h * (float)(i / kSheetColumns);
    // The QR code an inch a side, larger for a long link (a level link):
    // a module at least 1.1 points (0.4 mm, what a phone's camera reads),
    // up to half the slot.
    const int modules = codes ? qr_modules(links[i]) : 0;
    const float qr_side = fminf(fmaxf(kSheetQr, 1.1f * (float)modules), slot_h * 0.5f);
    const float room_w = slot_w - 16, room_h = slot_h - 16 - (codes ? qr_side : kSheetQr);
    const Picture& p = *levels[i];
    const float k = fminf(room_w / p.width, room_h / p.height);
    append_scaled(p, x + (room_w - p.width * k) / 2, y + 4, k, &page);
    const float below = y + 4 + p.height * k + 6;
    // The QR code at the left, the number, par and link beside it (a
    // link too long for a QR code says so in its place).
    float text_x = x;
    if (codes) {
      if (draw_qr(links[i], x, below, qr_side, &page)) text_x = x + qr_side + 6;
      else draw_text("(link too long for a QR code)", x, below + qr_side - 6, 6, ink, false, "number", &page);
    }
    draw_text(titles[i], text_x, below + 10, 10, ink, false, "number", &page);
    // The link in four lines at most, small (a level link of a large
    // level is longer: its start shown, cut with "...": the QR code holds it all).
    const size_t per_line = codes ? 44 : 64;
    for (size_t at = 0, line = 0; at < links[i].size() && line < 4; at += per_line, ++line)
      draw_text(links[i].substr(at, per_line) + (line == 3 && at + per_line < links[i].size() ? "..." : ""), text_x,
                below + 24 + 7 * (float)line, 5.5f, Rgba{60, 60, 90, 255}, false, "link", &page);
  }
  return page;
}

}  // namespace

bool sheet_pages(const tl::GameInfo& game, const std::vector<tl::PackLevel>& pack, const std::string& page,
                 std::vector<Picture>* pages, std::string* error) {
  // Each level's picture, then its solution's.
  std::vector<Picture> boards(pack.size()), solved(pack.size());
  std::vector<std::string> titles, links, solution_titles;
  for (size_t i = 0; i < pack.size(); ++i) {
    tl::Error e;
    std::unique_ptr<tl::Level> level = game.parse(pack[i].level.c_str(), pack[i].level.size(), &e);
    if (!level) {
      *error = "level " + std::to_string(i + 1) + ": " + e.message;
      return false;
    }
    std::string no_solution;
    level_picture(*level, false, kLevelCell, &boards[i], &no_solution);
    char title[96];
    snprintf(title, sizeof title, "Level %d   par %d", (int)i + 1, pack[i].par);
    titles.push_back(title);
    tl::Text link;  // the seed link when it makes this level (shorter: larger QR modules)
    tl::seed_link_if_same(game, pack[i], &link);
    links.push_back(page + link.c_str());
    tl::GameState start;
    level->initial_state(&start);
    BoardView board;
    level->view(start, &board);
    if (board.width * board.height > kSheetSolvedCells) {
      // (A published Numberlink board of hundreds a side: solving it for a
      // sheet could take minutes, and its lines would be too fine to see.)
      level_picture(*level, false, kLevelCell, &solved[i], &no_solution);
      snprintf(title, sizeof title, "Level %d: too large to draw solved", (int)i + 1);
    } else if (level_picture(*level, true, kLevelCell, &solved[i], &no_solution)) {
      snprintf(title, sizeof title, "Level %d   solution", (int)i + 1);
    } else {
      level_picture(*level, false, kLevelCell, &solved[i], &no_solution);
      snprintf(title, sizeof title, "Level %d: no solution found", (int)i + 1);
    }
    solution_titles.push_back(title);
  }
  pages->clear();
  const size_t per_page = kSheetColumns * kSheetRows;
  for (int part = 0; part < 2; ++part)
    for (size_t first = 0; first < pack.size(); first += per_page) {
      std::vector<const Picture*> ps;
      std::vector<std::string> ts, ls;
      for (size_t i = first; i < pack.size() && i < first + per_page; ++i) {
        ps.push_back(part ? &solved[i] : &boards[i]);
        ts.push_back(part ? solution_titles[i] : titles[i]);
        ls.push_back(links[i]);
      }
      char heading[128];
      snprintf(heading, sizeof heading, "%s: %s %d-%d of %d", game.name, part ? "solutions to levels" : "levels",
               (int)first + 1, (int)(first + ps.size()), (int)pack.size());
      pages->push_back(sheet_page(ps, ts, ls, part == 0, heading));
    }
  return true;
}

void stack_pages(const std::vector<Picture>& pages, Picture* all) {
  const float gap = 20;
  all->marks.clear();
  all->width = kPageWidth;
  all->height = pages.empty() ? 0 : (kPageHeight + gap) * (float)pages.size() - gap;
  all->background = Rgba{200, 200, 200, 255};
  for (size_t i = 0; i < pages.size(); ++i) {
    Mark paper;
    paper.piece = "page";
    paper.w = kPageWidth, paper.h = kPageHeight, paper.y = (kPageHeight + gap) * (float)i;
    paper.fill = Rgba{255, 255, 255, 255};
    all->marks.push_back(paper);
    append_scaled(pages[i], 0, (kPageHeight + gap) * (float)i, 1, all);
  }
}

// ---------------------------------------------------------------------------
// [SECTION] The SVG writer
// ---------------------------------------------------------------------------
namespace {

void colour_attr(const char* name, Rgba c, std::string* out) {
  char buf[96];
  if (c.a == 0) snprintf(buf, sizeof buf, " %s=\"none\"", name);
  else if (c.a == 255) snprintf(buf, sizeof buf, " %s=\"#%02x%02x%02x\"", name, c.r, c.g, c.b);
  else snprintf(buf, sizeof buf, " %s=\"#%02x%02x%02x\" %s-opacity=\"%.3f\"", name, c.r, c.g, c.b, name, (double)c.a / 255.0);
  out->append(buf);
}

void escape(const std::string& s, std::string* out) {
  for (char c : s) {
    if (c == '<') out->append("&lt;");
    else if (c == '>') out->append("&gt;");
    else if (c == '&') out->append("&amp;");
    else if (c == '"') out->append("&quot;");
    else out->push_back(c);
  }
}

}  // namespace

void write_svg(const Picture& p, std::string* out) {
  char buf[256];
  snprintf(buf, sizeof buf,
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.2f %.2f\">\n",
           (double)p.width, (double)p.height, (double)p.width, (double)p.height);
  out->append(buf);
  if (p.background.a) {
    out->append("<rect class=\"background\" x=\"0\" y=\"0\" width=\"100%\" height=\"100%\"");
    colour_attr("fill", p.background, out);
    out->append("/>\n");
  }
  for (const Mark& m : p.marks) {
    switch (m.kind) {
      case Mark::kRect:
        snprintf(buf, sizeof buf, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"", (double)m.x, (double)m.y,
                 (double)m.w, (double)m.h);
        out->append(buf);
        if (m.round > 0) {
          snprintf(buf, sizeof buf, " rx=\"%.2f\"", (double)m.round);
          out->append(buf);
        }
        break;
      case Mark::kCircle:
        snprintf(buf, sizeof buf, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\"", (double)m.x, (double)m.y, (double)m.w);
        out->append(buf);
        break;
      case Mark::kLine:
        snprintf(buf, sizeof buf, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke-linecap=\"round\"",
                 (double)m.x, (double)m.y, (double)m.w, (double)m.h);
        out->append(buf);
        break;
      case Mark::kPolygon:
        out->append("<polygon points=\"");
        for (size_t i = 0; i + 1 < m.points.size(); i += 2) {
          snprintf(buf, sizeof buf, "%s%.2f,%.2f", i ? " " : "", (double)m.points[i], (double)m.points[i + 1]);
          out->append(buf);
        }
        out->append("\"");
        break;
      case Mark::kText:
        snprintf(buf, sizeof buf,
                 "<text x=\"%.2f\" y=\"%.2f\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"%.2f\" "
                 "dominant-baseline=\"central\" text-anchor=\"%s\"",
                 (double)m.x, (double)m.y, (double)m.h, m.centred ? "middle" : "start");
        out->append(buf);
        break;
    }
    snprintf(buf, sizeof buf, " class=\"%s\"", m.piece);
    out->append(buf);
    if (m.cell >= 0) {
      snprintf(buf, sizeof buf, " data-cell=\"%d\"", m.cell);
      out->append(buf);
    }
    colour_attr("fill", m.kind == Mark::kLine ? Rgba{0, 0, 0, 0} : m.fill, out);
    colour_attr("stroke", m.stroke, out);
    if (m.stroke.a) {
      snprintf(buf, sizeof buf, " stroke-width=\"%.2f\"", (double)m.width);
      out->append(buf);
    }
    if (m.kind == Mark::kText) {
      out->append(">");
      escape(m.text, out);
      out->append("</text>\n");
    } else {
      out->append("/>\n");
    }
  }
  out->append("</svg>\n");
}

}  // namespace picture
