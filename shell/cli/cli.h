// cli.h — shared pieces of the tilelab command.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/game/game.h"
#include "core/midend/seed_search.h"
#include "core/report/report.h"

namespace cli {

using report::kBadInput;
using report::kNo;
using report::kOk;

// Prints "tilelab: message" on stderr and returns kBadInput.
int bad_input(const std::string& message);

// Reads a file ("-": stdin) of at most max_bytes; false with error naming it.
bool read_input(const std::string& path, size_t max_bytes, std::string* out, std::string* error);

int run_bench(const tl::GameInfo* only, bool json);
// tilelab bench GAME --files PATH... [--rules R] [--count N]: each file's
// levels solved (as tilelab solve does, or under rule set R alone: one
// solution found or none proven; or their solutions counted up to N, the
// levels with exactly one said), a line a file: levels, solved, unsolvable,
// capped, ms, positions, positions a second and the search's peak memory.
int run_bench_files(const tl::GameInfo& game, const std::vector<std::string>& paths, const std::string& rules,
                    uint64_t count, bool json);
// tilelab search: the best levels of a range of seeds (core/midend/seed_search.h)
// on `jobs` threads, printed as a search's text or JSON lines.
int run_search(tl::SearchSpec spec, int jobs, bool json);
// tilelab search --merge FILE...: the parts' files merged into the whole's.
int run_search_merge(const std::vector<std::string>& paths, bool json);
// tilelab rate: each level's difficulty with its reasons (a line, or a JSON
// object, each), named by `names`; with `against_order`, then Spearman's rho
// between the figure and the order the levels come in (levels without a
// figure left out), exit kNo when it is below `at_least`.
int run_rate(const std::vector<std::string>& names, const std::vector<std::unique_ptr<tl::Level>>& levels,
             bool against_order, double at_least, bool json);
// Spearman's rank correlation of two lists of the same length (ties share
// their ranks' mean), 0 when either has one value throughout.
double spearman(const std::vector<double>& a, const std::vector<double>& b);
// tilelab soak: `seeds` seeds of every setting of each game's generator (of
// every `parts`th setting from the `part`th, counting from 1).
int run_soak(const std::vector<const tl::GameInfo*>& games, long seeds, int part, int parts);
// tilelab render: a picture of the one level of `levels` (svg or png), with
// its solution on it when `solution`; to `out`, or stdout when empty.
int run_render(const std::vector<std::unique_ptr<tl::Level>>& levels, bool solution, const std::string& format,
               const std::string& out);
// tilelab render --sheet PACK: the pack's levels six a page with their
// number, par, link and its QR code, then their solutions (pdf, svg, or png:
// the pages one under another at 216 pixels an inch); the links open `page`
// (a whole URL; "" leaves them fragments, saying so on stderr).
int run_sheet(const std::string& pack_path, const std::string& format, const std::string& page,
              const std::string& out);

}  // namespace cli
