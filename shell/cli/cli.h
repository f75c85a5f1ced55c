// cli.h — shared pieces of the tilelab command.
#pragma once
#include <string>
#include <vector>

#include "core/game.h"
#include "shell/common/report.h"

namespace cli {

using report::kBadInput;
using report::kNo;
using report::kOk;

// Prints "tilelab: message" on stderr and returns kBadInput.
int bad_input(const std::string& message);

int run_bench(const tl::GameInfo* only, bool json);
// tilelab soak: `seeds` seeds of every setting of each game's generator (of
// every `parts`th setting from the `part`th, counting from 1).
int run_soak(const std::vector<const tl::GameInfo*>& games, long seeds, int part, int parts);

}  // namespace cli
