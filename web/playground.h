// playground.h — what the running playground offers the page's JavaScript.
#pragma once
#include <string>

// The playground's state as JSON: game, seed, level (the current board as
// level text), start (the level's own text), moves, status, par, link, message.
std::string playground_state_json();
// Opens a seed or level link (the page calls it on hashchange).
void playground_open_link(std::string link);
// Opens a level text of any game (the page calls it on a paste).
void playground_open_text(std::string text);
// Runs a named command as a button would: undo, redo, restart, hint, solve,
// generate, next, copy-link, dismiss, analyze, infinite-on, infinite-off. Returns false
// for an unknown name.
bool playground_command(std::string name);
