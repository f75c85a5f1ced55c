#include "storage.h"

#include <emscripten.h>

std::string local_get(const char* key) {
  // Our keys are constants of the page ("tilelab.pack"): no quoting needed.
  std::string script = "(function(){try{return localStorage.getItem('";
  script += key;
  script += "')||''}catch(e){return ''}})()";
  return emscripten_run_script_string(script.c_str());
}

void local_set(const char* key, const std::string& value) {
  EM_ASM({ try { localStorage.setItem(UTF8ToString($0), UTF8ToString($1)); } catch (e) {} }, key, value.c_str());
}
