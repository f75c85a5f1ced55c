#include "params.h"

#include <string.h>


namespace tl {

int param_min(const ParamSpec& spec, int axis) { return axis == 1 && spec.max2 > 0 ? spec.min2 : spec.min; }
int param_max(const ParamSpec& spec, int axis) { return axis == 1 && spec.max2 > 0 ? spec.max2 : spec.max; }

void params_default(const ParamTable& table, ParamValues* out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < table.count; ++i) {
    out->a[i] = table.specs[i].def;
    out->b[i] = table.specs[i].def2;
  }
}

int param_index(const ParamTable& table, const char* key, size_t key_len) {
  for (int i = 0; i < table.count; ++i)
    if (string_equal_n(key, key_len, table.specs[i].key)) return i;
  return -1;
}

// Reads a decimal integer (optionally negative) filling all of [s, s+n).
static bool read_int(const char* s, size_t n, int32_t* out) {
  if (n == 0 || n > 9) return false;
  size_t i = 0;
  bool negative = false;
  if (s[0] == '-') {
    negative = true;
    i = 1;
    if (n == 1) return false;
  }
  int32_t v = 0;
  for (; i < n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  *out = negative ? -v : v;
  return true;
}

bool param_set(const ParamTable& table, ParamValues* values, const char* key, size_t key_len,
               const char* value, size_t value_len, Error* err) {
  int i = param_index(table, key, key_len);
  char name[48];
  size_t name_len = key_len < sizeof name - 1 ? key_len : sizeof name - 1;
  memcpy(name, key, name_len);
  name[name_len] = '\0';
  char shown[48];
  size_t shown_len = value_len < sizeof shown - 1 ? value_len : sizeof shown - 1;
  memcpy(shown, value, shown_len);
  shown[shown_len] = '\0';
  if (i < 0) {
    Text known;
    for (int k = 0; k < table.count; ++k) {
      if (k) known.append(", ");
      known.append(table.specs[k].key);
    }
    return fail(err, 0, 0, "%s has no parameter '%s' (it has: %s)", table.owner, name, known.c_str());
  }
  const ParamSpec& p = table.specs[i];
  switch (p.kind) {
    case ParamKind::kInt: {
      int32_t v;
      if (!read_int(value, value_len, &v) || v < p.min || v > p.max)
        return fail(err, 0, 0, "parameter %s: '%s' is not a whole number from %d to %d", p.key, shown,
                    p.min, p.max);
      values->a[i] = v;
      return true;
    }
    case ParamKind::kSize: {
      size_t x = 0;
      while (x < value_len && value[x] != 'x' && value[x] != 'X') ++x;
      int32_t w, h;
      if (x == value_len || !read_int(value, x, &w) || !read_int(value + x + 1, value_len - x - 1, &h) ||
          w < param_min(p) || w > param_max(p) || h < param_min(p, 1) || h > param_max(p, 1)) {
        if (param_min(p) == param_min(p, 1) && param_max(p) == param_max(p, 1))
          return fail(err, 0, 0, "parameter %s: '%s' is not WIDTHxHEIGHT with each side from %d to %d", p.key,
                      shown, p.min, p.max);
        return fail(err, 0, 0, "parameter %s: '%s' is not WIDTHxHEIGHT from %dx%d to %dx%d", p.key, shown,
                    param_min(p), param_min(p, 1), param_max(p), param_max(p, 1));
      }
      values->a[i] = w;
      values->b[i] = h;
      return true;
    }
    case ParamKind::kChoice: {
      for (int c = 0; c < p.choice_count; ++c)
        if (string_equal_n(value, value_len, p.choices[c])) {
          values->a[i] = c;
          return true;
        }
      Text options;
      for (int c = 0; c < p.choice_count; ++c) {
        if (c) options.append(", ");
        options.append(p.choices[c]);
      }
      return fail(err, 0, 0, "parameter %s: '%s' is not one of %s", p.key, shown, options.c_str());
    }
  }
  return false;
}

bool param_assign(const ParamTable& table, ParamValues* values, const char* assignment, size_t len, Error* err) {
  size_t eq = 0;
  while (eq < len && assignment[eq] != '=') ++eq;
  if (eq == len)
    return fail(err, 0, 0, "'%.*s' is not KEY=VALUE", (int)(len > 40 ? 40 : len), assignment);
  return param_set(table, values, assignment, eq, assignment + eq + 1, len - eq - 1, err);
}

void param_format(const ParamTable& table, const ParamValues& values, int i, Text* out) {
  const ParamSpec& p = table.specs[i];
  switch (p.kind) {
    case ParamKind::kInt: out->appendf("%d", (int)values.a[i]); break;
    case ParamKind::kSize: out->appendf("%dx%d", (int)values.a[i], (int)values.b[i]); break;
    case ParamKind::kChoice:
      if (values.a[i] >= 0 && values.a[i] < p.choice_count) out->append(p.choices[values.a[i]]);
      break;
  }
}

void params_format(const ParamTable& table, const ParamValues& values, char separator, Text* out) {
  for (int i = 0; i < table.count; ++i) {
    if (i) out->push(separator);
    out->append(table.specs[i].key);
    out->push('=');
    param_format(table, values, i, out);
  }
}

bool params_read(const ParamTable& table, const char* text, size_t len, char separator, ParamValues* values,
                 Error* err) {
  size_t at = 0;
  while (at < len) {
    size_t end = at;
    while (end < len && text[end] != separator) ++end;
    if (end > at && !param_assign(table, values, text + at, end - at, err)) return false;
    at = end + 1;
  }
  return true;
}

bool params_equal(const ParamTable& table, const ParamValues& x, const ParamValues& y) {
  for (int i = 0; i < table.count; ++i) {
    if (x.a[i] != y.a[i]) return false;
    if (table.specs[i].kind == ParamKind::kSize && x.b[i] != y.b[i]) return false;
  }
  return true;
}

}  // namespace tl
