// The line-puzzle engine: the board model (neighbours round warps, portals
// and bridges, walls) and the check of a solution under a rule set.
#include "core/base/grid.h"
#include "lines.h"

namespace tl {
namespace lines {

const char* rule_set_name(RuleSet rules) { return rules == RuleSet::kFill ? "fill" : "no-touch"; }

// One step on the grid, round a warped edge when `round`; -1 off the board.
int Puzzle::step(int cell, int dir, bool round) const {
  int x = cell % width, y = cell / width;
  if (!hex) {
    x += dir_dx(dir);
    y += dir_dy(dir);
  } else {  // odd rows sit half a cell right: a step up or down goes right from one, left from an even one
    const int odd = y & 1;
    x += dir == kEast ? 1 : dir == kWest ? -1 : (dir == kNorthEast || dir == kSouthEast) ? odd : odd - 1;
    y += dir == kEast || dir == kWest ? 0 : dir == kNorthEast || dir == kNorthWest ? -1 : 1;
  }
  if (round && (warps & kWarpRows)) x = x < 0 ? width - 1 : x >= width ? 0 : x;
  if (round && (warps & kWarpColumns)) y = y < 0 ? height - 1 : y >= height ? 0 : y;
  return x < 0 || y < 0 || x >= width || y >= height ? -1 : y * width + x;
}

bool Puzzle::row_warps(int y) const {
  return (warps & kWarpRows) && !walled(y * width, hex ? (int)kWest : (int)kLeft);
}

bool Puzzle::column_warps(int x) const {
  return (warps & kWarpColumns) && !(hex ? walled(x, kNorthWest) && walled(x, kNorthEast) : walled(x, kUp));
}

int Puzzle::lane(int cell, int axis) const {
  if (!is_bridge(cell)) return cell;
  const uint8_t axes = bridge[(size_t)cell];
  if (!(axes >> axis & 1)) return -1;
  if (!(axes & ((1 << axis) - 1))) return cell;  // the bridge's first axis: the cell itself
  for (size_t k = 0; k < lane_cell_.size(); ++k)
    if (lane_cell_[k] == cell && lane_axis_[(size_t)cells() + k] == axis) return cells() + (int)k;
  return -1;
}

void Puzzle::index_lanes() {
  lane_cell_.clear();
  lane_axis_.clear();
  if (bridge.empty()) return;
  lane_axis_.assign((size_t)cells(), -1);
  for (int c = 0; c < cells(); ++c)
    for (int axis = 0, first = 1; axis < 3; ++axis) {
      if (!(bridge[(size_t)c] >> axis & 1)) continue;
      if (first) {
        lane_axis_[(size_t)c] = (int8_t)axis;
        first = 0;
        continue;
      }
      lane_cell_.push_back((int32_t)c);
      lane_axis_.push_back((int8_t)axis);
    }
}

int Puzzle::neighbour(int node, int dir) const {
  const int cell = cell_of(node);
  const int axis = axis_at(node);
  if (axis >= 0 && axis != axis_of(dir)) return -1;  // a bridge's lane runs one way
  int n = step(cell, dir);
  if (n < 0 || plain()) return n;
  if (walled(cell, dir) || is_block(cell) || is_block(n) || is_portal(cell)) return -1;
  if (is_portal(n)) {  // through a portal: out of its partner on the opposite side, going on the same way
    const int q = portal[(size_t)n];
    if (walled(q, dir)) return -1;
    n = step(q, dir);
    if (n < 0 || is_block(n) || is_portal(n) || n == cell) return -1;
  }
  return is_bridge(n) ? lane(n, axis_of(dir)) : n;
}

int Puzzle::doubled_neighbour() const {
  if (warps == 0 && portal.empty()) return -1;
  for (int c = 0; c < nodes(); ++c)
    for (int d = 0; d < dirs(); ++d) {
      const int n = neighbour(c, d);
      bool twice = n == c;
      for (int e = 0; e < d && n >= 0; ++e) twice = twice || neighbour(c, e) == n;
      if (n >= 0 && twice) return c;
    }
  return -1;
}

int Puzzle::open_cells() const {
  int n = nodes();
  for (uint8_t b : block) n -= b;
  for (int32_t q : portal) n -= q >= 0;
  return n;
}

void Puzzle::add_wall(int cell, int dir, bool round) {
  const int n = step(cell, dir, round);
  if (n < 0) return;
  if (wall.empty()) wall.assign((size_t)cells(), 0);
  wall[(size_t)cell] |= (uint8_t)(1 << dir);
  wall[(size_t)n] |= (uint8_t)(1 << (dir ^ 1));
}

bool check_solution(const Puzzle& p, const Solution& s, RuleSet rules, Error* err) {
  const int n = p.nodes();
  if ((int)s.colour.size() != n || (int)s.lines.size() != p.colours) return fail(err, 0, 0, "not a whole board");
  std::vector<int> seen((size_t)n, 0);  // per node: 1 + its index on its line
  for (int c = 1; c <= p.colours; ++c) {
    const std::vector<int32_t>& line = s.lines[(size_t)c - 1];
    if (line.size() < 2 || line.front() != p.ends[c][0] || line.back() != p.ends[c][1])
      return fail(err, 0, 0, "the '%c' line does not join its two dots", p.letter[c]);
    for (size_t i = 0; i < line.size(); ++i) {
      const int node = line[i];  // a cell, or a bridge's lane
      if (node >= n || seen[(size_t)node] || s.colour[(size_t)node] != c)
        return fail(err, 0, 0, "the '%c' line crosses another or itself", p.letter[c]);
      const int cell = p.cell_of(node);
      if (p.is_block(cell) || p.is_portal(cell))
        return fail(err, 0, 0, "the '%c' line runs through a %s", p.letter[c], p.is_block(cell) ? "block" : "portal");
      if (i > 0) {
        bool adjacent = false;
        for (int d = 0; d < p.dirs(); ++d) adjacent = adjacent || p.neighbour(line[i - 1], d) == node;
        if (!adjacent) return fail(err, 0, 0, "the '%c' line jumps between cells that do not touch", p.letter[c]);
      }
      if (i > 0 && i + 1 < line.size() && p.dot_at(node))
        return fail(err, 0, 0, "the '%c' line runs through a dot", p.letter[c]);
      seen[(size_t)node] = (int)i + 1;
    }
  }
  for (int node = 0; node < n; ++node) {
    const int cell = p.cell_of(node);
    if (!seen[(size_t)node] && !p.is_block(cell) && !p.is_portal(cell))
      return fail(err, cell / p.width + 1, cell % p.width + 1, "row %d, column %d is not filled%s", cell / p.width + 1,
                  cell % p.width + 1, p.is_bridge(cell) ? " (a line crosses a bridge each way it has)" : "");
  }
  if (rules == RuleSet::kNoTouch)
    for (int node = 0; node < n; ++node)
      for (int d = 0; d < p.dirs(); ++d) {
        const int cell = p.cell_of(node);
        const int o = p.neighbour(node, d);
        if (o < 0 || s.colour[(size_t)o] != s.colour[(size_t)node]) continue;
        const int i = seen[(size_t)node], j = seen[(size_t)o];
        if (i - j != 1 && j - i != 1)
          return fail(err, cell / p.width + 1, cell % p.width + 1,
                      "row %d, column %d: the '%c' line runs beside itself (no-touch)", cell / p.width + 1,
                      cell % p.width + 1, p.letter[s.colour[(size_t)node]]);
      }
  return true;
}

}  // namespace lines
}  // namespace tl
