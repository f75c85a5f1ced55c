// remembered.h — what the page keeps of the level on show across a reload
// and a closed tab (storage.h): its link, its place in the pack, and the
// moves made, each marked when a hint or a solve played it. The page opens
// the kept level again when it starts with no link or with the kept one
// (a reload), and replays the moves; a level reached by another link starts
// fresh.
#pragma once
#include <stdint.h>

#include <string>
#include <vector>

#include "core/midend/session.h"

struct RememberedPlay {
  std::string link;    // the level's link (Session::link())
  int pack_index = -1; // its place in the pack the Pack panel keeps, -1 for none
  tl::MoveList moves;
  std::vector<uint8_t> helped;  // per move: 1 when a hint or a solve played it

  // The session's level and moves.
  static RememberedPlay of(const tl::Session& session);
  // As kept in storage: the link, the pack's place and the moves ("12,7h,3"),
  // a line each; read() is false for a text that is not one (nothing kept).
  std::string text() const;
  bool read(const std::string& text);
  // Plays the moves on the session's level (already opened: its link is
  // `link`), as they were made; stops at the first that does not play there.
  void replay(tl::Session* session) const;
};

// The storage key the page keeps it under.
extern const char* const kRememberedPlayKey;
