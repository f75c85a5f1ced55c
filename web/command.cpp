#include "command.h"

#include <string.h>

namespace {

// Names as the page's JavaScript and the browser tests give them; a name
// ending in '-' takes an argument after it.
const char* const kNames[] = {
    "undo", "redo", "restart", "hint", "solve", "generate", "next", "copy-link", "dismiss", "analyze", "cancel",
    "edit-on", "edit-off", "edit-undo", "edit-redo", "brush-", "show-dead-end", "show-wrong-move", "show-state-",
    "infinite-on", "infinite-off", "device-on", "device-off", "pack-make", "pack-export", "pack-export-json",
    "pack-sheet", "pack-print", "pack-search", "pack-open-", "picture-svg", "picture-png", "help",
};
static_assert(sizeof kNames / sizeof kNames[0] == (size_t)Command::kCount, "a name for every command");

}  // namespace

bool find_command(const char* name, Command* out, const char** arg) {
  for (size_t i = 0; i < (size_t)Command::kCount; ++i) {
    const size_t n = strlen(kNames[i]);
    const bool takes_arg = kNames[i][n - 1] == '-';
    if (takes_arg ? strncmp(name, kNames[i], n) != 0 : strcmp(name, kNames[i]) != 0) continue;
    *out = (Command)i;
    *arg = name + (takes_arg ? n : strlen(name));
    return true;
  }
  return false;
}

const char* command_name(Command command) {
  return (size_t)command < (size_t)Command::kCount ? kNames[(size_t)command] : "";
}
