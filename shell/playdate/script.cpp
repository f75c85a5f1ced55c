// script.cpp — SolutionPlayer (see script.h).
#include "script.h"

#include "core/base/grid.h"

namespace device {

namespace {

const Button kDirButton[4] = {kUp, kDown, kLeft, kRight};  // tl::Dir order

}  // namespace

bool SolutionPlayer::begin(App& app) {
  moves_.clear();
  at_ = 0;
  drawing_ = release_ = false;
  return app.session().loaded() && tl::shortest_solution(app.session(), &moves_);
}

bool SolutionPlayer::next(App& app, DeviceInput* out) {
  *out = DeviceInput();
  if (release_) {  // every press is a frame down and a frame up
    out->released = last_;
    release_ = false;
    return true;
  }
  tl::Session& s = app.session();
  uint32_t button = 0;
  tl::HandCard hand[tl::kMaxHand];
  const int cards = s.hand(hand);
  if (at_ < moves_.size()) {
    const int m = moves_[at_];
    if (app.uses_cursor()) {
      tl::BoardView v;
      s.view(&v);
      const int cell = s.level().move_cell(m), x = cell % v.width, y = cell / v.width;
      if (s.level().starts_stroke(m)) {
        // Lift the line drawn before, walk the cursor to the dot, grab it.
        if (drawing_) {
          button = kA;
          drawing_ = false;
        } else if (app.cursor_x() != x) {
          button = app.cursor_x() < x ? kRight : kLeft;
        } else if (app.cursor_y() != y) {
          button = app.cursor_y() < y ? kDown : kUp;
        } else {
          button = kA;
          drawing_ = true;
          ++at_;
        }
      } else {
        const int dx = x - app.cursor_x(), dy = y - app.cursor_y();
        button = dx > 0 ? kRight : dx < 0 ? kLeft : dy > 0 ? kDown : kUp;
        ++at_;
      }
    } else if (cards > 0) {
      // The crank turns to the card, then the D-pad plays it.
      int want = -1;
      for (int c = 0; c < cards; ++c)
        if (m - m % 4 == hand[c].first_move) want = c;
      if (want >= 0 && s.chosen_card() != want) {
        out->docked = false;
        out->crank_change = 31.0f;
        return true;
      }
      button = kDirButton[m % 4];
      ++at_;
    } else {
      button = kDirButton[m];
      ++at_;
    }
  } else if (drawing_ && s.status() != tl::PlayStatus::kWon) {
    button = kA;  // lift the last line
    drawing_ = false;
  } else {
    return false;
  }
  out->pushed = out->held = last_ = button;
  release_ = true;
  return true;
}

}  // namespace device
