// Flow: the article's generator.
//
// Starting from an empty board, it picks where the next line starts, draws
// the line a cell at a time with one of the article's line-drawing
// algorithms, puts its two dots at its ends, and goes on until the board is
// full. Every line keeps the article's rules: it is at least three cells long
// (so same-colour dots are never next to each other) and never runs beside
// itself (no zig-zag: a line that could have entered a cell earlier and
// didn't may never enter it); a line already drawn is a wall to the next. A
// line too short to keep them joins the end of a line beside it, or the
// attempt is dropped.
//
// Beyond the article, every level has a unique solution under the rules the
// options name, proven by the solver: when a second solution turns up, a line
// of ours that it draws differently is cut in two (new dots where it is cut),
// which the second solution can no longer satisfy, and the level is checked
// again; a level that stays ambiguous is dropped. Every choice is drawn from
// the seed's Rng in order, so a seed gives the same level on every target.
//
// [SECTION] The line drawer
// [SECTION] The board before any line, and the level its lines make
// [SECTION] Names, limits, difficulty and options
// [SECTION] The generator, attempt by attempt
// [SECTION] Parameters and the game table's entry points
#include <stdio.h>
#include <string.h>

#include <algorithm>

#include "core/base/grid.h"
#include "core/base/rng.h"
#include "core/game/generator.h"
#include "flow.h"
#include "core/search/rating.h"

namespace tl {
namespace flow {

namespace {

constexpr int kAttempts = 2000;  // a drawing is cheap; the random algorithms strand many
constexpr int kRepairs = 8;  // lines cut in two to make one level unique
// What all the uniqueness proofs of one generate may search: this many
// positions divided by the board's width plus height (a position costs about
// as much as the frontier is long), so a setting whose levels cannot be
// proven unique (fill on a 40x40 board, warps all round a 12x22 hex board)
// says so in a few seconds instead of minutes: 6,000,000 positions on a
// 10x10 board, 1,500,000 on a 40x40. Counted in positions, not time, so a
// seed gives the same level, or the same refusal, on every target. At most
// 15,000,000 positions (4x4): an int (the device's printf has no %llu).
constexpr uint64_t kProofWork = 120000000;

// [SECTION] The line drawer
// Where a line goes next, as each algorithm likes it: a score a candidate
// cell (higher is better); ties are broken by the Rng.
class Drawer {
 public:
  Drawer(const GenerateOptions& o, const Puzzle& board, Algorithm algorithm, Rng& rng)
      : o_(o), board_(board), algorithm_(algorithm), rng_(rng), n_(board.nodes()), dirs_(board.dirs()) {
    owner_.assign((size_t)n_, 0);
    for (int c = 0; c < board.cells(); ++c)
      if (board.is_portal(c) || board.is_block(c)) owner_[(size_t)c] = kNotACell;
  }

  // Draws lines until the board is full; false when a cell is stranded.
  bool fill(std::vector<std::vector<int32_t>>* lines, GenerateFigures* figures) {
    lines->clear();
    int empty = board_.open_cells();
    while (empty > 0) {
      const int start = pick_start();
      if (start < 0) {  // only bridges' lanes left: no line may start or end on one
        ++figures->stranded;
        return false;
      }
      std::vector<int32_t> line(1, (int32_t)start);
      const int id = (int)lines->size() + 1;
      owner_[(size_t)start] = id;
      const int longest = o_.max_line > 0 ? o_.max_line : n_;
      const int target = (int)rng_.range(3, longest < 3 ? 3 : longest);
      int dir = -1;
      // Past its length a line still takes a cell its end would wall in, and
      // never ends on a bridge.
      while ((int)line.size() < target || (line.size() < (size_t)longest && end_walls_in(line.back())) ||
             board_.axis_at(line.back()) >= 0 || empty_lane_beside(line.back()) >= 0) {
        int next = pick_next(line, id, &dir);
        if (next < 0) break;
        owner_[(size_t)next] = id;
        line.push_back((int32_t)next);
      }
      if (board_.axis_at(line.back()) >= 0) {
        ++figures->stranded;
        return false;
      }
      empty -= (int)line.size();
      if (line.size() < 3 && !join_neighbour(line, lines)) {
        ++figures->stranded;
        return false;
      }
      if (line.size() >= 3) lines->push_back(line);
    }
    return true;
  }

