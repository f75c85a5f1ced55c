// tilelab — the command-line host. It parses arguments, reads files and prints;
// everything else is the core's. Contract (see README):
//   exit 0 done/solved, 1 proven unsolvable or cap hit, 2 bad input.
//
// [SECTION] Inputs every command reads
// [SECTION] Arguments
// [SECTION] Reading levels
// [SECTION] Commands that make or read a level
// [SECTION] check, pack and open
// [SECTION] main
#include <ctype.h>
#include <dirent.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "cli.h"
#include "core/midend/job.h"
#include "core/midend/link.h"
#include "core/midend/pack.h"
#include "core/search/rating.h"
#include "core/base/rng.h"
#include "core/midend/registry.h"
#include "core/midend/seed_search.h"
#include "core/report/json.h"
#include "core/report/report.h"
#include "soundness.h"
#include "thread_team.h"

using namespace tl;

// ---------------------------------------------------------------------------
// [SECTION] Inputs every command reads
// ---------------------------------------------------------------------------
namespace cli {

int bad_input(const std::string& message) {
  fprintf(stderr, "tilelab: %s\n", message.c_str());
  return kBadInput;
}

static std::string mib(size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

bool read_input(const std::string& path, size_t max_bytes, std::string* out, std::string* error) {
  FILE* f = path == "-" ? stdin : fopen(path.c_str(), "rb");
  if (!f) {
    *error = path + ": cannot open: " + strerror(errno);
    return false;
  }
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
    out->append(buf, n);
    if (out->size() > max_bytes) {
      if (f != stdin) fclose(f);
      *error = path + ": larger than " + mib(max_bytes) + "; not a level file";
      return false;
    }
  }
  if (f != stdin) fclose(f);
  return true;
}

}  // namespace cli

using namespace cli;

