// record.cpp — a flat record of named values as text (see record.h).
#include "record.h"

#include <string.h>

#include <algorithm>

namespace tl {

namespace {

bool key_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.'; }

// A whole number of at most 20 digits; false when the span is not one or passes `most`.
bool read_number(const char* at, size_t len, uint64_t most, uint64_t* out) {
  if (len == 0 || len > 20) return false;
  uint64_t v = 0;
  for (size_t i = 0; i < len; ++i) {
    if (at[i] < '0' || at[i] > '9') return false;
    const uint64_t d = (uint64_t)(at[i] - '0');
    if (d > most || v > (most - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

}  // namespace

// ---------------------------------------------------------------------------
RecordWriter::RecordWriter(const char* what, int version, Text* out) : out_(out) {
  out_->appendf("%s %d\n", what, version);
}

void RecordWriter::number(const char* key, uint64_t value) {
  out_->append(key);
  out_->push(' ');
  out_->append_number(value);
  out_->push('\n');
}

void RecordWriter::signed_number(const char* key, int64_t value) {
  out_->append(key);
  out_->push(' ');
  if (value < 0) out_->push('-');
  out_->append_number(value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value);
  out_->push('\n');
}

void RecordWriter::word(const char* key, const char* value) { out_->appendf("%s %s\n", key, value); }

void RecordWriter::text(const char* key, const char* text, size_t len) {
  out_->append(key);
  out_->push(':');
  out_->append_number(len);
  out_->push('\n');
  out_->append(text, len);
  out_->push('\n');
}

void RecordWriter::numbers(const char* key, const uint32_t* values, size_t n) {
  out_->append(key);
  for (size_t i = 0; i < n; ++i) {
    out_->push(' ');
    out_->append_number(values[i]);
  }
  out_->push('\n');
}

// ---------------------------------------------------------------------------
bool RecordReader::read(const char* text, size_t len, const char* what, int most_version, Error* err) {
  entries_.clear();
  cursor_ = 0;
  what_.clear();
  what_.append(what);
  size_t at = 0;
  int line = 1;
  // The first line: what, a space, the version.
  const size_t what_len = strlen(what);
  size_t end = at;
  while (end < len && text[end] != '\n') ++end;
  uint64_t v = 0;
  if (end - at <= what_len + 1 || strncmp(text, what, what_len) != 0 || text[what_len] != ' ' ||
      !read_number(text + what_len + 1, end - what_len - 1, (uint64_t)most_version, &v) || v < 1)
    return fail(err, 1, 0, "not a %s of version 1 to %d (it starts '%.*s')", what, most_version,
                (int)(end < 30 ? end : 30), text);
  version_ = (int)v;
  at = end + 1;
  while (at < len) {
    ++line;
    size_t k = at;
    while (k < len && key_char(text[k])) ++k;
    if (k == at || k == len || (text[k] != ' ' && text[k] != ':' && text[k] != '\n'))
      return fail(err, line, (int)(k - at) + 1, "%s: line %d is no 'key value' entry", what, line);
    Entry e;
    e.key.append(text + at, k - at);
    e.line = line;
    e.taken = false;
    if (text[k] == ':') {  // key:LEN, a newline, LEN bytes, a newline
      size_t n = k + 1;
      while (n < len && text[n] != '\n') ++n;
      uint64_t bytes = 0;
      if (n == len || !read_number(text + k + 1, n - k - 1, len, &bytes) || n + 1 + bytes >= len ||
          text[n + 1 + bytes] != '\n')
        return fail(err, line, (int)(k - at) + 2, "%s: line %d: '%s' has no text of the length it says", what, line,
                    e.key.c_str());
      e.is_text = true;
      e.value = text + n + 1;
      e.len = (size_t)bytes;
      for (size_t i = 0; i < e.len; ++i) line += e.value[i] == '\n';
      ++line;  // (the line the text ends on)
      at = n + 1 + bytes + 1;
    } else {
      size_t n = k;
      while (n < len && text[n] != '\n') ++n;
      e.is_text = false;
      e.value = text[k] == ' ' ? text + k + 1 : text + k;
      e.len = (size_t)(text + n - e.value);
      at = n + 1;
    }
    entries_.push_back(e);
  }
  // A key named twice: the second time is refused (keys sorted, neighbours compared).
  std::vector<size_t> order(entries_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [this](size_t a, size_t b) {
    const int c = strcmp(entries_[a].key.c_str(), entries_[b].key.c_str());
    return c != 0 ? c < 0 : a < b;
  });
  for (size_t i = 1; i < order.size(); ++i) {
    const Entry& e = entries_[order[i]];
    if (e.key.equals(entries_[order[i - 1]].key.c_str()))
      return fail(err, e.line, 1, "%s: line %d: '%s' comes twice", what, e.line, e.key.c_str());
  }
  return true;
}

// Looked up from after the last entry found, round: a reader that asks in
// the order the writer wrote finds each at once.
RecordReader::Entry* RecordReader::find(const char* key) {
  const size_t n = entries_.size();
  for (size_t k = 0; k < n; ++k) {
    const size_t i = (cursor_ + k) % n;
    if (entries_[i].key.equals(key)) {
      cursor_ = i + 1;
      return &entries_[i];
    }
  }
  return nullptr;
}

bool RecordReader::has(const char* key) const {
  for (const Entry& e : entries_)
    if (e.key.equals(key)) return true;
  return false;
}

bool RecordReader::bad(const Entry& e, Error* err, const char* what) const {
  return fail(err, e.line, 0, "%s: line %d: '%s' is not %s", what_.c_str(), e.line, e.key.c_str(), what);
}

bool RecordReader::number(const char* key, uint64_t most, uint64_t* out, Error* err) {
  Entry* e = find(key);
  if (!e) return true;
  e->taken = true;
  if (e->is_text || !read_number(e->value, e->len, most, out)) {
    Text what;
    what.append("a whole number from 0 to ");
    what.append_number(most);
    return bad(*e, err, what.c_str());
  }
  return true;
}

bool RecordReader::signed_number(const char* key, int64_t least, int64_t most, int64_t* out, Error* err) {
  Entry* e = find(key);
  if (!e) return true;
  e->taken = true;
  const bool negative = !e->is_text && e->len > 0 && e->value[0] == '-';
  uint64_t v = 0;
  const uint64_t limit = negative ? (uint64_t)0 - (uint64_t)least : (uint64_t)most;
  const bool read = !e->is_text && read_number(e->value + negative, e->len - negative, limit, &v);
  const bool in_range = read && (negative ? least < 0 : (int64_t)v >= least);
  if (!in_range) {
    Text what;
    what.appendf("a whole number from %s", least < 0 ? "-" : "");
    what.append_number(least < 0 ? (uint64_t)0 - (uint64_t)least : (uint64_t)least);
    what.append(" to ");
    what.append_number((uint64_t)most);
    return bad(*e, err, what.c_str());
  }
  *out = negative ? (int64_t)((uint64_t)0 - v) : (int64_t)v;
  return true;
}

bool RecordReader::int_number(const char* key, int least, int most, int* out, Error* err) {
  int64_t v = *out;
  if (!signed_number(key, least, most, &v, err)) return false;
  *out = (int)v;
  return true;
}

bool RecordReader::count(const char* key, uint32_t most, uint32_t* out, Error* err) {
  uint64_t v = *out;
  if (!number(key, most, &v, err)) return false;
  *out = (uint32_t)v;
  return true;
}

bool RecordReader::flag(const char* key, bool* out, Error* err) {
  uint64_t v = *out ? 1 : 0;
  Entry* e = find(key);
  if (e && (e->is_text || e->len != 1 || (e->value[0] != '0' && e->value[0] != '1'))) {
    e->taken = true;
    return bad(*e, err, "0 or 1");
  }
  if (!number(key, 1, &v, err)) return false;
  *out = v != 0;
  return true;
}

bool RecordReader::word(const char* key, Text* out, Error* err) {
  Entry* e = find(key);
  if (!e) return true;
  e->taken = true;
  if (e->is_text) return bad(*e, err, "a word");
  out->clear();
  out->append(e->value, e->len);
  return true;
}

bool RecordReader::text(const char* key, Text* out, Error* err) {
  Entry* e = find(key);
  if (!e) return true;
  e->taken = true;
  if (!e->is_text) return bad(*e, err, "a text (key:LENGTH, then the text)");
  out->clear();
  out->append(e->value, e->len);
  return true;
}

bool RecordReader::numbers(const char* key, uint32_t most, size_t most_count, std::vector<uint32_t>* out,
                           Error* err) {
  Entry* e = find(key);
  if (!e) return true;
  e->taken = true;
  out->clear();
  if (e->is_text) return bad(*e, err, "a list of numbers");
  size_t at = 0;
  while (at < e->len) {
    size_t end = at;
    while (end < e->len && e->value[end] != ' ') ++end;
    uint64_t v = 0;
    if (!read_number(e->value + at, end - at, most, &v) || out->size() >= most_count) {
      Text what;
      what.appendf("a list of at most %u numbers from 0 to %u", (unsigned)most_count, (unsigned)most);
      return bad(*e, err, what.c_str());
    }
    out->push_back((uint32_t)v);
    at = end + 1;
  }
  return true;
}

bool RecordReader::finish(Error* err) const {
  for (const Entry& e : entries_)
    if (!e.taken)
      return fail(err, e.line, 0, "%s: line %d: '%s' is no entry of it", what_.c_str(), e.line, e.key.c_str());
  return true;
}

}  // namespace tl
