// platform.cpp — the playground's platform layer: SDL2 and WebGL2 through
// Emscripten, Dear ImGui's backends, fonts, the canvas size, keys, and the
// frame loop. Everything the player sees is drawn by the panels
// (playground.h); everything they do is the session's.
//
// [SECTION] What the platform keeps between frames
// [SECTION] Keys: the game's moves and the page's commands
// [SECTION] Events, the canvas and the frame
// [SECTION] Fonts, pasting and main()
#include <SDL.h>
#include <SDL_opengles2.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <float.h>
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/base/grid.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "imgui_internal.h"
#include "playground.h"
#include "touch.h"
#include "widgets.h"

using namespace tl;

// ---------------------------------------------------------------------------
// [SECTION] What the platform keeps between frames
// ---------------------------------------------------------------------------
namespace {

struct Platform {
  // Keys of this frame, handled after the board has read the pointer: a
  // release and a key that fall in one frame then come in the order made.
  std::vector<SDL_KeyboardEvent> keys;
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  float dpr = 1.0f;
  // A finger was lifted this frame (finger_lifted); since the frame after,
  // the pointer is over nothing (lift_finger) until the next touch.
  bool finger_lifted = false, lift_finger = false;
  std::vector<SDL_Event> key_queue;  // key and text events not yet given to ImGui (frame())
  // Text pasted into the text box being typed in, given to ImGui once Ctrl
  // (or Cmd) is up: ImGui ignores what is typed while it is held.
  std::string paste;
  // A '?' typed this frame (on most keyboards a shifted key whose keycode
  // says only '/' or another sign: the text it types says '?').
  bool question = false;
  // A list or another popup was open at the end of the last frame: Esc closes
  // it (ImGui) rather than giving the keys back to the board.
  bool popup_open = false;
  // A text box took text in the last frame drawn (follow_typing()).
  bool typing = false;
  // The pointer's steps of this frame (board_panel.h): presses, moves and
  // releases of the main button, a finger's too.
  std::vector<PointerStep> pointer_steps;
};

Platform* platform = nullptr;  // made in main(): no global constructor
Playground* app = nullptr;

}  // namespace

bool text_box_typing() { return platform && platform->typing; }

bool input_waiting() {
  return platform && (SDL_HasEvents(SDL_FIRSTEVENT, SDL_LASTEVENT) || !platform->key_queue.empty() ||
                      !platform->paste.empty());
}

