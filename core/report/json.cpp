#include "json.h"

#include <stdio.h>

namespace json {

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += (char)c;
        }
    }
  }
  return out + "\"";
}

Object& Object::add(const char* key, double value) {
  char buf[32];
  snprintf(buf, sizeof buf, "%.3f", value);
  return raw(key, buf);
}

Object& Object::raw(const char* key, const std::string& json) {
  if (!body_.empty()) body_ += ",";
  body_ += quote(key) + ":" + json;
  return *this;
}

std::string array(const std::vector<std::string>& items) {
  size_t size = 2 + items.size();
  for (const std::string& item : items) size += item.size();
  std::string out;
  out.reserve(size);
  out += '[';
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    out += items[i];
  }
  out += ']';
  return out;
}

}  // namespace json
