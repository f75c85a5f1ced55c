#include "generate_panel.h"

#include <emscripten.h>
#include <stdio.h>

#include "core/midend/registry.h"
#include "core/base/rng.h"
#include "core/midend/session.h"
#include "imgui.h"
#include "page.h"
#include "touch.h"
#include "widgets.h"

using namespace tl;

uint64_t fresh_entropy() {
  return (uint64_t)(emscripten_get_now() * 1000.0) ^ (uint64_t)(emscripten_random() * 4294967296.0) << 20;
}

void GeneratePanel::follow(const Session& session) {
  game = &session.game();
  params = session.params();
  if (session.from_seed()) snprintf(seed, sizeof seed, "%s", session.seed());
}

namespace {

// A parameter's widget, always within the parameter's range: a slider for a
// number, a Width and a Height slider for a size (each side its own range),
// a combo for a choice.
void param_widget(const GameInfo& g, int i, ParamValues* v) {
  const ParamSpec& p = g.params[i];
  ImGui::PushID(i);
  switch (p.kind) {
    case ParamKind::kInt:
      slider_int(p.label, &v->a[i], p.min, p.max, p.least_word);
      widgets::tag("slider");
      break;
    case ParamKind::kSize:
      slider_int("Width", &v->a[i], param_min(p), param_max(p));
      widgets::tag("slider");
      tooltip(p.help);
      slider_int("Height", &v->b[i], param_min(p, 1), param_max(p, 1));
      widgets::tag("slider");
      break;
    case ParamKind::kChoice:
      combo(p.label, &v->a[i], p.choices, p.choice_count);
      widgets::tag("combo", p.label);
      break;
  }
  tooltip(p.help);
  ImGui::PopID();
}

}  // namespace

void GeneratePanel::draw(Page& page) {
  // The header is the panel's name; "Generate" is its button's.
  if (!collapsing_header("New level", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (begin_choices("Game", game->name)) {
    for (int i = 0; i < game_count(); ++i) {
      const GameInfo& g = game_at(i);
      if (choice(g.name, &g == game) && &g != game) {
        // The panel shows the game chosen at once, and its level is made from it.
        game = &g;
        params_default(g, &params);
        page.new_level(g, params, seed);
      }
    }
    end_choices();
  }
  widgets::tag("combo", "Game");
  for (int i = 0; i < game->param_count; ++i) param_widget(*game, i, &params);
  // Enter in the seed box generates, as the button does.
  const bool enter = ImGui::InputText("Seed", seed, sizeof seed, ImGuiInputTextFlags_EnterReturnsTrue);
  // Parameters that cannot go together: Generate waits, and says why.
  Error why;
  const bool fits = !game->check_params || game->check_params(params, &why);
  unfit = fits ? "" : why.message;
  if (page.work().job == WorkKind::kGenerate) {
    // The generator runs in the page's worker; the board stays playable.
    // Its bar: the layouts tried of the most it tries (it stops at the
    // first that makes a level), and the time so far.
    const Work& w = page.work();
    char overlay[96];
    if (w.total)
      snprintf(overlay, sizeof overlay, "%u of at most %u layouts tried, %.1f s", w.done, w.total,
               w.seconds(emscripten_get_now()));
    else snprintf(overlay, sizeof overlay, "Generating... %.1f s", w.seconds(emscripten_get_now()));
    progress = overlay;
    ImGui::ProgressBar(w.total ? w.fraction() : 0.0f, ImVec2(-1, 0), overlay);
    if (ImGui::Button("Cancel##generate")) page.command(Command::kCancel);
    page.tick_in(emscripten_get_now(), 200);  // the clock, five times a second
  } else {
    ImGui::BeginDisabled(!fits);
    if (ImGui::Button("Generate") || (enter && fits)) page.command(Command::kGenerate);
    ImGui::SameLine();
    if (ImGui::Button("New seed")) {
      Text t;
      seed_name(fresh_entropy(), &t);
      snprintf(seed, sizeof seed, "%s", t.c_str());
      page.command(Command::kGenerate);
    }
    ImGui::EndDisabled();
  }
  if (!fits) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 150, 130, 255));
    ImGui::TextWrapped("Cannot generate: %s", unfit.c_str());
    ImGui::PopStyleColor();
  }
  if (!game->infinite_mode) return;  // only a game that goes on from where a level ended has it
  bool infinite = page.session().infinite();
  if (ImGui::Checkbox("Infinite mode", &infinite)) page.command(infinite ? Command::kInfiniteOn : Command::kInfiniteOff);
  tooltip("After a win, the next level starts where this one ended.");
}