// ---------------------------------------------------------------------------
// [SECTION] Arguments
// ---------------------------------------------------------------------------
namespace {

const char kUsage[] =
    "usage:\n"
    "  tilelab games [--json]\n"
    "  tilelab generate GAME [--set KEY=VALUE]... [--seed S] [--count N] [--max-similarity P] [--json] [--check]\n"
    "                  (--check: each level must read back, solve in its par and reopen from both its links)\n"
    "  tilelab solve   [FILE|-] [--game GAME] [--json] [--all]   (--all: every distinct solution, Golf Peaks)\n"
    "                  [--count N] [--rules fill|no-touch] [--threads 1|2]   (Flow: count solutions up to N, on\n"
    "                  both cores unless --threads 1 or one core; a file may hold many)\n"
    "  tilelab analyze [FILE|-] [--game GAME] [--json] [--graph] [--threads 1|2]   (--graph: the state graph, up to 500\n"
    "                  states; a wide graph is explored on two threads unless --threads 1 or one core)\n"
    "  tilelab replay  [FILE|-] [--game GAME] --moves \"...\" [--json]\n"
    "  tilelab link    [FILE|-] [--game GAME] [--json]   (or: tilelab link --game GAME --seed S [--set K=V]...)\n"
    "  tilelab parse   [FILE|-] [--game GAME] [--json]   (the level's canonical text)\n"
    "  tilelab open    LINK [--json]\n"
    "  tilelab pack    GAME --count N [--set K=V]... [--seed S] [--difficulty LO-HI] [--max-similarity P] [--json]\n"
    "                  (a level pack; --count N levels: one as alike as P percent (90) to one kept is dropped)\n"
    "  tilelab check   [--game GAME] PATH... [--json]   (level files or folders: solve each, replay its listed "
    "solutions)\n"
    "  tilelab rate    [--game GAME] PATH... [--against-order [--at-least R]] [--json]   (each level's difficulty\n"
    "                  and its reasons; --against-order: how well the figure's order agrees with the levels' (a\n"
    "                  folder's files by name, numbers as numbers), Spearman's rho; --at-least R: exit 1 below R)\n"
    "  tilelab bench   [GAME] [--json]\n"
    "  tilelab bench   GAME --files PATH... [--rules R] [--count N] [--json]   (each file's levels solved: figures a\n"
    "                  file; --rules: under that rule set alone, Flow: fill or no-touch; --count: solutions counted\n"
    "                  up to N, the unique ones said)\n"
    "  tilelab search  GAME [--set K=V]... --seeds BASE:FROM-TO [--keep N] [--by [-]FIGURE] [--part K/N] [--jobs J]\n"
    "                  [--json]   (the best N (10) levels of the seeds BASE.FROM to BASE.TO by difficulty, par, states\n"
    "                  or dead-ends ('-': lowest first), ties to the lower seed; --part: every Nth seed from the Kth)\n"
    "  tilelab search  --merge FILE... [--json]   (parts merged: the whole search's output, byte for byte)\n"
    "  tilelab soak    [GAME]... [--seeds N] [--part K/N]   (every generator setting, N seeds each (100): "
    "every level must be sound; --part: every Nth setting from the Kth)\n"
    "  tilelab render  [FILE|-] [--game GAME] [--solution] [--format svg|png] [--out PATH]   (a picture of the level;\n"
    "                  --solution: its solution drawn on it)\n"
    "  tilelab render  --sheet PACK [--format pdf|svg|png] [--page URL] [--out PATH]   (a printable sheet of a pack:\n"
    "                  six levels a page with their number, par, link and its QR code, their solutions on the pages\n"
    "                  after; --page (or TILELAB_PAGE): the playground's address the links open, else fragments)\n"
    "exit codes: 0 done, 1 unsolvable or search cap hit (or moves that do not win), 2 bad input\n";

struct Args {
  std::vector<std::string> positional;
  std::vector<std::string> sets;
  std::string game, seed, moves, rules, band;
  uint64_t count_solutions = 0;  // solve --count N
  bool files = false;  // bench: the levels of files, not the generator
  bool json = false, has_seed = false, has_moves = false, graph = false, all = false, check = false;
  bool solution = false;             // render --solution
  std::string format, out, sheet;    // render --format, --out, --sheet
  std::string page;                  // render --sheet --page URL (the links' page)
  bool has_page = false;
  long seeds = 100;  // soak --seeds N
  int part = 1, parts = 1;  // soak --part K/N
  std::string seed_range, part_text, by;  // search --seeds BASE:FROM-TO, --part K/N, --by FIGURE
  long keep = 10;                         // search --keep N
  long jobs = 1;                          // search --jobs J
  long threads = 2;                       // analyze --threads T (1 or 2)
  bool merge = false, has_by = false;     // search --merge FILE..., --by given
  long count = 1;
  bool against_order = false;  // rate --against-order
  double at_least = -2;        // rate --at-least R (-2: none)
  int max_similarity = 90;  // generate --count, pack: a level this alike (percent) to one kept is dropped
};

// A whole number from 1 to `most` for `option` (--keep, --jobs, --seeds,
// --count) into *out, or false with the message.
bool read_whole_number(const std::string& option, const std::string& n, long most, long* out, std::string* error) {
  char* end = nullptr;
  const long v = strtol(n.c_str(), &end, 10);
  if (n.empty() || *end || v < 1 || v > most) {
    *error = option + ": '" + n + "' is not a whole number from 1 to " + std::to_string(most);
    return false;
  }
  *out = v;
  return true;
}

// rate --at-least R: a rank correlation from -1 to 1 (it implies --against-order).
bool read_at_least(const std::string& r, Args* a, std::string* error) {
  char* end = nullptr;
  a->at_least = strtod(r.c_str(), &end);
  if (r.empty() || *end || !(a->at_least >= -1 && a->at_least <= 1)) {
    *error = "--at-least: '" + r + "' is not a number from -1 to 1";
    return false;
  }
  a->against_order = true;
  return true;
}

// analyze, solve --threads T: 1 or 2.
bool read_threads(const std::string& n, Args* a, std::string* error) {
  if (n != "1" && n != "2") {
    *error = "--threads: '" + n + "' is not 1 or 2";
    return false;
  }
  a->threads = n == "1" ? 1 : 2;
  return true;
}

// soak --part K/N: every Nth setting from the Kth.
bool read_part(const std::string& v, Args* a, std::string* error) {
  if (sscanf(v.c_str(), "%d/%d", &a->part, &a->parts) != 2 || a->parts < 1 || a->parts > 64 || a->part < 1 ||
      a->part > a->parts) {
    *error = "--part: '" + v + "' is not K/N with 1 <= K <= N <= 64";
    return false;
  }
  return true;
}

// solve and bench --count N: solutions counted up to N.
bool read_solution_count(const std::string& n, Args* a, std::string* error) {
  char* end = nullptr;
  a->count_solutions = strtoull(n.c_str(), &end, 10);
  if (n.empty() || *end || a->count_solutions < 1 || a->count_solutions > 1000000000) {
    *error = "--count: '" + n + "' is not a whole number from 1 to 1000000000";
    return false;
  }
  return true;
}

// generate and pack --max-similarity P: a percent from 1 to 101.
bool read_max_similarity(const std::string& n, Args* a, std::string* error) {
  char* end = nullptr;
  const long v = strtol(n.c_str(), &end, 10);
  if (n.empty() || *end || v < 1 || v > 101) {
    *error = "--max-similarity: '" + n + "' is not a percent from 1 to 101 (101: keep every level)";
    return false;
  }
  a->max_similarity = (int)v;
  return true;
}

bool parse_args(int argc, char** argv, Args* a, std::string* error) {
  const bool search = argc > 1 && std::string(argv[1]) == "search";
  const bool analyze = argc > 1 && std::string(argv[1]) == "analyze";
  const bool counts_solutions = argc > 1 && (std::string(argv[1]) == "solve" || std::string(argv[1]) == "bench");
  const bool solves = argc > 1 && std::string(argv[1]) == "solve";
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= argc) {
        *error = arg + " needs a value";
        return false;
      }
      *out = argv[++i];
      return true;
    };
    std::string v;  // an option's value, for those read by a helper
    if (arg == "--json") a->json = true;
    else if (arg == "--files") a->files = true;
    else if (arg == "--graph") a->graph = true;
    else if (arg == "--all") a->all = true;
    else if (arg == "--check") a->check = true;
    else if (arg == "--against-order") a->against_order = true;
    else if (arg == "--at-least") { if (!value(&v) || !read_at_least(v, a, error)) return false; }
    else if (arg == "--solution") a->solution = true;
    else if (arg == "--format") { if (!value(&a->format)) return false; }
    else if (arg == "--out") { if (!value(&a->out)) return false; }
    else if (arg == "--sheet") { if (!value(&a->sheet)) return false; }
    else if (arg == "--page") { if (!value(&a->page)) return false; a->has_page = true; }
    else if (search && arg == "--seeds") { if (!value(&a->seed_range)) return false; }
    else if (search && arg == "--part") { if (!value(&a->part_text)) return false; }
    else if (search && arg == "--by") { if (!value(&a->by)) return false; a->has_by = true; }
    else if (search && arg == "--merge") a->merge = true;
    else if ((analyze || solves) && arg == "--threads") { if (!value(&v) || !read_threads(v, a, error)) return false; }
    else if (search && (arg == "--keep" || arg == "--jobs")) {
      if (!value(&v)) return false;
      const long most = arg == "--keep" ? tl::kMostKept : 256;
      if (!read_whole_number(arg, v, most, arg == "--keep" ? &a->keep : &a->jobs, error)) return false;
    }
    else if (arg == "--part") { if (!value(&v) || !read_part(v, a, error)) return false; }
    else if (arg == "--seeds") {
      if (!value(&v) || !read_whole_number(arg, v, 1000000, &a->seeds, error)) return false;
    }
    else if (arg == "--game") { if (!value(&a->game)) return false; }
    else if (arg == "--seed") { if (!value(&a->seed)) return false; a->has_seed = true; }
    else if (arg == "--moves") { if (!value(&a->moves)) return false; a->has_moves = true; }
    else if (arg == "--set") {
      if (!value(&v)) return false;
      a->sets.push_back(v);
    } else if (arg == "--rules") {
      if (!value(&a->rules)) return false;
    } else if (arg == "--difficulty") {
      if (!value(&a->band)) return false;
    } else if (arg == "--count" && counts_solutions) {
      if (!value(&v) || !read_solution_count(v, a, error)) return false;
    } else if (arg == "--count") {
      if (!value(&v) || !read_whole_number(arg, v, 100000, &a->count, error)) return false;
    } else if (arg == "--max-similarity") {
      if (!value(&v) || !read_max_similarity(v, a, error)) return false;
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
      *error = "unknown option " + arg;
      return false;
    } else {
      a->positional.push_back(arg);
    }
  }
  return true;
}

