// tilelab — the command-line host. It parses arguments, reads files and prints;
// everything else is the core's. Contract (see README):
//   exit 0 done/solved, 1 proven unsolvable or cap hit, 2 bad input.
#include <stdio.h>
#include <string.h>

#include <chrono>
#include <string>
#include <vector>

#include "cli.h"
#include "core/link.h"
#include "core/rating.h"
#include "core/rng.h"
#include "core/registry.h"
#include "shell/common/json.h"
#include "shell/common/report.h"

using namespace tl;

namespace cli {

int bad_input(const std::string& message) {
  fprintf(stderr, "tilelab: %s\n", message.c_str());
  return kBadInput;
}

}  // namespace cli

using namespace cli;
using report::level_text;
using report::moves_text;
using report::params_json;

namespace {

const char kUsage[] =
    "usage:\n"
    "  tilelab games [--json]\n"
    "  tilelab generate GAME [--set KEY=VALUE]... [--seed S] [--count N] [--json]\n"
    "  tilelab solve   [FILE|-] [--game GAME] [--json] [--all]   (--all: every distinct solution, Golf Peaks)\n"
    "  tilelab analyze [FILE|-] [--game GAME] [--json] [--graph]   (--graph: the state graph, up to 500 states)\n"
    "  tilelab replay  [FILE|-] [--game GAME] --moves \"...\" [--json]\n"
    "  tilelab link    [FILE|-] [--game GAME]    (or: tilelab link --game GAME --seed S [--set K=V]...)\n"
    "  tilelab open    LINK\n"
    "  tilelab bench   [GAME] [--json]\n"
    "exit codes: 0 done, 1 unsolvable or search cap hit (or moves that do not win), 2 bad input\n";

struct Args {
  std::vector<std::string> positional;
  std::vector<std::string> sets;
  std::string game, seed, moves;
  bool json = false, has_seed = false, has_moves = false, graph = false, all = false;
  long count = 1;
};

bool parse_args(int argc, char** argv, Args* a, std::string* error) {
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
    if (arg == "--json") a->json = true;
    else if (arg == "--graph") a->graph = true;
    else if (arg == "--all") a->all = true;
    else if (arg == "--game") { if (!value(&a->game)) return false; }
    else if (arg == "--seed") { if (!value(&a->seed)) return false; a->has_seed = true; }
    else if (arg == "--moves") { if (!value(&a->moves)) return false; a->has_moves = true; }
    else if (arg == "--set") {
      std::string kv;
      if (!value(&kv)) return false;
      a->sets.push_back(kv);
    } else if (arg == "--count") {
      std::string n;
      if (!value(&n)) return false;
      char* end = nullptr;
      a->count = strtol(n.c_str(), &end, 10);
      if (n.empty() || *end || a->count < 1 || a->count > 100000) {
        *error = "--count: '" + n + "' is not a whole number from 1 to 100000";
        return false;
      }
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
      *error = "unknown option " + arg;
      return false;
    } else {
      a->positional.push_back(arg);
    }
  }
  return true;
}

const size_t kMaxInput = 1 << 20;
const uint32_t kGraphStates = 500;  // analyze --graph: the state graph up to this size
const size_t kMaxSolutions = 1000;  // solve --all: at most this many

bool read_input(const std::string& path, std::string* out, std::string* error) {
  FILE* f = path == "-" ? stdin : fopen(path.c_str(), "rb");
  if (!f) {
    *error = path + ": cannot open: " + strerror(errno);
    return false;
  }
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
    out->append(buf, n);
    if (out->size() > kMaxInput) {
      if (f != stdin) fclose(f);
      *error = path + ": larger than 1 MiB; not a level";
      return false;
    }
  }
  if (f != stdin) fclose(f);
  return true;
}

std::string where(const std::string& source, const Error& e) {
  std::string s = source + ": ";
  return s + e.message;
}

// Reads the level for solve/analyze/replay/link. With no --game, every game's
// parser is tried and the level must fit exactly one.
std::unique_ptr<Level> load_level(const Args& a, int* exit_code) {
  std::string path = a.positional.empty() ? "-" : a.positional[0];
  if (a.positional.size() > 1) {
    *exit_code = bad_input("expected one level file, got " + std::to_string(a.positional.size()));
    return nullptr;
  }
  std::string text, error;
  if (!read_input(path, &text, &error)) {
    *exit_code = bad_input(error);
    return nullptr;
  }
  std::string source = path == "-" ? "stdin" : path;
  Error e;
  std::unique_ptr<Level> level = parse_level(a.game.c_str(), text.data(), text.size(), &e);
  if (!level) *exit_code = bad_input(where(source, e));
  return level;
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

int cmd_games(const Args& a) {
  if (a.json) {
    printf("%s\n", report::games_json().c_str());
    return kOk;
  }
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    printf("%-10s %s: %s\n", g.id, g.name, g.summary);
    for (int k = 0; k < g.param_count; ++k) {
      ParamValues d;
      params_default(g, &d);
      Text t;
      param_format(g, d, k, &t);
      printf("    --set %s=%s  (%d..%d) %s\n", g.params[k].key, t.c_str(), g.params[k].min, g.params[k].max,
             g.params[k].help);
    }
  }
  return kOk;
}