 private:
  // The board's adjacency (warps, portals): as the article says of its
  // shadows, the algorithms need not know, only the adjacency changes.
  int neighbour(int cell, int d) const { return board_.neighbour(cell, d); }
  int empty_neighbours(int cell) const {
    int n = 0;
    for (int d = 0; d < dirs_; ++d) {
      const int y = neighbour(cell, d);
      n += y >= 0 && owner_[(size_t)y] == 0;
    }
    return n;
  }
  // Cells beside `cell` that are walls to a line: the border and drawn lines.
  int walls_beside(int cell) const { return dirs_ - empty_neighbours(cell); }
  int edge_distance(int node) const {
    const int cell = board_.cell_of(node), x = cell % o_.width, y = cell / o_.width;
    int d = x < y ? x : y;
    if (o_.width - 1 - x < d) d = o_.width - 1 - x;
    if (o_.height - 1 - y < d) d = o_.height - 1 - y;
    return d;
  }
  bool backwards() const { return algorithm_ == Algorithm::kBackwards || algorithm_ == Algorithm::kBackwardsRandom; }

  // The most cornered empty cell (fewest empty neighbours) starts the next
  // line, so no cell is left behind with no way out; reading order breaks
  // ties, from the end for the backwards algorithms, at random for random.
  int pick_start() {
    const int cells = board_.cells();
    int best = -1, best_free = kMaxDirs + 1, ties = 0;
    for (int k = 0; k < cells; ++k) {
      const int c = backwards() ? cells - 1 - k : k;
      if (owner_[(size_t)c] || board_.is_bridge(c)) continue;
      const int f = empty_neighbours(c);
      if (f < best_free) {
        best = c;
        best_free = f;
        ties = 1;
      } else if (f == best_free && algorithm_ == Algorithm::kRandom && rng_.below((uint32_t)++ties) == 0) {
        best = c;
      }
    }
    return best;
  }

  // An empty bridge lane beside a node, along the lane's axis (the node
  // is one of its two ends), or -1.
  int empty_lane_beside(int node) const {
    if (board_.bridge.empty()) return -1;
    for (int d = 0; d < dirs_; ++d) {
      const int y = neighbour(node, d);
      if (y >= 0 && owner_[(size_t)y] == 0 && board_.axis_at(y) >= 0) return d;
    }
    return -1;
  }

  // The next cell of line `id`, or -1 when it cannot go on.
  int pick_next(const std::vector<int32_t>& line, int id, int* dir) {
    const int at = line.back();
    // A bridge lane beside the end must be crossed now: once the line leaves,
    // the lane has lost one of the two cells it runs between.
    const int lane_dir = empty_lane_beside(at);
    if (lane_dir >= 0) {
      const int y = neighbour(at, lane_dir);
      if (touches_line(y, at, id)) return -1;
      *dir = lane_dir;
      return y;
    }
    int best = -1, best_score = -1000000, ties = 0;
    for (int d = 0; d < dirs_; ++d) {
      const int x = neighbour(at, d);
      if (x < 0 || owner_[(size_t)x] || touches_line(x, at, id)) continue;
      // Never wall in an empty cell beside x: it could take no line.
      int score = strands_neighbour(x) ? -100 : 0;
      const bool straight = d == *dir;
      switch (algorithm_) {
        case Algorithm::kEdges:  // keep the same distance to the edge, then straight on
          score += (edge_distance(x) == edge_distance(at) ? 4 : 0) + (straight ? 2 : 0) - edge_distance(x);
          break;
        case Algorithm::kWalls:  // hug the walls and the lines drawn so far
          score += 4 * walls_beside(x) + (straight ? 1 : 0);
          break;
        case Algorithm::kBackwards:  // straight lines
          score += straight ? 1 : 0;
          break;
        default:  // random, backwards random: any way alike
          break;
      }
      if (score > best_score) {
        best = x;
        best_score = score;
        ties = 1;
        *dir = d;
      } else if (score == best_score && rng_.below((uint32_t)++ties) == 0) {
        best = x;
        *dir = d;
      }
    }
    return best;
  }