// ---------------------------------------------------------------------------
// [SECTION] Reading levels
// ---------------------------------------------------------------------------
// The largest file a game given (any game, when none is) reads: a level
// fits in 1 MiB; Flow's Numberlink files take up to 16.
size_t max_input(const std::string& game) {
  size_t most = 0;
  for (int i = 0; i < game_count(); ++i)
    if (game.empty() || game == game_at(i).id) most = std::max(most, game_at(i).max_file_bytes);
  return most ? most : (size_t)1 << 20;
}

std::string where(const std::string& source, const Error& e) {
  std::string s = source + ": ";
  return s + e.message;
}

std::vector<std::unique_ptr<Level>> parse_levels(const Args& a, const std::string& text, const std::string& source,
                                                 int* exit_code);

// Reads the levels of the input: one level, as every game reads it (with no
// --game, every game's parser is tried and the level must fit exactly one),
// a level pack (`tilelab pack`), or a file of several of a game that keeps
// them so (Flow's Numberlink files).
std::vector<std::unique_ptr<Level>> load_levels(const Args& a, int* exit_code) {
  std::vector<std::unique_ptr<Level>> levels;
  std::string path = a.positional.empty() ? "-" : a.positional[0];
  if (a.positional.size() > 1) {
    *exit_code = bad_input("expected one level file, got " + std::to_string(a.positional.size()));
    return levels;
  }
  std::string text, error;
  if (!read_input(path, max_input(a.game), &text, &error)) {
    *exit_code = bad_input(error);
    return levels;
  }
  std::string source = path == "-" ? "stdin" : path;
  // A file past 1 MiB is only read as a game's that takes files so large.
  Args sized = a;
  if (text.size() > ((size_t)1 << 20) && a.game.empty()) {
    for (int i = 0; i < game_count() && sized.game.empty(); ++i)
      if (game_at(i).max_file_bytes >= text.size()) sized.game = game_at(i).id;
  }
  return parse_levels(sized, text, source, exit_code);
}

