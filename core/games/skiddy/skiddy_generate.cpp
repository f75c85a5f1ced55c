// Skiddy: the generator.
//
// Random layouts within the size and piece counts, kept only when the full
// state-graph analysis says they are solvable and fair (no reachable state is
// a dead end) and their difficulty (skiddy::difficulty) lies in the requested
// band. A fair layout outside the band is steered towards it by random
// changes that never take it farther away. Deterministic per seed: every
// choice is drawn from the seed's Rng in order.
#include <string.h>

#include "core/game/generator.h"
#include "core/search/rating.h"
#include "core/search/search.h"
#include "core/base/rng.h"
#include "skiddy.h"

namespace tl {
namespace skiddy {

SearchLimits generator_limits() {
  SearchLimits limits;
  limits.max_states = 60000;
  limits.max_bytes = (size_t)6 << 20;
  return limits;
}

namespace {

constexpr int kEasiest = kEasiestDifficulty;

// Every layout tried costs one full analysis; this many at most per level.
constexpr int kAnalyses = 400;
// A device frame's slice: states expanded (a Skiddy state costs the device
// about 1,500 instructions to expand, store and walk back over).
constexpr uint64_t kSlicePositions = 700;
// Mutations of one fair layout while steering it into the band.
constexpr int kSteps = 24;
// The layout as level text, one row a line: (width + 1) * height characters.
struct Layout {
  char text[(kMaxWidth + 1) * kMaxHeight + 1];
  int width, height;
  char& at(int x, int y) { return text[y * (width + 1) + x]; }
  bool inner(int x, int y) const { return x > 0 && y > 0 && x < width - 1 && y < height - 1; }
  bool corner(int x, int y) const { return (x == 0 || x == width - 1) && (y == 0 || y == height - 1); }
};

// A random cell for which want(x, y, character) holds, or false when none.
template <class Want>
bool random_cell(Rng& rng, Layout& l, Want want, int* cx, int* cy) {
  int cells[(kMaxWidth + 1) * kMaxHeight], n = 0;
  for (int y = 0; y < l.height; ++y)
    for (int x = 0; x < l.width; ++x)
      if (want(x, y, l.at(x, y))) cells[n++] = y * l.width + x;
  if (n == 0) return false;
  int c = cells[rng.below((uint32_t)n)];
  *cx = c % l.width;
  *cy = c / l.width;
  return true;
}

bool free_inner(Rng& rng, Layout& l, int* x, int* y) {
  return random_cell(rng, l, [&](int cx, int cy, char ch) { return l.inner(cx, cy) && ch == '.'; }, x, y);
}
bool free_border(Rng& rng, Layout& l, int* x, int* y) {
  return random_cell(rng, l, [&](int cx, int cy, char ch) { return !l.inner(cx, cy) && !l.corner(cx, cy) && ch == '#'; },
                     x, y);
}

bool place(Rng& rng, Layout& l, int count, char what) {
  int x, y;
  for (int i = 0; i < count; ++i) {
    if (!free_inner(rng, l, &x, &y)) return false;
    l.at(x, y) = what;
  }
  return true;
}

bool place_goal(Rng& rng, Layout& l, char goal) {
  int x, y;
  if (!free_border(rng, l, &x, &y)) return false;
  l.at(x, y) = goal;
  return true;
}

// One random change that keeps every count: an inner block, pit or piece
// moves to a free floor cell, or a goal to another border cell.
void mutate(Rng& rng, Layout& l) {
  int x, y, to_x, to_y;
  bool found = random_cell(rng, l, [&](int cx, int cy, char ch) {
    return l.inner(cx, cy) ? ch != '.' : (ch == 'R' || ch == 'Y');
  }, &x, &y);
  if (!found) return;
  bool moved = l.inner(x, y) ? free_inner(rng, l, &to_x, &to_y) : free_border(rng, l, &to_x, &to_y);
  if (!moved) return;
  l.at(to_x, to_y) = l.at(x, y);
  l.at(x, y) = l.inner(x, y) ? '.' : '#';
}

// A layout's distance from the band: 0 inside it, kUnfit when it is not a
// fair, solvable level within the generator's limits.
constexpr int kUnfit = 1 << 30;
// Why a layout is not a level in the band: what the refusal, when no layout
// is, tells the person to change.
enum class Unfit : uint8_t { kNone, kNoLevel, kCapped, kNoWin, kDeadEnds, kOutOfBand, kCount };
struct Rated {
  std::unique_ptr<Level> level;
  Unfit why = Unfit::kNoLevel;
  int difficulty = -1, distance = kUnfit;
  int par = -1;
  MoveList solution;
};

// A layout being rated: its rules, first checked fair depth first (which
// stops at the first dead end it proves, long before a full analysis would
// end), then, when fair, the full analysis for the rating, walking the
// graph the check explored (no move is made twice). Both pause where a
// slice's positions run out (the check spends one for every four moves it
// tries, the analysis one a state it walks). A layout is kept when the
// check finds it fair within the generator's 60,000 states (the state cap
// binds before the memory cap: a test checks it) and its rating is in band.
class Rating {
 public:
  // False when the layout is no level (the parser refuses it): unfit.
  bool begin(const Layout& l) {
    Error parse_error;
    if (!parse_rules(l.text, strlen(l.text), &rules_, &parse_error)) return false;
    board_rules_.rules = &rules_;
    check_.reset(new WinReachability<BoardRules>(board_rules_, board_rules_.initial(), generator_limits()));
    return true;
  }
  bool running() const { return check_ != nullptr || search_ != nullptr; }
  // Goes on; true once rated (then *out holds it).
  bool run(SliceBudget* budget, int lo, int hi, Rated* out) {
    if (check_) {
      using Verdict = WinReachability<BoardRules>::Verdict;
      if (!check_->run(&budget->left)) return false;
      const Verdict verdict = check_->verdict();
      if (verdict != Verdict::kFair) {
        check_.reset();
        *out = Rated();
        out->why = verdict == Verdict::kCapped  ? Unfit::kCapped
                   : verdict == Verdict::kNoWin ? Unfit::kNoWin
                                                : Unfit::kDeadEnds;
        return true;
      }
      // The analysis walks the graph the check explored: no move made again.
      graph_ = check_->take_graph();
      check_.reset();
      analysis_ = Analysis();
      search_.reset(new GraphAnalysis<Graph>(graph_, graph_.initial(), generator_limits(), &analysis_));
    }
    if (!search_->run(&budget->left)) return false;
    search_.reset();
    graph_ = Graph();
    *out = Rated();
    const Analysis& a = analysis_;
    out->why = a.capped ? Unfit::kCapped : !a.solvable ? Unfit::kNoWin : a.dead_ends > 0 ? Unfit::kDeadEnds : Unfit::kNone;
    if (out->why != Unfit::kNone) return true;
    out->difficulty = skiddy::difficulty(a, rules_).total;
    out->distance = out->difficulty < lo ? lo - out->difficulty : out->difficulty > hi ? out->difficulty - hi : 0;
    if (out->distance) out->why = Unfit::kOutOfBand;
    out->level = make_level(rules_);
    out->par = a.par;
    out->solution = a.solution;
    return true;
  }

