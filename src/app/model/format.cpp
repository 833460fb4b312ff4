// Numbers and words as the view shows them (see format.h).
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/word_list.h"
#include "i18n.h"

namespace bloomlab::app {
namespace {

// Length of the well-formed UTF-8 sequence at s[i], or 0 (RFC 3629).
size_t utf8_sequence(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const size_t len = c < 0x80                 ? 1
                     : c >= 0xC2 && c <= 0xDF ? 2
                     : c >= 0xE0 && c <= 0xEF ? 3
                     : c >= 0xF0 && c <= 0xF4 ? 4
                                              : 0;
  if (len == 0 || i + len > s.size()) return 0;
  return is_valid_utf8(s.substr(i, len)) ? len : 0;
}

// Russian and Ukrainian write a decimal comma, a narrow no-break space (U+202F) between
// thousands and a no-break space (U+00A0) before "%" ("0,82 %", "100 000 бит"); English and
// Chinese write "0.82%" and "100,000".
bool comma_locale() { return current_lang() == Lang::ru || current_lang() == Lang::uk; }

std::string localized(std::string printed) {
  if (!comma_locale()) return printed;
  std::string out;
  for (char c : printed) {
    if (c == '.')
      out += ',';
    else if (c == '%')
      out += "\xC2\xA0%";
    else
      out += c;
  }
  return out;
}

}  // namespace

namespace {
void (*g_displayed_text_observer)(std::string_view) = nullptr;
}  // namespace

void observe_displayed_text(void (*observer)(std::string_view)) { g_displayed_text_observer = observer; }

std::string display_text(std::string_view bytes, size_t max_chars) {
  std::string out;
  size_t chars = 0;
  for (size_t i = 0; i < bytes.size();) {
    if (chars == max_chars) {
      out += "…";
      break;
    }
    const size_t len = utf8_sequence(bytes, i);
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (len == 0 || (len == 1 && (c < 0x20 || c == 0x7F))) {
      out += "\xE2\x96\xA1";  // U+25A1 WHITE SQUARE: in the font subset, unlike U+FFFD
      i += 1;
    } else {
      out.append(bytes.data() + i, len);
      i += len;
    }
    ++chars;
  }
  if (g_displayed_text_observer) g_displayed_text_observer(out);
  return out;
}

std::string quoted(std::string_view word) { return in_quotes(display_text(word, 40)); }

std::string in_quotes(std::string_view shown) {
  // TRANSLATORS: a word the user typed, in quotation marks (%s is the word).
  return fill(tr("\"%s\""), {std::string(shown)});
}

namespace {

// The next code point of UTF-8 text at s[i] (advancing i); an invalid byte is U+FFFD.
uint32_t next_code_point(std::string_view s, size_t& i) {
  const size_t len = utf8_sequence(s, i);
  if (len == 0) {
    ++i;
    return 0xFFFD;
  }
  const auto b = [&](size_t k) { return uint32_t(static_cast<unsigned char>(s[i + k])); };
  uint32_t c = len == 1 ? b(0) : len == 2 ? b(0) & 0x1F : len == 3 ? b(0) & 0x0F : b(0) & 0x07;
  for (size_t k = 1; k < len; ++k) c = (c << 6) | (b(k) & 0x3F);
  i += len;
  return c;
}

// Han, kana, Hangul, CJK punctuation and the full-width forms: a line may break around them.
bool is_cjk(uint32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x2FFFF);
}
// Marks that never start a line (they close or follow) and that never end one (they open).
bool closing_mark(uint32_t c) {
  static constexpr std::u32string_view marks = U"，。、：；？！）」』”’》〉】…·%,.;:!?)]}";
  return marks.find(char32_t(c)) != std::u32string_view::npos;
}
bool opening_mark(uint32_t c) {
  static constexpr std::u32string_view marks = U"（「『“‘《〈【([{";
  return marks.find(char32_t(c)) != std::u32string_view::npos;
}

}  // namespace

std::string line_breaks(std::string_view text, float width, const std::function<float(uint32_t)>& advance) {
  std::string out;
  size_t line = 0;  // where the current line starts in `text`
  size_t cut = 0;   // the last place the line may end (0: none yet), and where the next starts
  size_t resume = 0;
  float used = 0;  // the width of text[line, i)
  uint32_t prev = '\n';
  const auto emit = [&](size_t end, size_t next) {  // ends the line at `end`, the next starts at `next`
    out.append(text.substr(line, end - line));
    out += '\n';
    line = next;
    cut = 0;
    used = 0;
  };
  for (size_t i = 0; i < text.size();) {
    const size_t at = i;
    const uint32_t c = next_code_point(text, i);
    if (c == '\n') {
      out.append(text.substr(line, i - line));
      line = i;
      cut = 0;
      used = 0;
      prev = c;
      continue;
    }
    if (c == ' ') {
      if (at > line) cut = at, resume = i;
    } else if (at > line && prev != ' ' && (is_cjk(prev) || is_cjk(c)) && !closing_mark(c) &&
               !opening_mark(prev)) {
      cut = at, resume = at;
    }
    const float w = advance(c);
    if (used + w > width && c != ' ' && at > line) {
      if (cut > line) {
        emit(cut, resume);
        for (size_t j = line; j < i;) used += advance(next_code_point(text, j));  // up to c, c included
      } else {
        emit(at, at);  // no place to break: cut the run here
        used = w;
      }
    } else {
      used += w;
    }
    prev = c;
  }
  out.append(text.substr(line));
  return out;
}