std::vector<std::unique_ptr<Level>> parse_levels(const Args& a, const std::string& text, const std::string& source,
                                                 int* exit_code) {
  std::vector<std::unique_ptr<Level>> levels;
  Error e;
  std::unique_ptr<Level> level = parse_level(a.game.c_str(), text.data(), text.size(), &e);
  if (level) {
    levels.push_back(std::move(level));
    return levels;
  }
  // A level pack (core/midend/pack.h): its levels.
  const GameInfo* pack_game = nullptr;
  std::vector<PackLevel> pack;
  Error pack_error;
  if (parse_pack(text.data(), text.size(), &pack_game, &pack, &pack_error) &&
      (a.game.empty() || a.game == pack_game->id)) {
    for (const PackLevel& l : pack) levels.push_back(pack_game->parse(l.level.c_str(), l.level.size(), &pack_error));
    return levels;
  }
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    std::vector<Text> parts;
    Error split_error;
    if (!g.split || (!a.game.empty() && a.game != g.id)) continue;
    if (!g.split(text.data(), text.size(), &parts, &split_error) || parts.size() < 2) continue;
    for (const Text& part : parts) levels.push_back(g.parse(part.c_str(), part.size(), &split_error));
    return levels;
  }
  *exit_code = bad_input(where(source, e));
  return levels;
}

// The one level of the input (analyze, replay, link, parse).
std::unique_ptr<Level> load_level(const Args& a, int* exit_code) {
  std::vector<std::unique_ptr<Level>> levels = load_levels(a, exit_code);
  if (levels.size() > 1) {
    *exit_code = bad_input(std::to_string(levels.size()) + " levels in the input; this command reads one");
    return nullptr;
  }
  return levels.empty() ? nullptr : std::move(levels[0]);
}

bool apply_sets(const GameInfo& g, const std::vector<std::string>& sets, ParamValues* p, int* exit_code) {
  for (const std::string& kv : sets) {
    Error e;
    if (!param_assign(g, p, kv.data(), kv.size(), &e)) {
      *exit_code = bad_input(std::string("--set ") + e.message);
      return false;
    }
  }
  return true;
}

std::string fresh_seed() {
  uint64_t t = (uint64_t)std::chrono::steady_clock::now().time_since_epoch().count();
  t ^= (uint64_t)std::chrono::system_clock::now().time_since_epoch().count();
  Text seed;
  seed_name(t, &seed);
  return seed.c_str();
}

// ---------------------------------------------------------------------------
// [SECTION] Commands that make or read a level: generate, solve and the one-level ones
// ---------------------------------------------------------------------------
// Prints a command's answer (its JSON with --json, else its text) and
// returns its exit code; a refusal goes to stderr.
int print(const report::Answer& answer, bool json) {
  if (answer.exit == kBadInput || !answer.error.empty()) {
    fprintf(stderr, "tilelab: %s\n", answer.error.c_str());
    return answer.exit;
  }
  if (json) printf("%s\n", answer.json.c_str());
  else fputs(answer.text.c_str(), stdout);
  return answer.exit;
}

// The GAME of a command that makes levels (generate, pack), with its
// parameters from --set; null with *code set on bad input.
const GameInfo* game_of(const Args& a, const char* command, ParamValues* p, int* code) {
  if (a.positional.size() != 1) {
    *code = bad_input(std::string(command) + " needs one GAME (see tilelab games)");
    return nullptr;
  }
  const GameInfo* g = find_game(a.positional[0].c_str());
  if (!g) {
    *code = bad_input("unknown game '" + a.positional[0] + "' (see tilelab games)");
    return nullptr;
  }
  params_default(*g, p);
  return apply_sets(*g, a.sets, p, code) ? g : nullptr;
}

