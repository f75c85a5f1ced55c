// tl_assert.h — TL_ASSERT, for programming errors: a caller that breaks what the
// core trusts it to keep (a game index in range, a level of the right game
// before a cast). On in tests and debug builds (TILELAB_ASSERTS, set by the
// build), where a broken promise stops the program naming the file and line;
// off on the device, where it costs nothing. Bad input is never an assertion:
// it is an Error value with a message (text.h).
#pragma once

namespace tl {

[[noreturn]] void assert_failed(const char* condition, const char* file, int line);

}  // namespace tl

#if defined(TILELAB_ASSERTS)
#define TL_ASSERT(condition) ((condition) ? (void)0 : ::tl::assert_failed(#condition, __FILE__, __LINE__))
#else
#define TL_ASSERT(condition) ((void)0)
#endif
