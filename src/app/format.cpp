// Numbers and words as the view shows them (see format.h).
#include "format.h"

#include <cmath>
#include <cstdio>

#include "core/word_list.h"
#include "i18n.h"

namespace bloomlab::app {
namespace {

// Length of the well-formed UTF-8 sequence at s[i], or 0 (RFC 3629).
size_t utf8_sequence(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                   : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
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
    if (c == '.') out += ',';
    else if (c == '%') out += "\xC2\xA0%";
    else out += c;
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

std::string with_commas(uint64_t v) {
  std::string digits = std::to_string(v), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += comma_locale() ? "\xE2\x80\xAF" : ",";
    out += digits[i];
  }
  return out;
}

std::string format_rate(double p) {
  char buf[32];
  if (!std::isfinite(p)) return "—";
  if (p == 0) return "0";
  if (p >= 1e-5) std::snprintf(buf, sizeof buf, "%.3g%%", p * 100);  // 0.018%, not 1.80e-04
  else std::snprintf(buf, sizeof buf, "%.2e", p);
  return localized(buf);
}

std::string format_bytes(uint64_t bytes) {
  char buf[32];
  if (bytes < 1024) std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
  else if (bytes < (uint64_t{1} << 20)) std::snprintf(buf, sizeof buf, "%.1f KiB", double(bytes) / 1024);
  else if (bytes < (uint64_t{1} << 30)) std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / 1048576);
  else std::snprintf(buf, sizeof buf, "%.2f GiB", double(bytes) / 1073741824);
  return localized(buf);
}

std::string format_percent(double fraction) {
  char buf[32];
  if (!std::isfinite(fraction)) return "—";
  std::snprintf(buf, sizeof buf, "%.1f%%", fraction * 100);
  return localized(buf);
}

std::string bits_text(uint64_t bits) { return fill(trn("%s bit", "%s bits", bits), {with_commas(bits)}); }

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

std::string format_decimal(double v, int decimals) {
  char buf[48];
  if (!std::isfinite(v)) return "—";
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return localized(buf);
}

}  // namespace bloomlab::app
