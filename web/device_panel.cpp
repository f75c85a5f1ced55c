// device_panel.cpp — the Playdate preview (see device_panel.h).
#include "device_panel.h"

#include <math.h>

#include <SDL.h>
#include <SDL_opengles2.h>

#include "page.h"
#include "touch.h"
#include "widgets.h"

namespace {
constexpr double kFrameMs = 1000.0 / 30.0;  // the device's 30 fps
}

void DevicePanel::set_open(bool on, uint64_t entropy) {
  open = on;
  if (on && !app) {
    app.reset(new device::App(nullptr, entropy));
    app->start();
  }
  held = pushed = released = 0;
  crank = 0;
}

void DevicePanel::press(uint32_t button, bool down) {
  if (down && !(held & button)) pushed |= button, held |= button;
  if (!down && (held & button)) released |= button, held &= ~button;
}

bool DevicePanel::key(const SDL_KeyboardEvent& k, bool down) {
  if (k.repeat) return true;
  switch (k.keysym.sym) {
    case SDLK_UP: press(device::kUp, down); return true;
    case SDLK_DOWN: press(device::kDown, down); return true;
    case SDLK_LEFT: press(device::kLeft, down); return true;
    case SDLK_RIGHT: press(device::kRight, down); return true;
    case SDLK_x: case SDLK_RETURN: press(device::kA, down); return true;
    case SDLK_z: case SDLK_BACKSPACE: press(device::kB, down); return true;
    default: return false;
  }
}

void DevicePanel::upload() {
  const device::Frame& f = app->screen();
  pixels.resize((size_t)device::kWidth * device::kHeight);
  for (int y = 0; y < device::kHeight; ++y)
    for (int x = 0; x < device::kWidth; ++x)
      pixels[(size_t)(y * device::kWidth + x)] = f.black(x, y) ? 0x31 : 0xb1;  // the screen's dark and light grey
  if (!texture) {
    GLuint t = 0;
    glGenTextures(1, &t);
    texture = t;
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, device::kWidth, device::kHeight, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
               pixels.data());
}

namespace {

// The device's buttons on screen (for a finger), then the crank's and Close.
struct OnScreen {
  const char* label;
  uint32_t button;
};
const OnScreen kOnScreen[] = {{"<", device::kLeft}, {"^", device::kUp}, {"v", device::kDown},
                              {">", device::kRight}, {"B", device::kB}, {"A", device::kA}};
const ImVec2 kPadSize(40, 30);
// At least kPadSize, and as tall as the other buttons (a finger's: FingerSized).
ImVec2 pad_size() { return ImVec2(kPadSize.x, fmaxf(kPadSize.y, ImGui::GetFrameHeight())); }
const char* const kCrankDown = "Crank -";
const char* const kCrankUp = "Crank +";
const char* const kClose = "Close preview";

}  // namespace

const char* DevicePanel::help() const {
  return touch_pointer() ? "The Playdate app, as the device runs it: the buttons under its screen are the D-pad, B "
                           "(hold: restart), A and the crank."
                         : "The Playdate app, as the device runs it: arrows the D-pad, X or Enter A, Z or Backspace B "
                           "(hold: restart), the mouse wheel the crank.";
}

// The crank's two buttons side by side: they go on a row together.
static float crank_width() {
  return widgets::button_width(kCrankDown) + ImGui::GetStyle().ItemSpacing.x + widgets::button_width(kCrankUp);
}

// The rows of buttons under the screen, `width` wide (as draw() lays them
// out: the crank's pair and Close go on the pad's row while they fit).
float DevicePanel::buttons_height(float width) const {
  const ImGuiStyle& style = ImGui::GetStyle();
  const int pads = (int)(sizeof kOnScreen / sizeof kOnScreen[0]);
  float x = pads * pad_size().x + (pads - 1) * style.ItemSpacing.x;
  int rows = 1;
  for (const float w : {crank_width(), widgets::button_width(kClose)}) {
    if (x + style.ItemSpacing.x + w < width) {
      x += style.ItemSpacing.x + w;
    } else {
      ++rows;
      x = w;
    }
  }
  const float row = pad_size().y + style.ItemSpacing.y;
  return rows * row + style.ItemSpacing.y;
}

float DevicePanel::height_for(float width) const {
  const float title = ImGui::GetFrameHeight();  // its title bar (FingerSized leaves it as it is)
  const FingerSized finger;                     // the rest as draw() sizes it
  const ImGuiStyle& style = ImGui::GetStyle();
  const float inner = width - style.WindowPadding.x * 2;
  return title + style.WindowPadding.y * 2 + ImGui::CalcTextSize(help(), nullptr, false, inner).y +
         style.ItemSpacing.y + inner * device::kHeight / device::kWidth + style.ItemSpacing.y + buttons_height(inner);
}

void DevicePanel::draw(Page& pg, ImVec2 pos, ImVec2 size, double now_ms) {
  if (!app) return;
  // The device's frames: buttons and crank in, 30 a second.
  if (now_ms >= next_frame_ms_) {
    device::DeviceInput in;
    in.held = held;
    in.pushed = pushed;
    in.released = released;
    in.docked = crank == 0;
    in.crank_change = crank;
    app->frame(in, (uint64_t)now_ms);
    pushed = released = 0;
    crank = 0;
    next_frame_ms_ = now_ms + kFrameMs;
    upload();
  }
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("Playdate preview", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  {
    const FingerSized finger;
    ImGui::TextWrapped("%s", help());
    const float avail_w = ImGui::GetContentRegionAvail().x;
    const float avail_h = ImGui::GetContentRegionAvail().y - buttons_height(avail_w);
    float scale = avail_w / device::kWidth < avail_h / device::kHeight ? avail_w / device::kWidth
                                                                         : avail_h / device::kHeight;
    scale = scale >= 2 ? (float)(int)scale : scale < 0.5f ? 0.5f : scale;
    ImGui::Image((ImTextureID)(intptr_t)texture, ImVec2(device::kWidth * scale, device::kHeight * scale));
    if (ImGui::IsItemHovered() && ImGui::GetIO().MouseWheel != 0) wheel(ImGui::GetIO().MouseWheel);
    // Touch: the buttons on screen.
    for (const OnScreen& b : kOnScreen) {
      if (&b != kOnScreen) ImGui::SameLine();
      ImGui::Button(b.label, pad_size());
      if (ImGui::IsItemActivated()) press(b.button, true);
      if (ImGui::IsItemDeactivated()) press(b.button, false);
    }
    // The crank's pair and Close go on with the row while it fits the window
    // (a phone's is too narrow for all of them).
    widgets::same_line_if_fits(crank_width());
    if (ImGui::Button(kCrankDown)) crank -= 31.0f;
    ImGui::SameLine();
    if (ImGui::Button(kCrankUp)) crank += 31.0f;
    widgets::same_line_if_fits(widgets::button_width(kClose));
    if (ImGui::Button(kClose)) set_open(false, 0);
  }
  ImGui::End();
  pg.request_redraw();  // the device draws every frame while open
}
