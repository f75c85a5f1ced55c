// grid.h — directions and cell coordinates on a square grid.
#pragma once
#include <stdint.h>

namespace tl {

enum Dir : uint8_t { kUp = 0, kDown = 1, kLeft = 2, kRight = 3 };
constexpr int kDirCount = 4;

constexpr int dir_dx(int d) { return d == kLeft ? -1 : d == kRight ? 1 : 0; }
constexpr int dir_dy(int d) { return d == kUp ? -1 : d == kDown ? 1 : 0; }
constexpr int dir_opposite(int d) { return d ^ 1; }
// 'U' 'D' 'L' 'R'
constexpr char dir_letter(int d) { return "UDLR"[d]; }
// The direction of a letter (either case), or -1.
inline int dir_from_letter(char c) {
  switch (c) {
    case 'U': case 'u': return kUp;
    case 'D': case 'd': return kDown;
    case 'L': case 'l': return kLeft;
    case 'R': case 'r': return kRight;
    default: return -1;
  }
}

}  // namespace tl
