// command.h — every command of the page, whether a key, a button or the
// page's JavaScript (tilelab.command(name)) gives it: an enum, and one table
// of the names the JavaScript uses (command.cpp).
#pragma once
#include <stdint.h>

enum class Command : uint8_t {
  kUndo, kRedo, kRestart,          // in Edit mode undo and redo are the editor's
  kHint, kSolve,
  kGenerate,                       // the New level panel's recipe, made in the worker
  kNext,                           // the next level (a pack's, infinite mode's, a fresh seed's)
  kCopyLink, kDismiss,             // the link to the clipboard; the message closed
  kAnalyze, kCancel,               // the position analysed; the worker's call ended
  kEditOn, kEditOff, kEditUndo, kEditRedo,  // Edit mode; off plays the edited level
  kBrush,                          // "brush-TOKEN": the editor's brush
  kShowDeadEnd, kShowWrongMove,    // the analysis's, on the board
  kShowState,                      // "show-state-N": state N of the drawn state graph
  kInfiniteOn, kInfiniteOff,
  kDeviceOn, kDeviceOff,           // the Playdate preview
  kPackMake, kPackExport, kPackExportJson, kPackSheet, kPackPrint,
  kPackSearch,                     // the pack: the best of a range of seeds (a search, in the pool)
  kPackOpen,                       // "pack-open-N": the pack's level N, from 1
  kPictureSvg, kPicturePng,
  kHelp,                           // the key overlay, on or off
  kCount,
};

// The command a name gives ("undo"; "brush-TOKEN", "pack-open-N" and
// "show-state-N" with what follows the dash in *arg); false for no command.
bool find_command(const char* name, Command* out, const char** arg);
const char* command_name(Command command);
