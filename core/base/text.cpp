#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

namespace tl {

void Text::append(const char* s) { append(s, strlen(s)); }

void Text::append(const char* s, size_t n) {
  buf_.pop_back();
  buf_.insert(buf_.end(), s, s + n);
  buf_.push_back('\0');
}

void Text::appendf(const char* fmt, ...) {
  // Measure, then format straight into the buffer: no large stack array.
  va_list args;
  va_start(args, fmt);
  int n = vsnprintf(nullptr, 0, fmt, args);
  va_end(args);
  if (n <= 0) return;
  size_t old = size();
  buf_.resize(old + (size_t)n + 1);
  va_start(args, fmt);
  vsnprintf(buf_.data() + old, (size_t)n + 1, fmt, args);
  va_end(args);
}

void Text::append_number(uint64_t value) {
  char digits[20];
  int n = 0;
  do {
    digits[n++] = (char)('0' + value % 10);
    value /= 10;
  } while (value);
  while (n) push(digits[--n]);
}

bool Text::equals(const char* s) const { return strcmp(c_str(), s) == 0; }

bool fail(Error* err, int line, int column, const char* fmt, ...) {
  if (!err) return false;
  err->line = line;
  err->column = column;
  va_list args;
  va_start(args, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, args);
  va_end(args);
  return false;
}

size_t string_length(const char* s) { return strlen(s); }
bool string_equal(const char* a, const char* b) { return strcmp(a, b) == 0; }
bool string_equal_n(const char* a, size_t alen, const char* b) {
  return strlen(b) == alen && memcmp(a, b, alen) == 0;
}

}  // namespace tl
