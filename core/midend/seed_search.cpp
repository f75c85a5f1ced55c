// seed_search.cpp — a designer's search over a range of seeds (see seed_search.h).
//
// [SECTION] Reading a search's settings: its seeds, figure and part
// [SECTION] Ranking and keeping the best
// [SECTION] The search a seed at a time, or its seeds taken from elsewhere
// [SECTION] The search's text, written and read back, and parts merged
#include "seed_search.h"

#include <stdlib.h>
#include <string.h>

#include <memory>

#include "link.h"
#include "registry.h"

namespace tl {

namespace {

const char* const kFigureNames[] = {"difficulty", "par", "states", "dead-ends"};

// A whole number from 1 to kMostSearchSeeds, all of [text, text + len).
bool read_seed_number(const char* text, size_t len, uint32_t* out) {
  if (len == 0 || len > 9 || text[0] == '0') return false;  // "01" is not how seeds are written
  uint32_t v = 0;
  for (size_t i = 0; i < len; ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    v = v * 10 + (uint32_t)(text[i] - '0');
  }
  if (v < 1 || v > kMostSearchSeeds) return false;
  *out = v;
  return true;
}

// The figure of a level by which a search ranks it.
int64_t figure_of(SearchFigure by, const FoundLevel& f) {
  switch (by) {
    case SearchFigure::kDifficulty: return f.level.difficulty;
    case SearchFigure::kPar: return f.level.par;
    case SearchFigure::kStates: return (int64_t)f.states;
    case SearchFigure::kDeadEnds: return (int64_t)f.dead_ends;
  }
  return 0;
}

// A line's text after "prefix", or null when it does not start so.
const char* after(const char* line, size_t n, const char* prefix) {
  const size_t k = strlen(prefix);
  return n >= k && !strncmp(line, prefix, k) ? line + k : nullptr;
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] Reading a search's settings: its seeds, figure and part
// ---------------------------------------------------------------------------
const char* search_figure_name(SearchFigure by) { return kFigureNames[(int)by]; }

bool parse_seed_range(const char* text, SearchSpec* spec, Error* err) {
  const char* colon = strrchr(text, ':');
  if (!colon)
    return fail(err, 0, 0, "--seeds: '%s' is not BASE:FROM-TO (the seeds BASE.FROM to BASE.TO, as a pack names them)",
                text);
  if (colon == text) return fail(err, 0, 0, "--seeds: '%s' has no base before the ':'", text);
  const char* dash = strchr(colon + 1, '-');
  uint32_t from = 0, to = 0;
  if (!dash || !read_seed_number(colon + 1, (size_t)(dash - colon - 1), &from) ||
      !read_seed_number(dash + 1, strlen(dash + 1), &to))
    return fail(err, 0, 0, "--seeds: '%s' is not FROM-TO after the ':' (whole numbers from 1 to %u)", colon + 1,
                (unsigned)kMostSearchSeeds);
  if (from > to)
    return fail(err, 0, 0, "--seeds: the range %u-%u runs backwards (FROM must be at most TO)", (unsigned)from,
                (unsigned)to);
  for (const char* c = text; c < colon; ++c)
    if (*c == ' ' || *c == '\n' || *c == '\t')
      return fail(err, 0, 0, "--seeds: the base '%.*s' has a space in it", (int)(colon - text), text);
  spec->base.clear();
  spec->base.append(text, (size_t)(colon - text));
  spec->from = from;
  spec->to = to;
  return true;
}

bool parse_search_figure(const GameInfo& game, const char* text, SearchSpec* spec, Error* err) {
  const bool lowest = text[0] == '-';
  const char* name = lowest ? text + 1 : text;
  for (int i = 0; i < 4; ++i)
    if (!strcmp(name, kFigureNames[i])) {
      const SearchFigure by = (SearchFigure)i;
      // A line puzzle has no state graph: nothing to count states in.
      if ((by == SearchFigure::kStates || by == SearchFigure::kDeadEnds) && !game.state_graph)
        return fail(err, 0, 0, "--by: %s has no %s (a line puzzle has no state graph); use difficulty or par",
                    game.name, name);
      spec->by = by;
      spec->lowest = lowest;
      return true;
    }
  return fail(err, 0, 0, "--by: '%s' is not a figure; use difficulty, par, states or dead-ends (a '-' first: the "
              "lowest first)", text);
}

bool parse_search_part(const char* text, SearchSpec* spec, Error* err) {
  const char* slash = strchr(text, '/');
  uint32_t k = 0, n = 0;
  if (!slash || !read_seed_number(text, (size_t)(slash - text), &k) ||
      !read_seed_number(slash + 1, strlen(slash + 1), &n) || n > kMostParts || k > n)
    return fail(err, 0, 0, "--part: '%s' is not K/N with 1 <= K <= N <= %u (part K of N)", text, (unsigned)kMostParts);
  spec->part = (int)k;
  spec->parts = (int)n;
  return true;
}

uint32_t part_seed_count(uint32_t from, uint32_t to, int part, int parts) {
  const uint64_t first = (uint64_t)from + (uint64_t)(part - 1);
  if (first > to) return 0;
  return (uint32_t)((to - first) / (uint64_t)parts + 1);
}

// ---------------------------------------------------------------------------
// [SECTION] Ranking and keeping the best
// ---------------------------------------------------------------------------
bool ranks_before(const SearchSpec& spec, const FoundLevel& a, const FoundLevel& b) {
  if (a.figure != b.figure) return spec.lowest ? a.figure < b.figure : a.figure > b.figure;
  return a.seed < b.seed;
}

void keep_best(const SearchSpec& spec, FoundLevel found, std::vector<FoundLevel>* best) {
  if (spec.keep < 1) return;  // (a search keeps one level at least: its readers refuse fewer)
  if ((int)best->size() >= spec.keep && !ranks_before(spec, found, best->back())) return;
  size_t at = best->size();
  while (at > 0 && ranks_before(spec, found, (*best)[at - 1])) --at;
  best->insert(best->begin() + (ptrdiff_t)at, std::move(found));
  if ((int)best->size() > spec.keep) best->pop_back();
}

void merge_search_result(const SearchSpec& spec, const SearchResult& part, SearchResult* into) {
  into->tried += part.tried;
  into->failed += part.failed;
  for (const FoundLevel& f : part.best) keep_best(spec, f, &into->best);
}

// ---------------------------------------------------------------------------
// [SECTION] The search a seed at a time, or its seeds taken from elsewhere
// ---------------------------------------------------------------------------
SeedSearch::SeedSearch(const SearchSpec& spec)
    : spec_(spec), next_(0), total_(part_seed_count(spec.from, spec.to, spec.part, spec.parts)) {}

GenerationStatus take_search_seed(const SearchSpec& spec, PackSeed seed, SearchResult* result, Error* err) {
  ++result->tried;
  if (!seed.level) {
    if (seed.info.bad_params) {
      if (err) *err = seed.error;
      return GenerationStatus::kFailed;
    }
    ++result->failed;  // counted and reported, never dropped silently
    return GenerationStatus::kDone;
  }
  if (seed.capped) {
    // Its figures would be the cap's, not the level's: not ranked, counted.
    ++result->failed;
    return GenerationStatus::kDone;
  }
  FoundLevel f;
  f.seed = (uint32_t)seed.number;
  append_seed_name(spec.base.c_str(), seed.number, &f.level.seed);
  f.level.difficulty = seed.difficulty;
  f.level.par = seed.info.par;
  f.states = seed.states;
  f.dead_ends = seed.dead_ends;
  f.figure = figure_of(spec.by, f);
  seed.level->canonical_text(&f.level.level);
  link_for_seed(*spec.game, spec.params, f.level.seed.c_str(), &f.level.link);
  keep_best(spec, std::move(f), &result->best);
  return GenerationStatus::kDone;
}

bool SeedSearch::run(uint64_t* seeds) {
  while (status_ == GenerationStatus::kRunning) {
    if (next_ >= total_) {
      status_ = GenerationStatus::kDone;
      break;
    }
    if (seeds) {
      if (*seeds == 0) return false;
      --*seeds;
    }
    const uint32_t seed = seed_number(spec_, next_++);
    PackSeed made;
    make_pack_seed(*spec_.game, spec_.params, spec_.base.c_str(), (int)seed, true, &made);
    if (take_search_seed(spec_, std::move(made), &result_, &error_) == GenerationStatus::kFailed)
      status_ = GenerationStatus::kFailed;
  }
  return true;
}

GenerationStatus SeedSearch::take(uint32_t i, PackSeed made, Error* err) {
  if (status_ != GenerationStatus::kRunning) {
    fail(err, 0, 0, "the search is over: seed %u came after its end", (unsigned)i + 1);
    return GenerationStatus::kFailed;
  }
  if (taken_.empty()) taken_.assign(total_, false);
  if (i >= total_ || taken_[i]) {
    fail(err, 0, 0, "seed %u %s", (unsigned)i + 1, i < total_ ? "came twice" : "is not the search's");
    return GenerationStatus::kFailed;
  }
  taken_[i] = true;
  ++next_;  // (seeds taken: the progress)
  made.number = (int)seed_number(spec_, i);
  if (take_search_seed(spec_, std::move(made), &result_, err) == GenerationStatus::kFailed) {
    if (err) error_ = *err;
    return status_ = GenerationStatus::kFailed;
  }
  if (next_ == total_) status_ = GenerationStatus::kDone;
  return status_;
}

// ---------------------------------------------------------------------------
// [SECTION] The search's text, written and read back, and parts merged
// ---------------------------------------------------------------------------
void format_search(const SearchSpec& spec, const SearchResult& result, Text* out) {
  const GameInfo& game = *spec.game;
  out->appendf(
      "# %s: the %d levels of seeds %s.%u to %s.%u with the %s %s, best first (ties: the lower seed). "
      "Each header's parameters and seed regenerate its level.\n",
      game.name, (int)result.best.size(), spec.base.c_str(), (unsigned)spec.from, spec.base.c_str(), (unsigned)spec.to,
      spec.lowest ? "lowest" : "highest", search_figure_name(spec.by));
  out->appendf("# search: %s seeds=%s:%u-%u keep=%d by=%s%s version=%d", game.id, spec.base.c_str(),
               (unsigned)spec.from, (unsigned)spec.to, spec.keep, spec.lowest ? "-" : "", search_figure_name(spec.by),
               game.generator_version);
  if (spec.parts > 1) out->appendf(" part=%d/%d", spec.part, spec.parts);
  Text settings;
  params_format(game, spec.params, ' ', &settings);
  out->appendf("\n# settings: %s\n# seeds: %u tried, %u could not be made or rated\n", settings.c_str(),
               (unsigned)result.tried, (unsigned)result.failed);
  for (const FoundLevel& f : result.best) {
    out->appendf("\n== %s seed=%s%s%s par=%d difficulty=%d", game.id, f.level.seed.c_str(), settings.empty() ? "" : " ",
                 settings.c_str(), f.level.par, f.level.difficulty);
    if (game.state_graph)
      // At most the search's state cap (32 bits); the device's printf has no %llu.
      out->appendf(" states=%u dead_ends=%u", (unsigned)f.states, (unsigned)f.dead_ends);
    out->push('\n');
    out->append(f.level.level);
  }
}

namespace {

// The words after "# search: " on line `line_number`, up to `word_end`: GAME,
// then KEY=VALUE words (seeds=, keep=, by=, version=, and part= when split);
// the version must be this tilelab's generator's.
bool read_search_line(const char* s, const char* word_end, int line_number, SearchSpec* spec, Error* err) {
  const char* w = s;
  const char* id_end = w;
  while (id_end < word_end && *id_end != ' ') ++id_end;
  spec->game = find_game(w, (size_t)(id_end - w));
  if (!spec->game)
    return fail(err, line_number, 11, "line %d: '%.*s' is not a game", line_number, (int)(id_end - w), w);
  bool seeds = false, by = false, keep = false, versioned = false;
  int version = 0;
  for (w = id_end; w < word_end;) {
    while (w < word_end && *w == ' ') ++w;
    const char* e = w;
    while (e < word_end && *e != ' ') ++e;
    const char* eq = (const char*)memchr(w, '=', (size_t)(e - w));
    if (e > w && !eq) return fail(err, line_number, 1, "line %d: '%.*s' is not KEY=VALUE", line_number, (int)(e - w), w);
    if (e > w) {
      Text key, value;
      key.append(w, (size_t)(eq - w));
      value.append(eq + 1, (size_t)(e - eq - 1));
      Error why;
      uint32_t number = 0;
      const bool ok = key.equals("seeds")     ? (seeds = parse_seed_range(value.c_str(), spec, &why))
                      : key.equals("by")      ? (by = parse_search_figure(*spec->game, value.c_str(), spec, &why))
                      : key.equals("part")    ? parse_search_part(value.c_str(), spec, &why)
                      : key.equals("keep")    ? (keep = read_seed_number(value.c_str(), value.size(), &number) &&
                                                     number <= (uint32_t)kMostKept)
                      : key.equals("version") ? (versioned = read_seed_number(value.c_str(), value.size(), &number))
                                              : fail(&why, 0, 0, "'%s' is not a search's", key.c_str());
      if (!ok)
        return fail(err, line_number, 1, "line %d: %s=%s: %s", line_number, key.c_str(), value.c_str(),
                    why.set() ? why.message : "not a whole number in range");
      if (key.equals("keep")) spec->keep = (int)number;
      if (key.equals("version")) version = (int)number;
    }
    w = e;
  }
  if (!seeds || !by || !keep || !versioned)
    return fail(err, line_number, 1, "line %d: the search line needs seeds=, keep=, by= and version=", line_number);
  if (version != spec->game->generator_version)
    return fail(err, line_number, 1,
                "line %d: made by %s's generator version %d; this tilelab makes version %d, whose levels for "
                "the same seeds differ: search again",
                line_number, spec->game->name, version, spec->game->generator_version);
  return true;
}

// The text after "# seeds: " up to `line_end`: "T tried, F could not be made or rated".
bool read_seed_counts(const char* s, const char* line_end, int line_number, SearchResult* result, Error* err) {
  Text rest;
  rest.append(s, (size_t)(line_end - s));
  char* stop = nullptr;
  const unsigned long tried = strtoul(rest.c_str(), &stop, 10);
  const char* more = stop && !strncmp(stop, " tried, ", 8) ? stop + 8 : nullptr;
  const unsigned long failed = more ? strtoul(more, &stop, 10) : 0;
  if (!more || strcmp(stop, " could not be made or rated") || failed > tried || tried > kMostSearchSeeds)
    return fail(err, line_number, 1, "line %d: the seed counts do not read", line_number);
  result->tried = (uint32_t)tried;
  result->failed = (uint32_t)failed;
  return true;
}

// The levels a search's output lists (a pack), into result->best: each must
// be a seed of the search's part, and they must come in rank order.
bool read_found_levels(const char* text, size_t len, const SearchSpec& spec, SearchResult* result, Error* err) {
  const GameInfo* game = nullptr;
  std::vector<PackLevel> levels;
  if (!parse_pack(text, len, &game, &levels, err)) return false;
  if (game != spec.game) return fail(err, 1, 1, "its levels are %s's, its search %s's", game->id, spec.game->id);
  if ((int)levels.size() > spec.keep)
    return fail(err, 1, 1, "it holds %d levels, more than the %d it keeps", (int)levels.size(), spec.keep);
  const size_t base_len = spec.base.size();
  for (size_t i = 0; i < levels.size(); ++i) {
    FoundLevel f;
    f.level = levels[i];
    const char* seed = f.level.seed.c_str();
    uint32_t index = 0;
    if (f.level.seed.size() <= base_len + 1 || strncmp(seed, spec.base.c_str(), base_len) || seed[base_len] != '.' ||
        !read_seed_number(seed + base_len + 1, f.level.seed.size() - base_len - 1, &index) || index < spec.from ||
        index > spec.to || (index - spec.from) % (uint32_t)spec.parts != (uint32_t)(spec.part - 1))
      return fail(err, 1, 1, "level %d: seed=%s is not a seed of this search's part", (int)i + 1, seed);
    f.seed = index;
    Text value;
    if (pack_header_value(f.level, "states", &value)) f.states = strtoull(value.c_str(), nullptr, 10);
    if (pack_header_value(f.level, "dead_ends", &value)) f.dead_ends = strtoull(value.c_str(), nullptr, 10);
    f.figure = figure_of(spec.by, f);
    if (!result->best.empty() && !ranks_before(spec, result->best.back(), f))
      return fail(err, 1, 1, "level %d (seed=%s) is out of rank order", (int)i + 1, seed);
    result->best.push_back(f);
  }
  return true;
}

}  // namespace

bool parse_search(const char* text, size_t len, SearchSpec* spec, SearchResult* result, Error* err) {
  *spec = SearchSpec();
  *result = SearchResult();
  bool named = false, counted = false, set = false;
  int line_number = 0;
  for (size_t at = 0; at < len;) {
    const char* nl = (const char*)memchr(text + at, '\n', len - at);
    const size_t end = nl ? (size_t)(nl - text) : len;
    const char* line = text + at;
    const size_t n = end - at;
    ++line_number;
    at = nl ? end + 1 : len;
    if (n >= 3 && !strncmp(line, "== ", 3)) break;
    if (const char* s = after(line, n, "# search: ")) {
      if (!read_search_line(s, line + n, line_number, spec, err)) return false;
      named = true;
    } else if (const char* s2 = after(line, n, "# settings: ")) {
      if (!named) return fail(err, line_number, 1, "line %d: settings before the search line", line_number);
      Error e;
      params_default(*spec->game, &spec->params);
      if (!params_read(*spec->game, s2, (size_t)(line + n - s2), ' ', &spec->params, &e))
        return fail(err, line_number, 1, "line %d: %s", line_number, e.message);
      set = true;
    } else if (const char* s3 = after(line, n, "# seeds: ")) {
      if (!read_seed_counts(s3, line + n, line_number, result, err)) return false;
      counted = true;
    }
  }
  if (!named || !set || !counted)
    return fail(err, 1, 1, "not a search's output: no '# %s' line",
                !named ? "search:" : !set ? "settings:" : "seeds:");
  const uint32_t expected = part_seed_count(spec->from, spec->to, spec->part, spec->parts);
  if (result->tried != expected)
    return fail(err, 1, 1, "part %d/%d tried %u seeds of its %u: it did not finish", spec->part, spec->parts,
                (unsigned)result->tried, (unsigned)expected);
  if (!has_pack_header(text, len)) return true;  // no level made
  return read_found_levels(text, len, *spec, result, err);
}

bool merge_search_parts(const std::vector<SearchSpec>& specs, const std::vector<SearchResult>& results,
                        const std::vector<Text>& names, SearchSpec* spec, SearchResult* result, Error* err) {
  auto name = [&](size_t i, Text* out) {
    out->clear();
    if (i < names.size()) out->append(names[i]);
    else out->appendf("file %d", (int)i + 1);
  };
  if (specs.empty()) return fail(err, 0, 0, "--merge: no files to merge");
  const SearchSpec& first = specs[0];
  std::vector<int> holder((size_t)first.parts, -1);
  Text a, b;
  for (size_t i = 0; i < specs.size(); ++i) {
    const SearchSpec& s = specs[i];
    name(0, &a);
    name(i, &b);
    const char* differs = s.game != first.game                               ? "game"
                          : !params_equal(*s.game, s.params, first.params)    ? "settings"
                          : strcmp(s.base.c_str(), first.base.c_str()) || s.from != first.from || s.to != first.to
                              ? "seeds"
                          : s.keep != first.keep                               ? "keep"
                          : s.by != first.by || s.lowest != first.lowest       ? "by"
                          : s.parts != first.parts                             ? "number of parts"
                                                                               : nullptr;
    if (differs)
      return fail(err, 0, 0, "--merge: %s and %s are parts of different searches: they differ in their %s", a.c_str(),
                  b.c_str(), differs);
    int& held = holder[(size_t)(s.part - 1)];
    if (held >= 0) {
      name((size_t)held, &a);
      return fail(err, 0, 0, "--merge: part %d/%d is given twice (%s and %s)", s.part, s.parts, a.c_str(), b.c_str());
    }
    held = (int)i;
  }
  for (int k = 0; k < first.parts; ++k)
    if (holder[(size_t)k] < 0) return fail(err, 0, 0, "--merge: part %d/%d is missing", k + 1, first.parts);
  *spec = first;
  spec->part = spec->parts = 1;
  *result = SearchResult();
  for (const SearchResult& r : results) merge_search_result(*spec, r, result);
  return true;
}

}  // namespace tl
