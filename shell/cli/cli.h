// cli.h — shared pieces of the tilelab command.
#pragma once
#include <string>

#include "core/game.h"

namespace cli {

enum Exit { kOk = 0, kNo = 1, kBadInput = 2 };

// Prints "tilelab: message" on stderr and returns kBadInput.
int bad_input(const std::string& message);

int run_bench(const tl::GameInfo* only, bool json);

}  // namespace cli
