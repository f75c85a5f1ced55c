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

#if !defined(__EMSCRIPTEN__)
class ThreadTeam final : public SearchTeam {
 public:
  ThreadTeam() = default;
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  // The helper thread starts at the first job and waits, asleep, between
  // jobs; a job's barriers spin a little, then yield (both threads are at
  // work within a job). A job must not throw: the core's never do (an
  // allocation that fails ends the process, as on one thread).
  void run(void (*job)(void* context, int thread), void* context) override;
  void barrier() override;

 private:
  void serve();

  std::thread helper_;
  std::mutex mutex_;
  std::condition_variable wake_;
  void (*job_)(void*, int) = nullptr;
  void* context_ = nullptr;
  uint64_t started_ = 0;              // jobs given to the helper (under mutex_)
  bool quit_ = false;                 // (under mutex_)
  std::atomic<uint64_t> finished_{0};  // jobs the helper has finished
  alignas(64) std::atomic<uint32_t> arrived_{0};
  std::atomic<uint32_t> generation_{0};
};
#endif

// The process's team (its thread started at its first job), for the
// commands that analyse, one analysis at a time; null on a machine of one
// core and in the wasm build (the page's worker and node have one thread).
SearchTeam* thread_team();

}  // namespace tl
