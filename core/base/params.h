// params.h — a game's generator parameters: their specs and their values.
//
// Each game lists ParamSpecs in a constant table; hosts build their widgets,
// command-line flags and link keys from it. Values are plain integers, so a
// parameter set copies freely and formats the same way everywhere.
#pragma once
#include <stdint.h>

#include "text.h"

namespace tl {

enum class ParamKind : uint8_t {
  kInt,     // one integer in [min, max]
  kSize,    // width x height, each in [min, max], written "10x6"
  kChoice,  // one of `choices`, written by name
};

struct ParamSpec {
  const char* key;    // command line and link key: "size", "balls"
  const char* label;  // shown in the playground
  const char* help;   // one sentence
  ParamKind kind;
  int16_t min, max;
  int16_t def, def2;  // default (kSize: width, height; kChoice: index)
  const char* const* choices;
  int choice_count;
  // kSize: the height's range when it differs from the width's (min, max);
  // 0, 0: the same.
  int16_t min2 = 0, max2 = 0;
  // kInt: the word a player sees for the least value when it stands for no
  // number (The Last Ball's start column -1: "random"); null: the number.
  const char* least_word = nullptr;
};

// The range of a parameter's value (axis 1: a size's height).
int param_min(const ParamSpec& spec, int axis = 0);
int param_max(const ParamSpec& spec, int axis = 0);

constexpr int kMaxParams = 16;

struct ParamValues {
  int32_t a[kMaxParams];  // the value (kSize: width; kChoice: index)
  int32_t b[kMaxParams];  // kSize: height
};

// A table of parameter specs and what owns it (a game's id, for messages).
struct ParamTable {
  const char* owner;
  const ParamSpec* specs;
  int count;
};

void params_default(const ParamTable& table, ParamValues* out);
// The index of the parameter with this key, or -1.
int param_index(const ParamTable& table, const char* key, size_t key_len);
// Sets one parameter from its text ("10x6", "5", "from-end"); on a bad value
// returns false with an error naming the parameter and its allowed range.
bool param_set(const ParamTable& table, ParamValues* values, const char* key, size_t key_len,
               const char* value, size_t value_len, Error* err);
// Sets one parameter from "key=value"; a text with no '=' is bad input.
bool param_assign(const ParamTable& table, ParamValues* values, const char* assignment, size_t len, Error* err);
// Appends the value as text, as param_set reads it.
void param_format(const ParamTable& table, const ParamValues& values, int index, Text* out);
bool params_equal(const ParamTable& table, const ParamValues& x, const ParamValues& y);

// The one parameter codec: every host and format (links, pack headers,
// reports, --set, presets, the page, the device) writes and reads a game's
// parameters as text through these two.
//
// The parameters as "key=value" parts, every parameter of the game in its
// order, joined by `separator`: ' ' as --set, presets and pack headers write
// them, '&' as links and the page's queries do. A value is letters, digits,
// '-' and 'x' (a test checks every game's), so a link needs no escaping.
void params_format(const ParamTable& table, const ParamValues& values, char separator, Text* out);
// Reads "key=value" parts split by `separator` (empty parts skipped) onto
// *values, which keep what no part sets; false at the first bad part, with
// err naming it (the parameter and its allowed values).
bool params_read(const ParamTable& table, const char* text, size_t len, char separator, ParamValues* values,
                 Error* err);

}  // namespace tl
