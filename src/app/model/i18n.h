// The UI's languages (issue 12): English is the source; Russian, Ukrainian and Chinese come from
// gettext catalogs (po/*.po, compiled by msgfmt at build time into .mo files that the platform
// fetches on demand and hands to set_catalog). No ImGui here: the action layer's texts (outcomes,
// the screen-reader summary, share snippets) are words of the catalog too.
//
// Marking (xgettext reads these names, see po/README.md):
//   tr("Add")                         a message
//   trc("verb", "Remove")             the same English meaning something else (msgctxt)
//   trn("%s word", "%s words", n)     a plural: CLDR one/few/many for ru and uk, one form in zh
//   fill(tr("%s of %s"), {a, b})      printf-style %s (and %1$s for reordering), the catalog's
//                                     format checked by msgfmt --check-format (c-format)
// Numbers inside messages are formatted first (format.h: with the language's separators) and
// passed to fill as text.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace bloomlab::app {

enum class Lang { en, ru, uk, zh };
inline constexpr Lang kLangs[] = {Lang::en, Lang::ru, Lang::uk, Lang::zh};
const char* lang_code(Lang l);     // "en", "ru", "uk", "zh" (URL, <html lang>, state())
const char* lang_endonym(Lang l);  // the language named in itself: "Русский", "中文"
// "ru", "ru-RU", "uk-UA", "zh-CN", "zh-Hans" ... (case-insensitive); false for anything else.
bool parse_lang(std::string_view code, Lang* out);

// The language the texts are in now. English needs no catalog.
Lang current_lang();
// Installs the compiled catalog (the bytes of a GNU .mo file) of `lang`; false (and nothing
// installed) when the bytes are not a well-formed .mo. It does not switch the language.
bool set_catalog(Lang lang, std::string_view mo_bytes);
bool has_catalog(Lang lang);  // always true for English
// Switches to `lang` if its catalog is installed (or it is English); false otherwise.
bool use_language(Lang lang);

// The files a language needs, fetched through Host::request_asset when it is first chosen:
// its catalog "lang/<code>.mo", and for Chinese first its CJK font (cmake/Catalogs.cmake).
// They all live in lang/ (the build's catalogs folder on the desktop, beside the page on the web).
inline constexpr std::string_view kLanguageDir = "lang/";
inline bool is_language_file(std::string_view name) {
  return name.substr(0, kLanguageDir.size()) == kLanguageDir;
}
std::string catalog_file(Lang lang);
inline constexpr char kScriptFontFile[] = "lang/zh-font.ttf";
// The language whose catalog that file is; false for any other name.
bool catalog_file_lang(std::string_view name, Lang* out);
// The CJK font's bytes (a TTF), kept here for fonts.cpp to merge into the atlas; empty: none.
void set_script_font(std::string ttf);
const std::string& script_font();
// Bumped by set_script_font alone: fonts.cpp tells a new CJK font from characters to add.
uint64_t script_font_version();
// Bumped by set_script_font and fonts_changed (fonts.h: characters to add): the platform
// rebuilds the atlas when it changes.
uint64_t fonts_version();
void fonts_changed();

// The CLDR plural category's index for n, in the order of the PO file's msgstr[i]:
// en 0 one / 1 other; ru, uk 0 one / 1 few / 2 many; zh 0 (one form).
int plural_index(Lang lang, uint64_t n);

const char* tr(const char* msgid);
const char* trc(const char* context, const char* msgid);
const char* trn(const char* one, const char* other, uint64_t n);
// Marks a literal for extraction without translating it here (a table of keys).
constexpr const char* N_(const char* msgid) { return msgid; }

// printf's %s for text arguments: "%s" takes the next argument, "%2$s" the second, "%%" is "%".
std::string fill(std::string_view format, std::initializer_list<std::string_view> args);

}  // namespace bloomlab::app