  // Whether an empty cell beside a line's end has no other way out.
  bool end_walls_in(int end) const {
    for (int d = 0; d < dirs_; ++d) {
      const int y = neighbour(end, d);
      if (y >= 0 && owner_[(size_t)y] == 0 && empty_neighbours(y) == 0) return true;
    }
    return false;
  }

  // Whether taking x leaves an empty cell beside it with no empty neighbour.
  bool strands_neighbour(int x) const {
    for (int d = 0; d < dirs_; ++d) {
      const int y = neighbour(x, d);
      if (y >= 0 && owner_[(size_t)y] == 0 && empty_neighbours(y) <= 1) return true;
    }
    return false;
  }

  // No zig-zag: x may not touch line `id` anywhere but at its end `at`.
  bool touches_line(int x, int at, int id) const {
    for (int d = 0; d < dirs_; ++d) {
      const int y = neighbour(x, d);
      if (y >= 0 && y != at && owner_[(size_t)y] == id) return true;
    }
    return false;
  }

  // A line of one or two cells joins a line whose end is beside it, when the
  // longer line still keeps the rules.
  bool join_neighbour(const std::vector<int32_t>& stub, std::vector<std::vector<int32_t>>* lines) {
    const int stub_id = (int)lines->size() + 1;
    for (int end = 0; end < 2; ++end) {
      const int cell = end == 0 ? stub.front() : stub.back();
      for (int d = 0; d < dirs_; ++d) {
        const int y = neighbour(cell, d);
        if (y < 0 || owner_[(size_t)y] == 0 || owner_[(size_t)y] == stub_id) continue;
        std::vector<int32_t>& other = (*lines)[(size_t)owner_[(size_t)y] - 1];
        const bool at_back = other.back() == y, at_front = other.front() == y;
        if (!at_back && !at_front) continue;
        // The stub, walked from the cell beside the other line's end.
        std::vector<int32_t> walk(stub.begin(), stub.end());
        if (end == 1) std::vector<int32_t>(stub.rbegin(), stub.rend()).swap(walk);
        if (!can_extend(other, at_back, walk, owner_[(size_t)y])) continue;
        for (int32_t c : walk) owner_[(size_t)c] = owner_[(size_t)y];
        if (at_back) other.insert(other.end(), walk.begin(), walk.end());
        else other.insert(other.begin(), walk.rbegin(), walk.rend());
        return true;
      }
    }
    return false;
  }

  bool can_extend(const std::vector<int32_t>& other, bool at_back, const std::vector<int32_t>& walk, int id) {
    int prev = at_back ? other.back() : other.front();
    for (int32_t c : walk) {
      for (int d = 0; d < dirs_; ++d) {
        const int y = neighbour(c, d);
        if (y >= 0 && y != prev && owner_[(size_t)y] == id) return false;
      }
      prev = c;
    }
    return true;
  }

