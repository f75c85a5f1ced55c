// device_runtime.cpp — what the core needs from the C++ runtime on a device
// without exceptions (the Playdate, and the Cortex-M7 benchmark under QEMU):
// operator new/delete on the C heap, and the library's "throw" helpers, which
// std::vector still references under -fno-exceptions, as plain aborts. With
// these the core links without libstdc++'s exception tables and unwinder.
#include <stddef.h>
#include <stdlib.h>

#if defined(TILELAB_PLAYDATE)
extern "C" void* tilelab_device_realloc(void* ptr, size_t size);  // pd->system->realloc
#define TILELAB_ALLOC(n) tilelab_device_realloc(nullptr, (n))
#define TILELAB_FREE(p) tilelab_device_realloc((p), 0)
#else
#define TILELAB_ALLOC(n) malloc(n)
#define TILELAB_FREE(p) free(p)
#endif

void* operator new(size_t n) {
  void* p = TILELAB_ALLOC(n ? n : 1);
  if (!p) abort();
  return p;
}
void* operator new[](size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { TILELAB_FREE(p); }
void operator delete[](void* p) noexcept { TILELAB_FREE(p); }
void operator delete(void* p, size_t) noexcept { TILELAB_FREE(p); }
void operator delete[](void* p, size_t) noexcept { TILELAB_FREE(p); }

namespace std {
[[noreturn]] void __throw_bad_alloc() { abort(); }
[[noreturn]] void __throw_bad_array_new_length() { abort(); }
[[noreturn]] void __throw_length_error(const char*) { abort(); }
[[noreturn]] void __throw_out_of_range(const char*) { abort(); }
[[noreturn]] void __throw_out_of_range_fmt(const char*, ...) { abort(); }
[[noreturn]] void __throw_logic_error(const char*) { abort(); }
[[noreturn]] void __throw_invalid_argument(const char*) { abort(); }
[[noreturn]] void __throw_bad_function_call() { abort(); }
}  // namespace std

extern "C" void __cxa_pure_virtual() { abort(); }