int cmd_generate(const Args& a) {
  ParamValues p;
  int code = kOk;
  const GameInfo* g = game_of(a, "generate", &p, &code);
  if (!g) return code;
  std::string base = a.has_seed ? a.seed : fresh_seed();
  if (!a.has_seed) fprintf(stderr, "tilelab: seed %s\n", base.c_str());
  if (a.count == 1) {
    Job job(JobRequest::make(*g, p, base.c_str()));
    if (job.run() != GenerationStatus::kDone) {
      fprintf(stderr, "tilelab: %s (seed %s)\n", job.result().error.message, base.c_str());
      return job.result().bad_input ? kBadInput : kNo;
    }
    const GeneratedInfo& info = job.result().generated;
    Error why;
    if (a.check && !check_generated(*g, p, base.c_str(), *job.level(), info, &why)) {
      fprintf(stderr, "tilelab: %s (seed %s)\n", why.message, base.c_str());
      return kNo;
    }
    return print(report::generated(*g, p, base, *job.level(), info), a.json);
  }
  // Several levels: core/pack's maker, unrated (seeds base.1, base.2, ... in
  // order); a level as alike as --max-similarity to one kept is dropped (said
  // on stderr) and the next seed tried, up to 4 seeds a level asked for and 20 more.
  PackOptions o;
  o.count = (int)a.count;
  o.max_similarity = a.max_similarity;
  o.rated = false;
  PackMaker maker(*g, p, base.c_str(), o);
  std::vector<std::string> items;
  std::string text_out;
  for (bool ended = false; !ended;) {
    uint64_t one_seed = 1;
    ended = maker.run(&one_seed);
    const PackMaker::Tried& t = maker.last();
    if (t.fate == PackMaker::Fate::kFailed) {
      fprintf(stderr, "tilelab: %s (seed %s)\n", t.error.message, t.seed.c_str());
      return t.info.bad_params ? kBadInput : kNo;
    }
    if (t.fate == PackMaker::Fate::kAlike)
      fprintf(stderr, "tilelab: seed %s dropped: %d%% like seed %s\n", t.seed.c_str(), t.similarity,
              t.alike_seed.c_str());
    if (t.fate != PackMaker::Fate::kKept) continue;
    Error why;
    if (a.check && !check_generated(*g, p, t.seed.c_str(), maker.last_level(), t.info, &why)) {
      fprintf(stderr, "tilelab: %s (seed %s)\n", why.message, t.seed.c_str());
      return kNo;
    }
    report::Answer answer = report::generated(*g, p, t.seed.c_str(), maker.last_level(), t.info);
    items.push_back(answer.json);
    text_out += (items.size() > 1 ? "\n" : "") + answer.text;
  }
  if ((long)maker.levels().size() < a.count) {
    fprintf(stderr, "tilelab: only %d levels unlike each other (--max-similarity %d) from %d seeds\n",
            (int)maker.levels().size(), a.max_similarity, maker.figures().tried);
    return kNo;
  }
  if (a.json) printf("%s\n", json::array(items).c_str());
  else fputs(text_out.c_str(), stdout);
  return kOk;
}

// Solves every level of the input, one answer a level (a JSON object a line
// with --json): exit 0 when all are solved, 1 when one is not. Counting
// (--count: Flow) with two cores, the levels are taken two at a time, each
// answer the one a level alone gets (printed in the file's order), and the
// last level's count shares its search with the second core
// (SearchLimits::team).
int cmd_solve(const Args& a) {
  int code = kOk;
  std::vector<std::unique_ptr<Level>> levels = load_levels(a, &code);
  if (levels.empty()) return code;
  std::vector<report::Answer> answers(levels.size());
  auto solve_level = [&](size_t i) {
    SearchTeam* team = a.threads == 2 && i + 1 == levels.size() ? thread_team() : nullptr;
    answers[i] = a.all ? report::solve_all(*levels[i]) : report::solve(*levels[i], a.count_solutions, a.rules, team);
  };
#if !defined(__EMSCRIPTEN__)
  if (a.count_solutions > 0 && a.threads == 2 && levels.size() > 1 && thread_team()) {
    std::atomic<size_t> next{0};
    auto work = [&]() {
      for (size_t i; (i = next.fetch_add(1)) < levels.size();) solve_level(i);
    };
    std::thread second(work);
    work();
    second.join();
  } else
#endif
  {
    for (size_t i = 0; i < levels.size(); ++i) solve_level(i);
  }
  int worst = kOk;
  for (size_t i = 0; i < levels.size(); ++i) {
    report::Answer& answer = answers[i];
    if (!a.json && levels.size() > 1 && answer.exit != kBadInput) answer.text = (i ? "\n" : "") + answer.text;
    const int exit = print(answer, a.json);
    if (exit == kBadInput) return exit;
    if (exit > worst) worst = exit;
  }
  return worst;
}

