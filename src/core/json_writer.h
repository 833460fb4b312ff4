// A small streaming JSON writer: the CLI's --json, the app's state() and the JS API all speak
// through it, so strings are escaped one way everywhere. Invalid UTF-8 bytes are written as
// U+FFFD so the output always parses.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace bloomlab {

class JsonWriter {
 public:
  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  JsonWriter& key(std::string_view k) {
    separate();
    write_string(k);
    out_ += ':';
    after_key_ = true;
    return *this;
  }
  JsonWriter& value(std::string_view s) {
    separate();
    write_string(s);
    return *this;
  }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b) {
    separate();
    out_ += b ? "true" : "false";
    return *this;
  }
  JsonWriter& value(double d) {
    separate();
    if (!std::isfinite(d)) {
      out_ += "null";
      return *this;
    }  // JSON has no inf/nan
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    out_ += buf;
    return *this;
  }
  JsonWriter& value(uint64_t u) {
    separate();
    out_ += std::to_string(u);
    return *this;
  }
  JsonWriter& value(int64_t i) {
    separate();
    out_ += std::to_string(i);
    return *this;
  }
  JsonWriter& value(uint32_t u) { return value(uint64_t{u}); }
  JsonWriter& value(int i) { return value(int64_t{i}); }
  JsonWriter& null() {
    separate();
    out_ += "null";
    return *this;
  }
  template <typename T>
  JsonWriter& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }
  template <typename T>
  JsonWriter& array(std::string_view k, const std::vector<T>& items) {
    key(k);
    begin_array();
    for (const auto& it : items) value(it);
    return end_array();
  }
  const std::string& str() const { return out_; }

 private:
  JsonWriter& open(char c) {
    separate();
    out_ += c;
    first_.push_back(true);
    return *this;
  }
  JsonWriter& close(char c) {
    out_ += c;
    first_.pop_back();
    return *this;
  }
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_.empty()) {
      if (!first_.back()) out_ += ',';
      first_.back() = false;
    }
  }
  void write_string(std::string_view s);
  std::string out_;
  std::vector<bool> first_;
  bool after_key_ = false;
};

inline void JsonWriter::write_string(std::string_view s) {
  out_ += '"';
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    // Length of a well-formed UTF-8 sequence starting here, or 0 (RFC 3629 table 3-7).
    size_t len = 0;
    if (c < 0x80)
      len = 1;
    else if (c >= 0xC2 && c <= 0xDF)
      len = 2;
    else if (c >= 0xE0 && c <= 0xEF)
      len = 3;
    else if (c >= 0xF0 && c <= 0xF4)
      len = 4;
    bool ok = len > 0 && i + len <= s.size();
    for (size_t j = 1; ok && j < len; ++j) ok = (static_cast<unsigned char>(s[i + j]) & 0xC0) == 0x80;
    if (ok && len >= 3) {
      const auto c1 = static_cast<unsigned char>(s[i + 1]);
      if (c == 0xE0 && c1 < 0xA0) ok = false;  // overlong
      if (c == 0xED && c1 > 0x9F) ok = false;  // surrogates
      if (c == 0xF0 && c1 < 0x90) ok = false;  // overlong
      if (c == 0xF4 && c1 > 0x8F) ok = false;  // above U+10FFFF
    }
    if (!ok) {
      out_ += "\xEF\xBF\xBD";
      ++i;
      continue;
    }
    if (len > 1) {
      out_.append(s.data() + i, len);
      i += len;
      continue;
    }
    switch (c) {
      case '"': out_ += "\\\""; break;
      case '\\': out_ += "\\\\"; break;
      case '\n': out_ += "\\n"; break;
      case '\r': out_ += "\\r"; break;
      case '\t': out_ += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out_ += buf;
        } else {
          out_ += static_cast<char>(c);
        }
    }
    ++i;
  }
  out_ += '"';
}

}  // namespace bloomlab