// ---------------------------------------------------------------------------
// [SECTION] Keys: the game's moves and the page's commands
// ---------------------------------------------------------------------------
namespace {

// Keys: moves and cards are input for the game; the rest are commands.
void handle_key(const SDL_KeyboardEvent& k) {
  const SDL_Keycode key = k.keysym.sym;
  // Esc on the panels gives the keys back to the board, from a text box too
  // (ImGui ends the typing), but not from an open list (ImGui closes it).
  if (app->keys_on_panels && key == SDLK_ESCAPE && !app->help.open && !platform->popup_open) {
    app->keys_to_board();
    return;
  }
  if (ImGui::GetIO().WantTextInput) return;  // typing a seed: keys are text
  const bool plain = !(k.keysym.mod & (KMOD_CTRL | KMOD_GUI | KMOD_ALT));
  // Tab gives the keys to the panels; there ImGui moves among the widgets
  // (platform.cpp's frame lets Tab reach every one), and Esc gives them back.
  if (key == SDLK_TAB && plain && !app->help.open && !app->keys_on_panels) {
    app->keys_to_panels();
    return;
  }
  if (app->keys_on_panels && !app->help.open) {
    if (key == SDLK_F1) app->command(Command::kHelp);
    return;
  }
  // The help over the page: Esc, F1 and ? close it, and no key reaches
  // the board under it.
  if (app->help.open) {
    if (key == SDLK_ESCAPE || key == SDLK_F1) app->command(Command::kHelp);
    return;
  }
  // The Playdate preview, when open, is drawn where the board is: its buttons
  // come first, in Edit mode too, and Esc closes it.
  if (app->device.open && key == SDLK_ESCAPE) {
    app->command(Command::kDeviceOff);
    return;
  }
  if (app->device.open && app->device.key(k, true)) return;
  if (app->edit.active) {  // Edit mode: the keys that edit; the board is not being played
    switch (k.keysym.sym) {
      case SDLK_z: case SDLK_BACKSPACE: app->command(Command::kUndo); break;
      case SDLK_y: app->command(Command::kRedo); break;
      case SDLK_F1: app->command(Command::kHelp); break;
      case SDLK_ESCAPE: app->command(Command::kEditOff); break;
      default: break;
    }
    return;
  }
  bool repeat = k.repeat != 0;
  // Ctrl (or Cmd, Alt) with a key is a shortcut, never a move: Ctrl+Z and
  // Ctrl+Y undo and redo, the rest are the browser's.
  if (k.keysym.mod & (KMOD_CTRL | KMOD_GUI | KMOD_ALT)) {
    if (k.keysym.sym == SDLK_z) app->command(Command::kUndo);
    else if (k.keysym.sym == SDLK_y) app->command(Command::kRedo);
    return;
  }
  switch (k.keysym.sym) {
    case SDLK_UP: case SDLK_w: if (!repeat) app->input(Input::direction(kUp)); break;
    case SDLK_DOWN: case SDLK_s: if (!repeat) app->input(Input::direction(kDown)); break;
    case SDLK_LEFT: case SDLK_a: if (!repeat) app->input(Input::direction(kLeft)); break;
    case SDLK_RIGHT: case SDLK_d: if (!repeat) app->input(Input::direction(kRight)); break;
    case SDLK_z: case SDLK_BACKSPACE: app->command(Command::kUndo); break;
    case SDLK_y: app->command(Command::kRedo); break;
    case SDLK_r: app->command(Command::kRestart); break;
    case SDLK_h: app->command(Command::kHint); break;
    case SDLK_1: case SDLK_2: case SDLK_3: case SDLK_4: case SDLK_5: case SDLK_6: case SDLK_7: case SDLK_8:
    case SDLK_9:
      if (!repeat) app->input(Input::choose_card(k.keysym.sym - SDLK_1));
      break;
    case SDLK_n: case SDLK_RETURN: if (app->session().status() == PlayStatus::kWon) app->command(Command::kNext); break;
    case SDLK_F1: app->command(Command::kHelp); break;
    default: break;
  }
}

void handle_keys() {
  if (!app->session().loaded()) platform->keys.clear();  // nothing to play until the link's level comes
  // '?' opens the help, and closes it (not while a text box takes the keys,
  // nor while the Playdate preview does).
  if (platform->question && app->session().loaded() && !ImGui::GetIO().WantTextInput && !app->device.open)
    app->command(Command::kHelp);
  platform->question = false;
  for (const SDL_KeyboardEvent& k : platform->keys) {
    if (k.type == SDL_KEYDOWN) handle_key(k);
    else if (app->device.open) app->device.key(k, false);
  }
  if (!platform->keys.empty() || !platform->key_queue.empty()) app->request_redraw();
  platform->keys.clear();
}

// Dear ImGui 1.86 tabs through the widgets one types in, and a Tab with
// nothing being typed goes back to the first: on the panels a Tab (Shift+Tab)
// goes to the next (the previous) widget of any kind, as a browser's does.
// The request NewFrame made is widened before the widgets are drawn.
void tab_to_every_widget() {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  if (!(g.NavMoveFlags & ImGuiNavMoveFlags_Tabbing) || !g.NavMoveScoringItems) return;
  g.NavMoveFlags |= ImGuiNavMoveFlags_FocusApi;
  if (g.NavTabbingDir == 0 && g.NavId != 0) {
    g.NavTabbingDir = +1;
    g.NavTabbingCounter = -1;
  }
}

// ---------------------------------------------------------------------------
// [SECTION] Events, the canvas and the frame
// ---------------------------------------------------------------------------
void resize_to_canvas() {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  if (css_w < 1 || css_h < 1) return;
  SDL_SetWindowSize(platform->window, (int)css_w, (int)css_h);
  app->request_redraw();
}

EM_BOOL on_resize(int, const EmscriptenUiEvent*, void*) {
  resize_to_canvas();
  return EM_FALSE;
}

// One event to ImGui (and a key to the playground's list), with the
// modifiers the key event itself carries: SDL's present modifier state may
// already say Ctrl is up when a Ctrl+A is read.
void process_event(const SDL_Event& event) {
  SDL_Event e = event;
  // On the panels, Enter presses the focused widget as Space does (ImGui
  // 1.86 has Enter only start typing in a box); typing, it ends the typing.
  if ((e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) && app && app->keys_on_panels && !ImGui::GetIO().WantTextInput &&
      (e.key.keysym.scancode == SDL_SCANCODE_RETURN || e.key.keysym.scancode == SDL_SCANCODE_KP_ENTER))
    e.key.keysym.scancode = SDL_SCANCODE_SPACE;
  ImGui_ImplSDL2_ProcessEvent(&e);
  if (e.type != SDL_KEYDOWN && e.type != SDL_KEYUP) return;
  platform->keys.push_back(e.key);
  ImGuiIO& io = ImGui::GetIO();
  const Uint16 mod = e.key.keysym.mod;
  io.KeyCtrl = (mod & KMOD_CTRL) != 0;
  io.KeyShift = (mod & KMOD_SHIFT) != 0;
  io.KeyAlt = (mod & KMOD_ALT) != 0;
  io.KeySuper = (mod & KMOD_GUI) != 0;
}

// A text box taking text in the frame just drawn (ImGui's WantTextInput of
// the next): the page's text field has the focus then (app.js: #typing), so
// a phone opens its keyboard and an input method writes into it; otherwise
// the canvas has it. Told every frame drawn, not only on a change: a tap on
// a box gives the field the focus in the tap's own event (iOS opens its
// keyboard only then), and a tap that made no box take text takes it back.
void follow_typing() {
  platform->typing = ImGui::GetCurrentContext()->WantTextInputNextFrame == 1;
  EM_ASM({ if (Module.onTyping) Module.onTyping($0 != 0); }, platform->typing);
}

void frame() {
  SDL_Event e;
  bool input = false;
  // ImGui 1.86 reads a key as held or not once a frame: a key pressed and
  // released between two frames (a quick Ctrl+A) would never be seen held.
  // Key events queue, and a frame takes them in order up to the release of
  // a key it saw pressed, or a press of a key it saw released: that event
  // and what follows wait a frame (a key released and pressed again in one
  // frame would read as held: the second of two quick Enters was lost).
  // Text typed queues with them: a letter typed right after Ctrl+A must come
  // after Ctrl's release, or ImGui drops it as a shortcut.
  while (SDL_PollEvent(&e)) {
    input = true;
    if (e.type == SDL_KEYDOWN || e.type == SDL_KEYUP || e.type == SDL_TEXTINPUT) platform->key_queue.push_back(e);
    else process_event(e);
    // A finger or a mouse: SDL marks the mouse events it makes from touch.
    if (e.type == SDL_FINGERDOWN) set_touch_pointer(true);
    if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEMOTION)
      set_touch_pointer((e.type == SDL_MOUSEBUTTONDOWN ? e.button.which : e.motion.which) == SDL_TOUCH_MOUSEID);
    if (e.type == SDL_MOUSEBUTTONUP && e.button.which == SDL_TOUCH_MOUSEID) platform->finger_lifted = true;
    if ((e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) && e.button.button == SDL_BUTTON_LEFT)
      platform->pointer_steps.push_back(PointerStep{e.type == SDL_MOUSEBUTTONDOWN ? PointerStep::kPress : PointerStep::kRelease,
                                                    ImVec2((float)e.button.x, (float)e.button.y)});
    if (e.type == SDL_MOUSEMOTION)
      platform->pointer_steps.push_back(PointerStep{PointerStep::kMove, ImVec2((float)e.motion.x, (float)e.motion.y)});
  }
  std::vector<SDL_Scancode> pressed, released;
  const auto seen = [](const std::vector<SDL_Scancode>& keys, SDL_Scancode key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
  };
  size_t taken = 0;
  for (; taken < platform->key_queue.size(); ++taken) {
    const SDL_Event& k = platform->key_queue[taken];
    if (k.type == SDL_KEYUP && seen(pressed, k.key.keysym.scancode)) break;
    if (k.type == SDL_KEYDOWN && seen(released, k.key.keysym.scancode)) break;
    if (k.type == SDL_KEYDOWN) pressed.push_back(k.key.keysym.scancode);
    if (k.type == SDL_KEYUP) released.push_back(k.key.keysym.scancode);
    if (k.type == SDL_TEXTINPUT && strcmp(k.text.text, "?") == 0) platform->question = true;
    process_event(k);
  }
  platform->key_queue.erase(platform->key_queue.begin(), platform->key_queue.begin() + (long)taken);
  if (!platform->key_queue.empty()) input = true;
  if (!platform->paste.empty()) {
    ImGuiIO& io = ImGui::GetIO();
    input = true;
    if (!io.KeyCtrl && !io.KeySuper) {
      io.AddInputCharactersUTF8(platform->paste.c_str());
      platform->paste.clear();
    }
  }
  app->advance(emscripten_get_now());
  if (input) app->request_redraw();
  if (app->tick_due(emscripten_get_now())) app->request_frame();
  if (!app->take_frame()) {  // idle: draw nothing, keep the tab cool
    handle_keys();
    if (!input) platform->pointer_steps.clear();
    return;
  }
  ++app->frames_drawn;

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  // After the frame a finger was lifted in (which keeps its position, so a
  // tap clicks), the pointer is over nothing: nothing stays hovered, or
  // shows its tooltip, where it was last touched.
  ImGuiIO& frame_io = ImGui::GetIO();
  if (platform->lift_finger) {
    if (frame_io.MouseDown[0] || !touch_pointer()) platform->lift_finger = false;
    else frame_io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  }
  widgets::begin_frame();
  begin_tooltips();
  ImGui::NewFrame();
  if (app->keys_on_panels) tab_to_every_widget();
  app->draw();
  platform->popup_open = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
  follow_typing();
  ImGui::Render();
  platform->pointer_steps.clear();
  widgets::end_frame();
  // A tap's press and release can come in one frame: ImGui sees the button
  // down that frame and up the next, which must still be at the tap for the
  // release to click. The pointer leaves after a frame that saw it up.
  // A finger resting on the screen sends no events, but its long press must
  // show a tooltip: frames go on while it is down.
  if (touch_pointer() && ImGui::GetIO().MouseDown[0]) app->request_redraw();
  if (platform->finger_lifted && !ImGui::GetIO().MouseDown[0]) {
    platform->finger_lifted = false;
    platform->lift_finger = true;
  }
  ImGuiIO& io = ImGui::GetIO();
  glViewport(0, 0, (int)(io.DisplaySize.x * io.DisplayFramebufferScale.x),
             (int)(io.DisplaySize.y * io.DisplayFramebufferScale.y));
  glClearColor(0.13f, 0.15f, 0.17f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  handle_keys();
}

// ---------------------------------------------------------------------------
// [SECTION] Fonts, pasting and main()
// ---------------------------------------------------------------------------
void load_fonts(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig config;
  config.OversampleH = 2;
  // Latin, and the arrows Golf Peaks moves are written with.
  static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x2190, 0x21FF, 0};
  ImFont* font = io.Fonts->AddFontFromFileTTF("/fonts/DejaVuSans.ttf", 16.0f * scale, &config, kRanges);
  if (!font) io.Fonts->AddFontDefault();
  io.FontGlobalScale = 1.0f / scale;
}

}  // namespace

