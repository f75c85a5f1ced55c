#include "work.h"

#include <emscripten.h>

#include "core/game/game.h"
#include "core/base/params.h"
#include "shell/common/json.h"

WorkRequest WorkRequest::making(const char* what, const tl::GameInfo& game, const tl::ParamValues& params,
                                const std::string& seed) {
  WorkRequest r;
  r.what = what;
  r.game = game.id;
  tl::Text text;
  tl::params_format(game, params, '&', &text);
  r.params = text.c_str();
  r.seed = seed;
  return r;
}

std::string WorkRequest::json() const {
  return json::Object()
      .add("what", what)
      .add("game", game)
      .add("params", params)
      .add("seed", seed)
      .add("level", level)
      .add("count", count)
      .add("min_difficulty", min_difficulty)
      .add("max_difficulty", max_difficulty)
      .str();
}

void Work::start(WorkKind kind, const WorkRequest& request, const std::vector<std::string>& fields) {
  std::vector<std::string> quoted;
  for (const std::string& f : fields) quoted.push_back(json::quote(f));
  job = kind;
  id = next_id++;
  done = total = 0;
  started_ms = emscripten_get_now();
  EM_ASM({ window.tilelab.work.start($0, JSON.parse(UTF8ToString($1)), JSON.parse(UTF8ToString($2))); }, id,
         request.json().c_str(), json::array(quoted).c_str());
}

void Work::cancel() {
  if (!busy()) return;
  EM_ASM({ window.tilelab.work.cancel($0); }, id);
  job = WorkKind::kNone;
}

std::vector<std::string> work_values(const std::string& joined, size_t count) {
  std::vector<std::string> out;
  size_t start = 0;
  while (out.size() + 1 < count) {
    size_t end = joined.find('\x1f', start);
    if (end == std::string::npos) break;
    out.push_back(joined.substr(start, end - start));
    start = end + 1;
  }
  out.push_back(start <= joined.size() ? joined.substr(start) : std::string());
  out.resize(count);
  return out;
}