  static constexpr int kNotACell = 1 << 30;  // owner_ of a portal: never drawn on
  const GenerateOptions& o_;
  const Puzzle& board_;  // the topology: size, warps, portals
  Algorithm algorithm_;
  Rng& rng_;
  int n_;     // the board's nodes (cells, and bridges' further lanes)
  int dirs_;  // 4, or 6 on a hex board
  std::vector<int> owner_;  // per node: 0, or 1 + the index of the line on it
};

// [SECTION] The board before any line, and the level its lines make
// The board before any line: the design (size, shape, pattern, warps), and
// o.portals pairs of portals on random cells (a placement that makes two
// cells neighbours twice is drawn again), then o.bridges bridges on random
// inner cells (every side leads on); false when none was found.
bool place_features(const GenerateOptions& o, const Puzzle& design, Rng& rng, Puzzle* board) {
  *board = design;
  if (o.portals == 0 && o.bridges == 0) return true;
  const int n = o.width * o.height;
  for (int tries = 0; tries < 64; ++tries) {
    board->portal.clear();
    board->bridge.clear();
    board->index_lanes();
    if (o.portals) board->portal.assign((size_t)n, -1);
    for (int k = 0; k < o.portals; ++k) {
      int a, b;
      do a = (int)rng.below((uint32_t)n);
      while (board->portal[(size_t)a] >= 0 || board->is_block(a));
      do b = (int)rng.below((uint32_t)n);
      while (b == a || board->portal[(size_t)b] >= 0 || board->is_block(b));
      board->portal[(size_t)a] = (int32_t)b;
      board->portal[(size_t)b] = (int32_t)a;
    }
    if (board->doubled_neighbour() >= 0) continue;
    std::vector<int> inner;  // cells every side of which leads on
    for (int c = 0; c < n && o.bridges; ++c) {
      bool open = !board->is_block(c) && !board->is_portal(c);
      for (int d = 0; d < board->dirs() && open; ++d) open = board->neighbour(c, d) >= 0;
      if (open) inner.push_back(c);
    }
    if ((int)inner.size() < o.bridges) return false;
    if (o.bridges) board->bridge.assign((size_t)n, 0);
    for (int k = 0; k < o.bridges; ++k) {
      const size_t at = rng.below((uint32_t)(inner.size() - (size_t)k));
      board->bridge[(size_t)inner[at]] = board->hex ? kCrossThree : kSquareBridge;
      std::swap(inner[at], inner[inner.size() - 1 - (size_t)k]);
    }
    board->index_lanes();
    return true;
  }
  return false;
}

// Cuts a line of ours that the other solution draws differently in two (both
// halves at least three cells); false when no line can be cut.
bool cut_a_differing_line(const Puzzle& board, std::vector<std::vector<int32_t>>* lines, const Solution& ours,
                          const Solution& other, Rng& rng) {
  std::vector<int> candidates;
  for (size_t i = 0; i < lines->size(); ++i) {
    const std::vector<int32_t>& l = (*lines)[i];
    if (l.size() < 6) continue;
    bool differs = false;
    for (int32_t c : l) differs = differs || other.colour[c] != ours.colour[c];
    if (differs) candidates.push_back((int)i);
  }
  if (candidates.empty()) return false;
  std::vector<int32_t>& l = (*lines)[(size_t)candidates[rng.below((uint32_t)candidates.size())]];
  int at = (int)rng.range(3, (int32_t)l.size() - 3);  // the second half starts here
  // New dots go on cells, never on a bridge's lane: the cut moves on past one.
  while (at <= (int)l.size() - 3 && (board.axis_at(l[(size_t)at - 1]) >= 0 || board.axis_at(l[(size_t)at]) >= 0)) ++at;
  if (at > (int)l.size() - 3) return false;
  std::vector<int32_t> second(l.begin() + at, l.end());
  l.resize((size_t)at);
  lines->push_back(second);
  return true;
}

}  // namespace

void level_of_lines(const Puzzle& board, const std::vector<std::vector<int32_t>>& lines, Puzzle* p, Solution* s) {
  static const char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  *p = board;
  p->dot.assign((size_t)(board.cells()), 0);
  std::vector<int> line_of_cell((size_t)(board.cells()), -1);
  for (size_t i = 0; i < lines.size(); ++i) {
    line_of_cell[lines[i].front()] = (int)i;
    line_of_cell[lines[i].back()] = (int)i;
  }
  std::vector<int> colour_of(lines.size(), 0);
  p->colours = 0;
  for (int c = 0; c < board.cells(); ++c) {
    const int i = line_of_cell[(size_t)c];
    if (i < 0) continue;
    if (colour_of[(size_t)i] == 0) {
      colour_of[(size_t)i] = ++p->colours;
      p->letter[p->colours] = kLetters[p->colours - 1];
    }
    p->dot[(size_t)c] = (uint8_t)colour_of[(size_t)i];
  }
  s->colour.assign((size_t)board.nodes(), 0);
  s->lines.assign((size_t)p->colours, std::vector<int32_t>());
  for (size_t i = 0; i < lines.size(); ++i) {
    const int k = colour_of[i];
    std::vector<int32_t> line = lines[i];
    if (line.front() > line.back()) std::vector<int32_t>(line.rbegin(), line.rend()).swap(line);
    p->ends[k][0] = (int32_t)line.front();
    p->ends[k][1] = (int32_t)line.back();
    for (int32_t c : line) s->colour[c] = (uint8_t)k;
    s->lines[(size_t)k - 1] = line;
  }
}

// [SECTION] Names, limits, difficulty and options
const char* algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::kEdges: return "edges";
    case Algorithm::kRandom: return "random";
    case Algorithm::kBackwards: return "backwards";
    case Algorithm::kBackwardsRandom: return "backwards-random";
    case Algorithm::kWalls: return "walls";
    case Algorithm::kMix: return "mix";
  }
  return "?";
}

