// seed_search.h — a designer's search: the level of every seed BASE.FROM to
// BASE.TO made and rated, the best N kept by one figure (ties: the lower
// seed), written as a pack whose headers regenerate each level.
//
// A search splits into parts that merge into exactly the whole: part K of N
// takes every Nth seed from the Kth, and keeps its own best N; the best N of
// the whole are among the parts' best, and the order (figure, then seed) is
// total, so merging the parts' files in any order gives the whole run's
// bytes. The command line runs parts on threads (`--jobs`) or as files
// (`--part`, `--merge`); scripts/search-cluster runs them as tasks of a Dask
// cluster. The core itself stays single-threaded: a part is one object
// stepped a seed at a time.
//
// The text (format_search): the pack format (pack.h) after four comment
// lines, a sentence for a person, then the search's name, its settings and
// its seeds' counts:
//   # search: GAME seeds=BASE:FROM-TO keep=N by=[-]FIGURE version=V [part=K/N]
//   # settings: KEY=VALUE...
//   # seeds: T tried, F could not be made or rated
// (a seed whose generator gives up, or whose analysis hits the search's cap,
// is counted, not ranked), and each level's header carries the figures a
// search sorts by after its par and difficulty (states=, dead_ends= where
// the game has them). A part may hold no seed (more parts than seeds).
#pragma once
#include <stdint.h>

#include <vector>

#include "core/base/text.h"
#include "core/game/game.h"
#include "generation.h"
#include "pack.h"

namespace tl {

// What a search ranks by. States and dead ends are the state graph's (games
// with one: every game but the line puzzle, Flow).
enum class SearchFigure : uint8_t { kDifficulty, kPar, kStates, kDeadEnds };

struct SearchSpec {
  const GameInfo* game = nullptr;
  ParamValues params;
  Text base;                 // the seeds' base: BASE.FROM ... BASE.TO
  uint32_t from = 1, to = 0;
  int keep = 10;             // the levels kept
  SearchFigure by = SearchFigure::kDifficulty;
  bool lowest = false;       // the lowest figures first ("--by -par")
  int part = 1, parts = 1;   // this part: every parts-th seed from the part-th
};

// The most seeds one search takes (a range longer says so) and the most
// levels it keeps.
constexpr uint32_t kMostSearchSeeds = 100000000, kMostParts = 1000000;
constexpr int kMostKept = 10000;

// "BASE:FROM-TO" into spec (the base may hold ':' and '.'; the last ':'
// splits); errors name what is wrong: an empty base, a number that does not
// read, a range backwards.
bool parse_seed_range(const char* text, SearchSpec* spec, Error* err);
// "difficulty", "par", "states", "dead-ends", each with an optional '-' for
// the lowest first; a figure the game lacks says so.
bool parse_search_figure(const GameInfo& game, const char* text, SearchSpec* spec, Error* err);
// "K/N" with 1 <= K <= N.
bool parse_search_part(const char* text, SearchSpec* spec, Error* err);
const char* search_figure_name(SearchFigure by);

struct FoundLevel {
  uint32_t seed = 0;       // FROM..TO
  int64_t figure = 0;      // the figure ranked by
  PackLevel level;
  uint64_t states = 0, dead_ends = 0;
};

struct SearchResult {
  std::vector<FoundLevel> best;  // best first
  uint32_t tried = 0, failed = 0;
};

// Whether a ranks before b: the better figure, then the lower seed.
bool ranks_before(const SearchSpec& spec, const FoundLevel& a, const FoundLevel& b);
// Adds a found level to the best kept (at most spec.keep), in rank order.
void keep_best(const SearchSpec& spec, FoundLevel found, std::vector<FoundLevel>* best);
// Adds a part's result (its seeds' counts, its best) to *into.
void merge_search_result(const SearchSpec& spec, const SearchResult& part, SearchResult* into);

// A seed of the search made and rated elsewhere (make_pack_seed, rated: the
// page's pool of workers makes them in any order) counted and, when among
// the best, kept: any order of the same seeds gives the same result (the
// ranking is total). kFailed (err set) when the parameters cannot go
// together.
GenerationStatus take_search_seed(const SearchSpec& spec, PackSeed seed, SearchResult* result, Error* err);

// One part of a search as a task (core/base/task.h), a position a seed
// made and rated. Once run() is true, status() says how it ended: kDone,
// result() is the part's; kFailed, the parameters cannot go together
// (error() says why; no seed can make a level).
class SeedSearch : public Task {
 public:
  explicit SeedSearch(const SearchSpec& spec);
  bool run(uint64_t* seeds) override;
  int progress_permille() const override { return total_ ? (int)(1000ull * next_ / total_) : 1000; }
  GenerationStatus status() const { return status_; }
  const Error& error() const { return error_; }
  uint32_t seeds() const { return total_; }  // seeds in this part
  uint32_t seeds_made() const { return next_; }
  const SearchResult& result() const { return result_; }
  // The number N of the part's i-th seed (from 0): the seed is BASE.N.
  static uint32_t seed_number(const SearchSpec& spec, uint32_t i) {
    return spec.from + (uint32_t)(spec.part - 1) + (uint32_t)spec.parts * i;
  }
  // The part's i-th seed (from 0) made elsewhere (make_pack_seed, rated), in
  // any order: counted and, when among the best, kept (take_search_seed).
  // kFailed with err set for a seed not the part's or given twice (the
  // status stays) or parameters that cannot go together (the search fails).
  // Done once every seed of the part is taken. A search is either run() or
  // given its seeds, not both.
  GenerationStatus take(uint32_t i, PackSeed made, Error* err);
  bool seed_taken(uint32_t i) const { return i < taken_.size() && taken_[i]; }

 private:
  SearchSpec spec_;
  SearchResult result_;
  uint32_t next_, total_;
  std::vector<bool> taken_;  // take(): seed i taken
  GenerationStatus status_ = GenerationStatus::kRunning;
  Error error_;
};

// The seeds of part `part` of `parts` of [from, to].
uint32_t part_seed_count(uint32_t from, uint32_t to, int part, int parts);

// The search's text: a part's when spec.parts > 1, else the whole's.
void format_search(const SearchSpec& spec, const SearchResult& result, Text* out);

// Reads a search's text back (a part's or the whole's): its spec and its
// levels with their figures. Errors name the line.
bool parse_search(const char* text, size_t len, SearchSpec* spec, SearchResult* result, Error* err);

// Merges parts: every part of one search (the same game, parameters, seeds,
// keep, figure and generator version), each once, in any order, into the
// whole's spec and result. Errors name the file (by its number in the list,
// `names` when given) and what differs.
bool merge_search_parts(const std::vector<SearchSpec>& specs, const std::vector<SearchResult>& results,
                        const std::vector<Text>& names, SearchSpec* spec, SearchResult* result, Error* err);

}  // namespace tl
