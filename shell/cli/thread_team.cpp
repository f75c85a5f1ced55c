#include "thread_team.h"

#if !defined(__EMSCRIPTEN__)
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace tl {

namespace {
inline void spin_wait() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}
}  // namespace

ThreadTeam::~ThreadTeam() {
  if (!helper_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_one();
  helper_.join();
}

void ThreadTeam::run(void (*job)(void*, int), void* context) {
  uint64_t number;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!helper_.joinable()) helper_ = std::thread([this] { serve(); });
    job_ = job;
    context_ = context;
    number = ++started_;
  }
  wake_.notify_one();
  job(context, 0);
  while (finished_.load(std::memory_order_acquire) != number) spin_wait();
}

void ThreadTeam::serve() {
  uint64_t done = 0;
  for (;;) {
    void (*job)(void*, int);
    void* context;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || started_ != done; });
      if (started_ == done) return;  // quit, nothing left
      job = job_;
      context = context_;
      ++done;
    }
    job(context, 1);
    finished_.store(done, std::memory_order_release);
  }
}

// Two threads: the second to arrive opens the next generation.
void ThreadTeam::barrier() {
  const uint32_t generation = generation_.load(std::memory_order_acquire);
  if (arrived_.fetch_add(1, std::memory_order_acq_rel) == 1) {
    arrived_.store(0, std::memory_order_relaxed);
    generation_.store(generation + 1, std::memory_order_release);
  } else {
    while (generation_.load(std::memory_order_acquire) == generation) spin_wait();
  }
}

SearchTeam* thread_team() {
  if (std::thread::hardware_concurrency() < 2) return nullptr;  // one core: one thread
  static ThreadTeam* team = new ThreadTeam;  // never destroyed: the helper sleeps until the process ends
  return team;
}

}  // namespace tl
#else
namespace tl {

// The wasm command line (under node) runs as the page's worker does: one
// thread.
SearchTeam* thread_team() { return nullptr; }

}  // namespace tl
#endif
