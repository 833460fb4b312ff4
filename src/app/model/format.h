// Numbers and words as the view shows them. No ImGui: the action layer's texts (share
// snippets, the screen-reader summary, outcome messages) use them too.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace bloomlab::app {

// Text fit to show: invalid UTF-8 bytes and control characters become U+25A1 "□", long
// text is cut with "…" (the word itself is hashed as it is).
std::string display_text(std::string_view bytes, size_t max_chars = 64);
// A word the user typed, or a value a link or a lesson file gave, fit to show (display_text,
// 40 characters) in the language's quotation marks: "dragon", «dragon», “dragon”.
std::string quoted(std::string_view word);
// Text already fit to show (display_text, a masked word) in the language's quotation marks: each
// word of a list of them ("set by «letmein», «dragon»").
std::string in_quotes(std::string_view shown);
// The view's hook (fonts.h note_text): told each text display_text makes, so that the characters
// its font lacks get drawn. The model knows nothing of fonts.
void observe_displayed_text(void (*observer)(std::string_view text));
// In the current language (i18n.h): ru and uk write "100 000" (U+202F), "0,82 %", "1,5 КиБ".
std::string with_commas(uint64_t v);       // 100000 -> "100,000"
std::string format_rate(double p);         // 0.0123 -> "1.23%", tiny values in scientific form
std::string format_bytes(uint64_t bytes);  // "8 B", "12.2 KiB", "3.1 MiB"; ru "12,2 КиБ", uk "12,2 КіБ"
// Bits and their bytes in the language's way: "34,359,738,368 bits = 4.00 GiB" (ru
// "34 359 738 368 бит = 4,00 ГиБ"); core/design.h memory_text is the CLI's English.
std::string memory_words(uint64_t bits);
std::string format_percent(double fraction);         // 0.5037 -> "50.4%" (a share of the bits)
std::string format_decimal(double v, int decimals);  // 10007.25, 1 -> "10,007.3" (ru "10 007,3")
std::string format_whole_percent(double fraction);
std::string format_percent_places(double fraction, int places);
// Text with '\n' where it must break to fit `width`: the one line breaker of every wrapped text
// (ui.h text_wrapped, the wrapped buttons), which ImGui then draws as it is. Not ImGui 1.86's
// CalcWordWrapPositionA: it broke only at spaces, so a Chinese sentence was one unbreakable line,
// and after ',' and '.', so "12,500 bits" wrapped as "12," / "500 bits", ru "1,25" as "1," / "25".
// Breaks at spaces (the space becomes the '\n') and between CJK characters, never before a
// closing mark (，。）” …) nor after an opening one (（“), and never inside a number (its ',', '.'
// and no-break spaces are not places to break); a run with no break is cut where it must.
// `advance` is a character's width (a code point).
std::string line_breaks(std::string_view text, float width, const std::function<float(uint32_t)>& advance);
// A number in a text field: printf's format with the language's decimal point ("0,01" in ru and
// uk), no thousands separator, so that it reads as the rest of the page and stays editable.
std::string editable_number(double v, const char* format);
// A number as typed in a field: a decimal point or a decimal comma, spaces (and the no-break ones
// a copied figure holds) ignored, an exponent allowed; nullopt for anything else ("", "0,0,1").
std::optional<double> typed_number(std::string_view text);
std::string probes_text(uint64_t probes);  // "100,000 probes"; ru "100 000 пробных запросов"
// "1 bit", "64 bits"; ru "64 бита", uk "64 біти".
std::string bits_text(uint64_t bits);
// "1 slot", "16,384 slots": the cells of a filter of fingerprints (a cuckoo filter's).
std::string slots_text(uint64_t slots);
// v in lowercase hexadecimal: "ac" (a fingerprint as the buckets show it); with digits > 0,
// "0x" and that many digits at least ("0x000000ac", a hash in the step-through).
std::string hex_text(uint64_t v, int digits = 0);

}  // namespace bloomlab::app
