// The UI's languages (see i18n.h). The catalogs are GNU .mo files as msgfmt writes them:
//   offset 0   magic 0x950412de (in the file's byte order)   4  revision (major 0)
//          8   N, the number of strings   12  O, the table of originals   16  T, of translations
//   each table: N pairs (length, offset) of NUL-terminated strings; a context is "ctx\x04msgid",
//   a plural's original is "one\0other" and its translation the forms "f0\0f1\0f2".
//   (GNU gettext manual, "The Format of GNU MO Files".) The originals are sorted, so a message
//   is found by binary search in place; the hash table is not used.
#include "i18n.h"

#include <array>
#include <cstring>
#include <string>
#include <utility>

namespace bloomlab::app {
namespace {

// A catalog is its .mo bytes, looked up in place: msgfmt writes the originals sorted (by bytes),
// so a binary search over the table finds a message without building any map.
struct Catalog {
  std::string bytes;
  uint32_t count = 0, originals = 0, translations = 0;
  bool swap = false;
};

std::array<Catalog, 4> g_catalogs;
std::array<bool, 4> g_loaded{};
Lang g_lang = Lang::en;

size_t index_of(Lang l) { return size_t(l); }

uint32_t read_u32(std::string_view b, size_t at, bool swap) {
  uint32_t v;
  std::memcpy(&v, b.data() + at, 4);
  if (swap) v = (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24);
  return v;
}

// The i-th string of a table; false when it lies outside the file or is not NUL-terminated.
bool string_at(const Catalog& c, uint32_t table, uint32_t i, std::string_view* s) {
  const std::string_view b = c.bytes;
  const uint64_t len = read_u32(b, size_t(table) + size_t(i) * 8, c.swap);
  const uint64_t off = read_u32(b, size_t(table) + size_t(i) * 8 + 4, c.swap);
  if (off + len >= b.size() || b[size_t(off + len)] != '\0') return false;
  *s = b.substr(size_t(off), size_t(len));
  return true;
}

// A plural's original is "one\0other": it is found by its singular.
std::string_view key_of(std::string_view original) { return original.substr(0, original.find('\0')); }

// Checks the header and every string, and that the originals are in order (binary search).
bool valid(Catalog& c) {
  const std::string_view b = c.bytes;
  if (b.size() < 28) return false;
  uint32_t magic;
  std::memcpy(&magic, b.data(), 4);
  c.swap = magic == 0xde120495u;
  if (magic != 0x950412deu && !c.swap) return false;
  if ((read_u32(b, 4, c.swap) >> 16) != 0) return false;  // an unknown major revision
  c.count = read_u32(b, 8, c.swap);
  c.originals = read_u32(b, 12, c.swap);
  c.translations = read_u32(b, 16, c.swap);
  if (uint64_t(c.originals) + uint64_t(c.count) * 8 > b.size() ||
      uint64_t(c.translations) + uint64_t(c.count) * 8 > b.size())
    return false;
  std::string_view previous, s, t;
  for (uint32_t i = 0; i < c.count; ++i) {
    if (!string_at(c, c.originals, i, &s) || !string_at(c, c.translations, i, &t)) return false;
    if (i > 0 && !(previous < s)) return false;
    previous = s;
  }
  return true;
}

// The translation of key in the current language; empty when there is none.
std::string_view lookup(std::string_view key) {
  if (g_lang == Lang::en) return {};
  const Catalog& c = g_catalogs[index_of(g_lang)];
  uint32_t lo = 0, hi = c.count;
  std::string_view s;
  while (lo < hi) {  // the first original not below key; a plural's compares by its singular
    const uint32_t mid = lo + (hi - lo) / 2;
    string_at(c, c.originals, mid, &s);
    if (key_of(s) < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == c.count || (string_at(c, c.originals, lo, &s), key_of(s) != key)) return {};
  string_at(c, c.translations, lo, &s);
  return s;
}

}  // namespace

const char* lang_code(Lang l) {
  switch (l) {
    case Lang::en: return "en";
    case Lang::ru: return "ru";
    case Lang::uk: return "uk";
    case Lang::zh: return "zh";
  }
  return "en";
}

const char* lang_endonym(Lang l) {
  switch (l) {
    case Lang::en: return "English";
    case Lang::ru: return "Русский";
    case Lang::uk: return "Українська";
    case Lang::zh: return "中文";
  }
  return "English";
}

bool parse_lang(std::string_view code, Lang* out) {
  std::string lower;
  for (char c : code) lower += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c == '_' ? '-' : c);
  const std::string primary = lower.substr(0, lower.find('-'));
  const std::string rest = lower.size() > primary.size() ? lower.substr(primary.size() + 1) : "";
  for (Lang l : kLangs) {
    if (primary != lang_code(l)) continue;
    // Simplified Chinese only: zh-TW, zh-HK and zh-Hant read Traditional characters.
    if (l == Lang::zh && (rest == "tw" || rest == "hk" || rest == "mo" || rest.rfind("hant", 0) == 0))
      return false;
    *out = l;
    return true;
  }
  return false;
}

Lang current_lang() { return g_lang; }

bool set_catalog(Lang lang, std::string_view mo_bytes) {
  if (lang == Lang::en) return true;
  Catalog fresh;
  fresh.bytes.assign(mo_bytes.data(), mo_bytes.size());
  if (!valid(fresh)) return false;
  g_catalogs[index_of(lang)] = std::move(fresh);
  g_loaded[index_of(lang)] = true;
  return true;
}

bool has_catalog(Lang lang) { return lang == Lang::en || g_loaded[index_of(lang)]; }

bool use_language(Lang lang) {
  if (!has_catalog(lang)) return false;
  g_lang = lang;
  return true;
}

std::string catalog_file(Lang lang) { return std::string(kLanguageDir) + lang_code(lang) + ".mo"; }

bool catalog_file_lang(std::string_view name, Lang* out) {
  for (Lang l : kLangs)
    if (l != Lang::en && name == catalog_file(l)) return *out = l, true;
  return false;
}

namespace {
std::string g_script_font;  // the CJK subset while Chinese is shown (fetched on demand)
uint64_t g_fonts_version = 0;
uint64_t g_script_font_version = 0;
}  // namespace

void set_script_font(std::string ttf) {
  g_script_font = std::move(ttf);
  ++g_script_font_version;
  ++g_fonts_version;
}
uint64_t script_font_version() { return g_script_font_version; }
const std::string& script_font() { return g_script_font; }
uint64_t fonts_version() { return g_fonts_version; }
void fonts_changed() { ++g_fonts_version; }

int plural_index(Lang lang, uint64_t n) {
  switch (lang) {
    case Lang::en: return n == 1 ? 0 : 1;
    case Lang::zh: return 0;
    case Lang::ru:
    case Lang::uk: {
      // CLDR: one n%10=1 and n%100!=11; few n%10=2..4 and n%100!=12..14; many the rest.
      const uint64_t d = n % 10, h = n % 100;
      if (d == 1 && h != 11) return 0;
      if (d >= 2 && d <= 4 && (h < 12 || h > 14)) return 1;
      return 2;
    }
  }
  return 0;
}

const char* tr(const char* msgid) {
  const std::string_view t = lookup(msgid);
  return t.empty() ? msgid : t.data();
}

const char* trc(const char* context, const char* msgid) {
  std::string key = context;
  key += '\x04';
  key += msgid;
  const std::string_view t = lookup(key);
  return t.empty() ? msgid : t.data();
}

const char* trn(const char* one, const char* other, uint64_t n) {
  const std::string_view forms = lookup(one);
  const char* english = plural_index(Lang::en, n) == 0 ? one : other;
  if (forms.empty()) return english;
  // The forms follow one another within the translation, each ended by a NUL.
  size_t at = 0;
  for (int want = plural_index(g_lang, n); want > 0; --want) {
    at = forms.find('\0', at);
    if (at == std::string_view::npos) return english;  // fewer forms than the rule names
    ++at;
  }
  return forms.data() + at;
}

std::string fill(std::string_view format, std::initializer_list<std::string_view> args) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 == format.size()) {
      out += format[i];
      continue;
    }
    if (format[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    size_t j = i + 1, position = 0;
    while (j < format.size() && format[j] >= '0' && format[j] <= '9')
      position = position * 10 + size_t(format[j++] - '0');
    size_t which;
    if (position > 0 && j + 1 < format.size() && format[j] == '$' && format[j + 1] == 's') {
      which = position - 1;
      j += 1;
    } else if (position == 0 && format[j] == 's') {
      which = next++;
    } else {
      out += format[i];  // not a directive of ours: kept as written
      continue;
    }
    if (which < args.size()) out += *(args.begin() + which);
    i = j;
  }
  return out;
}

}  // namespace bloomlab::app
