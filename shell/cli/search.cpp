// tilelab search — the best levels among a range of seeds
// (core/midend/seed_search.h): made on --jobs threads, or one --part of the
// range, or --merge of the parts' files; the same bytes however it is split.
// A progress line on a terminal's stderr (seeds done, levels a second, time
// left), nothing when stderr is piped.
#include <stdio.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "cli.h"
#include "core/midend/job.h"
#include "core/midend/seed_search.h"
#include "core/report/json.h"

using namespace tl;

namespace cli {

namespace {

// The levels as JSON lines: one a level kept, best first, then one with the
// seeds' counts.
void print_json(const SearchSpec& spec, const SearchResult& r) {
  for (const FoundLevel& f : r.best) {
    json::Object o;
    o.add("game", spec.game->id).add("seed", f.level.seed.c_str()).add("par", f.level.par);
    o.add("difficulty", f.level.difficulty);
    if (spec.game->state_graph) o.add("states", (uint64_t)f.states).add("dead_ends", (uint64_t)f.dead_ends);
    o.add("level", f.level.level.c_str()).add("link", f.level.link.c_str());
    printf("%s\n", o.str().c_str());
  }
  json::Object done;
  done.add("tried", (uint64_t)r.tried).add("could_not_be_made", (uint64_t)r.failed).add("kept", (int)r.best.size());
  printf("%s\n", done.str().c_str());
}

void print(const SearchSpec& spec, const SearchResult& r, bool as_json) {
  if (as_json) {
    print_json(spec, r);
    return;
  }
  Text text;
  format_search(spec, r, &text);
  fwrite(text.c_str(), 1, text.size(), stdout);
}

// "search: 120/1000 seeds, 35.2 levels/s, 25 s left", over itself.
void show_progress(uint32_t done, uint32_t total, double seconds) {
  const double rate = seconds > 0 ? done / seconds : 0;
  const double left = rate > 0 ? (total - done) / rate : 0;
  fprintf(stderr, "\rsearch: %u/%u seeds, %.1f levels/s, %.0f s left   ", done, total, rate, left);
  fflush(stderr);
}

}  // namespace

int run_search(SearchSpec spec, int jobs, bool as_json) {
  Error e;
  if (spec.game->check_params && !spec.game->check_params(spec.params, &e)) return bad_input(e.message);
  if (as_json && spec.parts > 1)
    return bad_input("--json with --part: a part is written as text for --merge; give --json to the merge");
  const uint32_t total = part_seed_count(spec.from, spec.to, spec.part, spec.parts);
  if (jobs > (int)total) jobs = total ? (int)total : 1;  // a part of no seed (more parts than seeds): empty
  // Job j searches part (part + parts * j) of parts * jobs: every job-th
  // seed of this part, from its j-th.
  std::vector<SearchResult> results((size_t)jobs);
  std::vector<Error> errors((size_t)jobs);
  std::vector<char> failed((size_t)jobs, 0);  // read once the threads are joined
  std::atomic<bool> any_failed{false};        // read while they run
  std::atomic<uint32_t> done{0};
  auto work = [&](int j) {
    SearchSpec sub = spec;
    sub.part = spec.part + spec.parts * j;
    sub.parts = spec.parts * jobs;
    // A job a part, a seed a slice (the last slice ends it).
    Job search(JobRequest::search(sub));
    while (search.slice() == GenerationStatus::kRunning) ++done;
    errors[(size_t)j] = search.result().error;
    if (search.status() == GenerationStatus::kFailed) {
      failed[(size_t)j] = 1;
      any_failed = true;
    } else if (search.seeds()) {
      ++done;
    }
    results[(size_t)j] = search.result().search;
  };
#if defined(__EMSCRIPTEN__)
  if (jobs > 1) return bad_input("--jobs: this command line (wasm) runs on one thread; use the native tilelab");
  work(0);
#else
  const bool terminal = isatty(fileno(stderr));
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(work, j);
  std::thread first(work, 0);
  if (terminal) {
    while (done.load() < total && !any_failed.load()) {
      show_progress(done.load(), total,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }
  first.join();
  for (std::thread& t : threads) t.join();
  if (terminal) {
    show_progress(done.load(), total, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    fprintf(stderr, "\n");
  }
#endif
  for (int j = 0; j < jobs; ++j)
    if (failed[(size_t)j]) return bad_input(errors[(size_t)j].message);
  SearchResult whole;
  for (const SearchResult& r : results) merge_search_result(spec, r, &whole);
  print(spec, whole, as_json);
  if (whole.failed)
    fprintf(stderr, "search: %u of %u seeds could not be made or rated (counted in the output's '# seeds:' line)\n",
            whole.failed, whole.tried);
  // No level found is exit 1, as for every command; a part may be empty.
  return whole.best.empty() && total > 0 && spec.parts == 1 ? kNo : kOk;
}

int run_search_merge(const std::vector<std::string>& paths, bool as_json) {
  std::vector<SearchSpec> specs;
  std::vector<SearchResult> results;
  std::vector<Text> names;
  if (std::count(paths.begin(), paths.end(), std::string("-")) > 1)
    return bad_input("--merge: '-' (standard input) is named more than once; it can be read once");
  for (const std::string& path : paths) {
    std::string text, error;
    if (!read_input(path, (size_t)64 << 20, &text, &error)) return bad_input(error);
    specs.emplace_back();
    results.emplace_back();
    Error e;
    if (!parse_search(text.data(), text.size(), &specs.back(), &results.back(), &e))
      return bad_input("--merge: " + path + ": " + e.message);
    names.emplace_back(path.c_str());
  }
  SearchSpec spec;
  SearchResult whole;
  Error e;
  if (!merge_search_parts(specs, results, names, &spec, &whole, &e)) return bad_input(e.message);
  print(spec, whole, as_json);
  return whole.best.empty() ? kNo : kOk;
}

}  // namespace cli