// The commands that read one level: solve, analyze, replay, link, parse.
int cmd_level(const std::string& cmd, const Args& a) {
  if (cmd == "replay" && !a.has_moves) return bad_input("replay needs --moves \"...\"");
  if (cmd == "link" && a.has_seed) {
    if (a.game.empty()) return bad_input("link --seed needs --game GAME");
    const GameInfo* g = find_game(a.game.c_str());
    if (!g) return bad_input("unknown game '" + a.game + "' (see tilelab games)");
    ParamValues p;
    params_default(*g, &p);
    int code = kOk;
    if (!apply_sets(*g, a.sets, &p, &code)) return code;
    return print(report::seed_link(*g, p, a.seed), a.json);
  }
  int code = kOk;
  if (cmd == "solve") return cmd_solve(a);
  std::unique_ptr<Level> level = load_level(a, &code);
  if (!level) return code;
  if (cmd == "analyze") {
    SearchLimits limits;
    if (a.threads == 2) limits.team = thread_team();  // a wide graph on both cores (none in wasm)
    return print(report::analyze(*level, a.graph, limits), a.json);
  }
  if (cmd == "replay") return print(report::replay(*level, a.moves), a.json);
  if (cmd == "link") return print(report::level_link(*level), a.json);
  return print(report::parse(*level), a.json);
}

// ---------------------------------------------------------------------------
// [SECTION] check, pack and open
// ---------------------------------------------------------------------------
// Whether name a comes before b as a person orders names: a run of digits
// by its number ("1-9" before "1-10"), the rest by character.
bool named_before(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (isdigit((unsigned char)a[i]) && isdigit((unsigned char)b[j])) {
      size_t ei = i, ej = j;
      while (ei < a.size() && isdigit((unsigned char)a[ei])) ++ei;
      while (ej < b.size() && isdigit((unsigned char)b[ej])) ++ej;
      size_t si = i, sj = j;
      while (si + 1 < ei && a[si] == '0') ++si;  // leading zeros: the same number
      while (sj + 1 < ej && b[sj] == '0') ++sj;
      if (ei - si != ej - sj) return ei - si < ej - sj;
      const int c = a.compare(si, ei - si, b, sj, ej - sj);
      if (c != 0) return c < 0;
      i = ei;
      j = ej;
    } else {
      if (a[i] != b[j]) return (unsigned char)a[i] < (unsigned char)b[j];
      ++i;
      ++j;
    }
  }
  if ((a.size() - i) != (b.size() - j)) return a.size() - i < b.size() - j;
  return a < b;
}

// The level files under a path: the file itself, or a folder's files (and
// its folders'), by name (numbers as numbers), leaving out hidden ones and
// Markdown (a README).
bool level_files(const std::string& path, int depth, std::vector<std::string>* out, std::string* error) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    *error = path + ": cannot open: " + strerror(errno);
    return false;
  }
  if (!S_ISDIR(st.st_mode)) {
    out->push_back(path);
    return true;
  }
  if (depth > 8) return true;
  DIR* dir = opendir(path.c_str());
  if (!dir) {
    *error = path + ": cannot open the folder: " + strerror(errno);
    return false;
  }
  std::vector<std::string> names;
  while (struct dirent* e = readdir(dir)) {
    const std::string name = e->d_name;
    if (name.empty() || name[0] == '.') continue;
    if (name.size() > 3 && name.compare(name.size() - 3, 3, ".md") == 0) continue;
    names.push_back(name);
  }
  closedir(dir);
  std::sort(names.begin(), names.end(), named_before);
  for (const std::string& name : names)
    if (!level_files(path + (path.back() == '/' ? "" : "/") + name, depth + 1, out, error)) return false;
  return true;
}

// tilelab check: every level of every file solved, its listed solutions
// replayed; a line (or JSON object) a level, then the total. Exit 0 only when
// every level solves and every listed solution wins; 2 when a file could not
// be read as a level (the others are still checked).
// Every level of the files and folders of a.positional, in order, each
// named by its file (and "#N", its place, in a file of several); kBadInput
// in *worst when a file could not be read (the others are still read).
bool gather_levels(const Args& a, const char* command, std::vector<std::string>* names,
                   std::vector<std::unique_ptr<Level>>* levels, int* worst) {
  if (a.positional.empty()) {
    *worst = bad_input(std::string(command) + " needs level files or folders");
    return false;
  }
  std::vector<std::string> files;
  for (const std::string& path : a.positional) {
    std::string error;
    if (!level_files(path, 0, &files, &error)) {
      *worst = bad_input(error);
      return false;
    }
  }
  for (const std::string& file : files) {
    Args one = a;
    one.positional.assign(1, file);
    int code = kOk;
    std::vector<std::unique_ptr<Level>> found = load_levels(one, &code);
    if (found.empty()) *worst = kBadInput;
    for (size_t i = 0; i < found.size(); ++i) {
      if (!found[i]) continue;
      names->push_back(found.size() > 1 ? file + "#" + std::to_string(i + 1) : file);
      levels->push_back(std::move(found[i]));
    }
  }
  return true;
}