 private:
  using Graph = WinReachability<BoardRules>::Graph;
  Rules rules_;
  BoardRules board_rules_{&rules_};  // the check's: the same rules on boards
  Graph graph_;
  Analysis analysis_;
  std::unique_ptr<WinReachability<BoardRules>> check_;
  std::unique_ptr<GraphAnalysis<Graph>> search_;
};

}  // namespace

bool check_params(const ParamValues& p, Error* err) {
  const int width = p.a[kSize], height = p.b[kSize], lo = p.a[kMinDifficulty], hi = p.a[kMaxDifficulty];
  if (width < kMinWidth || width > kMaxWidth || height < kMinHeight || height > kMaxHeight)
    return fail(err, 0, 0, "size: %dx%d is not from %dx%d to %dx%d (the border included)", width, height, kMinWidth,
                kMinHeight, kMaxWidth, kMaxHeight);
  if (p.a[kReds] + p.a[kYellows] == 0) return fail(err, 0, 0, "reds, yellows: a level needs at least one skiddy");
  // Blocks, pits and every piece each take a cell inside the border.
  const int pieces = p.a[kBlocks] + p.a[kPits] + p.a[kReds] + p.a[kYellows] + p.a[kCrates] + p.a[kIce_];
  const int inside = (width - 2) * (height - 2);
  if (pieces > inside)
    return fail(err, 0, 0, "%d blocks, pits and pieces do not fit in the %d cells inside a %dx%d border; use fewer%s",
                pieces, inside, width, height, width < kMaxWidth || height < kMaxHeight ? " or a larger size" : "");
  if (lo > hi) return fail(err, 0, 0, "min_difficulty, max_difficulty: %d is above %d", lo, hi);
  if (hi < kEasiest)
    return fail(err, 0, 0, "max_difficulty: %d is below %d, the difficulty of a one-move level", hi, kEasiest);
  return true;
}

namespace {

// The generator as a resumable loop over the layouts it rates (a new random
// one, or a change of the one being steered): each rating's analysis spends
// one position a state it expands and pauses where the slice runs out, so a
// host draws between the parts of one analysis.
class Generation : public SlicedGeneration {
 public:
  Generation(const ParamValues& p, const char* seed, uint64_t slice)
      : SlicedGeneration(slice, 1, kAnalyses), p_(p), rng_(seed) {
    width_ = p.a[kSize];
    height_ = p.b[kSize];
    reds_ = p.a[kReds];
    yellows_ = p.a[kYellows];
    lo_ = p.a[kMinDifficulty];
    hi_ = p.a[kMaxDifficulty];
    if (!check_params(p, &err_)) failed(true);
  }

