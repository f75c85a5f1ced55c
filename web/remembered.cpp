#include "remembered.h"

#include <stdlib.h>

using namespace tl;

const char* const kRememberedPlayKey = "tilelab.play";

RememberedPlay RememberedPlay::of(const Session& session) {
  RememberedPlay r;
  r.link = session.link();
  r.pack_index = session.pack_index();
  r.moves = session.moves();
  for (size_t i = 0; i < r.moves.size(); ++i) r.helped.push_back(session.helped_move(i) ? 1 : 0);
  return r;
}

std::string RememberedPlay::text() const {
  std::string out = link + "\n" + std::to_string(pack_index) + "\n";
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i) out += ',';
    out += std::to_string((int)moves[i]);
    if (helped[i]) out += 'h';
  }
  return out + "\n";
}

bool RememberedPlay::read(const std::string& text) {
  *this = RememberedPlay();
  const size_t a = text.find('\n');
  const size_t b = a == std::string::npos ? a : text.find('\n', a + 1);
  if (b == std::string::npos || text.compare(0, 6, "#game=") != 0) return false;
  link = text.substr(0, a);
  char* end = nullptr;
  const long index = strtol(text.c_str() + a + 1, &end, 10);
  if (end != text.c_str() + b || index < -1 || index > 1000000) return (*this = RememberedPlay(), false);
  pack_index = (int)index;
  const char* at = text.c_str() + b + 1;
  while (*at && *at != '\n') {
    const long move = strtol(at, &end, 10);
    if (end == at || move < 0 || move > 0x7fffffff) break;  // a text spoilt: the moves up to here
    moves.push_back((Move)move);
    helped.push_back(*end == 'h' ? 1 : 0);
    at = end + (*end == 'h');
    if (*at == ',') ++at;
  }
  return true;
}

void RememberedPlay::replay(Session* session) const {
  for (size_t i = 0; i < moves.size(); ++i) {
    const Outcome o = helped[i] ? session->play_helped((int)moves[i]) : session->play((int)moves[i]);
    if (o == Outcome::kNoChange) break;
  }
}
