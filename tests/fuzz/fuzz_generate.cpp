// Fuzz target for the generators: the bytes choose a game, a value for each
// of its parameters within the parameter's range, and a seed (any bytes).
// Whatever they choose, the generator either refuses with one line saying
// why, or makes a sound level (shell/cli/soundness.h: it reads back, solves in
// its par, and its seed link and level link reopen it). Built with libFuzzer
// by scripts/fuzz beside fuzz_inputs.cpp; the saved corpus is replayed by
// the native suite (replay_main.cpp).
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/midend/generation.h"
#include "core/midend/registry.h"
#include "shell/cli/soundness.h"

using namespace tl;

namespace {

// Reads the next byte (0 past the end).
struct Bytes {
  const uint8_t* data;
  size_t size, at = 0;
  unsigned next() { return at < size ? data[at++] : 0; }
};

// A value in [lo, hi] from two bytes.
int pick(Bytes& b, int lo, int hi) {
  const unsigned v = b.next() << 8 | b.next();
  return lo + (int)(v % (unsigned)(hi - lo + 1));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes b{data, size};
  const GameInfo& game = game_at((int)(b.next() % (unsigned)game_count()));
  ParamValues params;
  params_default(game, &params);
  for (int i = 0; i < game.param_count; ++i) {
    const ParamSpec& spec = game.params[i];
    if (spec.kind == ParamKind::kChoice) {
      params.a[i] = pick(b, 0, spec.choice_count - 1);
    } else {
      params.a[i] = pick(b, param_min(spec), param_max(spec));
      if (spec.kind == ParamKind::kSize) params.b[i] = pick(b, param_min(spec, 1), param_max(spec, 1));
    }
  }
  // The seed: the rest, at most 40 bytes, a NUL read as 'a'.
  char seed[41];
  size_t n = 0;
  while (b.at < size && n < 40) {
    const unsigned c = b.next();
    seed[n++] = c ? (char)c : 'a';
  }
  seed[n] = '\0';
  GeneratedInfo info;
  Error e;
  std::unique_ptr<Level> level = generate_level(game, params, seed, &info, &e);
  if (!level) {
    // A refusal says why, in one line.
    if (!e.message[0] || strchr(e.message, '\n')) __builtin_trap();
    return 0;
  }
  Error why;
  if (!check_generated(game, params, seed, *level, info, &why)) __builtin_trap();
  return 0;
}
