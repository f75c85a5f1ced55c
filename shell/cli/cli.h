// cli.h — shared pieces of the tilelab command.
#pragma once
#include <string>

#include "core/game.h"

namespace cli {

enum Exit { kOk = 0, kNo = 1, kBadInput = 2 };

// Prints "tilelab: message" on stderr and returns kBadInput.
int bad_input(const std::string& message);
std::string params_json(const tl::GameInfo& game, const tl::ParamValues& values);
std::string moves_text(const tl::Level& level, const tl::MoveList& moves);
std::string level_text(const tl::Level& level);

int run_bench(const tl::GameInfo* only, bool json);

}  // namespace cli
