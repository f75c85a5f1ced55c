// pack.h — level packs: N levels of a game made from a seed prefix, near
// duplicates dropped, ordered by difficulty, written as one text that the CLI
// (`tilelab pack`) and the page make byte for byte alike and read back.
//
// The text: '#' comment lines, then for each level a header
//   == GAME seed=S KEY=VALUE... par=P difficulty=D
// and the level's text, a blank line after it. The header's parameters and
// seed regenerate the level exactly (its seed link); the text is read back
// without generating.
#pragma once
#include <memory>
#include <vector>

#include "core/game/game.h"
#include "generation.h"
#include "core/base/text.h"

namespace tl {

struct PackLevel {
  Text seed;
  Text level;   // the level's canonical text
  Text link;    // its seed link (a pack read back: its level link)
  int par = -1;
  int difficulty = 0;
  // A pack read back: the parameters its header names (header_params when
  // they read), which with the seed should regenerate the level (see
  // seed_link_if_same).
  bool header_params = false;
  ParamValues params;
  // A pack read back: its header line after "== " (to read other words of it
  // with pack_header_value).
  Text header;
};

struct PackOptions {
  int count = 20;                  // levels wanted
  int min_difficulty = 0;          // the band kept
  int max_difficulty = 1 << 30;
  int max_similarity = 90;         // percent: a level this alike to one kept is dropped
  // Each level analysed for its difficulty, the band kept, and the pack
  // ordered easiest first; false: no analysis, difficulty 0, seed order
  // (`tilelab generate --count`).
  bool rated = true;
  // Called after each seed tried with the levels kept so far and the count
  // wanted, for a host's progress bar (null: never).
  void (*progress)(void* context, uint32_t kept, uint32_t wanted) = nullptr;
  void* progress_context = nullptr;
};

struct PackFigures {
  int tried = 0;        // seeds generated
  int failed = 0;       // seeds the generator gave up on
  int out_of_band = 0;  // dropped for their difficulty
  int alike = 0;        // dropped as near duplicates
  bool bad_params = false;  // the parameters cannot go together: no seed can make a level
};

// Levels from the seeds "PREFIX.1", "PREFIX.2", ... until options.count are
// kept (at most 4 * count + 20 seeds), easiest first (ties in seed order).
// False (err set) when none could be made; at the first seed when the
// parameters cannot go together (figures->bad_params).
bool make_pack(const GameInfo& game, const ParamValues& params, const char* seed_prefix, const PackOptions& options,
               std::vector<PackLevel>* out, PackFigures* figures, Error* err);

// The seed a pack or a search makes its N-th level from: "PREFIX.N",
// appended to *out.
void append_seed_name(const char* prefix, int number, Text* out);

// One seed of a pack made, and rated when the pack is: all a seed gives on
// its own, so seeds can be made in any order and on any worker (the page's
// pool), then judged in seed order by PackMaker::take.
struct PackSeed {
  int number = 0;                 // N: the seed is "PREFIX.N"
  std::unique_ptr<Level> level;   // null: not made (error says why)
  GeneratedInfo info;             // what the generator reported (bad_params: no seed can make a level)
  int difficulty = 0;             // PackOptions::rated: the level's difficulty
  // Rated: the analysis' figures a search ranks by (core/midend/seed_search.h);
  // capped: the analysis hit its cap, the figures are the cap's.
  uint64_t states = 0, dead_ends = 0;
  bool capped = false;
  Error error;
};
void make_pack_seed(const GameInfo& game, const ParamValues& params, const char* seed_prefix, int number,
                    bool rated, PackSeed* out);

// make_pack as a task (core/base/task.h), a position a seed made and judged,
// for a host that shows each seed's fate or keeps drawing between seeds
// (stop calling run() to cancel). Once run() is true, status() says how it
// ended: kDone, levels() is the pack (fewer than options.count when the
// seeds ran out); kFailed, error() says why (no level made, or parameters
// that cannot go together: the first seed says so).
class PackMaker : public Task {
 public:
  PackMaker(const GameInfo& game, const ParamValues& params, const char* seed_prefix, const PackOptions& options);
  bool run(uint64_t* seeds) override;
  GenerationStatus status() const { return status_; }
  const Error& error() const { return error_; }
  // The next seed made elsewhere (make_pack_seed, or its level read back
  // from the text a worker made), judged as run() judges the seeds it makes:
  // seed.number must be next_seed(). The same pack as run() makes. Returns
  // the status after it (kFailed with err set, and the status unchanged,
  // for a seed given out of turn or after the end).
  GenerationStatus take(PackSeed seed, Error* err);
  // A seed made elsewhere in any order (a pool of workers): one ahead of
  // its turn is kept until the seeds before it come, then each is judged
  // in seed order as take() judges it. The status after it; kFailed with
  // err set for a seed not the pack's (0, past most_seeds) or given twice,
  // or the pack's own failure.
  GenerationStatus take_any(PackSeed seed, Error* err);
  // True once the pack is made or has failed (no seed is judged after).
  bool finished() const { return finished_; }
  // Whether seed `number` has been judged, or waits its turn (take_any).
  bool seed_taken(int number) const {
    if (number < next_) return true;
    for (const PackSeed& a : ahead_)
      if (a.number == number) return true;
    return false;
  }
  // The seed number run() or take() judges next, and the last one a pack of
  // options.count levels tries.
  int next_seed() const { return next_; }
  static int most_seeds(int count) { return 4 * count + 20; }

