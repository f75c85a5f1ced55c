// tilelab bench — throughput figures, never pass/fail. The same code runs
// natively and as wasm under node, so the two are directly comparable.
#include <stdio.h>
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#endif
#include <string.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "cli.h"
#include "core/midend/registry.h"
#include "core/report/json.h"
#include "thread_team.h"

using namespace tl;

namespace cli {

namespace {

#if defined(__EMSCRIPTEN__)
const char kPlatform[] = "wasm";
#else
const char kPlatform[] = "native";
#endif

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Levels made with the solver's check, for at least a second: the figures,
// and up to 200 of the levels for the searches to time.
struct Generation {
  std::vector<std::unique_ptr<Level>> levels;
  long generated = 0, failed = 0, attempts = 0, par_sum = 0;
  std::vector<long> par_histogram;
  double seconds = 0;
};

void generate_levels(const GameInfo& g, const ParamValues& p, Generation* out) {
  auto t0 = std::chrono::steady_clock::now();
  double gen_s = 0;
  while (out->generated + out->failed < 50 || (gen_s = seconds_since(t0)) < 1.0) {
    std::string seed = "bench." + std::to_string(out->generated + out->failed + 1);
    GeneratedInfo info;
    Error e;
    std::unique_ptr<Level> level = g.generate(p, seed.c_str(), &info, &e);
    if (!level) {
      ++out->failed;
      continue;
    }
    ++out->generated;
    out->attempts += info.attempts;
    out->par_sum += info.par;
    if (info.par >= 0) {
      if ((size_t)info.par >= out->par_histogram.size()) out->par_histogram.resize((size_t)info.par + 1, 0);
      ++out->par_histogram[(size_t)info.par];
    }
    if (out->levels.size() < 200) out->levels.push_back(std::move(level));
    if (out->generated + out->failed >= 100000) break;
  }
  out->seconds = seconds_since(t0);
}

// The solver alone over the levels, for at least half a second: the states
// expanded into *expanded, the seconds returned.
double time_solves(const std::vector<std::unique_ptr<Level>>& levels, uint64_t* expanded) {
  const auto t0 = std::chrono::steady_clock::now();
  do {
    for (auto& level : levels) {
      GameState s;
      level->initial_state(&s);
      *expanded += level->solve(s, SearchLimits(), nullptr).expanded;
    }
  } while (seconds_since(t0) < 0.5);
  return seconds_since(t0);
}

// The full state-graph analysis over the levels, for at least half a
// second: the states analysed into *analysed, the seconds returned.
double time_analyses(const std::vector<std::unique_ptr<Level>>& levels, uint64_t* analysed) {
  const auto t0 = std::chrono::steady_clock::now();
  do {
    for (auto& level : levels) {
      GameState s;
      level->initial_state(&s);
      Analysis a = level->analyze(s, SearchLimits());
      *analysed += a.states + a.win_states;
    }
  } while (seconds_since(t0) < 0.5);
  return seconds_since(t0);
}

// Line puzzles: each level solved and proven unique (counting up to two
// solutions under the game's own rules), the times in ms, sorted.
std::vector<double> time_proofs(const std::vector<std::unique_ptr<Level>>& levels) {
  std::vector<double> proof_ms;
  for (auto& level : levels) {
    Level::SolutionCount counted;
    Error e;
    const auto t0 = std::chrono::steady_clock::now();
    if (!level->count_solutions("", 2, nullptr, &counted, &e)) break;
    proof_ms.push_back(seconds_since(t0) * 1000.0);
  }
  std::sort(proof_ms.begin(), proof_ms.end());
  return proof_ms;
}

// A core kept busy while it lives, as another program on a person's laptop
// keeps one: a child process spinning (on Linux it dies with this one, should
// this one end first); none in the wasm build, which has no processes.
class BusyLoop {
 public:
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  BusyLoop() {
    child_ = fork();
    if (child_ != 0) return;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    for (volatile uint64_t n = 0;; n = n + 1) {
    }
  }
  ~BusyLoop() {
    if (child_ <= 0) return;
    kill(child_, SIGKILL);
    waitpid(child_, nullptr, 0);
  }