SearchLimits same_limits_everywhere() {
  SearchLimits limits;
  limits.max_positions = 200000;
  limits.max_memo_bytes = (size_t)2 << 20;  // the device's
  return limits;
}

Difficulty difficulty(const Puzzle& puzzle, RuleSet rules, SolveFigures* figures) {
  // The line search draws as a player does, from the dots, taking the line
  // with the fewest ways on; on wide open boards it can guess for minutes,
  // so it stops at 200,000 positions.
  SolveFigures f = search_lines(puzzle, rules, 2, same_limits_everywhere(), nullptr, nullptr, LineOrder::kFewestWays);
  if (figures) *figures = f;
  Difficulty d;
  if (!f.solvable && !f.capped) return d;
  const uint64_t cells = (uint64_t)puzzle.cells();
  d.add(Reason::kLookahead, f.lookahead, 80 * log2_16(f.lookahead) / 16);
  d.add(Reason::kGuesses, f.branches, 40 * log2_16(1 + f.branches) / 16);
  d.add(Reason::kBoard, cells, 15 * log2_16(cells) / 16);
  d.finish();
  return d;
}

bool check_options(const GenerateOptions& o, Puzzle* design, Error* err) {
  if (o.width < kMinMadeSide || o.height < kMinMadeSide || o.width > kMaxMadeSide || o.height > kMaxMadeSide)
    return fail(err, 0, 0, "size: %dx%d; boards are %dx%d to %dx%d", o.width, o.height, kMinMadeSide, kMinMadeSide, kMaxMadeSide,
                kMaxMadeSide);
  if (2 * o.portals + o.bridges > o.width * o.height / 2)
    return fail(err, 0, 0, "portals, bridges: %d pairs and %d bridges take more than half a %dx%d board", o.portals,
                o.bridges, o.width, o.height);
  if (!design_board(o.shape, o.pattern, o.width, o.height, o.warps, design, err)) return false;
  // Lines that cannot fill the board: at most kMaxColours of them, each at
  // most max_line cells; and min_lines lines of three cells at least (a
  // line's dots are never side by side) must fit.
  const int open = design->open_cells();
  if (o.max_line > 0 && open > kMaxColours * o.max_line)
    return fail(err, 0, 0, "max_line: %d lines of at most %d cells cannot fill the %d cells of a %dx%d board; raise "
                "max_line to %d or more (0: no limit), or use a smaller board", kMaxColours, o.max_line, open, o.width,
                o.height, (open + kMaxColours - 1) / kMaxColours);
  if (3 * o.min_lines > open)
    return fail(err, 0, 0, "lines: %d lines of three cells or more do not fit in the %d cells of a %dx%d board; ask for "
                "at most %d", o.min_lines, open, o.width, o.height, open / 3);
  return true;
}

// [SECTION] The generator, attempt by attempt
namespace {

// The generator as a resumable loop over its attempts: a piece is an
// attempt's board drawn (its open cells counted as positions), or part of a
// uniqueness proof of it (its positions: the proof pauses where the slice
// runs out and goes on in the next), after which a line may be cut and the
// next proof begins.
class Generator {
 public:
  enum class Status : uint8_t { kGoing, kFound, kFailed };
  Generator(const GenerateOptions& o, const char* seed, Puzzle* out, GenerateFigures* figures)
      : o_(o), rng_(seed), out_(out), fig_(*figures), design_(new Puzzle), board_(new Puzzle) {
    fig_ = GenerateFigures();
  }
  // False (err set) when the options cannot go together.
  bool check(Error* err) {
    if (check_options(o_, design_.get(), err)) return true;
    fig_.bad_options = true;
    return false;
  }
  // A level with a unique solution: in *out, its lines in solution().
  const Solution& solution() const { return ours_; }