 private:
  void advance(SliceBudget* budget) override {
    if (rating_.running()) {
      Rated r;
      if (rating_.run(budget, lo_, hi_, &r)) judge(std::move(r));
    } else if (!steering_) {
      if (analyses_ >= kAnalyses) {
        refuse();
        failed(false);
        return;
      }
      if (!random_layout()) {
        fail(&err_, 0, 0, "the pieces do not fit in a %dx%d level; use fewer pieces%s", width_, height_,
             width_ < kMaxWidth || height_ < kMaxHeight ? " or a larger size" : "");
        failed(true);
        return;
      }
      candidate_ = layout_;
      begin_rating(budget);
    } else if (step_ < kSteps && best_.distance != 0 && best_.distance != kUnfit && analyses_ < kAnalyses) {
      // Steering: a fair layout outside the band takes random changes that
      // bring its difficulty no farther from the band, until it lies inside.
      candidate_ = layout_;
      mutate(rng_, candidate_);
      ++step_;
      begin_rating(budget);
    } else if (best_.distance != 0) {
      steering_ = false;  // a new layout next
    } else {
      // The level with its par and the shortest solution its analysis found
      // first (the one the solver finds).
      info_.par = best_.par;
      info_.solution = best_.solution;
      info_.attempts = analyses_;
      budget->spend(1);
      made(std::move(best_.level));
    }
  }

  // A random layout: inner blocks, pits, then the pieces on free floor, and
  // one goal of each colour in play on the border (never a corner). False
  // when the pieces do not fit.
  bool random_layout() {
    layout_.width = width_;
    layout_.height = height_;
    for (int y = 0; y < height_; ++y) {
      for (int x = 0; x < width_; ++x) layout_.at(x, y) = layout_.inner(x, y) ? '.' : '#';
      layout_.at(width_, y) = '\n';
    }
    layout_.text[height_ * (width_ + 1)] = '\0';
    return place(rng_, layout_, p_.a[kBlocks], '#') && place(rng_, layout_, p_.a[kPits], 'o') &&
           place(rng_, layout_, reds_, 'r') && place(rng_, layout_, yellows_, 'y') &&
           place(rng_, layout_, p_.a[kCrates], 'c') && place(rng_, layout_, p_.a[kIce_], 'i') &&
           (reds_ == 0 || place_goal(rng_, layout_, 'R')) && (yellows_ == 0 || place_goal(rng_, layout_, 'Y'));
  }

