// The line-puzzle engine: boards with no solution, said without a search
// (step 1 of the strategy in lines.h): lines that would cross on the rim or
// round a cluster of dots, and the checkerboard's count.
#include <algorithm>

#include "lines.h"

namespace tl {
namespace lines {

namespace {

// Calls visit(cell) for each cell of the board's rim, clockwise from the
// top-left corner: the top row, the right column, the bottom row back, the
// left column up.
template <typename Visit>
void walk_rim(const Puzzle& p, Visit visit) {
  const int w = p.width, h = p.height;
  for (int x = 0; x < w; ++x) visit(x);
  for (int y = 1; y < h; ++y) visit(y * w + w - 1);
  for (int x = w - 2; x >= 0 && h > 1; --x) visit((h - 1) * w + x);
  for (int y = h - 2; y >= 1 && w > 1; --y) visit(y * w);
}

bool black(const Puzzle& p, int cell) { return (cell % p.width + cell / p.width) % 2 == 0; }

}  // namespace

bool lines_cross_on_rim(const Puzzle& p) {
  if (p.colours < 2 || p.warps != 0 || !p.portal.empty() || !p.bridge.empty()) return false;
  // Each line's dots' places on the rim, clockwise. (Blocks and walls take
  // cells and sides away, never a crossing: a line from rim to rim still
  // cuts the board's outline in two.)
  int32_t first[kMaxColours + 1], second[kMaxColours + 1];  // (small: the device's stack)
  for (int k = 0; k <= p.colours; ++k) first[k] = second[k] = -1;
  int32_t place = 0;
  walk_rim(p, [&](int cell) {
    const int k = p.dot[(size_t)cell];
    if (k) (first[k] < 0 ? first[k] : second[k]) = place;
    ++place;
  });
  for (int a = 1; a <= p.colours; ++a) {
    if (second[a] < 0) continue;
    for (int b = a + 1; b <= p.colours; ++b) {
      if (second[b] < 0) continue;
      const bool b1_inside = first[b] > first[a] && first[b] < second[a];
      const bool b2_inside = second[b] > first[a] && second[b] < second[a];
      if (b1_inside != b2_inside) return true;
    }
  }
  return false;
}

bool checkerboard_unbalanced(const Puzzle& p) {
  if (p.colours == 0 || !p.planar() || p.hex) return false;
  // Cells (x + y) even are black, odd white: a line's cells alternate, so
  // it covers as many of each, or one more black when both its dots are
  // black, one more white when both are white. The lines fill the board.
  int64_t black_minus_white = 0;
  for (int c = 0; c < p.cells(); ++c)
    if (!p.is_block(c)) black_minus_white += black(p, c) ? 1 : -1;
  for (int k = 1; k <= p.colours; ++k) {
    const bool a_black = black(p, p.ends[k][0]);
    if (a_black == black(p, p.ends[k][1])) black_minus_white -= a_black ? 1 : -1;
  }
  return black_minus_white != 0;
}

bool lines_cross_round_dots(const Puzzle& p) {
  if (p.colours < 3 || !p.planar() || p.hex) return false;
  const int w = p.width, h = p.height;
  const int n = p.cells();
  // Each rim cell's place, clockwise from the top-left corner.
  std::vector<int32_t> rim(n > 0 ? (size_t)n : 0, -1);
  int32_t place = 0;
  walk_rim(p, [&](int cell) { rim[(size_t)cell] = place++; });
  auto dot_at = [&](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h && p.dot[(size_t)(y * w + x)] != 0; };
  std::vector<int32_t> cluster_of((size_t)n, -1), cells, contour;
  int clusters = 0;
  for (int start = 0; start < n; ++start) {
    if (!p.dot[(size_t)start] || cluster_of[(size_t)start] >= 0) continue;
    // The cluster: dots joined by sides or corners (no line passes between).
    const int id = clusters++;
    cells.assign(1, start);
    cluster_of[(size_t)start] = id;
    bool usable = true;
    for (size_t i = 0; i < cells.size(); ++i) {
      const int cx = cells[i] % w, cy = cells[i] / w;
      if (rim[(size_t)cells[i]] >= 0) usable = false;  // it touches the rim: no ring round it
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int x = cx + dx, y = cy + dy;
          if (x < 0 || y < 0 || x >= w || y >= h) continue;
          const int c = y * w + x;
          if (p.is_block(c)) usable = false;  // a block beside it: the hole is larger than the dots
          if (!p.dot[(size_t)c] || cluster_of[(size_t)c] >= 0) continue;
          cluster_of[(size_t)c] = id;
          cells.push_back(c);
        }
    }
    if (!usable || cells.size() < 3) continue;
    // Its outline, clockwise: walking along a side with the cluster on the
    // right, at each corner turn left into a cluster cell, else go on along
    // the next cluster cell, else turn right round this one.
    const int first = *std::min_element(cells.begin(), cells.end());  // topmost, then leftmost
    static const int kDx[4] = {1, 0, -1, 0}, kDy[4] = {0, 1, 0, -1};  // east, south, west, north: clockwise
    int x = first % w, y = first / w, d = 0;
    contour.clear();
    for (int steps = 0; steps < 8 * n; ++steps) {
      const int cell = y * w + x;
      if (contour.empty() || contour.back() != cell) contour.push_back(cell);
      const int left = (d + 3) % 4;
      if (dot_at(x + kDx[d] + kDx[left], y + kDy[d] + kDy[left])) {
        x += kDx[d] + kDx[left];
        y += kDy[d] + kDy[left];
        d = left;
      } else if (dot_at(x + kDx[d], y + kDy[d])) {
        x += kDx[d];
        y += kDy[d];
      } else {
        d = (d + 1) % 4;
      }
      if (x == first % w && y == first / w && d == 0) break;
    }
    if (contour.size() > 1 && contour.back() == contour.front()) contour.pop_back();
    // The lines from the cluster's outline to the rim, in the outline's
    // order: their places on the rim must go round in the same order (a
    // cluster cell met twice round the outline is left out: its line may
    // leave from either side).
    int32_t rim_places[kMaxColours + 1];
    int lines = 0;
    for (size_t i = 0; i < contour.size(); ++i) {
      const int c = contour[i];
      if (std::count(contour.begin(), contour.end(), c) != 1) continue;
      const int k = p.dot[(size_t)c];
      const int other = p.ends[k][0] == c ? p.ends[k][1] : p.ends[k][0];
      if (rim[(size_t)other] >= 0 && lines <= kMaxColours) rim_places[lines++] = rim[(size_t)other];
    }
    int descents = 0;
    for (int i = 0; i < lines; ++i) descents += rim_places[i] > rim_places[(i + 1) % lines];
    if (lines >= 3 && descents > 1) return true;
  }
  return false;
}

}  // namespace lines
}  // namespace tl
