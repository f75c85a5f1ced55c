// link.h — seed links and level links, the URL fragments players share.
//
//   #game=lastball&v=1&gen=1&seed=blue-otter-17&size=10x6&balls=6&...
//       regenerates exactly that level (gen: the game's generator version);
//   #game=lastball&v=1&level=<base64url of the level text>
//       opens that exact level.
// `v` is the link format version. A seed link made by another generator
// version is refused with a message saying so, because the same seed would
// now give another level.
#pragma once
#include <memory>

#include "core/game/game.h"

namespace tl {

constexpr int kLinkVersion = 1;

void link_for_seed(const GameInfo& game, const ParamValues& params, const char* seed, Text* out);
void link_for_level(const Level& level, Text* out);

struct LinkTarget {
  const GameInfo* game = nullptr;
  bool is_level = false;  // a level link (else a seed link)
  ParamValues params;
  Text seed;
  Text level_text;
  // parse_link refused the link for a parameter alone: the game, its
  // generator version and the seed read, and params are the game's defaults
  // (a host may open the game with them, saying why).
  bool bad_param = false;
};

// Reads a link: a whole URL or just its fragment, with or without '#'. On
// bad input err names the part at fault (the first bad parameter, when the
// rest reads: then out->bad_param).
bool parse_link(const char* link, size_t len, LinkTarget* out, Error* err);
// The level a link names: open_link (core/midend/generation.h) makes or reads it.

void base64url_encode(const char* data, size_t len, Text* out);
bool base64url_decode(const char* text, size_t len, Text* out);
// The 6-bit value of a base64url (or base64) character, -1 for any other.
int base64url_value(char c);

}  // namespace tl