int cmd_generate(const Args& a) {
  if (a.positional.size() != 1) return bad_input("generate needs one GAME (see tilelab games)");
  const GameInfo* g = find_game(a.positional[0].c_str());
  if (!g) return bad_input("unknown game '" + a.positional[0] + "' (see tilelab games)");
  ParamValues p;
  params_default(*g, &p);
  int code = kOk;
  if (!apply_sets(*g, a.sets, &p, &code)) return code;
  std::string base = a.has_seed ? a.seed : fresh_seed();
  if (!a.has_seed) fprintf(stderr, "tilelab: seed %s\n", base.c_str());
  std::vector<std::string> items;
  std::string text_out;
  for (long i = 0; i < a.count; ++i) {
    std::string seed = a.count == 1 ? base : base + "." + std::to_string(i + 1);
    Error e;
    GeneratedInfo info;
    std::unique_ptr<Level> level = g->generate(p, seed.c_str(), &info, &e);
    if (!level) {
      fprintf(stderr, "tilelab: %s (seed %s)\n", e.message, seed.c_str());
      return kNo;
    }
    Text link;
    link_for_seed(*g, p, seed.c_str(), &link);
    if (a.json) {
      json::Object o;
      o.add("game", g->id).add("seed", seed).raw("params", params_json(*g, p));
      o.add("level", level_text(*level)).add("par", info.par).add("solution", moves_text(*level, info.solution));
      o.add("attempts", info.attempts).add("link", link.c_str());
      items.push_back(o.str());
    } else {
      if (i) text_out += "\n";
      text_out += level_text(*level);
    }
  }
  if (a.json) printf("%s\n", a.count == 1 ? items[0].c_str() : json::array(items).c_str());
  else fputs(text_out.c_str(), stdout);
  return kOk;
}

int cmd_solve(const Args& a) {
  int code = kOk;
  std::unique_ptr<Level> level = load_level(a, &code);
  if (!level) return code;
  GameState s;
  level->initial_state(&s);
  if (a.all) {
    std::vector<MoveList> all;
    auto t0 = std::chrono::steady_clock::now();
    int n = level->all_solutions(s, SearchLimits(), kMaxSolutions, &all);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (n < 0)
      return bad_input(std::string("--all: ") + level->game().name +
                       " moves can come back to a state, so its solutions never end; --all is for Golf Peaks");
    std::vector<std::string> lines;
    for (const MoveList& m : all) lines.push_back(moves_text(*level, m));
    if (a.json) {
      std::vector<std::string> quoted;
      for (const std::string& l : lines) quoted.push_back(json::quote(l));
      json::Object o;
      o.add("game", level->game().id).add("count", n).add("complete", (size_t)n < kMaxSolutions);
      o.raw("solutions", json::array(quoted)).add("ms", ms);
      printf("%s\n", o.str().c_str());
    } else {
      for (const std::string& l : lines) printf("%s\n", l.c_str());
      if ((size_t)n >= kMaxSolutions) printf("(the first %d; there may be more)\n", n);
      if (n == 0) printf("unsolvable\n");
    }
    return n > 0 ? kOk : kNo;
  }
  MoveList path;
  auto t0 = std::chrono::steady_clock::now();
  SolveResult r = level->solve(s, SearchLimits(), &path);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (a.json) {
    printf("%s\n", report::solve_json(*level, r, path, ms).c_str());
  } else if (r.solvable) {
    printf("%s\n", moves_text(*level, path).c_str());
  } else {
    printf(r.capped ? "capped: the search hit its state cap before an answer\n" : "unsolvable\n");
  }
  return r.solvable ? kOk : kNo;
}

int cmd_analyze(const Args& a) {
  int code = kOk;
  std::unique_ptr<Level> level = load_level(a, &code);
  if (!level) return code;
  GameState s;
  level->initial_state(&s);
  auto t0 = std::chrono::steady_clock::now();
  SearchLimits limits;
  if (a.graph) limits.graph_states = kGraphStates;
  Analysis r = level->analyze(s, limits);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::vector<std::string> hist;
  for (uint32_t h : r.depth_histogram) hist.push_back(std::to_string(h));
  if (a.json) {
    printf("%s\n", report::analysis_json(*level, s, r, ms).c_str());
  } else if (r.capped) {
    printf("capped: more than the state cap; no figures\n");
  } else {
    printf("solvable:          %s\n", r.solvable ? "yes" : "no");
    printf("par:               %d\n", r.par);
    printf("states:            %llu (wins excluded)\n", (unsigned long long)r.states);
    printf("win states:        %llu\n", (unsigned long long)r.win_states);
    printf("dead ends:         %llu\n", (unsigned long long)r.dead_ends);
    if (r.dead_ends) printf("first dead end:    %s\n", moves_text(*level, r.first_dead_end).c_str());
    printf("optimal solutions: %llu\n", (unsigned long long)r.optimal_solutions);
    printf("farthest from win: %d moves\n", r.max_distance);
    printf("on the solution:   %llu choices, %llu wrong (%llu fatal), setback %llu moves\n",
           (unsigned long long)r.line_choices, (unsigned long long)r.line_wrong_moves,
           (unsigned long long)r.line_fatal_moves, (unsigned long long)r.line_setback);
    printf("difficulty:        %d\n", level->difficulty(r));
    Figure figures[kMaxFigures];
    int n = level->analysis_figures(s, r, SearchLimits(), figures);
    for (int i = 0; i < n; ++i) {
      std::string label = std::string(figures[i].label) + ":";
      label += std::string(label.size() < 19 ? 19 - label.size() : 1, ' ');
      if (figures[i].is_bool) printf("%s%s\n", label.c_str(), figures[i].value ? "yes" : "no");
      else printf("%s%llu\n", label.c_str(), (unsigned long long)figures[i].value);
    }
    printf("depth histogram:   %s\n", json::array(hist).c_str());
  }
  return r.capped || !r.solvable ? kNo : kOk;
}

