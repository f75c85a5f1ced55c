#include "link.h"

#include "registry.h"

#include <string.h>

namespace tl {

static const char kBase64Url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

void base64url_encode(const char* data, size_t len, Text* out) {
  const unsigned char* d = (const unsigned char*)data;
  size_t i = 0;
  for (; i + 3 <= len; i += 3) {
    uint32_t v = (uint32_t)d[i] << 16 | (uint32_t)d[i + 1] << 8 | d[i + 2];
    for (int k = 3; k >= 0; --k) out->push(kBase64Url[(v >> (6 * k)) & 63]);
  }
  if (len - i == 1) {
    uint32_t v = (uint32_t)d[i] << 16;
    out->push(kBase64Url[(v >> 18) & 63]);
    out->push(kBase64Url[(v >> 12) & 63]);
  } else if (len - i == 2) {
    uint32_t v = (uint32_t)d[i] << 16 | (uint32_t)d[i + 1] << 8;
    out->push(kBase64Url[(v >> 18) & 63]);
    out->push(kBase64Url[(v >> 12) & 63]);
    out->push(kBase64Url[(v >> 6) & 63]);
  }
}

int base64url_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-' || c == '+') return 62;
  if (c == '_' || c == '/') return 63;
  return -1;
}

bool base64url_decode(const char* text, size_t len, Text* out) {
  while (len > 0 && text[len - 1] == '=') --len;
  if (len % 4 == 1) return false;
  uint32_t acc = 0;
  int bits = 0;
  for (size_t i = 0; i < len; ++i) {
    int v = base64url_value(text[i]);
    if (v < 0) return false;
    acc = (acc << 6) | (uint32_t)v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out->push((char)((acc >> bits) & 0xff));
    }
  }
  return true;
}

// Percent-encodes everything but unreserved characters.
static void append_escaped(const char* s, Text* out) {
  for (const unsigned char* p = (const unsigned char*)s; *p; ++p) {
    unsigned char c = *p;
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                 c == '_' || c == '.' || c == '~';
    if (plain) out->push((char)c);
    else out->appendf("%%%02X", c);
  }
}

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static bool unescape(const char* s, size_t n, Text* out) {
  for (size_t i = 0; i < n; ++i) {
    if (s[i] == '%') {
      if (i + 2 >= n) return false;
      int hi = hex_value(s[i + 1]), lo = hex_value(s[i + 2]);
      if (hi < 0 || lo < 0) return false;
      out->push((char)(hi * 16 + lo));
      i += 2;
    } else if (s[i] == '+') {
      out->push(' ');
    } else {
      out->push(s[i]);
    }
  }
  return true;
}

void link_for_seed(const GameInfo& game, const ParamValues& params, const char* seed, Text* out) {
  out->appendf("#game=%s&v=%d&gen=%d&seed=", game.id, kLinkVersion, game.generator_version);
  append_escaped(seed, out);
  if (game.param_count) out->push('&');
  params_format(game, params, '&', out);
}

void link_for_level(const Level& level, Text* out) {
  Text text;
  level.canonical_text(&text);
  out->appendf("#game=%s&v=%d&level=", level.game().id, kLinkVersion);
  base64url_encode(text.c_str(), text.size(), out);
}

