// cli.h — shared pieces of the tilelab command.
#pragma once
#include <string>

#include "core/game.h"
#include "shell/common/report.h"

namespace cli {

using report::kBadInput;
using report::kNo;
using report::kOk;

// Prints "tilelab: message" on stderr and returns kBadInput.
int bad_input(const std::string& message);

int run_bench(const tl::GameInfo* only, bool json);

}  // namespace cli
