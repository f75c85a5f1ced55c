// pack.cpp — level packs (see pack.h).
#include "pack.h"

#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <memory>

#include "generation.h"
#include "link.h"
#include "core/base/params.h"
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

PackMaker::PackMaker(const GameInfo& game, const ParamValues& params, const char* seed_prefix,
                     const PackOptions& options)
    : game_(game), params_(params), prefix_(seed_prefix), options_(options) {}

void append_seed_name(const char* prefix, int number, Text* out) { out->appendf("%s.%d", prefix, number); }

void make_pack_seed(const GameInfo& game, const ParamValues& params, const char* seed_prefix, int number,
                    bool rated, PackSeed* out) {
  *out = PackSeed();
  out->number = number;
  Text seed;
  append_seed_name(seed_prefix, number, &seed);
  out->level = generate_level(game, params, seed.c_str(), &out->info, &out->error);
  if (out->level && rated) {
    GameState s;
    out->level->initial_state(&s);
    const Analysis a = out->level->analyze(s, SearchLimits());
    out->difficulty = out->level->difficulty(a);
    out->states = a.states;
    out->dead_ends = a.dead_ends;
    out->capped = a.capped;
  }
}

bool PackMaker::run(uint64_t* seeds) {
  while (status_ == GenerationStatus::kRunning) {
    if (seeds) {
      if (*seeds == 0) return false;
      --*seeds;
    }
    PackSeed seed;
    if (options_.count >= 1) make_pack_seed(game_, params_, prefix_.c_str(), next_, options_.rated, &seed);
    take(std::move(seed), &error_);
  }
  return true;
}

GenerationStatus PackMaker::take(PackSeed seed, Error* err) {
  const bool judged = status_ == GenerationStatus::kRunning && seed.number == next_;
  const GenerationStatus s = judge(std::move(seed), err);
  if (judged || options_.count < 1) status_ = s;
  return s;
}

GenerationStatus PackMaker::take_any(PackSeed seed, Error* err) {
  if (finished_) return take(std::move(seed), err);
  bool twice = seed.number < next_;
  for (const PackSeed& a : ahead_) twice |= a.number == seed.number;
  if (seed.number < 1 || seed.number > most_seeds(options_.count) || twice) {
    fail(err, 0, 0, "seed %d %s", seed.number, twice ? "came twice" : "is not the pack's");
    return GenerationStatus::kFailed;
  }
  ahead_.push_back(std::move(seed));
  for (;;) {
    size_t at = 0;
    while (at < ahead_.size() && ahead_[at].number != next_) ++at;
    if (at == ahead_.size()) return status_;  // the next seed is still to come
    PackSeed next = std::move(ahead_[at]);
    ahead_.erase(ahead_.begin() + (ptrdiff_t)at);
    const GenerationStatus s = take(std::move(next), err);
    if (s != GenerationStatus::kRunning) {
      ahead_.clear();
      return s;
    }
  }
}

GenerationStatus PackMaker::judge(PackSeed seed, Error* err) {
  if (finished_ || options_.count < 1) {
    fail(err, 0, 0, finished_ ? "the pack is made" : "a pack needs at least one level");
    return GenerationStatus::kFailed;
  }
  if (seed.number != next_) {
    fail(err, 0, 0, "seed %d of the pack came when seed %d was next", seed.number, next_);
    return GenerationStatus::kFailed;
  }
  const PackOptions& o = options_;
  PackFigures& f = figures_;
  if (o.progress) o.progress(o.progress_context, (uint32_t)levels_.size(), (uint32_t)o.count);
  last_ = Tried();
  append_seed_name(prefix_.c_str(), next_++, &last_.seed);
  last_.info = seed.info;
  ++f.tried;
  std::unique_ptr<Level> level = std::move(seed.level);
  const int difficulty = level && o.rated ? seed.difficulty : 0;
  if (!level) {
    const Error& e = seed.error;
    last_.fate = Fate::kFailed;
    last_.error = e;
    if (last_.info.bad_params) {
      f.bad_params = true;
      finished_ = true;
      if (err) *err = e;
      return GenerationStatus::kFailed;
    }
    ++f.failed;
    last_failure_ = e;
  } else {
    if (o.rated && (difficulty < o.min_difficulty || difficulty > o.max_difficulty)) {
      last_.fate = Fate::kOutOfBand;
      ++f.out_of_band;
    } else if (const int like = alike_kept(kept_, *level, o.max_similarity, &last_.similarity); like >= 0) {
      last_.fate = Fate::kAlike;
      last_.alike_seed = levels_[(size_t)like].seed;  // kept_ and levels_ are in seed order until the pack is made
      ++f.alike;
    } else {
      PackLevel p;
      p.seed = last_.seed;
      level->canonical_text(&p.level);
      link_for_seed(game_, params_, last_.seed.c_str(), &p.link);
      p.par = last_.info.par;
      p.difficulty = difficulty;
      levels_.push_back(p);
      kept_.push_back(std::move(level));
    }
  }
  const bool full = (int)levels_.size() >= o.count;
  if (!full && next_ <= most_seeds(o.count)) return GenerationStatus::kRunning;
  finished_ = true;
  if (levels_.empty()) {
    fail(err, 0, 0, "no level of %s made from %d seeds (%d failed, %d outside the difficulty band%s%s)", game_.name,
         f.tried, f.failed, f.out_of_band, last_failure_.set() ? ": " : "", last_failure_.message);
    return GenerationStatus::kFailed;
  }
  // Easiest first; ties keep the seeds' order (the sort is stable).
  if (o.rated)
    std::stable_sort(levels_.begin(), levels_.end(),
                     [](const PackLevel& a, const PackLevel& b) { return a.difficulty < b.difficulty; });
  return GenerationStatus::kDone;
}

