// worker_api.h — what the page's workers call (worker.js), bound by
// worker_api.cpp in both modules that run jobs: the playground's
// (tilelab_web, one thread) and the worker's engine with threads
// (tilelab_threads, where the page is cross-origin isolated).
#pragma once
#include <cstdint>

namespace tl {

// Progress of the call running in the page's worker (worker.js sets
// Module.onWorkProgress): a search's states so far, a pack's levels kept.
void post_work_progress(void*, uint32_t done, uint32_t total);

}  // namespace tl
