// main.cpp — the tilelab playground: Dear ImGui on SDL2, compiled to wasm.
//
// It draws and forwards input; the core's Session plays, the registry lists the
// games, links come from core/link. UI state lives in one struct (Playground),
// one function per panel. The page around the canvas is shell/web/.
#include <SDL.h>
#include <SDL_opengles2.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <stdio.h>
#include <string.h>

#include <string>

#include "board.h"
#include "core/grid.h"
#include "core/link.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/session.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "playground.h"
#include "shell/common/json.h"
#include "shell/common/report.h"

using namespace tl;

namespace {

constexpr double kSolveStepMs = 220.0;
constexpr float kSwipeMinPixels = 24.0f;

struct Playground {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  float dpr = 1.0f;

  // What is being played, and where it came from.
  const GameInfo* game = nullptr;
  ParamValues params;       // the level's parameters (for seed links)
  ParamValues edit_params;  // what the Generate panel shows
  char seed[96] = "";
  char edit_seed[96] = "";
  bool from_seed = true;    // false: opened from a level link
  int par = -1;
  Session session;
  std::string link;
  std::string message;      // an error shown over the level, until dismissed
  std::string note;         // a short status line (hint played, link copied)
  bool infinite = false;

  // Solve animation.
  MoveList solving;
  size_t solving_at = 0;
  double next_step_ms = 0;