  Status advance(SliceBudget* budget, Error* err) {
    if (!in_attempt_) return begin_attempt(budget, err);
    // What all the proofs of one generate may search: see kProofWork.
    const uint64_t budget_all = kProofWork / (uint64_t)(o_.width + o_.height);
    bool over = repair_ > kRepairs || (int)lines_.size() > kMaxColours;
    if (!over) {
      if (!proof_) {
        level_of_lines(*board_, lines_, out_, &ours_);
        first_ = Solution();
        SearchLimits left = same_limits_everywhere();  // a level is kept or dropped alike on every target
        if (budget_all - fig_.nodes < left.max_positions) left.max_positions = budget_all - fig_.nodes;
        proof_ = begin_solve(*out_, o_.unique, 2, left, &first_, &second_);
      }
      if (!proof_->run(&budget->left)) return Status::kGoing;  // the proof goes on in the next slice
      const SolveFigures f = proof_->figures();
      proof_.reset();
      fig_.nodes += f.nodes;
      fig_.search_spent = fig_.nodes >= budget_all;
      if (f.capped) {
        ++fig_.capped;
        over = true;
      } else if (f.count == 1) {
        unique_ = true;
        over = true;
      } else if (fig_.search_spent) {
        over = true;
      } else {
        ++fig_.repairs;
        // Cut a line of the solution that is not ours (either may be).
        over = !cut_a_differing_line(*board_, &lines_, ours_, second_.lines != ours_.lines ? second_ : first_, rng_);
        ++repair_;
      }
    }
    if (!over) return Status::kGoing;
    in_attempt_ = false;
    if (!unique_) {
      ++fig_.not_unique;
      return Status::kGoing;
    }
    if ((int)lines_.size() < o_.min_lines) {
      ++fig_.too_few_lines;
      return Status::kGoing;
    }
    fig_.algorithm = algorithm_;
    return Status::kFound;
  }

 private:
  Status begin_attempt(SliceBudget* budget, Error* err) {
    if (fig_.attempts == kAttempts || fig_.search_spent) return give_up(err);
    fig_.attempts++;
    budget->spend((uint64_t)(o_.width * o_.height));
    algorithm_ = o_.algorithm;
    if (algorithm_ == Algorithm::kMix) algorithm_ = (Algorithm)rng_.below((uint32_t)Algorithm::kMix);
    lines_.clear();
    if (!place_features(o_, *design_, rng_, board_.get())) return Status::kGoing;
    Drawer drawer(o_, *board_, algorithm_, rng_);
    if (!drawer.fill(&lines_, &fig_)) return Status::kGoing;
    ours_ = Solution();
    second_ = Solution();
    unique_ = false;
    repair_ = 0;
    in_attempt_ = true;
    return Status::kGoing;
  }

  Status give_up(Error* err) {
    const GenerateOptions& o = o_;
    if (fig_.search_spent) {
      // What makes proofs long: fill's rules, warps, portals and bridges, a large board.
      char tips[64];
      snprintf(tips, sizeof tips, "%s%s%s", o.unique == RuleSet::kFill ? "no-touch, " : "",
               o.warps ? "fewer warps, " : "", o.portals || o.bridges ? "fewer portals or bridges, " : "");
      fail(err, 0, 0, "no %dx%d level proven unique under %s within the %d positions its size may search (%d "
           "attempts); try %s%sa smaller board", o.width, o.height, rule_set_name(o.unique),
           (int)(kProofWork / (uint64_t)(o.width + o.height)), fig_.attempts, tips, tips[0] ? "or " : "");
      return Status::kFailed;
    }
    fail(err, 0, 0, "no %dx%d level with a unique %s solution and at least %d lines in %d attempts; try fewer "
         "lines, a longer line limit or another size", o.width, o.height, rule_set_name(o.unique), o.min_lines,
         kAttempts);
    return Status::kFailed;
  }

