// The UI's languages (see i18n.h). The catalogs are GNU .mo files as msgfmt writes them:
//   offset 0   magic 0x950412de (in the file's byte order)   4  revision (major 0)
//          8   N, the number of strings   12  O, the table of originals   16  T, of translations
//   each table: N pairs (length, offset) of NUL-terminated strings; a context is "ctx\x04msgid",
//   a plural's original is "one\0other" and its translation the forms "f0\0f1\0f2".
//   (GNU gettext manual, "The Format of GNU MO Files".) The hash table is not needed: the
//   strings go into a map once.
#include "i18n.h"

#include <array>
#include <cstring>
#include <string>
#include <unordered_map>

namespace bloomlab::app {
namespace {

struct Catalog {
  std::string bytes;  // the .mo file; the map's views point into it
  std::unordered_map<std::string_view, std::string_view> messages;  // original -> translation
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

bool parse_mo(std::string_view b, std::unordered_map<std::string_view, std::string_view>* out) {
  if (b.size() < 28) return false;
  uint32_t magic;
  std::memcpy(&magic, b.data(), 4);
  const bool swap = magic == 0xde120495u;
  if (magic != 0x950412deu && !swap) return false;
  if ((read_u32(b, 4, swap) >> 16) != 0) return false;  // an unknown major revision
  const uint64_t n = read_u32(b, 8, swap), originals = read_u32(b, 12, swap),
                 translations = read_u32(b, 16, swap);
  if (originals + n * 8 > b.size() || translations + n * 8 > b.size()) return false;
  auto string_at = [&](uint64_t table, uint64_t i, std::string_view* s) {
    const uint64_t len = read_u32(b, size_t(table + i * 8), swap);
    const uint64_t off = read_u32(b, size_t(table + i * 8 + 4), swap);
    if (off + len >= b.size() || b[size_t(off + len)] != '\0') return false;
    *s = b.substr(size_t(off), size_t(len));
    return true;
  };
  for (uint64_t i = 0; i < n; ++i) {
    std::string_view key, value;
    if (!string_at(originals, i, &key) || !string_at(translations, i, &value)) return false;
    if (key.empty()) continue;  // the header
    const size_t nul = key.find('\0');  // a plural is found by its singular
    (*out)[key.substr(0, nul)] = value;
  }
  return true;
}

const char* lookup(std::string_view key) {
  if (g_lang == Lang::en) return nullptr;
  const Catalog& c = g_catalogs[index_of(g_lang)];
  const auto it = c.messages.find(key);
  return it == c.messages.end() || it->second.empty() ? nullptr : it->second.data();
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
  std::unordered_map<std::string_view, std::string_view> check;
  if (!parse_mo(mo_bytes, &check)) return false;
  // The map's views point into the catalog's own copy of the bytes.
  Catalog& slot = g_catalogs[index_of(lang)];
  slot.messages.clear();
  slot.bytes.assign(mo_bytes.data(), mo_bytes.size());
  parse_mo(slot.bytes, &slot.messages);
  g_loaded[index_of(lang)] = true;
  return true;
}

bool has_catalog(Lang lang) { return lang == Lang::en || g_loaded[index_of(lang)]; }

bool use_language(Lang lang) {
  if (!has_catalog(lang)) return false;
  g_lang = lang;
  return true;
}

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
  const char* t = lookup(msgid);
  return t ? t : msgid;
}

const char* trc(const char* context, const char* msgid) {
  std::string key = context;
  key += '\x04';
  key += msgid;
  const char* t = lookup(key);
  return t ? t : msgid;
}

const char* trn(const char* one, const char* other, uint64_t n) {
  const char* t = lookup(one);
  if (!t) return plural_index(Lang::en, n) == 0 ? one : other;
  // The forms follow one another, each ended by a NUL; the map's view ends before the last NUL.
  const Catalog& c = g_catalogs[index_of(g_lang)];
  const std::string_view all = c.messages.find(one)->second;
  int want = plural_index(g_lang, n);
  size_t at = 0;
  while (want-- > 0) {
    const size_t nul = all.find('\0', at);
    if (nul == std::string_view::npos) return plural_index(Lang::en, n) == 0 ? one : other;
    at = nul + 1;
  }
  return all.data() + at;
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
    while (j < format.size() && format[j] >= '0' && format[j] <= '9') position = position * 10 + size_t(format[j++] - '0');
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