  // The candidate's rating begun (a layout the parser refuses is unfit at once).
  void begin_rating(SliceBudget* budget) {
    begin_attempt();
    ++analyses_;
    if (!rating_.begin(candidate_)) {
      budget->spend(1);
      judge(Rated());
    }
  }

  // No layout was a level in the band: the refusal says what the layouts
  // tried were and names the settings to change for the commonest failing
  // (the band only when some layouts were fair levels outside it).
  void refuse() {
    const int capped = unfit_[(int)Unfit::kCapped], no_win = unfit_[(int)Unfit::kNoWin],
              dead_ends = unfit_[(int)Unfit::kDeadEnds], out_of_band = unfit_[(int)Unfit::kOutOfBand];
    if (out_of_band > 0) {
      fail(&err_, 0, 0,
           "no fair level with difficulty %d to %d in %d layouts: the fair ones were %d to %d; set min_difficulty "
           "and max_difficulty to take some in",
           lo_, hi_, kAnalyses, fair_lo_, fair_hi_);
    } else if (2 * capped >= no_win + dead_ends) {
      // The fairness check stops at the first dead end it proves, so a large
      // layout often shows a dead end before its states pass the cap: half
      // as many capped as unfair ones says the layouts are too large.
      fail(&err_, 0, 0,
           "no fair level in %d layouts: %d had more states than the generator checks (%d), %d dead ends or no win; "
           "use fewer reds, yellows, crates or ice, or a smaller size",
           kAnalyses, capped, (int)generator_limits().max_states, no_win + dead_ends);
    } else {
      fail(&err_, 0, 0,
           "no fair level in %d layouts: %d had dead ends, %d no win; use fewer crates, pits or blocks (%d of the %d "
           "cells inside are taken)",
           kAnalyses, dead_ends, no_win, taken(), (width_ - 2) * (height_ - 2));
    }
  }
  int taken() const {
    return p_.a[kBlocks] + p_.a[kPits] + reds_ + yellows_ + p_.a[kCrates] + p_.a[kIce_];
  }

  // A new layout's rating starts steering from it; a change is kept when
  // it brings the difficulty no farther from the band.
  void judge(Rated r) {
    ++unfit_[(int)r.why];
    if (r.difficulty >= 0) {
      fair_lo_ = fair_lo_ < 0 || r.difficulty < fair_lo_ ? r.difficulty : fair_lo_;
      fair_hi_ = r.difficulty > fair_hi_ ? r.difficulty : fair_hi_;
    }
    if (!steering_) {
      best_ = std::move(r);
      steering_ = true;
      step_ = 0;
    } else if (r.distance <= best_.distance) {
      best_ = std::move(r);
      layout_ = candidate_;
    }
  }

  ParamValues p_;
  Rng rng_;
  int width_, height_, reds_, yellows_, lo_, hi_;
  int analyses_ = 0, step_ = 0;
  int unfit_[(int)Unfit::kCount] = {};  // the layouts rated, by why each is unfit
  int fair_lo_ = -1, fair_hi_ = -1;     // the fair layouts' difficulties
  bool steering_ = false;
  Layout layout_, candidate_;
  Rating rating_;
  Rated best_;
};

}  // namespace

std::unique_ptr<SlicedGeneration> begin_generate(const ParamValues& p, const char* seed, uint64_t slice) {
  return begin_task<Generation>(p, seed, slice, kSlicePositions);
}

}  // namespace skiddy

}  // namespace tl