namespace {

// One key=value of a link, both pointing into the link's text.
struct LinkPair {
  const char* key;
  size_t key_len;
  const char* value;
  size_t value_len;
};
const int kMaxLinkPairs = 40;

// What the keys other than the parameters said, checked once all are read.
struct LinkKeys {
  bool has_seed, has_level;
  bool cut_off;  // the level's text stops mid-line: the link was cut short
  int gen;
};

// Takes what follows '#', if there is one, and drops the line's end.
void trim_link(const char** link, size_t* len) {
  for (size_t i = 0; i < *len; ++i)
    if ((*link)[i] == '#') {
      *link += i + 1;
      *len -= i + 1;
      break;
    }
  while (*len > 0 && ((*link)[*len - 1] == '\n' || (*link)[*len - 1] == '\r' || (*link)[*len - 1] == ' ')) --*len;
}

// The link's key=value pairs, in order, into pairs[0..*count).
bool split_pairs(const char* link, size_t len, LinkPair* pairs, int* count, Error* err) {
  *count = 0;
  size_t start = 0;
  while (start <= len) {
    size_t end = start;
    while (end < len && link[end] != '&') ++end;
    if (end > start) {
      size_t eq = start;
      while (eq < end && link[eq] != '=') ++eq;
      if (eq == end)
        return fail(err, 0, (int)start + 1, "link: '%.*s' has no '=' (column %d)", (int)(end - start), link + start,
                    (int)start + 1);
      if (*count == kMaxLinkPairs) return fail(err, 0, (int)start + 1, "link: more than 40 keys");
      pairs[(*count)++] = {link + start, eq - start, link + eq + 1, end - eq - 1};
    }
    start = end + 1;
  }
  return true;
}

// The game (other keys depend on it); *out starts from its defaults.
bool read_game(const LinkPair* pairs, int count, LinkTarget* out, Error* err) {
  const LinkPair* game_pair = nullptr;
  for (int i = 0; i < count; ++i)
    if (string_equal_n(pairs[i].key, pairs[i].key_len, "game")) game_pair = &pairs[i];
  if (!game_pair) return fail(err, 0, 0, "link: no game=... key");
  out->game = find_game(game_pair->value, game_pair->value_len);
  if (!out->game)
    return fail(err, 0, 0, "link: unknown game '%.*s'", (int)(game_pair->value_len > 40 ? 40 : game_pair->value_len),
                game_pair->value);
  params_default(*out->game, &out->params);
  out->is_level = false;
  out->seed.clear();
  out->level_text.clear();
  out->bad_param = false;
  return true;
}

// gen=N: the generator version the link's level was made by.
bool read_gen(const Text& value, int* gen, Error* err) {
  int v = 0;
  bool digits = !value.empty() && value.size() < 6;
  for (size_t k = 0; digits && k < value.size(); ++k) {
    if (value[k] < '0' || value[k] > '9') digits = false;
    else v = v * 10 + (value[k] - '0');
  }
  if (!digits) return fail(err, 0, 0, "link: gen=%s is not a generator version number", value.c_str());
  *gen = v;
  return true;
}

// One of the game's parameters. The first bad parameter's message goes
// straight into *param_error, then gets its "link: " (a second Error here
// would outgrow the device's stack budget for parse_link).
void read_param(const GameInfo& game, const LinkPair& p, const Text& value, LinkTarget* out, Error* param_error) {
  const bool first = !param_error->set();
  if (!param_set(game, &out->params, p.key, p.key_len, value.c_str(), value.size(), first ? param_error : nullptr) &&
      first) {
    static const char kPrefix[] = "link: ";
    const size_t n = sizeof kPrefix - 1, room = sizeof param_error->message - 1 - n;
    const size_t have = strlen(param_error->message);
    memmove(param_error->message + n, param_error->message, have < room ? have + 1 : room);
    memcpy(param_error->message, kPrefix, n);
    param_error->message[sizeof param_error->message - 1] = '\0';
  }
}

// One key after the game: false with *err on one that makes the link
// unreadable; a bad or unknown parameter only fills *param_error (the
// first), and the rest is read on.
bool read_pair(const GameInfo& game, const LinkPair& p, LinkTarget* out, LinkKeys* keys, Error* param_error,
               Error* err) {
  Text value;
  if (!unescape(p.value, p.value_len, &value))
    return fail(err, 0, 0, "link: key %.*s has a bad %%-escape", (int)p.key_len, p.key);
  if (string_equal_n(p.key, p.key_len, "game")) return true;
  if (string_equal_n(p.key, p.key_len, "v")) {
    if (!value.equals("1"))
      return fail(err, 0, 0, "link: format version '%s' is not one this build reads (it reads v=%d)", value.c_str(),
                  kLinkVersion);
  } else if (string_equal_n(p.key, p.key_len, "gen")) {
    if (!read_gen(value, &keys->gen, err)) return false;
  } else if (string_equal_n(p.key, p.key_len, "seed")) {
    out->seed = value;
    keys->has_seed = true;
  } else if (string_equal_n(p.key, p.key_len, "level")) {
    // A link's level is its canonical text, which ends its last line: a text
    // that stops mid-line (or mid-character) is a link cut short, as a
    // message or a copy may leave it.
    const Text& t = out->level_text;
    const bool decoded = base64url_decode(p.value, p.value_len, &out->level_text);
    bool ok = true;
    for (size_t i = 0; i < p.value_len && ok; ++i) ok = base64url_value(p.value[i]) >= 0 || p.value[i] == '=';
    keys->cut_off = ok && p.value_len > 0 && (!decoded || t.size() == 0 || t[t.size() - 1] != '\n');
    if (!decoded && !keys->cut_off) return fail(err, 0, 0, "link: level=... is not base64url text");
    keys->has_level = true;
  } else if (param_index(game, p.key, p.key_len) >= 0) {
    read_param(game, p, value, out, param_error);
  } else if (!param_error->set()) {
    fail(param_error, 0, 0, "link: unknown key '%.*s' for %s", (int)(p.key_len > 30 ? 30 : p.key_len), p.key,
         game.id);
  }
  return true;
}

// A seed or a level, not both, and a seed for this build's generator.
bool check_keys(const GameInfo& game, const LinkKeys& keys, Error* err) {
  if (keys.has_level && keys.has_seed) return fail(err, 0, 0, "link: has both seed= and level=; give one");
  if (!keys.has_level && !keys.has_seed) return fail(err, 0, 0, "link: needs seed=... or level=...");
  if (keys.cut_off)
    return fail(err, 0, 0, "link: this link looks cut off: its level (level=...) stops mid-line; copy the whole link again");
  if (keys.has_seed && keys.gen != game.generator_version)
    return fail(err, 0, 0,
                "link: made by %s generator version %d, but this build has version %d, which gives another "
                "level for the same seed; open it with a tilelab of generator version %d",
                game.id, keys.gen, game.generator_version, keys.gen);
  return true;
}

}  // namespace

bool parse_link(const char* link, size_t len, LinkTarget* out, Error* err) {
  trim_link(&link, &len);
  if (len == 0) return fail(err, 0, 0, "link: empty; expected #game=ID&seed=... or #game=ID&level=...");

  // First pass: the game (other keys depend on it).
  LinkPair pairs[kMaxLinkPairs];
  int count = 0;
  if (!split_pairs(link, len, pairs, &count, err)) return false;
  if (!read_game(pairs, count, out, err)) return false;
  const GameInfo& game = *out->game;
  LinkKeys keys = {false, false, false, game.generator_version};
  Error param_error;  // the first parameter that does not read; the rest is read on

  for (int i = 0; i < count; ++i)
    if (!read_pair(game, pairs[i], out, &keys, &param_error, err)) return false;
  if (!check_keys(game, keys, err)) return false;
  out->is_level = keys.has_level;
  if (param_error.set()) {
    params_default(game, &out->params);
    out->bad_param = true;
    if (err) *err = param_error;
    return false;
  }
  return true;
}

}  // namespace tl