  std::string analysis;     // last analysis, as text
  StateGraph graph;         // last analysis's state graph, when small
  bool show_analysis = false;  // open the Analysis panel (and scroll to it) once
  bool swiping = false;
  ImVec2 swipe_from;
  int card = 0;             // the chosen card of the hand (games with cards)
  char level_text[4096] = "";  // the Share panel's level text box
  int redraw_frames = 3;    // frames still to draw; 0 = idle, nothing drawn
};

Playground* app = nullptr;  // made in main(): no global constructor

void request_redraw() { app->redraw_frames = 3; }

void set_fragment(const std::string& link) {
  EM_ASM({ history.replaceState(null, "", UTF8ToString($0)); }, link.c_str());
}

void level_loaded(std::unique_ptr<Level> level) {
  app->session.load(std::move(level));
  app->card = 0;
  app->solving.clear();
  app->analysis.clear();
  app->graph = StateGraph();
  app->note.clear();
  Text link;
  if (app->from_seed) link_for_seed(*app->game, app->params, app->seed, &link);
  else link_for_level(app->session.level(), &link);
  app->link = link.c_str();
  set_fragment(app->link);
  request_redraw();
}

bool generate_level(const GameInfo& game, const ParamValues& params, const char* seed) {
  GeneratedInfo info;
  Error e;
  std::unique_ptr<Level> level = game.generate(params, seed, &info, &e);
  if (!level) {
    app->message = std::string("Could not generate: ") + e.message;
    request_redraw();
    return false;
  }
  app->game = &game;
  app->params = params;
  app->edit_params = params;
  snprintf(app->seed, sizeof app->seed, "%s", seed);
  snprintf(app->edit_seed, sizeof app->edit_seed, "%s", seed);
  app->from_seed = true;
  app->par = info.par;
  level_loaded(std::move(level));
  return true;
}

void new_seed(char* out, size_t size) {
  Text t;
  seed_name((uint64_t)(emscripten_get_now() * 1000.0) ^ (uint64_t)emscripten_random() * 0x9e3779b97f4aull, &t);
  snprintf(out, size, "%s", t.c_str());
}

void open_default_level() {
  const GameInfo& g = game_at(0);
  ParamValues p;
  params_default(g, &p);
  generate_level(g, p, "tilelab");
}

// Plays a level opened from its text (a level link or a pasted text): no
// seed, the game's default parameters in the Generate panel.
void level_opened(std::unique_ptr<Level> level) {
  app->message.clear();
  app->game = &level->game();
  params_default(*app->game, &app->params);
  app->edit_params = app->params;
  app->from_seed = false;
  GameState s;
  level->initial_state(&s);
  app->par = level->solve(s, SearchLimits(), nullptr).length;
  level_loaded(std::move(level));
}

// Opens a link; a bad link shows its message over a default level.
void open_link_text(const std::string& link) {
  LinkTarget target;
  Error e;
  if (!parse_link(link.data(), link.size(), &target, &e)) {
    app->message = std::string("This link can't be opened: ") + e.message;
    if (!app->session.loaded()) open_default_level();
    request_redraw();
    return;
  }
  if (!target.is_level) {
    app->message.clear();  // a failed generation sets its own message
    if (!generate_level(*target.game, target.params, target.seed.c_str()) && !app->session.loaded())
      open_default_level();
    return;
  }
  std::unique_ptr<Level> level = open_link(target, nullptr, &e);
  if (!level) {
    app->message = std::string("This link can't be opened: ") + e.message;
    if (!app->session.loaded()) open_default_level();
    request_redraw();
    return;
  }
  level_opened(std::move(level));
}

// Opens a level text of any game (pasted on the page, or typed in the Share
// panel); a text no game reads shows why over the current level.
void open_level_text(const std::string& text) {
  Error e;
  std::unique_ptr<Level> level = parse_level(nullptr, text.data(), text.size(), &e);
  if (!level) {
    app->message = std::string("This level text can't be opened: ") + e.message;
    request_redraw();
    return;
  }
  level_opened(std::move(level));
}

// --- commands: the same for keys, buttons and the page's JS -----------------
void analyze_position();
// The chosen card, moved on to the first one left when it is used up; -1
// when the game has no hand (or it is empty).
int chosen_card() {
  HandCard hand[kMaxHand];
  int n = app->session.level().hand(app->session.state(), hand);
  if (n == 0) return -1;
  if (app->card >= n || hand[app->card].count == 0)
    for (app->card = 0; app->card < n && hand[app->card].count == 0; ++app->card) {
    }
  return app->card < n ? app->card : -1;
}

void choose_card(int index) {
  HandCard hand[kMaxHand];
  int n = app->session.level().hand(app->session.state(), hand);
  if (index < n && hand[index].count > 0) app->card = index;
  request_redraw();
}

void play_direction(int dir) {
  if (!app->solving.empty()) return;
  HandCard hand[kMaxHand];
  if (app->session.level().hand(app->session.state(), hand) > 0) {
    int card = chosen_card();
    if (card >= 0) app->session.play(hand[card].first_move + dir);
  } else {
    app->session.play_direction(dir);
  }
  app->note.clear();
  request_redraw();
}

void hint() {
  int move = app->session.hint(SearchLimits());
  if (move < 0) {
    app->note = app->session.status() == PlayStatus::kPlaying ? "No hint: no win is reachable from here. Undo."
                                                                : "";
  } else {
    uint8_t m = (uint8_t)move;
    app->note = "Hint played: " + report::moves_text(app->session.level(), MoveList(1, m));
    app->session.play(move);
  }
  request_redraw();
}

void solve() {
  MoveList path;
  if (!app->session.solution(SearchLimits(), &path)) {
    app->note = "No solution from here. Undo or restart.";
  } else {
    app->solving = path;
    app->solving_at = 0;
    app->next_step_ms = emscripten_get_now();
    app->note = "Solving: " + report::moves_text(app->session.level(), path);
  }
  request_redraw();
}

void next_level() {
  ParamValues p;
  Text seed;
  if (app->infinite && app->from_seed && app->session.status() == PlayStatus::kWon &&
      next_infinite_level(app->session.level(), app->session.state(), app->params, app->seed, &p, &seed)) {
    generate_level(*app->game, p, seed.c_str());
    return;
  }
  char fresh[96];
  new_seed(fresh, sizeof fresh);
  generate_level(*app->game, app->edit_params, fresh);
}

void copy_link() {
  EM_ASM({
    var url = location.href;
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).catch(function(){});
  });
  app->note = "Link copied. It recreates this level exactly.";
  request_redraw();
}

bool run_command(const std::string& name) {
  if (name == "undo") { app->solving.clear(); app->session.undo(); }
  else if (name == "redo") app->session.redo();
  else if (name == "restart") { app->solving.clear(); app->session.restart(); }
  else if (name == "hint") hint();
  else if (name == "solve") solve();
  else if (name == "generate") generate_level(*app->game, app->edit_params, app->edit_seed);
  else if (name == "next") next_level();
  else if (name == "copy-link") copy_link();
  else if (name == "dismiss") app->message.clear();
  else if (name == "analyze") analyze_position();
  else if (name == "infinite-on") app->infinite = true;
  else if (name == "infinite-off") app->infinite = false;
  else return false;
  request_redraw();
  return true;
}

