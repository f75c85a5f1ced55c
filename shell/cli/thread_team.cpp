#include "thread_team.h"

#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#include <sched.h>

#include <chrono>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace tl {

namespace {

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Waits for `done` to be true: a short spin (the other thread is at work on
// another core, a few microseconds off), then yielding the core (the two
// threads share one: a loaded machine, or a process given one core).
template <class Done>
void wait_until(Done done) {
  for (int spins = 0; !done(); ++spins) {
    if (spins < 4096) {
#if defined(__x86_64__) || defined(__i386__)
      _mm_pause();
#endif
    } else {
      std::this_thread::yield();
    }
  }
}

// A thread held for a job's length (Linux): the caller to the processor it
// is on, the helper to the others it may use; then each back to its own
// set. In a fresh process the kernel was seen to wake the helper onto its
// caller's core and keep both there, taking turns, past the judge's first
// look (keeps_pace), the other core idle: 13 and 19 fresh analyses of
// Skiddy's bench level in 20 went on alone (210-224 ms; held, 20 in 20 on
// both, 138-145). Moved off alone, the helper had the caller follow it. Beside a
// busy loop the judge still sends the analysis on alone, as before.
class HeldTo {
 public:
  // `core`: the caller's processor; `on`: this thread held to it, else off it.
  HeldTo(int core, bool on) {
#if defined(__linux__)
    if (core < 0 || sched_getaffinity(0, sizeof allowed_, &allowed_) != 0 || CPU_COUNT(&allowed_) < 2 ||
        !CPU_ISSET(core, &allowed_))
      return;
    cpu_set_t held;
    if (on) {
      CPU_ZERO(&held);
      CPU_SET(core, &held);
    } else {
      held = allowed_;
      CPU_CLR(core, &held);
    }
    held_ = sched_setaffinity(0, sizeof held, &held) == 0;
#else
    (void)core, (void)on;
#endif
  }
  ~HeldTo() {
#if defined(__linux__)
    if (held_) sched_setaffinity(0, sizeof allowed_, &allowed_);
#endif
  }
  HeldTo(const HeldTo&) = delete;
  HeldTo& operator=(const HeldTo&) = delete;

 private:
#if defined(__linux__)
  cpu_set_t allowed_;
#endif
  bool held_ = false;
};

int this_core() {
#if defined(__linux__)
  return sched_getcpu();
#else
  return -1;
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
  const int core = this_core();
  uint64_t number;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!helper_.joinable()) helper_ = std::thread([this] { serve(); });
    job_ = job;
    context_ = context;
    caller_core_ = core;
    number = ++started_;
  }
  HeldTo held(core, true);
  waited_ns_.store(0, std::memory_order_relaxed);
  window_start_ns_ = now_ns();
  wake_.notify_one();
  job(context, 0);
  wait_until([&] { return finished_.load(std::memory_order_acquire) == number; });
}

void ThreadTeam::serve() {
  uint64_t done = 0;
  for (;;) {
    void (*job)(void*, int);
    void* context;
    int core;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || started_ != done; });
      if (started_ == done) return;  // quit, nothing left
      job = job_;
      context = context_;
      core = caller_core_;
      ++done;
    }
    HeldTo held(core, false);
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
    const int64_t t0 = now_ns();
    wait_until([&] { return generation_.load(std::memory_order_acquire) != generation; });
    waited_ns_.fetch_add(now_ns() - t0, std::memory_order_relaxed);
  }
}

uint64_t ThreadTeam::jobs() {
  std::lock_guard<std::mutex> lock(mutex_);
  return started_;
}

bool ThreadTeam::keeps_pace() {
  const int64_t elapsed = now_ns() - window_start_ns_;
  if (elapsed < kJudgeAfterNs) return true;  // (small levels first: too short to tell)
  return (double)waited_ns_.load(std::memory_order_relaxed) <= kMostWaiting * 2.0 * (double)elapsed;
}

SearchTeam* thread_team() {
#if defined(__EMSCRIPTEN__)
  // The browser's cores (navigator.hardwareConcurrency); the module keeps
  // one worker started for the helper (-sPTHREAD_POOL_SIZE=1): a thread
  // started later would wait for the event loop its caller never yields.
  const int usable = (int)std::thread::hardware_concurrency();
#else
  // The cores this process may run on (taskset, a container's set), not
  // the machine's: one core, one thread.
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  const int usable = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus)
                                                                     : (int)std::thread::hardware_concurrency();
#endif
  if (usable < 2) return nullptr;
  static ThreadTeam* team = new ThreadTeam;  // never destroyed: the helper sleeps until the process ends
  return team;
}

uint64_t thread_team_jobs() {
  SearchTeam* team = thread_team();
  return team ? static_cast<ThreadTeam*>(team)->jobs() : 0;
}

}  // namespace tl
#else
namespace tl {

// The wasm built without threads (the CLI under node, the page's worker
// where the page is not cross-origin isolated): one thread.
SearchTeam* thread_team() { return nullptr; }
uint64_t thread_team_jobs() { return 0; }

}  // namespace tl
#endif