namespace {
// A printed number ("-10007.3") with the language's thousands separator in its whole part.
std::string grouped(const std::string& printed) {
  const size_t first = printed.find_first_of("0123456789");
  if (first == std::string::npos) return printed;
  const size_t digits = printed.find_first_not_of("0123456789", first) == std::string::npos
                            ? printed.size() - first
                            : printed.find_first_not_of("0123456789", first) - first;
  std::string out = printed.substr(0, first);
  for (size_t i = 0; i < digits; ++i) {
    if (i > 0 && (digits - i) % 3 == 0) out += comma_locale() ? "\xE2\x80\xAF" : ",";
    out += printed[first + i];
  }
  return out + printed.substr(first + digits);
}
}  // namespace

std::string with_commas(uint64_t v) { return grouped(std::to_string(v)); }

std::string format_rate(double p) {
  char buf[32];
  if (!std::isfinite(p)) return "—";
  if (p == 0) return "0";
  if (p >= 1e-5)
    std::snprintf(buf, sizeof buf, "%.3g%%", p * 100);  // 0.018%, not 1.80e-04
  else
    std::snprintf(buf, sizeof buf, "%.2e", p);
  return localized(buf);
}

std::string format_bytes(uint64_t bytes) {
  // TRANSLATORS: memory sizes, %s the number: "8 B", "12.2 KiB" (ru "8 Б", "12,2 КиБ").
  if (bytes < 1024) return fill(tr("%s B"), {with_commas(bytes)});
  if (bytes < (uint64_t{1} << 20)) return fill(tr("%s KiB"), {format_decimal(double(bytes) / 1024, 1)});
  if (bytes < (uint64_t{1} << 30)) return fill(tr("%s MiB"), {format_decimal(double(bytes) / 1048576, 1)});
  if (bytes < (uint64_t{1} << 40)) return fill(tr("%s GiB"), {format_decimal(double(bytes) / 1073741824, 2)});
  // The design helper's theory goes beyond what can be built: up to 2^63 bits, 1 EiB.
  if (bytes < (uint64_t{1} << 50))
    return fill(tr("%s TiB"), {format_decimal(double(bytes) / double(uint64_t{1} << 40), 2)});
  if (bytes < (uint64_t{1} << 60))
    return fill(tr("%s PiB"), {format_decimal(double(bytes) / double(uint64_t{1} << 50), 2)});
  return fill(tr("%s EiB"), {format_decimal(double(bytes) / double(uint64_t{1} << 60), 2)});
}

std::string memory_words(uint64_t bits) {
  return bits_text(bits) + " = " + format_bytes(bits / 8 + (bits % 8 ? 1 : 0));
}

std::string format_percent(double fraction) {
  char buf[32];
  if (!std::isfinite(fraction)) return "—";
  std::snprintf(buf, sizeof buf, "%.1f%%", fraction * 100);
  return localized(buf);
}

std::string bits_text(uint64_t bits) { return fill(trn("%s bit", "%s bits", bits), {with_commas(bits)}); }

std::string hex_text(uint64_t v, int digits) {
  char buf[24];
  if (digits > 0)
    std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(v));
  else
    std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string slots_text(uint64_t slots) {
  return fill(trn("%s slot", "%s slots", slots), {with_commas(slots)});
}

std::string probes_text(uint64_t probes) {
  // TRANSLATORS: the probes slider of the Numbers panel ("100,000 probes"): words never added,
  // queried to count the false positives.
  return fill(trn("%s probe", "%s probes", probes), {with_commas(probes)});
}

std::string format_percent_places(double fraction, int places) {
  char buf[48];
  if (!std::isfinite(fraction)) return "—";
  std::snprintf(buf, sizeof buf, "%.*f%%", places, fraction * 100);
  return localized(buf);
}

std::string format_whole_percent(double fraction) {
  char buf[32];
  if (!std::isfinite(fraction)) return "—";
  std::snprintf(buf, sizeof buf, "%.0f%%", fraction * 100);
  return localized(buf);
}

std::string editable_number(double v, const char* format) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  std::string out = buf;
  if (comma_locale()) std::replace(out.begin(), out.end(), '.', ',');
  return out;
}

std::optional<double> typed_number(std::string_view text) {
  std::string plain;
  for (size_t i = 0; i < text.size(); ++i) {
    const std::string_view rest = text.substr(i);
    if (text[i] == ' ') continue;
    if (rest.rfind("\xC2\xA0", 0) == 0 || rest.rfind("\xE2\x80\xAF", 0) == 0) {  // U+00A0, U+202F
      i += rest[0] == '\xC2' ? 1 : 2;
      continue;
    }
    plain += text[i] == ',' ? '.' : text[i];
  }
  if (plain.empty() || plain.size() > 60 || plain.find_first_not_of("0123456789.eE+-") != std::string::npos)
    return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(plain.c_str(), &end);
  if (end != plain.c_str() + plain.size()) return std::nullopt;
  return v;
}

std::string format_decimal(double v, int decimals) {
  char buf[48];
  if (!std::isfinite(v)) return "—";
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return localized(grouped(buf));
}

}  // namespace bloomlab::app
