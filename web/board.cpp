// board.cpp — the board as the picture's shapes (core/picture/picture.h),
// drawn with ImGui's draw list.
#include "board.h"

#include <math.h>
#include <string.h>

#include "core/picture/picture.h"

using tl::BoardView;

namespace {

ImU32 col32(picture::Rgba c) { return IM_COL32(c.r, c.g, c.b, c.a); }

// The picture's shapes through ImGui's draw list (the same shapes SVG, PNG
// and PDF pictures are made of).
void draw_marks(ImDrawList* dl, const picture::Picture& p) {
  ImFont* font = ImGui::GetFont();
  for (const picture::Mark& m : p.marks) {
    switch (m.kind) {
      case picture::Mark::kRect:
        if (m.fill.a) dl->AddRectFilled(ImVec2(m.x, m.y), ImVec2(m.x + m.w, m.y + m.h), col32(m.fill), m.round);
        if (m.stroke.a) dl->AddRect(ImVec2(m.x, m.y), ImVec2(m.x + m.w, m.y + m.h), col32(m.stroke), m.round, 0, m.width);
        break;
      case picture::Mark::kCircle:
        if (m.fill.a) dl->AddCircleFilled(ImVec2(m.x, m.y), m.w, col32(m.fill), m.w > 8 ? 32 : 12);
        if (m.stroke.a) dl->AddCircle(ImVec2(m.x, m.y), m.w, col32(m.stroke), m.w > 8 ? 32 : 12, m.width);
        break;
      case picture::Mark::kLine: dl->AddLine(ImVec2(m.x, m.y), ImVec2(m.w, m.h), col32(m.stroke), m.width); break;
      case picture::Mark::kPolygon: {
        ImVec2 points[8];
        const int n = (int)(m.points.size() / 2) < 8 ? (int)(m.points.size() / 2) : 8;
        for (int i = 0; i < n; ++i) points[i] = ImVec2(m.points[(size_t)(2 * i)], m.points[(size_t)(2 * i + 1)]);
        if (m.fill.a) dl->AddConvexPolyFilled(points, n, col32(m.fill));
        if (m.stroke.a) dl->AddPolyline(points, n, col32(m.stroke), ImDrawFlags_Closed, m.width);
        break;
      }
      case picture::Mark::kText: {
        const ImVec2 size = font->CalcTextSizeA(m.h, 1e9f, 0, m.text.c_str());
        const ImVec2 at(m.centred ? m.x - size.x * 0.5f : m.x, m.y - size.y * 0.5f);
        dl->AddText(font, m.h, at, col32(m.fill), m.text.c_str());
        break;
      }
    }
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
  const picture::Layout at = picture::fit_board(view, min.x, min.y, max.x - min.x, max.y - min.y);
  layout.origin = ImVec2(at.x, at.y);
  layout.cell = at.cell;
  layout.row = at.row;
  layout.hex = at.hex;
  static picture::Picture shapes;  // (kept: its storage serves every frame)
  shapes.marks.clear();
  picture::draw_board(view, at, &shapes);
  draw_marks(dl, shapes);
  return layout;
}

void draw_cell(ImDrawList* dl, ImVec2 min, ImVec2 max, const tl::CellView& cell) {
  static BoardView one;  // (kept: its storage serves every frame)
  one.reset(1, 1);
  one.cells[0] = cell;
  draw_board(dl, min, max, one);
}

namespace {

// Two cells look alike, heights aside (and the piece on them, unless `piece`).
bool alike(const tl::CellView& a, const tl::CellView& b, bool piece) {
  if (a.floor != b.floor || a.arrow != b.arrow || strcmp(a.label, b.label) != 0 || a.bridge != b.bridge) return false;
  if (!piece) return true;
  return a.shape == b.shape && a.colour == b.colour && a.corner == b.corner && (a.shape != tl::Shape::kDot || a.line == b.line);
}

// The name of the brush that looks like `cell` ("" when none does).
std::string brush_like(const tl::GameInfo& game, const tl::CellView& cell, bool piece) {
  if (!game.brush_view) return "";
  for (int i = 0; i < game.palette_count; ++i) {
    tl::CellView b;
    if (!game.brush_view(i, &b) || (game.palette[i].flags & (tl::kBrushListed | tl::kBrushSides | tl::kBrushPairs)))
      continue;
    if (alike(b, cell, piece)) {
      std::string name = game.palette[i].name;
      const size_t at = name.find(", height 0");  // a height brush's: the height is said below
      if (at != std::string::npos) name.erase(at);
      return name;
    }
  }
  return "";
}

}  // namespace

std::string cell_name(const tl::GameInfo& game, const tl::CellView& cell) {
  std::string name = brush_like(game, cell, true);
  if (name.empty() && cell.shape != tl::Shape::kNone) {
    // A piece on a tile: each by its own brush.
    tl::CellView ground = cell;
    ground.shape = tl::Shape::kNone;
    ground.colour = tl::Colour::kDefault;
    ground.corner = 0;
    std::string under = brush_like(game, ground, true);
    tl::CellView piece;
    std::string on;
    for (int i = 0; game.brush_view && i < game.palette_count && on.empty(); ++i)
      if (game.brush_view(i, &piece) && piece.shape == cell.shape && piece.colour == cell.colour &&
          (cell.shape != tl::Shape::kDot || piece.line == cell.line))
        on = game.palette[i].name;
    name = on.empty() ? under : under.empty() || under == game.palette[0].name ? on : on + " on " + under;
  }
  if (name.empty()) name = game.palette_count ? game.palette[0].name : "empty";
  if (cell.height > 0) name += ", height " + std::to_string(cell.height);
  return name;
}