int cmd_check(const Args& a) {
  std::vector<std::string> names;
  std::vector<std::unique_ptr<Level>> found;
  int worst = kOk;
  if (!gather_levels(a, "check", &names, &found, &worst)) return worst;
  size_t levels = 0, solved = 0, listed = 0, replayed = 0;
  double ms = 0;
  for (size_t i = 0; i < found.size(); ++i) {
    report::CheckFigures f;
    report::Answer answer = report::check(*found[i], names[i], &f);
    if (a.json) printf("%s\n", answer.json.c_str());
    else fputs(answer.text.c_str(), stdout);
    ++levels;
    solved += f.solved;
    listed += f.listed;
    replayed += f.replayed;
    ms += f.ms;
    if (answer.exit != kOk && worst == kOk) worst = answer.exit;
  }
  char total[200];
  snprintf(total, sizeof total, "%zu levels: %zu solved, %zu/%zu listed solutions replayed, %.1f ms solving",
           levels, solved, replayed, listed, ms);
  if (a.json)
    printf("%s\n", json::Object().add("total", true).add("levels", (uint64_t)levels).add("solved", (uint64_t)solved)
                      .add("solutions_listed", (uint64_t)listed).add("solutions_replayed", (uint64_t)replayed)
                      .add("ms", ms).str().c_str());
  else
    printf("%s\n", total);
  return worst;
}

// tilelab rate: each level's difficulty, and with --against-order how well
// it agrees with the order the levels come in.
int cmd_rate(const Args& a) {
  std::vector<std::string> names;
  std::vector<std::unique_ptr<Level>> levels;
  int worst = kOk;
  if (!gather_levels(a, "rate", &names, &levels, &worst)) return worst;
  const int code = run_rate(names, levels, a.against_order, a.at_least, a.json);
  return worst != kOk ? worst : code;
}

// tilelab pack: a level pack as tilelab.api.pack() makes it in the page.
int cmd_pack(const Args& a) {
  ParamValues p;
  int code = kOk;
  const GameInfo* g = game_of(a, "pack", &p, &code);
  if (!g) return code;
  PackOptions o;
  o.count = (int)a.count;
  o.max_similarity = a.max_similarity;
  if (!a.band.empty()) {
    char* end = nullptr;
    const long lo = strtol(a.band.c_str(), &end, 10);
    const long hi = *end == '-' ? strtol(end + 1, &end, 10) : -1;
    if (*end || lo < 0 || hi < lo) return bad_input("--difficulty: '" + a.band + "' is not a band like 100-400");
    o.min_difficulty = (int)lo;
    o.max_difficulty = (int)hi;
  }
  std::string prefix = a.has_seed ? a.seed : fresh_seed();
  if (!a.has_seed) fprintf(stderr, "tilelab: seed %s\n", prefix.c_str());
  return print(report::pack(*g, p, prefix, o), a.json);
}

// tilelab search: the best levels of a range of seeds, or --merge of the
// parts' files.
int cmd_search(const Args& a) {
  if (a.merge) {
    if (!a.sets.empty() || !a.seed_range.empty() || !a.part_text.empty() || a.has_by || a.keep != 10 ||
        a.jobs != 1)
      return bad_input("--merge takes its search from the files: tilelab search --merge FILE... [--json]");
    if (a.positional.empty()) return bad_input("--merge needs the parts' files: tilelab search --merge FILE...");
    return run_search_merge(a.positional, a.json);
  }
  ParamValues p;
  int code = kOk;
  const GameInfo* g = game_of(a, "search", &p, &code);
  if (!g) return code;
  if (a.seed_range.empty()) return bad_input("search needs --seeds BASE:FROM-TO (the seeds BASE.FROM to BASE.TO)");
  SearchSpec spec;
  spec.game = g;
  spec.params = p;
  spec.keep = (int)a.keep;
  Error e;
  if (!parse_seed_range(a.seed_range.c_str(), &spec, &e) ||
      !parse_search_figure(*g, a.has_by ? a.by.c_str() : "difficulty", &spec, &e) ||
      (!a.part_text.empty() && !parse_search_part(a.part_text.c_str(), &spec, &e)))
    return bad_input(e.message);
  return run_search(spec, (int)a.jobs, a.json);
}

