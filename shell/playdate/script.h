// script.h — a player at the device app's buttons: the inputs that play the
// session's shortest solution as a person would (the D-pad; in Golf Peaks the
// crank to pick each card; in Flow the cursor walked to each dot, A to grab,
// the D-pad to draw). The tests use it to win every game from its menu, the
// device benchmark to time every frame of a game played through.
#pragma once
#include "app.h"

namespace device {

class SolutionPlayer {
 public:
  // Takes the solution from the app's current level (false: there is none).
  bool begin(App& app);
  // The next frame's input; false when the solution is played out.
  bool next(App& app, DeviceInput* out);

 private:
  tl::MoveList moves_;
  size_t at_ = 0;
  bool drawing_ = false;
  bool release_ = false;  // the last frame pushed a button: this one lets it go
  uint32_t last_ = 0;
};

}  // namespace device