 private:
  pid_t child_ = -1;
#endif
};

// One thread's analysis against two threads', the two in turn five times
// (a drift in the machine's speed falls on both alike): each one's median
// time in ms, and the last analysis of each into one_out, two_out.
void one_against_two(const Level& level, const GameState& s, SearchTeam* team, double* one_ms, double* two_ms,
                     Analysis* one_out, Analysis* two_out) {
  SearchLimits two;
  two.team = team;
  std::vector<double> ones, twos;
  for (int run = 0; run < 5; ++run) {
    auto t0 = std::chrono::steady_clock::now();
    *one_out = level.analyze(s, SearchLimits());
    ones.push_back(seconds_since(t0) * 1000.0);
    t0 = std::chrono::steady_clock::now();
    *two_out = level.analyze(s, two);
    twos.push_back(seconds_since(t0) * 1000.0);
  }
  std::sort(ones.begin(), ones.end());
  std::sort(twos.begin(), twos.end());
  *one_ms = ones[ones.size() / 2];
  *two_ms = twos[twos.size() / 2];
}

// The game's bench level: solved, then analysed whole (time and the
// search's memory).
void add_bench_level(const GameInfo& g, json::Object* o) {
  Error e;
  std::unique_ptr<Level> bench = g.parse(g.bench_level, string_length(g.bench_level), &e);
  GameState s;
  bench->initial_state(&s);
  auto t0 = std::chrono::steady_clock::now();
  SolveResult solved = bench->solve(s, SearchLimits(), nullptr);
  o->add("bench_level_solve_ms", seconds_since(t0) * 1000.0).add("bench_level_par", solved.length);
  // On one thread (as the page and the device analyse) and as the command
  // line does, on two, in turn (medians of five each), on a machine
  // otherwise idle and then beside a busy loop that keeps a core busy (as
  // another program on a person's laptop does).
  Analysis one, a;
  double one_ms, ms, busy_one_ms, busy_ms;
  one_against_two(*bench, s, thread_team(), &one_ms, &ms, &one, &a);
  {
    BusyLoop busy;
    Analysis ignored[2];
    one_against_two(*bench, s, thread_team(), &busy_one_ms, &busy_ms, &ignored[0], &ignored[1]);
  }
  o->add("bench_level_states", a.states + a.win_states).add("bench_level_capped", a.capped);
  o->add("bench_level_ms", ms).add("bench_level_mb", (double)a.bytes / (1 << 20));
  o->add("bench_level_one_thread_ms", one_ms).add("bench_level_one_thread_mb", (double)one.bytes / (1 << 20));
  o->add("bench_level_busy_one_thread_ms", busy_one_ms).add("bench_level_busy_ms", busy_ms);
  // Two threads against one, in each case (1.05 at most: two never lose more than 5%).
  o->add("bench_level_two_over_one", ms / one_ms).add("bench_level_busy_two_over_one", busy_ms / busy_one_ms);
  o->add("bench_level_states_per_s", (double)(a.states + a.win_states) * 1000.0 / ms);
  o->add("bench_level_bytes_per_state", (double)a.bytes / (double)(a.states + a.win_states ? a.states + a.win_states : 1));
}

std::string bench_game(const GameInfo& g, const char* variant) {
  ParamValues p;
  params_default(g, &p);
  // A variant is the game's own constant: "key=value", or several space separated.
  Error variant_error;
  if (variant) params_read(g, variant, strlen(variant), ' ', &p, &variant_error);
  Generation gen;
  generate_levels(g, p, &gen);
  const long generated = gen.generated;
  const double gen_s = gen.seconds;

  // The solver alone, and the full state-graph analysis, over those levels.
  uint64_t expanded = 0, analysed = 0;
  const double solve_s = time_solves(gen.levels, &expanded);
  const double analyze_s = time_analyses(gen.levels, &analysed);
  const std::vector<double> proof_ms = time_proofs(gen.levels);

  Text params;
  params_format(g, p, ' ', &params);
  json::Object o;
  o.add("game", g.id).add("platform", kPlatform).add("params", params.c_str());
  o.add("levels", (uint64_t)generated).add("failed", (uint64_t)gen.failed);
  o.add("levels_per_s", generated / gen_s).add("ms_per_level", gen_s * 1000.0 / (double)(generated ? generated : 1));
  o.add("attempts_per_level", (double)gen.attempts / (double)(generated ? generated : 1));
  o.add("acceptance_rate", (double)generated / (double)(gen.attempts ? gen.attempts : 1));
  std::vector<std::string> hist;
  for (long h : gen.par_histogram) hist.push_back(std::to_string(h));
  o.raw("par_histogram", json::array(hist));
  o.add("mean_par", (double)gen.par_sum / (double)(generated ? generated : 1));
  o.add("solver_states_expanded_per_s", expanded / solve_s);
  if (!proof_ms.empty())
    o.add("unique_proof_ms_median", proof_ms[proof_ms.size() / 2]).add("unique_proof_ms_worst", proof_ms.back());
  o.add("analysis_states_per_s", analysed / analyze_s);
  if (g.bench_level) add_bench_level(g, &o);
  return o.str();
}

// A file's levels solved one by one: the figures of one file.
struct FileFigures {
  long levels = 0, solved = 0, unsolvable = 0, capped = 0, unique = 0;
  double ms = 0;
  uint64_t positions = 0, peak_bytes = 0;
};

// False with *error on a file that does not read, or (*every_file) a rule
// set the game does not have.
bool bench_file(const GameInfo& g, const std::string& path, const std::string& rules, uint64_t count,
                FileFigures* out, std::string* error, bool* every_file) {
  std::string text;
  if (!read_input(path, g.max_file_bytes, &text, error)) return false;
  std::vector<Text> parts;
  Error e;
  if (!g.split || !g.split(text.data(), text.size(), &parts, &e)) {
    parts.clear();
    parts.push_back(Text());
    parts.back().append(text.data(), text.size());
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    std::unique_ptr<Level> level = g.parse(parts[i].c_str(), parts[i].size(), &e);
    if (!level) {
      *error = path + ": level " + std::to_string(i + 1) + ": " + e.message;
      return false;
    }
    GameState start;
    level->initial_state(&start);
    const auto t0 = std::chrono::steady_clock::now();
    SolveResult r;
    if (rules.empty() && count == 0) {
      r = level->solve(start, SearchLimits(), nullptr);
    } else {
      Level::SolutionCount counted;
      if (!level->count_solutions(rules.c_str(), count ? count : 1, nullptr, &counted, &e)) {
        *error = e.message;  // the rule set is not the game's: no file will do
        *every_file = true;
        return false;
      }
      r.solvable = counted.count > 0;
      r.capped = counted.capped;
      out->unique += counted.count == 1 && !counted.capped;
      r.expanded = counted.positions;
      r.peak_bytes = counted.peak_bytes;
    }
    out->ms += seconds_since(t0) * 1000;
    ++out->levels;
    out->solved += r.solvable;
    out->capped += r.capped;
    out->unsolvable += !r.solvable && !r.capped;
    out->positions += r.expanded;
    out->peak_bytes = std::max(out->peak_bytes, r.peak_bytes);
  }
  return true;
}

}  // namespace

int run_bench_files(const GameInfo& g, const std::vector<std::string>& paths, const std::string& rules,
                    uint64_t count, bool json) {
  std::vector<std::string> rows;
  bool all_read = true;
  for (const std::string& path : paths) {
    FileFigures f;
    std::string error;
    bool every_file = false;
    if (!bench_file(g, path, rules, count, &f, &error, &every_file)) {
      fprintf(stderr, "tilelab: %s\n", error.c_str());
      if (every_file) return kBadInput;
      all_read = false;
      continue;
    }
    const double per_second = f.ms > 0 ? (double)f.positions / (f.ms / 1000) : 0;
    const double mb = (double)f.peak_bytes / (1 << 20);
    json::Object o;
    o.add("file", path.c_str()).add("platform", kPlatform).add("levels", (int)f.levels);
    o.add("solved", (int)f.solved).add("unsolvable", (int)f.unsolvable).add("capped", (int)f.capped);
    if (count) o.add("counted_to", count).add("unique", (int)f.unique);
    o.add("ms", f.ms).add("positions", f.positions).add("positions_per_second", per_second).add("peak_mb", mb);
    rows.push_back(o.str());
    char unique[48] = "";
    if (count) snprintf(unique, sizeof unique, " (%ld unique)", f.unique);
    if (!json)
      printf("%s: %ld levels, %ld solved%s, %ld unsolvable, %ld capped, %.0f ms, %llu positions, %.2f M positions/s, "
             "peak %.1f MB\n",
             path.c_str(), f.levels, f.solved, unique, f.unsolvable, f.capped, f.ms, (unsigned long long)f.positions,
             per_second / 1e6, mb);
  }
  if (json) printf("%s\n", json::array(rows).c_str());
  return all_read ? kOk : kBadInput;
}

int run_bench(const GameInfo* only, bool json) {
  std::vector<std::string> results;
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    if (only && only != &g) continue;
    for (int v = 0; v < (g.bench_variant_count ? g.bench_variant_count : 1); ++v) {
      std::string r = bench_game(g, g.bench_variant_count ? g.bench_variants[v] : nullptr);
      if (!json) printf("%s\n", r.c_str());
      results.push_back(r);
    }
  }
  if (json) printf("%s\n", results.size() == 1 ? results[0].c_str() : json::array(results).c_str());
  return kOk;
}

}  // namespace cli
