// worker_api.cpp — the Embind bindings the page's workers run jobs by
// (worker.js): runJob(request) -> result, a job's request and result as
// their text (core/midend/job_text.h); failedJob(why), a worker's failure as
// a result; workerThreads(), the threads a job's search may take (2 in the
// module built with threads, on a machine of two cores or more; else 1);
// teamJobs(), the jobs its searches have run on both threads so far.
//
// Linked into the playground's module (one thread: a job runs as on the
// device) and into the worker's engine with threads (cmake/web.cmake:
// tilelab_threads), where a wide analysis, or Flow's count, takes a second
// thread (the command line's team, shell/cli/thread_team.h) with the same
// answer.
#include "worker_api.h"

#include <emscripten.h>
#include <emscripten/bind.h>

#include <string>

#include "core/midend/job_text.h"
#include "shell/cli/thread_team.h"

namespace tl {

void post_work_progress(void*, uint32_t done, uint32_t total) {
  EM_ASM({ if (Module.onWorkProgress) Module.onWorkProgress($0 >>> 0, $1 >>> 0); }, done, total);
}

}  // namespace tl

using namespace tl;

namespace {

// (thread_team() is null, thread_team_jobs() 0, in the module without threads.)
double team_jobs() { return (double)thread_team_jobs(); }

std::string run_job_for_worker(std::string request) {
  Text out;
  run_job_text(request.data(), request.size(), post_work_progress, nullptr, &out, thread_team());
  return std::string(out.c_str(), out.size());
}

// A call that could not run (a worker that failed): a failed job's result, `why` its error.
std::string failed_job(std::string why) {
  Text out;
  write_failed_job(JobKind::kMake, why.c_str(), &out);
  return std::string(out.c_str(), out.size());
}

int worker_threads() { return thread_team() ? 2 : 1; }

}  // namespace

EMSCRIPTEN_BINDINGS(tilelab_worker) {
  emscripten::function("runJob", &run_job_for_worker);
  emscripten::function("failedJob", &failed_job);
  emscripten::function("workerThreads", &worker_threads);
  emscripten::function("teamJobs", &team_jobs);
}