int cmd_open(const Args& a) {
  if (a.positional.size() != 1) return bad_input("open needs one LINK");
  return print(report::open(a.positional[0]), a.json);
}

}  // namespace

// ---------------------------------------------------------------------------
// [SECTION] main
// ---------------------------------------------------------------------------
namespace {
// The memory a command lets go of stays in the process for what it holds
// next, rather than going back to the system: each page the system hands
// out anew costs a fault (about 2 us each on a 2-core virtual machine).
// glibc's own settings (the page's wasm and the device have their own
// allocators).
void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // its largest: a list of up to 32 MB from the heap
  mallopt(M_TRIM_THRESHOLD, 1 << 30);   // the heap's top not handed back
  mallopt(M_ARENA_MAX, 1);              // one heap for both threads
#endif
}
}  // namespace

int main(int argc, char** argv) {
  keep_freed_memory();
  if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? kBadInput : kOk;
  }
  Args a;
  std::string error;
  if (!parse_args(argc, argv, &a, &error)) return bad_input(error + "\n" + kUsage);
  std::string cmd = argv[1];
  if (a.files && cmd != "bench") return bad_input("--files is for bench: tilelab bench GAME --files PATH...");
  if (a.count_solutions && cmd == "bench" && !a.files)
    return bad_input("--count with bench is for its files: tilelab bench GAME --files PATH... --count N");
  if (!a.rules.empty() && cmd != "solve" && !(cmd == "bench" && a.files))
    return bad_input("--rules is for solve and bench --files: tilelab bench GAME --files PATH... --rules R");
  if (a.against_order && cmd != "rate")
    return bad_input("--against-order and --at-least are rate's: tilelab rate PATH... --against-order");
  if (cmd != "render" && (a.solution || !a.format.empty() || !a.out.empty() || !a.sheet.empty() || a.has_page))
    return bad_input("--solution, --format, --out, --sheet and --page are render's: tilelab render [FILE] [--solution] "
                     "[--format svg|png] [--out PATH]");
  if (cmd == "render") {
    if (a.has_page && a.sheet.empty())
      return bad_input("--page is for a sheet's links: tilelab render --sheet PACK --page URL");
    if (!a.sheet.empty()) {
      if (!a.positional.empty() || a.solution)
        return bad_input("render --sheet PACK draws a pack with its solutions: no level file, no --solution");
      std::string page = a.page;
      const char* env = getenv("TILELAB_PAGE");
      if (!a.has_page && env) page = env;
      return run_sheet(a.sheet, a.format.empty() ? "pdf" : a.format, page, a.out);
    }
    int code = kOk;
    std::vector<std::unique_ptr<Level>> levels = load_levels(a, &code);
    if (levels.empty()) return code;
    return run_render(levels, a.solution, a.format.empty() ? "svg" : a.format, a.out);
  }
  if (cmd == "games") return print(report::games(), a.json);
  if (cmd == "generate") return cmd_generate(a);
  if (cmd == "solve" || cmd == "analyze" || cmd == "replay" || cmd == "link" || cmd == "parse")
    return cmd_level(cmd, a);
  if (cmd == "open") return cmd_open(a);
  if (cmd == "check") return cmd_check(a);
  if (cmd == "rate") return cmd_rate(a);
  if (cmd == "pack") return cmd_pack(a);
  if (cmd == "search") return cmd_search(a);
  if (cmd == "soak") {
    std::vector<const GameInfo*> games;
    for (const std::string& id : a.positional) {
      const GameInfo* g = find_game(id.c_str());
      if (!g) return bad_input("unknown game '" + id + "' (see tilelab games)");
      games.push_back(g);
    }
    if (games.empty())
      for (int i = 0; i < game_count(); ++i) games.push_back(&game_at(i));
    return run_soak(games, a.seeds, a.part, a.parts);
  }
  if (cmd == "bench") {
    const GameInfo* only = nullptr;
    if (!a.positional.empty()) {
      only = find_game(a.positional[0].c_str());
      if (!only) return bad_input("unknown game '" + a.positional[0] + "' (see tilelab games)");
    }
    if (a.files) {
      if (!only || a.positional.size() < 2) return bad_input("bench GAME --files PATH...: a game and one file or more");
      return run_bench_files(*only, std::vector<std::string>(a.positional.begin() + 1, a.positional.end()), a.rules,
                             a.count_solutions, a.json);
    }
    return run_bench(only, a.json);
  }
  return bad_input("unknown command '" + cmd + "'\n" + kUsage);
}
