// touch.h — what a finger does that a mouse does not (and where a click
// leaves what it clicked, keep_clicked_in_place). Tooltips suit the
// pointer in hand: with a mouse, on hover; with a finger, on a long press,
// gone on release (a long press then does not click); their text wraps to
// the screen. A swipe up or down on a panel scrolls it. Also where the page
// learns that the pointer is a finger (platform.cpp tells it from SDL's events).
#pragma once

// The tooltip of the last item.
void tooltip(const char* text);
// A tooltip at the pointer now (the board's, over a cell: it has no item a cell).
void show_tooltip(const char* text);
// A finger has rested on what it pressed long enough to ask what it is.
bool finger_resting();
// The tooltip the last drawn frame showed, "" when none, and its box (x, y,
// width, height; zeros when none) (for tests).
const char* shown_tooltip();
void shown_tooltip_box(float box[4]);
// Called when a frame begins.
void begin_tooltips();

// Called before a window's End(): with a finger, a drag up or down that
// starts anywhere in the window scrolls it (a button it started on is not
// pressed then; a drag sideways still moves a slider), and a long press on
// a button or a header of it presses nothing.
void swipe_to_scroll();

// Called before a window's End(): an item clicked or tapped stays where it
// was for a second after, the window scrolled by as much as what is drawn
// above it grows or shrinks (a pack's level opened clears the analysis above
// its thumbnails: the next tap would land on another level). A press or the
// wheel ends it. Returns true when it scrolled (a frame is due).
bool keep_clicked_in_place();
// The item last clicked no longer kept in place: the page scrolls on purpose
// (the Analysis panel showing the figures its button asked for).
void let_go_of_clicked();

// ImGui's slider and collapsing header, which a finger changes only by what
// is meant for them: a slider follows a finger that drags sideways, or takes
// where a tap lifts; a header's arrow folds or unfolds its panel when the
// finger lifts. A swipe up or down that starts on either scrolls the panel
// and leaves both as they were (ImGui takes a slider's value, and toggles a
// header at its arrow, as the finger goes down). With a mouse, ImGui's own.
bool slider_int(const char* label, int* v, int min, int max, const char* least_word = nullptr);
bool collapsing_header(const char* label, int flags = 0);

// With a finger, the buttons, boxes, sliders and headers drawn while one of
// these lasts are kFingerHeight tall (their frames padded): what a
// fingertip hits without a second try, as the toolbar's and the editor's
// brushes are. With a mouse, ImGui's own (22 CSS px). Open it after a
// window's Begin: its title bar keeps its height.
constexpr float kFingerHeight = 44;
// Narrower than this (CSS pixels): a phone's layout, the board on top and
// the toolbar under it.
constexpr float kNarrowWidth = 720;
class FingerSized {
 public:
  FingerSized();
  ~FingerSized();
  FingerSized(const FingerSized&) = delete;
  FingerSized& operator=(const FingerSized&) = delete;

 private:
  bool pushed_;
};

// ImGui's small button (text-high) with a mouse; with a finger, a button of
// the height FingerSized gives.
bool small_button(const char* label);

// A combo box whose list, with a finger, has rows kFingerHeight apart, all
// shown (a popup list does not scroll by a swipe): begin_choices() opens the
// list (as ImGui::BeginCombo, true while open), choice() is a row of it (as
// ImGui::Selectable), end_choices() closes it. combo() is ImGui::Combo so made.
bool begin_choices(const char* label, const char* preview);
bool choice(const char* label, bool selected);
void end_choices();
bool combo(const char* label, int* current, const char* const items[], int count);

// The pointer is a finger (its events come from touch) or a mouse.
void set_touch_pointer(bool touch);
bool touch_pointer();
