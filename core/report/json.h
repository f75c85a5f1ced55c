// json.h — the few JSON helpers the CLI needs to print its answers.
#pragma once
#include <stdint.h>

#include <string>
#include <vector>

namespace json {

std::string quote(const std::string& s);

// Builds one JSON object, keys in the order they are added.
class Object {
 public:
  Object& add(const char* key, const std::string& value) { return raw(key, quote(value)); }
  Object& add(const char* key, const char* value) { return raw(key, quote(value)); }
  Object& add(const char* key, bool value) { return raw(key, value ? "true" : "false"); }
  Object& add(const char* key, int value) { return raw(key, std::to_string(value)); }
  Object& add(const char* key, uint64_t value) { return raw(key, std::to_string(value)); }
  Object& add(const char* key, double value);
  Object& raw(const char* key, const std::string& json);
  std::string str() const { return "{" + body_ + "}"; }

 private:
  std::string body_;
};

std::string array(const std::vector<std::string>& items);

}  // namespace json
