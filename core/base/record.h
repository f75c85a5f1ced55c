// record.h — a flat record of named values written as text, and read back
// with every fault named by its line: what a job's request and result are
// when they cross to another instance of the engine (core/midend/job_text.h:
// the page's worker). A record is a first line naming what it is, then an
// entry a line:
//
//   job-request 1            what the record is, and its format's version
//   kind solve               a number or a word
//   moves 3 0 2              a list of numbers
//   text:25                  a text: its length in bytes, then the bytes
//   o.....                   (any bytes, newlines too), then a newline
//   ...
//
// Keys are lowercase letters, digits, '_', '-' and '.'; a key names one
// entry (a reader refuses one named twice, and one it does not take).
#pragma once
#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "text.h"

namespace tl {

class RecordWriter {
 public:
  // The record's first line: what it is ("job-request") and its version.
  RecordWriter(const char* what, int version, Text* out);
  void number(const char* key, uint64_t value);
  void signed_number(const char* key, int64_t value);
  void flag(const char* key, bool value) { number(key, value ? 1 : 0); }
  void word(const char* key, const char* value);  // a value with no space or newline
  void text(const char* key, const char* text, size_t len);
  void text(const char* key, const Text& t) { text(key, t.c_str(), t.size()); }
  void numbers(const char* key, const uint32_t* values, size_t n);

 private:
  Text* out_;
};

// A record read: its entries, looked up by key. Each lookup marks its entry
// taken; finish() then refuses any entry not taken (a key the reader does
// not know). A missing key leaves the value as it was (its default).
class RecordReader {
 public:
  // Reads the entries; false (err naming the line) when the text is not a
  // record of `what` at a version from 1 to most_version, or an entry does
  // not read.
  bool read(const char* text, size_t len, const char* what, int most_version, Error* err);
  int version() const { return version_; }
  bool has(const char* key) const;
  // Each is false (err naming the key's line) when the entry is there but
  // is not of the kind asked for or past the range; true when it is absent.
  bool number(const char* key, uint64_t most, uint64_t* out, Error* err);
  bool signed_number(const char* key, int64_t least, int64_t most, int64_t* out, Error* err);
  bool flag(const char* key, bool* out, Error* err);
  bool word(const char* key, Text* out, Error* err);
  bool text(const char* key, Text* out, Error* err);
  // A list of numbers each at most `most`, at most `most_count` of them.
  bool numbers(const char* key, uint32_t most, size_t most_count, std::vector<uint32_t>* out, Error* err);
  // Conveniences over number() for the narrower fields.
  bool int_number(const char* key, int least, int most, int* out, Error* err);
  bool count(const char* key, uint32_t most, uint32_t* out, Error* err);
  // False (err naming the first) when an entry was not taken.
  bool finish(Error* err) const;

 private:
  struct Entry {
    Text key;
    const char* value;  // into the text read (it must outlive the reader's lookups)
    size_t len;
    bool is_text;
    int line;
    bool taken;
  };
  Entry* find(const char* key);
  bool bad(const Entry& e, Error* err, const char* what) const;
  std::vector<Entry> entries_;
  size_t cursor_ = 0;
  Text what_;
  int version_ = 0;
};

}  // namespace tl