  GenerateOptions o_;
  Rng rng_;
  Puzzle* out_;
  GenerateFigures& fig_;
  // The design and each attempt's board live on the heap (a puzzle is a few
  // hundred bytes: the device's stack is small).
  std::unique_ptr<Puzzle> design_, board_;
  std::vector<std::vector<int32_t>> lines_;
  Solution ours_, first_, second_;
  std::unique_ptr<SearchTask> proof_;  // the uniqueness proof under way (it pauses where a slice runs out)
  Algorithm algorithm_ = Algorithm::kEdges;
  bool in_attempt_ = false, unique_ = false;
  int repair_ = 0;
};

}  // namespace

bool generate(const GenerateOptions& o, const char* seed, Puzzle* out, Solution* solution, GenerateFigures* figures,
              Error* err) {
  GenerateFigures local;
  std::unique_ptr<Generator> g(new Generator(o, seed, out, figures ? figures : &local));
  if (!g->check(err)) return false;
  SliceBudget whole;
  whole.left = kWholeSlice;
  for (;;) {
    switch (g->advance(&whole, err)) {
      case Generator::Status::kGoing: break;
      case Generator::Status::kFound:
        if (solution) *solution = g->solution();
        return true;
      case Generator::Status::kFailed: return false;
    }
  }
}

// [SECTION] Parameters and the game table's entry points
namespace {

GenerateOptions options_of(const ParamValues& params) {
  GenerateOptions o;
  o.width = params.a[kSize];
  o.height = params.b[kSize];
  o.algorithm = (Algorithm)params.a[kAlgorithm];
  o.min_lines = params.a[kLines];
  o.max_line = params.a[kMaxLine];
  o.unique = params.a[kUnique] == 0 ? RuleSet::kNoTouch : RuleSet::kFill;
  static const uint8_t kWarpBits[] = {0, kWarpColumns, kWarpRows, kWarpRows | kWarpColumns};  // none columns rows both
  o.warps = kWarpBits[params.a[kWarps] & 3];
  o.portals = params.a[kPortals];
  o.bridges = params.a[kBridges];
  o.shape = (BoardShape)params.a[kShape];
  o.pattern = (Pattern)params.a[kPattern];
  return o;
}

}  // namespace

bool check_params(const ParamValues& params, Error* err) {
  std::unique_ptr<Puzzle> design(new Puzzle);
  return check_options(options_of(params), design.get(), err);
}

namespace {

// What a slice may spend: a position is one of a proof's positions, or a
// cell of a board drawn. A proof pauses where the slice runs out; what does
// not pause is a board drawn (its cells) and a proof's drawing by detours.
constexpr uint64_t kSlicePositions = 500;
constexpr uint64_t kLargestPiece = (uint64_t)kMaxMadeSide * kMaxMadeSide;

// The game table's generator: the parameters as options, a piece of the
// Generator a time; par is the number of lines, the solution one stroke a line.
class Generation : public SlicedGeneration {
 public:
  Generation(const ParamValues& params, const char* seed, uint64_t slice)
      : SlicedGeneration(slice, kLargestPiece, kAttempts), generator_(options_of(params), seed, &p_, &figures_) {
    if (!generator_.check(&err_)) failed(true);
  }

 private:
  void advance(SliceBudget* budget) override {
    const int before = figures_.attempts;
    const Generator::Status status = generator_.advance(budget, &err_);
    if (figures_.attempts != before) begin_attempt();
    if (status == Generator::Status::kFailed) return failed(false);
    if (status == Generator::Status::kGoing) return;
    info_.par = p_.colours;
    info_.attempts = figures_.attempts;
    info_.solution.clear();
    for (const std::vector<int32_t>& line : generator_.solution().lines) {
      info_.solution.push_back((Move)(0x8000 | line[0]));
      info_.solution.insert(info_.solution.end(), line.begin() + 1, line.end());
    }
    made(make_level(p_));
  }

  Puzzle p_;
  GenerateFigures figures_;
  Generator generator_;
};

}  // namespace

std::unique_ptr<SlicedGeneration> begin_generate(const ParamValues& params, const char* seed, uint64_t slice) {
  return begin_task<Generation>(params, seed, slice, kSlicePositions);
}

}  // namespace flow
}  // namespace tl
