#include "generate_panel.h"

#include <emscripten.h>
#include <stdio.h>

#include "core/registry.h"
#include "core/rng.h"
#include "core/session.h"
#include "imgui.h"
#include "playground.h"

using namespace tl;

uint64_t fresh_entropy() {
  return (uint64_t)(emscripten_get_now() * 1000.0) ^ (uint64_t)(emscripten_random() * 4294967296.0) << 20;
}

std::string params_query(const GameInfo& game, const ParamValues& values) {
  std::string out;
  for (int i = 0; i < game.param_count; ++i) {
    Text value;
    param_format(game, values, i, &value);
    out += std::string(i ? "&" : "") + game.params[i].key + "=" + value.c_str();
  }
  return out;
}

void GeneratePanel::follow(const Session& session) {
  game = &session.game();
  params = session.params();
  if (session.from_seed()) snprintf(seed, sizeof seed, "%s", session.seed());
}

namespace {

void param_widget(const GameInfo& g, int i, ParamValues* v) {
  const ParamSpec& p = g.params[i];
  ImGui::PushID(i);
  switch (p.kind) {
    case ParamKind::kInt: ImGui::SliderInt(p.label, &v->a[i], p.min, p.max); break;
    case ParamKind::kSize: {
      // One slider for both sides; each side kept within its own range
      // (Skiddy's height stops one short of its width).
      int wh[2] = {v->a[i], v->b[i]};
      if (ImGui::SliderInt2(p.label, wh, p.min < param_min(p, 1) ? p.min : param_min(p, 1),
                            p.max > param_max(p, 1) ? p.max : param_max(p, 1))) {
        v->a[i] = wh[0] < param_min(p) ? param_min(p) : wh[0] > param_max(p) ? param_max(p) : wh[0];
        v->b[i] = wh[1] < param_min(p, 1) ? param_min(p, 1) : wh[1] > param_max(p, 1) ? param_max(p, 1) : wh[1];
      }
      break;
    }
    case ParamKind::kChoice: ImGui::Combo(p.label, &v->a[i], p.choices, p.choice_count); break;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.help);
  ImGui::PopID();
}

}  // namespace

void GeneratePanel::draw(Playground& app) {
  if (!ImGui::CollapsingHeader("Generate", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::BeginCombo("Game", game->name)) {
    for (int i = 0; i < game_count(); ++i) {
      const GameInfo& g = game_at(i);
      if (ImGui::Selectable(g.name, &g == game) && &g != game) {
        ParamValues p;
        params_default(g, &p);
        app.new_level(g, p, seed);
      }
    }
    ImGui::EndCombo();
  }
  for (int i = 0; i < game->param_count; ++i) param_widget(*game, i, &params);
  ImGui::InputText("Seed", seed, sizeof seed);
  if (app.work.job == Job::kGenerate) {
    // The generator runs in the page's worker; the board stays playable.
    ImGui::Text("Generating... %.1f s", app.work.seconds(emscripten_get_now()));
    ImGui::SameLine();
    if (ImGui::Button("Cancel##generate")) app.command("cancel");
    app.request_redraw();
  } else {
    if (ImGui::Button("Generate")) app.command("generate");
    ImGui::SameLine();
    if (ImGui::Button("New seed")) {
      Text t;
      seed_name(fresh_entropy(), &t);
      snprintf(seed, sizeof seed, "%s", t.c_str());
      app.command("generate");
    }
  }
  bool infinite = app.session.infinite();
  if (ImGui::Checkbox("Infinite mode", &infinite)) app.command(infinite ? "infinite-on" : "infinite-off");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("After a win, the next level starts where this one ended.");
}