  // What became of the seed the last step tried.
  enum class Fate : uint8_t { kKept, kFailed, kOutOfBand, kAlike };
  struct Tried {
    Text seed;
    Fate fate = Fate::kKept;
    Error error;          // kFailed: the generator's reason
    Text alike_seed;      // kAlike: the seed of the level kept it is like
    int similarity = 0;   // kAlike: how much, in percent
    GeneratedInfo info;   // kKept: what the generator reported
  };
  const Tried& last() const { return last_; }
  // The levels kept, in seed order until done; then the pack.
  const std::vector<PackLevel>& levels() const { return levels_; }
  // The level kept last (kKept), as the generator made it.
  const Level& last_level() const { return *kept_.back(); }
  const PackFigures& figures() const { return figures_; }
  const GameInfo& game() const { return game_; }
  int progress_permille() const override {
    return options_.count ? (int)(1000 * levels_.size() / (size_t)options_.count) : 1000;
  }

 private:
  GenerationStatus judge(PackSeed seed, Error* err);

  const GameInfo& game_;
  ParamValues params_;
  Text prefix_;
  PackOptions options_;
  std::vector<std::unique_ptr<Level>> kept_;
  std::vector<PackLevel> levels_;
  PackFigures figures_;
  Tried last_;
  Error last_failure_;
  std::vector<PackSeed> ahead_;  // take_any: seeds that came before their turn
  int next_ = 1;
  GenerationStatus status_ = GenerationStatus::kRunning;
  Error error_;
  bool finished_ = false;
};

// How alike two levels of one game look, 0 to 100: Level::similarity.
int level_similarity(const Level& a, const Level& b);
// The level kept that `level` is most like, when at least max_similarity
// percent alike (*similarity: how much); -1 when none is. Packs and
// `generate --count` drop such a level.
int alike_kept(const std::vector<std::unique_ptr<Level>>& kept, const Level& level, int max_similarity,
               int* similarity);

// The pack as text (see above).
void format_pack(const GameInfo& game, const ParamValues& params, const std::vector<PackLevel>& levels,
                 Text* out);
// Reads a pack text back: each level parsed from its text; the header's
// seed and par kept. Errors name the line.
bool parse_pack(const char* text, size_t len, const GameInfo** game, std::vector<PackLevel>* out, Error* err);
// Whether a text has a pack's level header ("== GAME seed=..." at a line's start).
bool has_pack_header(const char* text, size_t len);
// The value of "key=" in the header of a pack's level read back
// (PackLevel::header), the last when there are several; false when it has
// none.
bool pack_header_value(const PackLevel& level, const char* key, Text* out);

// The shorter link of a pack's level for a person (a sheet's QR code): the
// seed link its header names when the header's parameters and seed
// regenerate exactly its text (a generation: a level edited since gets its
// level link), else its link as it is.
void seed_link_if_same(const GameInfo& game, const PackLevel& level, Text* out);
// Reads a file of one game's levels written one after another with no
// headers (a published Numberlink stream, as Flow's split reads it) as a
// pack: each level with no seed and no link (it is a level of its own), par
// unknown (-1). False when no game reads the text as two levels or more
// (one level is opened as a level, not a pack), the error naming what did
// not read and where.
bool read_level_file(const char* text, size_t len, const GameInfo** game, std::vector<PackLevel>* out, Error* err);

}  // namespace tl
