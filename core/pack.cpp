// pack.cpp — level packs (see pack.h).
#include "pack.h"

#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <memory>

#include "generation.h"
#include "link.h"
#include "params.h"
#include "registry.h"

namespace tl {

int level_similarity(const Level& a, const Level& b) { return a.similarity(b); }

int alike_kept(const std::vector<std::unique_ptr<Level>>& kept, const Level& level, int max_similarity,
               int* similarity) {
  int which = -1;
  *similarity = 0;
  for (size_t k = 0; k < kept.size(); ++k) {
    const int sim = kept[k]->similarity(level);
    if (sim >= max_similarity && sim >= *similarity) which = (int)k, *similarity = sim;
  }
  return which;
}

bool make_pack(const GameInfo& game, const ParamValues& params, const char* seed_prefix, const PackOptions& o,
               std::vector<PackLevel>* out, PackFigures* figures, Error* err) {
  PackFigures local;
  PackFigures& f = figures ? *figures : local;
  f = PackFigures();
  out->clear();
  std::vector<std::unique_ptr<Level>> kept;
  std::vector<int> order;  // kept levels' seed numbers, for ties
  const int most = 4 * o.count + 20;
  Error last;
  for (int i = 1; i <= most && (int)kept.size() < o.count; ++i) {
    if (o.progress) o.progress(o.progress_context, (uint32_t)kept.size(), (uint32_t)o.count);
    Text seed;
    seed.appendf("%s.%d", seed_prefix, i);
    ++f.tried;
    GeneratedInfo info;
    Error e;
    std::unique_ptr<Level> level = generate_level(game, params, seed.c_str(), &info, &e);
    if (!level && info.bad_params) {
      f.bad_params = true;
      if (err) *err = e;
      return false;
    }
    if (!level) {
      ++f.failed;
      last = e;
      continue;
    }
    GameState s;
    level->initial_state(&s);
    const Analysis a = level->analyze(s, SearchLimits());
    const int d = level->difficulty(a);
    if (d < o.min_difficulty || d > o.max_difficulty) {
      ++f.out_of_band;
      continue;
    }
    int similarity;
    if (alike_kept(kept, *level, o.max_similarity, &similarity) >= 0) {
      ++f.alike;
      continue;
    }
    PackLevel p;
    p.seed = seed;
    level->canonical_text(&p.level);
    link_for_seed(game, params, seed.c_str(), &p.link);
    p.par = info.par;
    p.difficulty = d;
    out->push_back(p);
    kept.push_back(std::move(level));
  }
  if (out->empty()) {
    return fail(err, 0, 0, "no level of %s made from %d seeds (%d failed, %d outside the difficulty band%s%s)",
                game.name, f.tried, f.failed, f.out_of_band, last.set() ? ": " : "", last.message);
  }
  // Easiest first; ties keep the seeds' order (the sort is stable).
  std::stable_sort(out->begin(), out->end(),
                   [](const PackLevel& a, const PackLevel& b) { return a.difficulty < b.difficulty; });
  return true;
}

void format_pack(const GameInfo& game, const ParamValues& params, const std::vector<PackLevel>& levels,
                 Text* out) {
  out->appendf("# %s: %d levels, easiest first. Each header's parameters and seed regenerate its level.\n",
               game.name, (int)levels.size());
  Text settings;
  if (game.param_count) settings.push(' ');
  params_format(game, params, ' ', &settings);
  for (const PackLevel& l : levels) {
    out->appendf("\n== %s seed=%s%s par=%d difficulty=%d\n", game.id, l.seed.c_str(), settings.c_str(), l.par,
                 l.difficulty);
    out->append(l.level);
  }
}

namespace {

// The value of the last "key=" in a header line, up to the next space (the
// last: par= and difficulty= come after the game's parameters, one of which
// may have the same name, as Golf Peaks' difficulty does).
bool header_value(const char* line, size_t n, const char* key, Text* out) {
  const size_t k = strlen(key);
  bool found = false;
  for (size_t i = 0; i + k < n; ++i)
    if ((i == 0 || line[i - 1] == ' ') && !strncmp(line + i, key, k) && line[i + k] == '=') {
      size_t j = i + k + 1;
      while (j < n && line[j] != ' ' && line[j] != '\n') ++j;
      out->clear();
      out->append(line + i + k + 1, j - (i + k + 1));
      found = true;
    }
  return found;
}

}  // namespace

bool parse_pack(const char* text, size_t len, const GameInfo** game, std::vector<PackLevel>* out, Error* err) {
  out->clear();
  *game = nullptr;
  // Each entry: its header line, then the level's lines up to the next header.
  struct Entry {
    size_t header, body, end;
    int line;
  };
  std::vector<Entry> entries;
  int line_number = 0;
  for (size_t at = 0; at < len;) {
    const char* nl = (const char*)memchr(text + at, '\n', len - at);
    const size_t end = nl ? (size_t)(nl - text) : len;
    ++line_number;
    if (end - at >= 3 && !strncmp(text + at, "== ", 3)) {
      if (!entries.empty()) entries.back().end = at;
      entries.push_back(Entry{at, nl ? end + 1 : len, len, line_number});
    }
    at = nl ? end + 1 : len;
  }
  if (entries.empty()) return fail(err, 1, 1, "not a pack: no level header ('== GAME seed=...')");
  for (const Entry& e : entries) {
    const char* h = text + e.header + 3;
    const size_t hn = e.body - e.header - 3;
    size_t id_len = 0;
    while (id_len < hn && h[id_len] != ' ' && h[id_len] != '\n') ++id_len;
    const GameInfo* g = find_game(h, id_len);
    if (!g) return fail(err, e.line, 4, "line %d: '%.*s' is not a game", e.line, (int)(id_len > 20 ? 20 : id_len), h);
    if (*game && g != *game) return fail(err, e.line, 4, "line %d: a pack holds one game; this level is %s", e.line, g->id);
    *game = g;
    PackLevel p;
    Text value;
    if (!header_value(h, hn, "seed", &p.seed)) return fail(err, e.line, 1, "line %d: the header has no seed=", e.line);
    if (header_value(h, hn, "par", &value)) p.par = atoi(value.c_str());
    if (header_value(h, hn, "difficulty", &value)) p.difficulty = atoi(value.c_str());
    Error pe;
    std::unique_ptr<Level> level = g->parse(text + e.body, e.end - e.body, &pe);
    if (!level)
      return fail(err, e.line + pe.line, pe.column, "level %d (line %d): %s", (int)out->size() + 1, e.line,
                  pe.message);
    level->canonical_text(&p.level);
    link_for_level(*level, &p.link);
    out->push_back(p);
  }
  return true;
}

}  // namespace tl
