// pack_panel.cpp — the Pack panel (see pack_panel.h).
#include "pack_panel.h"

#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>

#include "imgui.h"
#include "playground.h"

using namespace tl;

namespace {

// localStorage keys: the pack's text, and its solved levels as "0110...".
const char kPackKey[] = "tilelab.pack";
const char kSolvedKey[] = "tilelab.pack.solved";

std::string stored(const char* key) {
  std::string script = "(function(){try{return localStorage.getItem('";
  script += key;
  script += "')||''}catch(e){return ''}})()";
  return emscripten_run_script_string(script.c_str());
}

void store(const char* key, const std::string& value) {
  EM_ASM({ try { localStorage.setItem(UTF8ToString($0), UTF8ToString($1)); } catch (e) {} }, key, value.c_str());
}

}  // namespace

void PackPanel::make(Playground& app) {
  PackOptions o;
  o.count = count < 1 ? 1 : count > 200 ? 200 : count;
  if (band[1] > 0 && band[1] >= band[0]) {
    o.min_difficulty = band[0];
    o.max_difficulty = band[1];
  }
  std::vector<PackLevel> made;
  PackFigures f;
  Error e;
  const GameInfo& g = *app.generate.game;
  if (!make_pack(g, app.generate.params, app.generate.seed, o, &made, &f, &e)) {
    error = e.message;
    return;
  }
  Text t;
  format_pack(g, app.generate.params, made, &t);
  import(t.c_str());
}

bool PackPanel::import(const std::string& pack_text) {
  const GameInfo* g = nullptr;
  std::vector<PackLevel> read;
  Error e;
  if (!parse_pack(pack_text.data(), pack_text.size(), &g, &read, &e)) {
    error = e.message;
    return false;
  }
  const bool same = pack_text == text;
  game = g;
  levels = read;
  text = pack_text;
  if (!same) solved.assign(levels.size(), false);
  current = -1;
  error.clear();
  keep();
  return true;
}

void PackPanel::restore() {
  const std::string kept = stored(kPackKey), marks = stored(kSolvedKey);  // read both before import keeps anew
  if (kept.empty() || !import(kept)) return;
  for (size_t i = 0; i < solved.size() && i < marks.size(); ++i) solved[i] = marks[i] == '1';
  keep();
}

void PackPanel::keep() {
  store(kPackKey, text);
  std::string marks;
  for (bool s : solved) marks += s ? '1' : '0';
  store(kSolvedKey, marks);
}

void PackPanel::open(Playground& app, int index) {
  if (index < 0 || index >= (int)levels.size()) return;
  app.open_text(levels[(size_t)index].level.c_str());
  current = index;
  current_loads = app.session.loads();
}

void PackPanel::follow(Playground& app) {
  if (current < 0 || app.session.loads() != current_loads) return;
  if (app.session.status() == PlayStatus::kWon && !solved[(size_t)current]) {
    solved[(size_t)current] = true;
    keep();
  }
}

void PackPanel::draw(Playground& app) {
  if (!ImGui::CollapsingHeader("Pack")) return;
  ImGui::InputInt("Levels", &count);
  ImGui::InputInt2("Difficulty band (0 0: any)", band);
  if (ImGui::Button("Make pack")) app.command("pack-make");
  ImGui::SameLine();
  ImGui::BeginDisabled(levels.empty());
  if (ImGui::Button("Export")) app.command("pack-export");
  ImGui::EndDisabled();
  ImGui::TextDisabled("Import: paste or drop a pack file on the page.");
  if (!error.empty()) ImGui::TextWrapped("%s", error.c_str());
  if (levels.empty()) return;
  int done = 0;
  for (bool s : solved) done += s;
  ImGui::Text("%s: %d levels, %d solved", game->name, (int)levels.size(), done);
  for (size_t i = 0; i < levels.size(); ++i) {
    char label[96];
    snprintf(label, sizeof label, "%s%2d. par %d, difficulty %d##pack%d", solved[i] ? "* " : "  ", (int)i + 1,
             levels[i].par, levels[i].difficulty, (int)i);
    if (ImGui::Selectable(label, (int)i == current)) open(app, (int)i);
  }
}