int cmd_replay(const Args& a) {
  if (!a.has_moves) return bad_input("replay needs --moves \"...\"");
  int code = kOk;
  std::unique_ptr<Level> level = load_level(a, &code);
  if (!level) return code;
  MoveList moves;
  Error e;
  if (!level->parse_moves(a.moves.data(), a.moves.size(), &moves, &e)) return bad_input(e.message);
  GameState s;
  level->initial_state(&s);
  Outcome last = Outcome::kMoved;
  size_t played = 0;
  for (; played < moves.size(); ++played) {
    last = level->apply(&s, moves[played]);
    if (last == Outcome::kWon || last == Outcome::kLost) {
      ++played;
      break;
    }
  }
  const char* result = last == Outcome::kWon ? "won" : last == Outcome::kLost ? "lost" : "unfinished";
  bool extra = played < moves.size();
  Text board;
  level->format(s, &board);
  if (a.json) {
    json::Object o;
    o.add("game", level->game().id).add("result", result).add("moves_played", (int)played);
    o.add("moves_ignored", (int)(moves.size() - played)).add("state", board.c_str());
    printf("%s\n", o.str().c_str());
  } else {
    printf("%s after %zu moves%s\n%s", result, played, extra ? " (later moves ignored)" : "", board.c_str());
  }
  return last == Outcome::kWon ? kOk : kNo;
}

int cmd_link(const Args& a) {
  if (a.has_seed) {
    if (a.game.empty()) return bad_input("link --seed needs --game GAME");
    const GameInfo* g = find_game(a.game.c_str());
    if (!g) return bad_input("unknown game '" + a.game + "' (see tilelab games)");
    ParamValues p;
    params_default(*g, &p);
    int code = kOk;
    if (!apply_sets(*g, a.sets, &p, &code)) return code;
    Text link;
    link_for_seed(*g, p, a.seed.c_str(), &link);
    printf("%s\n", link.c_str());
    return kOk;
  }
  int code = kOk;
  std::unique_ptr<Level> level = load_level(a, &code);
  if (!level) return code;
  Text link;
  link_for_level(*level, &link);
  printf("%s\n", link.c_str());
  return kOk;
}

int cmd_open(const Args& a) {
  if (a.positional.size() != 1) return bad_input("open needs one LINK");
  const std::string& link = a.positional[0];
  LinkTarget target;
  Error e;
  if (!parse_link(link.data(), link.size(), &target, &e)) return bad_input(e.message);
  GeneratedInfo info;
  std::unique_ptr<Level> level = open_link(target, &info, &e);
  if (!level) return bad_input(e.message);
  if (a.json) {
    json::Object o;
    o.add("game", target.game->id).add("level", level_text(*level));
    if (!target.is_level) o.add("seed", target.seed.c_str()).add("par", info.par);
    printf("%s\n", o.str().c_str());
  } else {
    fputs(level_text(*level).c_str(), stdout);
  }
  return kOk;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? kBadInput : kOk;
  }
  Args a;
  std::string error;
  if (!parse_args(argc, argv, &a, &error)) return bad_input(error + "\n" + kUsage);
  std::string cmd = argv[1];
  if (cmd == "games") return cmd_games(a);
  if (cmd == "generate") return cmd_generate(a);
  if (cmd == "solve") return cmd_solve(a);
  if (cmd == "analyze") return cmd_analyze(a);
  if (cmd == "replay") return cmd_replay(a);
  if (cmd == "link") return cmd_link(a);
  if (cmd == "open") return cmd_open(a);
  if (cmd == "bench") {
    const GameInfo* only = nullptr;
    if (!a.positional.empty()) {
      only = find_game(a.positional[0].c_str());
      if (!only) return bad_input("unknown game '" + a.positional[0] + "' (see tilelab games)");
    }
    return run_bench(only, a.json);
  }
  return bad_input("unknown command '" + cmd + "'\n" + kUsage);
}