// --- input ------------------------------------------------------------------
void handle_key(const SDL_KeyboardEvent& k) {
  if (ImGui::GetIO().WantTextInput) return;  // typing a seed: keys are text
  bool repeat = k.repeat != 0;
  switch (k.keysym.sym) {
    case SDLK_UP: case SDLK_w: if (!repeat) play_direction(kUp); break;
    case SDLK_DOWN: case SDLK_s: if (!repeat) play_direction(kDown); break;
    case SDLK_LEFT: case SDLK_a: if (!repeat) play_direction(kLeft); break;
    case SDLK_RIGHT: case SDLK_d: if (!repeat) play_direction(kRight); break;
    case SDLK_z: case SDLK_BACKSPACE: run_command("undo"); break;
    case SDLK_y: run_command("redo"); break;
    case SDLK_r: run_command("restart"); break;
    case SDLK_h: run_command("hint"); break;
    case SDLK_1: case SDLK_2: case SDLK_3: case SDLK_4: case SDLK_5: case SDLK_6: case SDLK_7: case SDLK_8:
    case SDLK_9:
      if (!repeat) choose_card(k.keysym.sym - SDLK_1);
      break;
    case SDLK_n: case SDLK_RETURN: if (app->session.status() == PlayStatus::kWon) run_command("next"); break;
    default: break;
  }
}

void advance_solve_animation() {
  if (app->solving.empty()) return;
  double now = emscripten_get_now();
  if (now < app->next_step_ms) return;
  if (app->solving_at < app->solving.size()) app->session.play(app->solving[app->solving_at++]);
  app->next_step_ms = now + kSolveStepMs;
  if (app->solving_at >= app->solving.size()) app->solving.clear();
  request_redraw();
}

// --- panels -----------------------------------------------------------------
void param_widget(const GameInfo& g, int i) {
  const ParamSpec& p = g.params[i];
  ParamValues& v = app->edit_params;
  ImGui::PushID(i);
  switch (p.kind) {
    case ParamKind::kInt: ImGui::SliderInt(p.label, &v.a[i], p.min, p.max); break;
    case ParamKind::kSize: {
      int wh[2] = {v.a[i], v.b[i]};
      if (ImGui::SliderInt2(p.label, wh, p.min, p.max)) {
        v.a[i] = wh[0];
        v.b[i] = wh[1];
      }
      break;
    }
    case ParamKind::kChoice:
      ImGui::Combo(p.label, &v.a[i], p.choices, p.choice_count);
      break;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.help);
  ImGui::PopID();
}

void generate_panel() {
  if (!ImGui::CollapsingHeader("Generate", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::BeginCombo("Game", app->game->name)) {
    for (int i = 0; i < game_count(); ++i) {
      const GameInfo& g = game_at(i);
      if (ImGui::Selectable(g.name, &g == app->game) && &g != app->game) {
        ParamValues p;
        params_default(g, &p);
        generate_level(g, p, app->edit_seed);
      }
    }
    ImGui::EndCombo();
  }
  for (int i = 0; i < app->game->param_count; ++i) param_widget(*app->game, i);
  ImGui::InputText("Seed", app->edit_seed, sizeof app->edit_seed);
  if (ImGui::Button("Generate")) run_command("generate");
  ImGui::SameLine();
  if (ImGui::Button("New seed")) {
    new_seed(app->edit_seed, sizeof app->edit_seed);
    run_command("generate");
  }
  ImGui::Checkbox("Infinite mode", &app->infinite);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("After a win, the next level starts where this one ended.");
}

void play_panel() {
  if (!ImGui::CollapsingHeader("Play", ImGuiTreeNodeFlags_DefaultOpen)) return;
  Session& s = app->session;
  ImGui::Text("Moves: %d   Par: %d", (int)s.moves_made(), app->par);
  ImGui::BeginDisabled(!s.can_undo());
  if (ImGui::Button("Undo (Z)")) run_command("undo");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!s.can_redo());
  if (ImGui::Button("Redo (Y)")) run_command("redo");
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Restart (R)")) run_command("restart");
  ImGui::BeginDisabled(s.status() != PlayStatus::kPlaying);
  if (ImGui::Button("Hint (H)")) run_command("hint");
  ImGui::SameLine();
  if (ImGui::Button("Solve")) run_command("solve");
  ImGui::EndDisabled();
  HandCard hand[kMaxHand];
  int cards = s.level().hand(s.state(), hand);
  if (cards > 0) {
    // The hand: pick a card (click or 1-9), then a direction plays it.
    int chosen = chosen_card();
    ImGui::Text("Cards:");
    for (int i = 0; i < cards; ++i) {
      ImGui::SameLine();
      char label[32];
      snprintf(label, sizeof label, "%s x%d##card%d", hand[i].label, hand[i].count, i);
      bool on = i == chosen;
      if (on) ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(60, 140, 90, 255));
      ImGui::BeginDisabled(hand[i].count == 0);
      if (ImGui::Button(label)) choose_card(i);
      ImGui::EndDisabled();
      if (on) ImGui::PopStyleColor();
    }
  }
  if (!app->note.empty()) ImGui::TextWrapped("%s", app->note.c_str());
  ImGui::TextDisabled(cards > 0 ? "1-9 or a click picks a card; arrows/WASD or a swipe play it."
                                : "Arrows/WASD or swipe to move.");
}

