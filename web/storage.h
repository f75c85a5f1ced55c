// storage.h — the browser's localStorage, where the page keeps what must
// survive a reload (a pack and its solved levels, the edited level). A
// browser that refuses storage (private mode, full) loses nothing else.
#pragma once
#include <string>

// The value kept under `key`, "" when none.
std::string local_get(const char* key);
void local_set(const char* key, const std::string& value);
