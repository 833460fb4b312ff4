// The page configures the app by URL (an embed's iframe src, a share link), the desktop program
// by --params: "preset=tiny&m=128&k=4&words=apple,pear&word=dragon&panels=words,bits&theme=light".
//
//   preset   tiny | passwords | empty        variant  standard | counting | blocked
//   m, k     bits and hashes (1..2^32, 1..64) scheme   reference | enhanced | independent | weak
//   words    comma-separated words to add (without preset: to an empty filter)
//   removed  comma-separated words of the preset to remove (counting), before words= are added
//   word     text put in the word box        safe     1: mask classroom-unsafe words
//   panels   comma list of words, bits, params, plots, numbers, check (the others hide)
//   theme    dark | light | contrast         scale    font scale 1..3
//   probes   probes for the measured FP (1..10,000,000)
//   embed    1: the page is in an article's iframe (a compact header: presets and share only)
//   lang     en | ru | uk | zh (the UI's language; a link carries it when the reader chose one)
//
// Values are percent-decoded ('+' is a space). Nothing here throws or aborts: an unknown key, a
// malformed or out-of-range value is skipped with a warning in words; a repeated key keeps the
// last value (with a warning).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "host.h"
#include "state.h"

namespace bloomlab::app {

// Applies the parameters through the actions; returns the warnings (also kept in
// s.url_warnings): one a key, at most kMaxLinkWarnings, the last of them "… and N more
// warnings." (a link of 30,000 keys gave 30,000, drawn every frame). A leading '?' or '#' is
// skipped.
std::vector<std::string> apply_url_params(AppState& s, Host& host, std::string_view query);
inline constexpr size_t kMaxLinkWarnings = 12;
void cap_warnings(std::vector<std::string>& warnings);
// Applies what a link said about the filter and its words once the password list it asked for
// has arrived (or failed); a no-op otherwise. The app calls it every frame.
void apply_deferred_url_params(AppState& s, Host& host);
// The query ("preset=tiny&m=64&k=3...", no '?') that recreates the current state. A link
// carries at most 200 words beyond its preset's, and is never longer than the reader accepts
// (kMaxQueryBytes); beyond either, it gives the preset only (link_leaves_out says how many).
std::string url_params_for(const AppState& s);
// The same for a link someone else opens: without presentation mode (present=1 and the slide's
// theme and text size), which the address keeps so that a reload stays on the slide.
std::string share_params_for(const AppState& s);
inline constexpr size_t kMaxQueryBytes = 256 * 1024;  // what apply_url_params reads; more is refused
// A share link's parameters longer than this go after "#", not "?": the page reads either, and a
// fragment never reaches the server (a 31.7 KB query was refused by Node's 16 KiB header limit;
// nginx's is 8 KiB per line; 2,000 is the old rule of thumb for links that survive anything).
inline constexpr size_t kMaxShareQueryBytes = 2000;
// What url_params_for leaves out: the words on screen the link does not reproduce (0: none).
struct LinkGap {
  size_t left_out = 0;    // words on screen the recipient will not get
  size_t recipient = 0;   // words the recipient gets (the preset's)
  bool too_long = false;  // the words were within 200 but over kMaxQueryBytes
};
LinkGap link_leaves_out(const AppState& s);

// What a browser keeps of a session between visits (the platform stores it): the parameters,
// and when the words are more than a link carries, the filter's parameters from the empty
// preset plus every word, stored losslessly (encode_session_words) and loaded after them.
struct Session {
  std::string params;
  std::string words;         // empty when the parameters carry the words
  size_t word_count = 0;     // the words on screen (carried by either)
  bool words_apart = false;  // the parameters do not carry the words
};
// Words as bytes, each a 4-byte little-endian length then the word's bytes: any byte (NUL,
// "\n", "\r", a BOM, invalid UTF-8) comes back as it was. Decoding skips empty or over-long
// items and stops at a truncated one (returns false then, with the words before it).
std::string encode_session_words(const std::vector<std::string>& words);
// The same for words[from, to), appended to `out` (which holds words[0, from) so encoded): a
// saved session whose words were only added to encodes the new ones, not a million again, and
// a million are handed to the page a piece at a time.
void append_session_words(std::string& out, const std::vector<std::string>& words, size_t from, size_t to);
bool decode_session_words(std::string_view bytes, std::vector<std::string>& out);
// What decoding them would keep and leave out, without copying a word: a stored record is
// checked, not trusted (issue 37: a 5,000-byte word was dropped without a note).
struct SessionWordsCheck {
  size_t words = 0;    // kept
  size_t dropped = 0;  // empty or over kMaxLineBytes
  bool whole = true;   // false: the bytes end inside a word
};
SessionWordsCheck check_session_words(std::string_view bytes);
// word_bytes false: the words that travel apart are left out of `words` (the platform keeps the
// bytes it saved before when only the parameters or the view changed); words_apart says whether
// they travel apart at all.
Session session_for(const AppState& s, bool word_bytes = true);
// Applies a saved session (apply_url_params, then load_word_list); returns the warnings (also
// kept in s.url_warnings), capped as apply_url_params caps them, with a word on any saved word
// it could not restore. How the page is shown (embed=, present=, nav=) is never the record's:
// it is view_from's (the address the page was opened with), else left as it is.
std::vector<std::string> restore_session(AppState& s, Host& host, const Session& saved,
                                         std::string_view view_from = {});
// params without their view keys (embed, present, nav), then view_from's view keys only.
std::string with_view_of(std::string_view params, std::string_view view_from);

// The JS API's setParams: "key=value&key=value", each percent-encoded, every key a parameter
// of the schema (core/params.h). One bad key or value refuses the whole call (its code and
// words those of the same value in a link or on the command line); else one SetParams.
Outcome set_params_text(AppState& s, Host& host, std::string_view query);

// What is wrong with a value a lesson step's state: gives a key (preset, m, k, variant, scheme,
// probes, panels; words and word take any text), in the link's words; nothing when a link takes
// it. The lesson parser judges the states when the file loads (a state's bad value was found
// only when a student entered the step).
std::optional<std::string> state_value_problem(std::string_view key, const std::string& value);

// "a&b&&c" -> {"a", "b", "", "c"}: a link's pairs ('&'), a list's items (',').
std::vector<std::string_view> split(std::string_view text, char sep);
// "%41+b" -> "A b"; bad escapes ("%ZZ", "%A" at the end) kept as is, and *malformed set true.
std::string percent_decode(std::string_view text, bool* malformed = nullptr);
std::string percent_encode(std::string_view text);  // RFC 3986 unreserved characters stay

}  // namespace bloomlab::app