Playground* the_playground() { return app; }

const std::vector<PointerStep>& frame_pointer_steps() { return platform->pointer_steps; }

bool playground_paste_text(std::string text) {
  // (The field's text may come before the frame whose WantTextInput says so.)
  if (!app || !(ImGui::GetIO().WantTextInput || platform->typing)) return false;
  platform->paste += text;
  app->request_redraw();
  return true;
}

int main() {
  platform = new Platform;
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    printf("tilelab: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  // No keyboard element named: SDL takes the keys on the window (its
  // default), the canvas's and those of the text field a text box's typing
  // goes through (app.js); the page has no other field.
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  // ImGui draws in order, with no depth test: no depth buffer to clear a frame.
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  double css_w = 960, css_h = 640;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  platform->window = SDL_CreateWindow("tilelab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, (int)css_w,
                                      (int)css_h, SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  platform->gl = SDL_GL_CreateContext(platform->window);
  SDL_GL_MakeCurrent(platform->window, platform->gl);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetCurrentContext()->TestEngineHookItems = true;  // every item to web/widgets.cpp
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 0;
  ImGui::GetStyle().FrameRounding = 4;
  // A list (a combo's) or a tooltip hides what is under it: nothing shows through its words.
  ImGui::GetStyle().Colors[ImGuiCol_PopupBg].w = 1.0f;
  // A progress bar's white words read on its fill: the dark style's yellow
  // fill left "12 of at most 60000 states" white on yellow; the buttons' blue.
  ImGui::GetStyle().Colors[ImGuiCol_PlotHistogram] = ImVec4(0.20f, 0.42f, 0.75f, 1.0f);
  platform->dpr = (float)emscripten_get_device_pixel_ratio();
  if (platform->dpr < 1) platform->dpr = 1;
  load_fonts(platform->dpr);
  ImGui_ImplSDL2_InitForOpenGL(platform->window, platform->gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  // The system clipboard: a copy or cut in a text box goes to it; a paste
  // comes from the page's paste event (playground_paste_text), so ImGui's
  // own paste has nothing to read.
  io.SetClipboardTextFn = [](void*, const char* text) {
    EM_ASM({ if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(UTF8ToString($0)).catch(function(){}); }, text);
  };
  io.GetClipboardTextFn = [](void*) -> const char* { return nullptr; };
  // The text cursor of the box being typed in: the page's text field goes
  // there, so an input method shows its words by it.
  // (None before a box has been typed in: ImGui's first call has no place.)
  io.ImeSetInputScreenPosFn = [](int x, int y) {
    if (x >= 0 && y >= 0) EM_ASM({ if (Module.onTypingAt) Module.onTypingAt($0, $1); }, x, y);
  };

  // A phone's page speaks of taps from the first frame (a touch sets it too).
  set_touch_pointer(emscripten_run_script_int("window.matchMedia && matchMedia('(pointer: coarse)').matches ? 1 : 0") != 0);
  app = new Playground;
  app->pack.restore(*app);  // the pack of the last visit, with its levels solved
  app->edit.restore();  // the level being edited, and Edit mode if it was on
  emscripten_set_resize_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, EM_FALSE, on_resize);
  resize_to_canvas();

  app->open_first(emscripten_run_script_string("location.hash"));

  EM_ASM({ if (Module.onPlaygroundReady) Module.onPlaygroundReady(); });
  emscripten_set_main_loop(frame, 0, true);
  return 0;
}
