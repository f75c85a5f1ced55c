// json.h — the few JSON helpers the CLI needs to print its answers.
#pragma once
#include <stdint.h>

#include <string>
#include <vector>

namespace cli {

std::string json_string(const std::string& s);

// Builds one JSON object, keys in the order they are added.
class JsonObject {
 public:
  JsonObject& add(const char* key, const std::string& value) { return raw(key, json_string(value)); }
  JsonObject& add(const char* key, const char* value) { return raw(key, json_string(value)); }
  JsonObject& add(const char* key, bool value) { return raw(key, value ? "true" : "false"); }
  JsonObject& add(const char* key, int value) { return raw(key, std::to_string(value)); }
  JsonObject& add(const char* key, uint64_t value) { return raw(key, std::to_string(value)); }
  JsonObject& add(const char* key, double value);
  JsonObject& raw(const char* key, const std::string& json);
  std::string str() const { return "{" + body_ + "}"; }

 private:
  std::string body_;
};

std::string json_array(const std::vector<std::string>& items);

}  // namespace cli
