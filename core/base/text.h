// text.h — the core's own small string buffer and error value.
//
// The core avoids std::string: on the device build (newlib, -fno-exceptions) its
// out-of-line parts drag exception tables back in. Text is a growable,
// always NUL-terminated char buffer on top of std::vector, which is header-only.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <vector>

namespace tl {

class Text {
 public:
  Text() { clear(); }
  explicit Text(const char* s) { clear(); append(s); }
  void clear() { buf_.assign(1, '\0'); }
  const char* c_str() const { return buf_.data(); }
  size_t size() const { return buf_.size() - 1; }
  bool empty() const { return size() == 0; }
  char operator[](size_t i) const { return buf_[i]; }
  void push(char c) { buf_.back() = c; buf_.push_back('\0'); }
  void append(const char* s);
  void append(const char* s, size_t n);
  void append(const Text& t) { append(t.c_str(), t.size()); }
  // printf-style append.
  void appendf(const char* fmt, ...)
#if defined(__GNUC__)
      __attribute__((format(printf, 2, 3)))
#endif
      ;
  // A whole number in decimal (appendf's "%llu" prints "lu" on the
  // device: its printf has no long long).
  void append_number(uint64_t value);
  bool equals(const char* s) const;

 private:
  std::vector<char> buf_;
};

// An error returned as a value: one line a person can act on, naming the line
// and column (1-based) or the parameter at fault.
struct Error {
  char message[200];
  int line;    // 0 when not about a position in a text
  int column;  // 0 when not about a column
  Error() : line(0), column(0) { message[0] = '\0'; }
  bool set() const { return message[0] != '\0'; }
  void clear() { message[0] = '\0'; line = column = 0; }
};

// Fills err (when not null) and returns false, so parsers can write
// `return fail(err, line, col, "...", ...)`.
bool fail(Error* err, int line, int column, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

// Splits text into lines (accepting \n and \r\n). Calls back with each line's
// start and length and its 1-based number; a callback returning false stops.
template <class F>
void for_each_line(const char* text, size_t len, F&& f) {
  size_t start = 0;
  int number = 1;
  while (start < len) {
    size_t end = start;
    while (end < len && text[end] != '\n') ++end;
    size_t n = end - start;
    if (n > 0 && text[start + n - 1] == '\r') --n;
    if (!f(text + start, n, number)) return;
    start = end + 1;
    ++number;
  }
}

size_t string_length(const char* s);
bool string_equal(const char* a, const char* b);
bool string_equal_n(const char* a, size_t alen, const char* b);

}  // namespace tl
