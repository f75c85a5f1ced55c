// thread_team.h — the command line's second thread for one search
// (tl::SearchTeam, core/search/vocabulary.h): a breadth-first analysis run
// whole explores its wide levels on both cores.
#pragma once
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "core/search/vocabulary.h"

namespace tl {

#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
class ThreadTeam final : public SearchTeam {
 public:
  ThreadTeam() = default;
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  // The helper thread starts at the first job and waits, asleep, between
  // jobs; for a job's length (on Linux) the caller is held to its core
  // and the helper to the others; a job's barriers spin a little, then
  // yield (both threads are at work within a job). A job must not throw: the core's never do (an
  // allocation that fails ends the process, as on one thread).
  void run(void (*job)(void* context, int thread), void* context) override;
  void barrier() override;
  // False when, since the job's start (once kJudgeAfterNs have passed), the
  // two threads spent more than kMostWaiting of their time waiting at
  // barriers for each other: the other core is busy, and one thread does
  // better. (Measured on Skiddy's bench level: about a tenth of their time
  // on an idle machine, two threads 1.6x as fast as one; 0.43 to 0.50
  // beside a busy loop, where two lost to one by 4-10%.)
  bool keeps_pace() override;
  // The jobs run on both threads so far (the page's worker tells it, so its
  // test knows the helper took part).
  uint64_t jobs();
  static constexpr double kMostWaiting = 0.25;
  static constexpr int64_t kJudgeAfterNs = 10000000;

 private:
  void serve();

  std::thread helper_;
  std::mutex mutex_;
  std::condition_variable wake_;
  void (*job_)(void*, int) = nullptr;
  void* context_ = nullptr;
  uint64_t started_ = 0;              // jobs given to the helper (under mutex_)
  int caller_core_ = -1;              // the job's caller's processor (under mutex_): held there, the helper off it
  bool quit_ = false;                 // (under mutex_)
  std::atomic<uint64_t> finished_{0};  // jobs the helper has finished
  alignas(64) std::atomic<uint32_t> arrived_{0};
  std::atomic<uint32_t> generation_{0};
  std::atomic<int64_t> waited_ns_{0};    // both threads' waits at barriers since the job's start
  int64_t window_start_ns_ = 0;          // the job's start (the first thread's)
};
#endif

// The process's team (its thread started at its first job), for the
// commands that analyse, one analysis at a time; null on a machine of one
// core and in the wasm built without threads (the page's worker where the
// page is not cross-origin isolated, and the CLI under node).
SearchTeam* thread_team();
// The jobs the process's team has run on both threads so far (0 without one).
uint64_t thread_team_jobs();

}  // namespace tl
