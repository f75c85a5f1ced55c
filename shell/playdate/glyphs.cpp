// glyphs.cpp — every piece of every game in 1 bit (see glyphs.h).
#include "glyphs.h"

#include <stdio.h>

#include "core/base/grid.h"

namespace device {

namespace {

// Each line of a line puzzle gets one of these, at one of two widths
// (colours cannot be told apart in 1 bit; the dots carry the line's letter).
const Pattern* const kLinePatterns[] = {&kSolid, &kDark, &kHalf, &kStripes};

const Pattern& floor_pattern(tl::Floor f) {
  switch (f) {
    case tl::Floor::kIce: return kDots;
    case tl::Floor::kSnow: return kFlakes;
    case tl::Floor::kSand: return kLight;
    case tl::Floor::kWater: return kWaves;
    case tl::Floor::kGoal: return kChecker;
    case tl::Floor::kBelt: return kStripes;
    case tl::Floor::kDark: return kDots;  // a line puzzle's board: light, so the black pipes read
    default: return kSolid;
  }
}

// Text as large as the cell allows (the 3x5 font at scale 2 from 16-pixel
// cells, else 1), centred on (cx, cy); white on black when `inverse`.
void centred_text(Frame& frame, const char* s, int cx, int cy, int cell, bool inverse) {
  const int scale = cell >= 16 ? 2 : 1;
  const int w = Frame::text_width(s, scale) - scale, h = 5 * scale;
  frame.text(cx - w / 2, cy - h / 2, s, scale, inverse);
}

// A label in a white box at the cell's top-left corner (Golf Peaks' height).
void corner_label(Frame& frame, const char* s, int px, int py, int cell) {
  const int scale = cell >= 20 ? 2 : 1;
  const int w = Frame::text_width(s, scale) + scale, h = 6 * scale + scale;
  frame.fill(px + 1, py + 1, w, h, false);
  frame.rect(px + 1, py + 1, w + 1, h + 1);
  frame.text(px + 1 + scale, py + 1 + scale, s, scale, false);
}

// A solid diamond (or its outline, `thickness` wide) round (cx, cy).
void diamond(Frame& frame, int cx, int cy, int r, bool solid, int thickness = 2) {
  for (int dy = -r; dy <= r; ++dy) {
    const int half = r - (dy < 0 ? -dy : dy);
    if (solid) frame.fill(cx - half, cy + dy, 2 * half + 1, 1, true);
    else {
      frame.fill(cx - half, cy + dy, thickness, 1, true);
      frame.fill(cx + half - thickness + 1, cy + dy, thickness, 1, true);
    }
  }
  if (!solid) {
    frame.fill(cx - thickness / 2, cy - r, thickness, thickness, true);
    frame.fill(cx - thickness / 2, cy + r - thickness + 1, thickness, thickness, true);
  }
}

// An arrow across the cell in direction `dir`, with a head, outlined in
// white so it reads on any ground.
void arrow(Frame& frame, int dir, int px, int py, int cell) {
  const int m = cell / 2, dx = tl::dir_dx(dir), dy = tl::dir_dy(dir);
  const int len = cell / 3, head = cell / 5 > 2 ? cell / 5 : 2;
  const int x0 = px + m - dx * len, y0 = py + m - dy * len, x1 = px + m + dx * len, y1 = py + m + dy * len;
  frame.fill(px + m - len - 2, py + m - len - 2, 2 * len + 5, 2 * len + 5, false);
  frame.line(x0, y0, x1, y1, cell >= 16 ? 3 : 2);
  for (int i = 0; i <= head; ++i) {  // the head: a triangle behind the tip
    const int bx = x1 - dx * i, by = y1 - dy * i;
    frame.fill(bx - (dy ? i : 0), by - (dx ? i : 0), dy ? 2 * i + 1 : 1, dx ? 2 * i + 1 : 1, true);
  }
}

// A goal: a pennant on a pole on a white field inside the goal's checker
// rim, solid with a disc at its foot (the red goal, as the red skiddy is a
// disc), or outlined with a diamond (the yellow goal, as the yellow skiddy).
void flag(Frame& frame, bool solid, int px, int py, int cell) {
  frame.fill(px + 3, py + 3, cell - 5, cell - 5, false);
  const int top = py + 4, pole_x = px + cell / 3, fly = cell / 2 - 3 > 2 ? cell / 2 - 3 : 2, width = cell / 2;
  frame.fill(pole_x, top, 2, cell - 8, true);
  for (int i = 0; i < fly; ++i) {
    const int len = (fly - i) * width / fly;
    if (solid || i == 0) frame.fill(pole_x + 2, top + i, len > 0 ? len : 1, 1, true);
    else frame.fill(pole_x + 1 + (len > 1 ? len : 1), top + i, 1, 1, true);
  }
  const int mark = cell / 6 > 2 ? cell / 6 : 2, mx = px + cell * 2 / 3, my = py + cell - 4 - mark;
  if (solid) frame.disc(mx, my, mark, true);
  else diamond(frame, mx, my, mark, true);
}

// A wall or block: black with white mortar lines, as bricks.
void bricks(Frame& frame, int px, int py, int cell) {
  frame.fill(px + 1, py + 1, cell - 1, cell - 1, true);
  const int course = cell / 4 > 3 ? cell / 4 : 3;
  for (int y = py + course; y < py + cell - 1; y += course) frame.fill(px + 1, y, cell - 1, 1, false);
  for (int row = 0, y = py + 1; y < py + cell - 1; y += course, ++row)
    for (int x = px + 1 + (row & 1 ? cell / 4 : cell / 2); x < px + cell - 1; x += cell / 2)
      frame.fill(x, y, 1, course - 1 < py + cell - 1 - y ? course - 1 : py + cell - 1 - y, false);
}

// The ground: a hole, or the floor's pattern in its outline, with Golf
// Peaks' height in the corner.
void draw_ground(Frame& frame, const tl::CellView& c, int px, int py, int cell) {
  if (c.floor == tl::Floor::kNone) {
    frame.fill(px, py, cell + 1, cell + 1, true);  // no ground: a hole, or not part of the board
  } else {
    if (c.floor != tl::Floor::kPlain) frame.fill(px + 1, py + 1, cell - 1, cell - 1, floor_pattern(c.floor));
    frame.rect(px, py, cell + 1, cell + 1);
  }
  if (c.height > 0 && c.floor != tl::Floor::kNone) {
    char digits[4];
    snprintf(digits, sizeof digits, "%d", c.height);
    corner_label(frame, digits, px, py, cell);
  }
}

// A line puzzle's pipes: from the middle to each side the line leaves by
// (on a bridge, each axis in its own line's pattern; an empty bridge's
// lanes as rails).
void draw_pipes(Frame& frame, const tl::CellView& c, int px, int py, int cell) {
  const int m = cell / 2;
  // Lines 1-4 thick in four patterns, 5-8 thinner in the same four, and so
  // on round: eight lines drawn eight ways (their dots carry the letters).
  const bool thin = !c.bridge && ((c.line - 1) / 4) % 2 == 1;
  const int t = thin ? (cell / 5 > 2 ? cell / 5 : 2) : (cell / 3 > 2 ? cell / 3 : 2);
  if (!c.bridge) frame.fill(px + m - t / 2, py + m - t / 2, t, t, *kLinePatterns[(c.line - 1) % 4]);
  for (int d = 0; d < 4; ++d) {
    const int line = c.bridge ? c.axis_line[d >> 1] : c.line;
    const int dx = tl::dir_dx(d), dy = tl::dir_dy(d);
    const int x0 = dx < 0 ? px : dx > 0 ? px + m : px + m - t / 2;
    const int y0 = dy < 0 ? py : dy > 0 ? py + m : py + m - t / 2;
    if (line && (c.links & (1 << d))) frame.fill(x0, y0, dx ? cell - m : t, dy ? cell - m : t, *kLinePatterns[(line - 1) % 4]);
    else if (c.bridge) frame.rect(x0, y0, dx ? cell - m : t, dy ? cell - m : t);
  }
}

// The walls on the cell's right and bottom sides, and on its left and top
// sides at the board's edge.
void draw_walls(Frame& frame, const tl::CellView& c, bool left_edge, bool top_edge, int px, int py, int cell) {
  if (c.walls & (1 << tl::kRight)) frame.fill(px + cell - 1, py, 3, cell + 1, true);
  if (c.walls & (1 << tl::kDown)) frame.fill(px, py + cell - 1, cell + 1, 3, true);
  if (left_edge && (c.walls & (1 << tl::kLeft))) frame.fill(px - 2, py, 3, cell + 1, true);  // a warp closed
  if (top_edge && (c.walls & (1 << tl::kUp))) frame.fill(px, py - 2, cell + 1, 3, true);
}

// An actor of radius r: the yellow skiddy, the red one (or the penguin
// lost), or the penguin.
void draw_actor(Frame& frame, tl::Colour colour, int px, int py, int cell, int r, int ring) {
  const int m = cell / 2;
  if (colour == tl::Colour::kYellow) {  // a diamond, dithered inside
    diamond(frame, px + m, py + m, r, true);
    diamond(frame, px + m, py + m, r - ring - 1, false, r);
    for (int dy = -(r - ring - 2); dy <= r - ring - 2; ++dy) {
      const int half = r - ring - 2 - (dy < 0 ? -dy : dy);
      frame.fill(px + m - half, py + m + dy, 2 * half + 1, 1, kHalf);
    }
  } else if (colour == tl::Colour::kRed) {  // a solid disc with a white eye (Skiddy's red; the penguin lost)
    frame.disc(px + m, py + m, r, true);
    frame.disc(px + m, py + m, r / 3 > 1 ? r / 3 : 1, false);
  } else {  // the penguin: a ring with a solid middle
    frame.disc(px + m, py + m, r, false);
    frame.circle(px + m, py + m, r, ring);
    frame.disc(px + m, py + m, r / 2, true);
  }
}

// A fir: a solid triangle on a trunk.
void draw_tree(Frame& frame, int px, int py, int cell) {
  const int m = cell / 2;
  frame.fill(px + 3, py + 2, cell - 5, cell - 4, false);
  for (int i = 0; i < cell - 8; ++i) {
    const int half = i * (m - 3) / (cell - 8);
    frame.fill(px + m - half, py + 3 + i, 2 * half + 1, 1, true);
  }
  frame.fill(px + m - 1, py + cell - 6, 3, 4, true);
}

// Three solid spikes on a bar.
void draw_spikes(Frame& frame, int px, int py, int cell) {
  frame.fill(px + 2, py + 2, cell - 3, cell - 3, false);
  const int w = (cell - 4) / 3, h = cell - 7;
  for (int s = 0; s < 3; ++s)
    for (int i = 0; i < h; ++i) {
      const int half = i * (w / 2) / (h > 1 ? h - 1 : 1);
      frame.fill(px + 2 + s * w + w / 2 - half, py + 3 + i, 2 * half + 1, 1, true);
    }
  frame.fill(px + 2, py + cell - 4, cell - 3, 2, true);
}

// A bridge's planks between two rails, across (`horizontal`) or down.
void draw_bridge(Frame& frame, bool horizontal, int px, int py, int cell, int ring) {
  if (horizontal) {
    frame.fill(px + 1, py + 3, cell - 1, cell - 5, false);
    frame.fill(px, py + 3, cell, ring, true);
    frame.fill(px, py + cell - 2 - ring, cell, ring, true);
    for (int x = px + 3; x < px + cell - 1; x += 4) frame.fill(x, py + 3, 1, cell - 5, true);
  } else {
    frame.fill(px + 3, py + 1, cell - 5, cell - 1, false);
    frame.fill(px + 3, py, ring, cell, true);
    frame.fill(px + cell - 2 - ring, py, ring, cell, true);
    for (int y = py + 3; y < py + cell - 1; y += 4) frame.fill(px + 3, y, cell - 5, 1, true);
  }
}

// An angled wall: the filled corner, a triangle.
void draw_wedge(Frame& frame, int corner, int px, int py, int cell) {
  for (int i = 0; i < cell - 2; ++i) {
    const int len = cell - 2 - i;
    const int yy = corner < 2 ? py + 1 + i : py + cell - 2 - i;
    const int xx = corner % 2 == 0 ? px + 1 : px + cell - 1 - len;
    frame.fill(xx, yy, len, 1, kHalf);
    frame.set(corner % 2 == 0 ? xx + len - 1 : xx, yy, true);  // its face, solid
  }
}

// The piece on the cell: true when it drew the cell's label too.
bool draw_piece(Frame& frame, const tl::CellView& c, int px, int py, int cell) {
  const int m = cell / 2;
  const int r = cell / 2 - 2;
  const int ring = cell >= 16 ? 2 : 1;
  switch (c.shape) {
    case tl::Shape::kBall:  // The Last Ball's black ball solid, the white ones ringed; Golf Peaks' ball
      frame.disc(px + m, py + m, r, c.colour == tl::Colour::kBlack);
      if (c.colour != tl::Colour::kBlack) frame.circle(px + m, py + m, r, ring + (cell >= 20 ? 1 : 0));
      return false;
    case tl::Shape::kActor: draw_actor(frame, c.colour, px, py, cell, r, ring); return false;
    case tl::Shape::kDot:  // a line's end: a solid disc, its letter inside
      frame.disc(px + m, py + m, r, true);
      if (c.label[0]) centred_text(frame, c.label, px + m, py + m, cell, true);
      return true;
    case tl::Shape::kBlock:
      if (c.colour == tl::Colour::kCyan) {  // an ice cube: a thick outline, hatched
        frame.fill(px + 3, py + 3, cell - 5, cell - 5, kStripes);
        frame.rect(px + 2, py + 2, cell - 3, cell - 3, ring + 1);
      } else {
        bricks(frame, px, py, cell);
      }
      return false;
    case tl::Shape::kCrate:
      frame.fill(px + 3, py + 3, cell - 5, cell - 5, false);
      frame.rect(px + 3, py + 3, cell - 5, cell - 5, ring);
      frame.line(px + 4, py + 4, px + cell - 4, py + cell - 4, ring);
      frame.line(px + cell - 4, py + 4, px + 4, py + cell - 4, ring);
      return false;
    case tl::Shape::kTree: draw_tree(frame, px, py, cell); return false;
    case tl::Shape::kSpikes: draw_spikes(frame, px, py, cell); return false;
    case tl::Shape::kDoor:  // a door with its knob, its pair's digit on it
      frame.fill(px + 3, py + 2, cell - 5, cell - 3, false);
      frame.rect(px + 3, py + 2, cell - 5, cell - 3, ring);
      frame.disc(px + cell - 6, py + cell - 7, 1, true);
      if (c.label[0]) centred_text(frame, c.label, px + m - 1, py + m, cell, false);
      return true;
    case tl::Shape::kBridgeH: draw_bridge(frame, true, px, py, cell, ring); return false;
    case tl::Shape::kBridgeV: draw_bridge(frame, false, px, py, cell, ring); return false;
    case tl::Shape::kFlag: flag(frame, c.colour != tl::Colour::kYellow, px, py, cell); return false;
    case tl::Shape::kPit:
      if (c.colour == tl::Colour::kCyan) {  // a portal: a ring, its pair's number inside
        frame.disc(px + m, py + m, r, false);
        frame.circle(px + m, py + m, r, ring);
      } else {  // a pit: a hole with a white rim
        frame.fill(px, py, cell + 1, cell + 1, true);
        frame.disc(px + m, py + m, r, false);
        frame.disc(px + m, py + m, r - ring, true);
      }
      return false;
    case tl::Shape::kWedge: draw_wedge(frame, c.corner, px, py, cell); return false;
    default: return false;
  }
}

// Golf Peaks' Q, S, W0: large in the middle, on white.
void draw_centre_label(Frame& frame, const char* label, int px, int py, int cell) {
  const int m = cell / 2;
  const int scale = cell >= 16 ? 2 : 1;
  const int w = Frame::text_width(label, scale) + scale, h = 7 * scale;
  frame.fill(px + m - w / 2 - 1, py + m - h / 2 - 1, w + 2, h + 2, false);
  frame.rect(px + m - w / 2 - 1, py + m - h / 2 - 1, w + 2, h + 2);
  centred_text(frame, label, px + m, py + m, cell, false);
}

}  // namespace

void draw_square_cell(Frame& frame, const tl::CellView& c, bool left_edge, bool top_edge, int px, int py, int cell) {
  draw_ground(frame, c, px, py, cell);
  if (c.line || c.bridge) draw_pipes(frame, c, px, py, cell);
  draw_walls(frame, c, left_edge, top_edge, px, py, cell);
  const bool label_drawn = draw_piece(frame, c, px, py, cell);
  if (c.arrow >= 0 && c.shape == tl::Shape::kNone) arrow(frame, c.arrow, px, py, cell);
  if (c.label[0] && !label_drawn) draw_centre_label(frame, c.label, px, py, cell);
}

void draw_hex_cell(Frame& frame, const tl::BoardView& v, int x, int y, int px, int py, int cell) {
  // The way out of side d (east, west, north-east, south-west, north-west,
  // south-east) to the side's middle, in 1/8 cells.
  static const int kSideX[6] = {4, -4, 2, -2, -2, 2}, kSideY[6] = {0, 0, -3, 3, -3, 3};
  static const int kCornerX[6] = {0, 4, 4, 0, -4, -4}, kCornerY[6] = {-5, -2, 2, 5, 2, -2};
  const tl::CellView& c = v.at(x, y);
  if (c.floor == tl::Floor::kNone) return;
  const int m = cell / 2, cx = px + m, cy = py + m;
  for (int i = 0; i < 6; ++i)
    frame.line(cx + kCornerX[i] * cell / 8, cy + kCornerY[i] * cell / 9, cx + kCornerX[(i + 1) % 6] * cell / 8,
               cy + kCornerY[(i + 1) % 6] * cell / 9);
  const int t = cell / 4 > 2 ? cell / 4 : 2;
  for (int d = 0; d < 6; ++d) {
    const int dx = kSideX[d], dy = kSideY[d];
    if (c.links & (1 << d)) frame.line(cx, cy, cx + dx * cell / 8, cy + dy * cell / 8, t);
    if (((d & 1) || v.side_off_board(x, y, d)) && (c.walls & (1 << d)))
      frame.line(cx + dx * cell / 8 - dy * cell / 16, cy + dy * cell / 8 + dx * cell / 16,
                 cx + dx * cell / 8 + dy * cell / 16, cy + dy * cell / 8 - dx * cell / 16, 3);
    if (c.bridge && !(c.links & (1 << d)) && (c.bridge >> (d >> 1) & 1))
      frame.line(cx, cy, cx + dx * cell / 8, cy + dy * cell / 8, 1);
  }
  if (c.shape == tl::Shape::kDot) {
    frame.disc(cx, cy, cell / 2 - 3, true);
    if (c.label[0]) centred_text(frame, c.label, cx, cy, cell, true);
  } else if (c.shape == tl::Shape::kPit) {
    frame.circle(cx, cy, cell / 2 - 3, 2);
  }
}

void draw_card(Frame& frame, const tl::HandCard& card, bool chosen, int x, int y, int w, int h) {
  // The label: "1/" a jump of 1, "2-" a roll of 2, "1/2-" both.
  int jump = 0, roll = 0, number = 0;
  for (const char* s = card.label; *s; ++s) {
    if (*s >= '0' && *s <= '9') number = number * 10 + (*s - '0');
    else if (*s == '/') jump = number, number = 0;
    else if (*s == '-') roll = number, number = 0;
  }
  frame.fill(x, y, w, h, false);
  frame.rect(x, y, w, h, 2);
  const int mid = x + w / 2;
  char digits[16];
  int row = y + 4;
  if (jump) {  // an arc over the number
    const int q = w / 4;
    frame.line(mid - q, row + 7, mid - q / 2, row + 2, 2);
    frame.line(mid - q / 2, row + 2, mid + q / 2, row + 2, 2);
    frame.line(mid + q / 2, row + 2, mid + q, row + 7, 2);
    snprintf(digits, sizeof digits, "%d", jump);
    frame.text(mid - 3, row + 9, digits, 2);
    row += 23;
  }
  if (roll) {  // an arrow under the number
    snprintf(digits, sizeof digits, "%d", roll);
    frame.text(mid - 3, row, digits, 2);
    frame.fill(mid - w / 4, row + 14, w / 2, 2, true);
    for (int i = 0; i < 4; ++i) frame.fill(mid + w / 4 - i, row + 15 - i, 1, 2 * i, true);
  }
  snprintf(digits, sizeof digits, "x%d", card.count);
  frame.text(x + w - Frame::text_width(digits, 1) - 2, y + h - 8, digits, 1);
  if (chosen) frame.invert(x + 2, y + 2, w - 4, h - 4);
}

}  // namespace device