void share_panel() {
  if (!ImGui::CollapsingHeader("Share", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::Button("Copy link")) run_command("copy-link");
  ImGui::SameLine();
  ImGui::TextDisabled(app->from_seed ? "seed link" : "level link");
  ImGui::TextWrapped("%s", app->link.c_str());
  ImGui::TextDisabled("Paste a level text on the page, or type one:");
  ImGui::InputTextMultiline("##level-text", app->level_text, sizeof app->level_text,
                            ImVec2(-1, ImGui::GetTextLineHeight() * 5));
  if (ImGui::Button("Open level text")) open_level_text(app->level_text);
}

// The state graph as the seed draws it: one column per depth, the start on
// the left; win states green, dead ends red, other states grey.
void draw_state_graph() {
  const StateGraph& g = app->graph;
  ImGui::TextDisabled("State graph: %d states (green: win, red: dead end)", (int)g.depth.size());
  float w = ImGui::GetContentRegionAvail().x, h = 180;
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(w, h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(origin, ImVec2(origin.x + w, origin.y + h), IM_COL32(25, 28, 32, 255), 4);
  uint32_t deepest = 0;
  for (uint32_t d : g.depth) deepest = d > deepest ? d : deepest;
  std::vector<int> per_depth(deepest + 1, 0), row(g.depth.size());
  for (size_t i = 0; i < g.depth.size(); ++i) row[i] = per_depth[g.depth[i]]++;
  std::vector<ImVec2> at(g.depth.size());
  for (size_t i = 0; i < g.depth.size(); ++i) {
    float x = origin.x + 10 + (w - 20) * (deepest ? (float)g.depth[i] / (float)deepest : 0.5f);
    float y = origin.y + h * ((float)row[i] + 0.5f) / (float)per_depth[g.depth[i]];
    at[i] = ImVec2(x, y);
  }
  for (const StateGraph::Edge& e : g.edges)
    dl->AddLine(at[e.from], at[e.to], IM_COL32(120, 130, 140, 90), 1.0f);
  for (size_t i = 0; i < g.depth.size(); ++i) {
    ImU32 c = g.kind[i] == StateGraph::kWin ? IM_COL32(70, 200, 90, 255)
              : g.kind[i] == StateGraph::kDeadEnd ? IM_COL32(220, 70, 60, 255) : IM_COL32(190, 190, 200, 255);
    dl->AddCircleFilled(at[i], i == 0 ? 5.0f : 3.0f, c);
  }
}

void analyze_position() {
  app->show_analysis = true;
  SearchLimits limits;
  limits.graph_states = 300;
  Analysis a = app->session.level().analyze(app->session.state(), limits);
  app->graph = a.graph;
  char buf[512];
  if (a.capped) {
    snprintf(buf, sizeof buf, "Too large: more than the state cap.");
  } else {
    snprintf(buf, sizeof buf,
             "Solvable: %s\nPar: %d\nDifficulty: %d\nReachable states: %llu\nWin states: %llu\n"
             "Dead ends: %llu\nOptimal solutions: %llu\nDeepest state: %d moves\n"
             "Farthest from a win: %d moves\nOn the solution: %llu choices, %llu wrong, setback %llu",
             a.solvable ? "yes" : "no", a.par, app->session.level().difficulty(a), (unsigned long long)a.states,
             (unsigned long long)a.win_states, (unsigned long long)a.dead_ends,
             (unsigned long long)a.optimal_solutions, a.max_depth, a.max_distance,
             (unsigned long long)a.line_choices, (unsigned long long)a.line_wrong_moves,
             (unsigned long long)a.line_setback);
  }
  app->analysis = buf;
  Figure figures[kMaxFigures];
  int n = a.capped ? 0 : app->session.level().analysis_figures(app->session.state(), a, SearchLimits(), figures);
  for (int i = 0; i < n; ++i) {
    app->analysis += std::string("\n") + figures[i].label + ": ";
    app->analysis += figures[i].is_bool ? (figures[i].value ? "yes" : "no") : std::to_string(figures[i].value);
  }
  if (a.dead_ends && !a.first_dead_end.empty())
    app->analysis += "\nFirst dead end after: " + report::moves_text(app->session.level(), a.first_dead_end);
  request_redraw();
}

void analysis_panel() {
  if (app->show_analysis) ImGui::SetNextItemOpen(true);
  if (!ImGui::CollapsingHeader("Analysis")) return;
  if (app->show_analysis) {
    ImGui::SetScrollHereY(0.0f);
    app->show_analysis = false;
  }
  if (ImGui::Button("Analyze this position")) run_command("analyze");
  if (!app->analysis.empty()) ImGui::TextUnformatted(app->analysis.c_str());
  if (!app->graph.depth.empty()) draw_state_graph();
}

// The medals the game awards for the moves just played ("Medals: Par, Perfect").
std::string won_medals() {
  Figure medals[kMaxFigures];
  int n = app->session.level().earned_medals(app->session.moves(), app->par, medals);
  std::string text;
  for (int i = 0; i < n; ++i)
    if (medals[i].value) text += (text.empty() ? "Medals: " : ", ") + std::string(medals[i].label);
  return n > 0 && text.empty() ? "No medal" : text;
}

void banner(ImDrawList* dl, ImVec2 min, ImVec2 max, const char* title, const char* line, ImU32 colour) {
  ImVec2 c((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f);
  ImFont* font = ImGui::GetFont();
  float big = ImGui::GetFontSize() * 2.0f, small = ImGui::GetFontSize() * 1.1f;
  ImVec2 ts = font->CalcTextSizeA(big, 1e9f, 0, title), ls = font->CalcTextSizeA(small, 1e9f, 0, line);
  float w = (ts.x > ls.x ? ts.x : ls.x) + 48, h = ts.y + ls.y + 36;
  dl->AddRectFilled(ImVec2(c.x - w / 2, c.y - h / 2), ImVec2(c.x + w / 2, c.y + h / 2), colour, 12);
  dl->AddText(font, big, ImVec2(c.x - ts.x / 2, c.y - h / 2 + 12), IM_COL32_WHITE, title);
  dl->AddText(font, small, ImVec2(c.x - ls.x / 2, c.y - h / 2 + 18 + ts.y), IM_COL32_WHITE, line);
}

void board_window(ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 12));
  ImGui::Begin("Board", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::PopStyleVar();
  Session& s = app->session;
  ImVec2 min = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImVec2 max(min.x + avail.x, min.y + avail.y);
  ImGui::InvisibleButton("board", ImVec2(avail.x > 1 ? avail.x : 1, avail.y > 1 ? avail.y : 1));
  // Swipes: a drag on the board is a move in its main direction.
  ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemActivated()) {
    app->swiping = true;
    app->swipe_from = io.MousePos;
  }
  if (app->swiping && ImGui::IsMouseReleased(0)) {
    app->swiping = false;
    float dx = io.MousePos.x - app->swipe_from.x, dy = io.MousePos.y - app->swipe_from.y;
    float adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
    if ((adx > ady ? adx : ady) >= kSwipeMinPixels)
      play_direction(adx > ady ? (dx > 0 ? kRight : kLeft) : (dy > 0 ? kDown : kUp));
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  BoardView view;
  s.level().view(s.state(), &view);
  draw_board(dl, min, max, view);
  char line[160];
  if (s.status() == PlayStatus::kWon) {
    int moves = (int)s.moves_made();
    std::string medals = won_medals();
    snprintf(line, sizeof line, "%d moves (par %d)%s%s   %s", moves, app->par,
             medals.empty() && moves <= app->par ? " - perfect!" : "", medals.empty() ? "" : ("   " + medals).c_str(),
             app->infinite ? "N: next level" : "N: a new level");
    banner(dl, min, max, "Solved!", line, IM_COL32(40, 130, 70, 230));
  } else if (s.status() == PlayStatus::kLost) {
    banner(dl, min, max, "Lost", "Z: undo   R: restart", IM_COL32(170, 50, 50, 230));
  }
  if (!app->message.empty()) {
    ImGui::SetCursorScreenPos(ImVec2(min.x, min.y));
    ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(150, 40, 40, 235));
    ImGui::BeginChild("message", ImVec2(avail.x, ImGui::GetTextLineHeightWithSpacing() * 3.2f), true);
    ImGui::TextWrapped("%s", app->message.c_str());
    if (ImGui::SmallButton("Dismiss")) run_command("dismiss");
    ImGui::EndChild();
    ImGui::PopStyleColor();
  }
  ImGui::End();
}

void draw_ui() {
  ImGuiIO& io = ImGui::GetIO();
  float w = io.DisplaySize.x, h = io.DisplaySize.y;
  bool narrow = w < 720;
  float side = narrow ? w : (w * 0.34f < 360 ? w * 0.34f : 360);
  float side_h = narrow ? h * 0.42f : h;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(side, side_h));
  ImGui::Begin("tilelab", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  ImGui::TextWrapped("%s", app->game->summary);
  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
  generate_panel();
  play_panel();
  share_panel();
  analysis_panel();
  ImGui::PopItemWidth();
  ImGui::End();
  if (narrow) board_window(ImVec2(0, side_h), ImVec2(w, h - side_h));
  else board_window(ImVec2(side, 0), ImVec2(w - side, h));
}

// --- the frame loop ---------------------------------------------------------
void resize_to_canvas() {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  if (css_w < 1 || css_h < 1) return;
  SDL_SetWindowSize(app->window, (int)css_w, (int)css_h);
  request_redraw();
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
    if (e.type == SDL_KEYDOWN) handle_key(e.key);
  }
  advance_solve_animation();
  if (input) request_redraw();
  if (app->redraw_frames == 0) return;  // idle: draw nothing, keep the tab cool
  --app->redraw_frames;

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  draw_ui();
  ImGui::Render();
  ImGuiIO& io = ImGui::GetIO();
  glViewport(0, 0, (int)(io.DisplaySize.x * io.DisplayFramebufferScale.x),
             (int)(io.DisplaySize.y * io.DisplayFramebufferScale.y));
  glClearColor(0.13f, 0.15f, 0.17f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
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

// --- the page's entry points (bound in api.cpp) -----------------------------
std::string playground_state_json() {
  if (!app || !app->session.loaded()) return "{\"ready\":false}";
  const Session& s = app->session;
  Text board;
  s.level().format(s.state(), &board);
  PlayStatus st = s.status();
  json::Object o;
  o.add("ready", true).add("game", app->game->id).add("seed", app->from_seed ? app->seed : "");
  o.add("level", board.c_str()).add("start", report::level_text(s.level()));
  o.add("moves", report::moves_text(s.level(), s.moves())).add("move_count", (int)s.moves_made());
  o.add("status", st == PlayStatus::kWon ? "won" : st == PlayStatus::kLost ? "lost" : "playing");
  o.add("par", app->par).add("link", app->link).add("message", app->message).add("note", app->note);
  o.add("animating", !app->solving.empty()).add("infinite", app->infinite);
  o.add("analysis", app->analysis).add("graph_states", (int)app->graph.depth.size());
  o.add("medals", st == PlayStatus::kWon ? won_medals() : std::string());
  HandCard hand[kMaxHand];
  int cards = s.level().hand(s.state(), hand);
  if (cards > 0) {
    std::string text;
    for (int i = 0; i < cards; ++i)
      text += (i ? " " : "") + std::string(hand[i].label) + "x" + std::to_string(hand[i].count);
    o.add("hand", text).add("card", chosen_card());
  }
  return o.str();
}

void playground_open_text(std::string text) {
  if (app) open_level_text(text);
}

void playground_open_link(std::string link) {
  if (app) open_link_text(link);
}

bool playground_command(std::string name) { return app && run_command(name); }

int main() {
  app = new Playground;
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
  app->window = SDL_CreateWindow("tilelab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, (int)css_w, (int)css_h,
                                 SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  app->gl = SDL_GL_CreateContext(app->window);
  SDL_GL_MakeCurrent(app->window, app->gl);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 0;
  ImGui::GetStyle().FrameRounding = 4;
  app->dpr = (float)emscripten_get_device_pixel_ratio();
  if (app->dpr < 1) app->dpr = 1;
  load_fonts(app->dpr);
  ImGui_ImplSDL2_InitForOpenGL(app->window, app->gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");

  emscripten_set_resize_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, EM_FALSE, on_resize);
  resize_to_canvas();

  std::string hash = emscripten_run_script_string("location.hash");
  if (hash.size() > 1) open_link_text(hash);
  else open_default_level();

  EM_ASM({ if (Module.onPlaygroundReady) Module.onPlaygroundReady(); });
  emscripten_set_main_loop(frame, 0, true);
  return 0;
}