bool make_pack(const GameInfo& game, const ParamValues& params, const char* seed_prefix, const PackOptions& o,
               std::vector<PackLevel>* out, PackFigures* figures, Error* err) {
  PackMaker maker(game, params, seed_prefix, o);
  maker.run(nullptr);
  if (figures) *figures = maker.figures();
  *out = maker.levels();
  if (maker.status() == GenerationStatus::kDone) return true;
  if (err) *err = maker.error();
  out->clear();
  return false;
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

// The game's parameters a header names: the words between its seed and its
// last par= (format_pack writes them there); false when they do not read.
bool header_params(const GameInfo& game, const char* line, size_t n, ParamValues* out) {
  size_t from = 0;
  while (from + 5 <= n && !(strncmp(line + from, "seed=", 5) == 0 && (from == 0 || line[from - 1] == ' '))) ++from;
  if (from + 5 > n) return false;
  while (from < n && line[from] != ' ' && line[from] != '\n') ++from;
  size_t to = 0;
  for (size_t i = from; i + 5 <= n; ++i)
    if (!strncmp(line + i, " par=", 5)) to = i;
  if (to < from) return false;
  params_default(game, out);
  Error ignored;
  return params_read(game.param_table(), line + from, to - from, ' ', out, &ignored);
}

}  // namespace

void seed_link_if_same(const GameInfo& game, const PackLevel& level, Text* out) {
  out->clear();
  if (level.header_params) {
    GeneratedInfo info;
    Error err;
    std::unique_ptr<Level> made = generate_level(game, level.params, level.seed.c_str(), &info, &err);
    Text text;
    if (made) made->canonical_text(&text);
    if (made && text.size() == level.level.size() && text.equals(level.level.c_str())) {
      link_for_seed(game, level.params, level.seed.c_str(), out);
      return;
    }
  }
  out->append(level.link);
}

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
    p.header_params = header_params(*g, h, hn, &p.params);
    p.header.append(h, hn && h[hn - 1] == '\n' ? hn - 1 : hn);
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

bool has_pack_header(const char* text, size_t len) {
  for (size_t at = 0; at + 3 <= len;) {
    if (!strncmp(text + at, "== ", 3)) return true;
    const char* nl = (const char*)memchr(text + at, '\n', len - at);
    if (!nl) break;
    at = (size_t)(nl - text) + 1;
  }
  return false;
}

bool pack_header_value(const PackLevel& level, const char* key, Text* out) {
  return header_value(level.header.c_str(), level.header.size(), key, out);
}

bool read_level_file(const char* text, size_t len, const GameInfo** game, std::vector<PackLevel>* out, Error* err) {
  out->clear();
  *game = nullptr;
  bool refused = false;
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    std::vector<Text> parts;
    Error e;
    if (!g.split) continue;
    if (!g.split(text, len, &parts, &e)) {  // the game's own words for what is wrong
      if (!refused) fail(err, e.line, e.column, "not a file of %s levels: %s", g.name, e.message);
      refused = true;
      continue;
    }
    if (parts.size() < 2) continue;
    std::vector<PackLevel> read;
    for (size_t k = 0; k < parts.size(); ++k) {
      std::unique_ptr<Level> level = g.parse(parts[k].c_str(), parts[k].size(), &e);
      if (!level) {
        if (!refused) fail(err, e.line, e.column, "level %d of the %s file: %s", (int)k + 1, g.name, e.message);
        refused = true;
        read.clear();
        break;
      }
      read.push_back(PackLevel());
      level->canonical_text(&read.back().level);
    }
    if (read.empty()) continue;
    *game = &g;
    out->swap(read);
    return true;
  }
  if (!refused) fail(err, 1, 1, "not a file of levels: no game reads it as two levels or more");
  return false;
}

}  // namespace tl
