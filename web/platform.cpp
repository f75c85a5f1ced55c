// platform.cpp — the playground's platform layer: SDL2 and WebGL2 through
// Emscripten, Dear ImGui's backends, fonts, the canvas size, keys, and the
// frame loop. Everything the player sees is drawn by the panels
// (playground.h); everything they do is the session's.
#include <SDL.h>
#include <SDL_opengles2.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <stdio.h>

#include <string>
#include <vector>

#include "core/grid.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "playground.h"

using namespace tl;

namespace {

struct Platform {
  // Keys of this frame, handled after the board has read the pointer: a
  // release and a key that fall in one frame then come in the order made.
  std::vector<SDL_KeyboardEvent> keys;
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  float dpr = 1.0f;
};

Platform* platform = nullptr;  // made in main(): no global constructor
Playground* app = nullptr;

// Keys: moves and cards are input for the game; the rest are commands.
void handle_key(const SDL_KeyboardEvent& k) {
  if (ImGui::GetIO().WantTextInput) return;  // typing a seed: keys are text
  // The Playdate preview, when open, is drawn where the board is: its buttons
  // come first, in Edit mode too.
  if (app->device.open && app->device.key(k, true)) return;
  if (app->edit.active) {  // Edit mode: the keys that edit; the board is not being played
    switch (k.keysym.sym) {
      case SDLK_z: case SDLK_BACKSPACE: app->command("undo"); break;
      case SDLK_y: app->command("redo"); break;
      case SDLK_F1: case SDLK_QUESTION: app->command("help"); break;
      case SDLK_ESCAPE: app->command("edit-off"); break;
      default: break;
    }
    return;
  }
  bool repeat = k.repeat != 0;
  switch (k.keysym.sym) {
    case SDLK_UP: case SDLK_w: if (!repeat) app->input(Input::direction(kUp)); break;
    case SDLK_DOWN: case SDLK_s: if (!repeat) app->input(Input::direction(kDown)); break;
    case SDLK_LEFT: case SDLK_a: if (!repeat) app->input(Input::direction(kLeft)); break;
    case SDLK_RIGHT: case SDLK_d: if (!repeat) app->input(Input::direction(kRight)); break;
    case SDLK_z: case SDLK_BACKSPACE: app->command("undo"); break;
    case SDLK_y: app->command("redo"); break;
    case SDLK_r: app->command("restart"); break;
    case SDLK_h: app->command("hint"); break;
    case SDLK_1: case SDLK_2: case SDLK_3: case SDLK_4: case SDLK_5: case SDLK_6: case SDLK_7: case SDLK_8:
    case SDLK_9:
      if (!repeat) app->input(Input::choose_card(k.keysym.sym - SDLK_1));
      break;
    case SDLK_n: case SDLK_RETURN: if (app->session.status() == PlayStatus::kWon) app->command("next"); break;
    case SDLK_F1: case SDLK_QUESTION: app->command("help"); break;
    default: break;
  }
}

void handle_keys() {
  for (const SDL_KeyboardEvent& k : platform->keys) {
    if (k.type == SDL_KEYDOWN) handle_key(k);
    else if (app->device.open) app->device.key(k, false);
  }
  if (!platform->keys.empty()) app->request_redraw();
  platform->keys.clear();
}

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

void frame() {
  SDL_Event e;
  bool input = false;
  while (SDL_PollEvent(&e)) {
    input = true;
    ImGui_ImplSDL2_ProcessEvent(&e);
    if (e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) platform->keys.push_back(e.key);
  }
  app->advance(emscripten_get_now());
  if (input) app->request_redraw();
  if (app->redraw_frames == 0) {  // idle: draw nothing, keep the tab cool
    handle_keys();
    return;
  }
  --app->redraw_frames;
  ++app->frames_drawn;

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  app->draw();
  ImGui::Render();
  ImGuiIO& io = ImGui::GetIO();
  glViewport(0, 0, (int)(io.DisplaySize.x * io.DisplayFramebufferScale.x),
             (int)(io.DisplaySize.y * io.DisplayFramebufferScale.y));
  glClearColor(0.13f, 0.15f, 0.17f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  handle_keys();
}

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

int main() {
  platform = new Platform;
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    printf("tilelab: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  double css_w = 960, css_h = 640;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  platform->window = SDL_CreateWindow("tilelab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, (int)css_w,
                                      (int)css_h, SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  platform->gl = SDL_GL_CreateContext(platform->window);
  SDL_GL_MakeCurrent(platform->window, platform->gl);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 0;
  ImGui::GetStyle().FrameRounding = 4;
  platform->dpr = (float)emscripten_get_device_pixel_ratio();
  if (platform->dpr < 1) platform->dpr = 1;
  load_fonts(platform->dpr);
  ImGui_ImplSDL2_InitForOpenGL(platform->window, platform->gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");

  app = new Playground;
  app->pack.restore();  // the pack of the last visit, with its levels solved
  app->edit.restore();  // the level being edited, and Edit mode if it was on
  emscripten_set_resize_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, EM_FALSE, on_resize);
  resize_to_canvas();

  std::string hash = emscripten_run_script_string("location.hash");
  if (hash.size() > 1) {
    app->open_link(hash);
  } else {
    app->session.open_default();
    app->follow_session();
  }

  EM_ASM({ if (Module.onPlaygroundReady) Module.onPlaygroundReady(); });
  emscripten_set_main_loop(frame, 0, true);
  return 0;
}
