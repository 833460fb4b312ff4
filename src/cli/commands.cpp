// The subcommands: positions, measure, sweep, design, check. Text tables by default, --json for
// machines (sweep also --csv).
#include "commands.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <thread>
#include <unordered_set>

#include "args.h"
#include "core/design.h"
#include "core/experiment.h"
#include "core/family.h"
#include "core/growth.h"
#include "core/json_writer.h"
#include "core/params.h"
#include "core/parse.h"
#include "core/program.h"
#include "core/result_json.h"
#include "core/speed.h"
#include "core/theory.h"
#include "core/word_list.h"
#include "core/word_set.h"

namespace bloomlab::cli {

namespace {

constexpr const char* kBundledList = "passwords-10k";

// --- shared option handling ---------------------------------------------------------------

// parse_args, its warnings kept for main (warnings()).
Result<Args> parse(const std::vector<std::string>& argv, const OptionSpec& spec) {
  Result<Args> a = parse_args(argv, spec);
  if (a.ok()) warnings().insert(warnings().end(), a->warnings.begin(), a->warnings.end());
  return a;
}

// The WORDs of the command line, held to the app's rules for a word (1 to kMaxLineBytes bytes);
// `option` names a word given by an option ("--ask") instead.
std::optional<Error> check_words(const std::vector<std::string>& words, const char* option = nullptr) {
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string which = option ? std::string(option) : "WORD " + std::to_string(i + 1);
    if (words[i].empty()) return Error{which + " is empty; a word is 1 to 4096 bytes"};
    if (words[i].size() > kMaxLineBytes)
      return Error{which + " is " + std::to_string(words[i].size()) + " bytes; the limit is 4096"};
  }
  return std::nullopt;
}

// A parameter's option: its key in the shell's words, "--fingerprint-bits" for fingerprintBits.
std::string option_of(const ParamRow& row) {
  std::string option = "--";
  for (const char c : std::string_view(row.key)) {
    if (c >= 'A' && c <= 'Z') {
      option += '-';
      option += char(c - 'A' + 'a');
    } else {
      option += c;
    }
  }
  return option;
}

// The filter's parameters, --key value for every row of the schema (core/params.h: the same
// reader and words as a link's key=value), then the whole filter judged.
Result<FilterParams> filter_params(const Args& a, FilterParams p) {
  for (const ParamRow* row : param_rows()) {
    if (const std::string* v = a.value(option_of(*row))) {
      if (std::optional<Error> bad = row->set(p, *v)) return *bad;
    }
  }
  if (std::optional<Error> e = validate(p)) return *e;
  return p;
}

// A command's options: `own` and every parameter's --key.
OptionSpec with_params(std::set<std::string> own, std::set<std::string> flags) {
  for (const ParamRow* row : param_rows()) own.insert(option_of(*row));
  return {std::move(own), std::move(flags)};
}

// A variant's own parameters in words: " (counters: 4)", or "" for a variant without.
std::string own_params_text(const FilterParams& p) {
  std::string text;
  const VariantOps& ops = variant_ops(p.variant);
  for (size_t i = 0; i < ops.param_count; ++i)
    text += (i ? ", " : " (") + std::string(ops.params[i]->key) + ": " + ops.params[i]->get(p);
  return text.empty() ? text : text + ")";
}

// The filter a command built, in words: "counting filter (counters: 4), reference scheme, m = 64,
// k = 3"; a variant that sizes itself (scalable, cuckoo) is told by its own parameters alone.
std::string filter_heading(const FilterParams& p) {
  std::string text = std::string(variant_title_text(p.variant)) + " filter" + own_params_text(p) + ", " +
                     scheme_name(p.scheme) + " scheme";
  if (!variant_ops(p.variant).sizes_itself)
    text += ", m = " + std::to_string(p.m) + ", k = " + std::to_string(p.k);
  return text;
}

// Reads the list at `path`; if that takes more than a second (a FIFO with no writer yet, a slow
// pipe), says on stderr that it waits, as cat users expect: it waited without a word. A regular
// file never waits for a writer: however long a big one takes on a busy machine, no such line.
Result<WordList> read_list_saying_when_waiting(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec)) return read_word_list_file(path);
  std::mutex m;
  std::condition_variable done_cv;
  bool done = false;
  std::thread watchdog([&] {
    std::unique_lock<std::mutex> lock(m);
    if (!done_cv.wait_for(lock, std::chrono::seconds(1), [&] { return done; }))
      std::cerr << "bloomlab: waiting for input on " << path << std::endl;
  });
  Result<WordList> list = read_word_list_file(path);
  {
    std::lock_guard<std::mutex> lock(m);
    done = true;
  }
  done_cv.notify_one();
  watchdog.join();
  return list;
}

// `--words passwords-10k` is the bundled list: $BLOOMLAB_DATA_DIR first, then the build's copy.
Result<WordList> load_words(const Args& a) {
  const std::string* name = a.value("--words");
  if (!name) return Error{"--words FILE is required (a file, or passwords-10k for the bundled list)"};
  std::string path = *name;
  if (path == kBundledList) {
    const char* env = std::getenv("BLOOMLAB_DATA_DIR");
    path = std::string(env && *env ? env : BLOOMLAB_DATA_DIR) + "/passwords-10k.txt";
  }
  return read_list_saying_when_waiting(path);
}

Result<uint64_t> probe_count(const Args& a) {
  const std::string* p = a.value("--probes");
  if (!p) return kDefaultProbes;
  return parse_count("--probes", *p, 1, 1000000000);
}

std::string fixed(double v, int digits) {
  if (!std::isfinite(v)) return "inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// A word (or a sentence with words in it) for a terminal: C0 and C1 controls, DEL and bytes
// that are not UTF-8 are escapes (\x1b, \u009b, \xff), and a backslash is \\, so that a word
// list never drives the terminal (ESC ] 0; set its title, ESC [2J cleared it) and every word
// reads back unambiguously. --json writes words as JSON escapes instead.
std::string shown(std::string_view text) {
  std::string out;
  char buf[8];
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    const std::string_view one = text.substr(i, len);
    if (c == '\\') {
      out += "\\\\";
    } else if (c < 0x20 || c == 0x7F || (len > 1 && (one.size() < len || !is_valid_utf8(one)))) {
      std::snprintf(buf, sizeof buf, "\\x%02x", c);  // a control, or a byte that is not UTF-8
      out += buf;
      ++i;
      continue;
    } else if (c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {  // C1: U+0080..U+009F
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(text[i + 1]));
      out += buf;
    } else {
      out.append(one);
    }
    i += len;
  }
  return out;
}

std::string join(const std::vector<uint64_t>& v, const char* sep = " ") {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + std::to_string(v[i]);
  return s;
}

// Columns padded to the widest cell; a column whose cells below the first row are all numbers
// is right-aligned, any other is left-aligned.
void print_table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> width;
  std::vector<bool> numeric;
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto& row = rows[r];
    if (width.size() < row.size()) {
      width.resize(row.size(), 0);
      numeric.resize(row.size(), true);
    }
    for (size_t c = 0; c < row.size(); ++c) {
      width[c] = std::max(width[c], row[c].size());
      if (r > 0 && row[c].find_first_not_of("0123456789.-e+") != std::string::npos) numeric[c] = false;
    }
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      const std::string pad(width[c] - row[c].size(), ' ');
      if (c > 0) line += "  ";
      line += numeric[c] && rows.size() > 1 ? pad + row[c] : row[c] + pad;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    std::cout << line << '\n';
  }
}

// --json uses the schema the page's JS API uses (core/result_json.h): camelCase keys, the
// verdict tokens "possibly" / "definitely_not", null where a value does not apply.
void json_filter_params(JsonWriter& j, const FilterParams& p) {
  j.key("params");
  write_params(j, p);
}

void json_word_list(JsonWriter& j, const WordList& list) {
  j.key("wordList");
  write_word_list_report(j, uint64_t{list.words.size()}, list.report);
}

// --- positions ------------------------------------------------------------------------------

const char* const kPositionsUsage =
    "usage: bloomlab positions --m M --k K [--scheme S] [--variant V] [--json] WORD...\n"
    "The k bit positions of each WORD (hashed as its UTF-8 bytes) in a filter of M bits.\n"
    "  --m M         bits, 1 to 4294967296 (2^32)\n"
    "  --k K         positions per word, 1 to 64\n"
    "  --scheme S    reference (default), enhanced, independent, weak, sha256md5 (SHA-256 + MD5,\n"
    "                as one article's Python hashlib filter)\n"
    "  --variant V   standard (default), counting, blocked (positions inside the word's block),\n"
    "                scalable (stages that grow: --n0 N --p0 P --s S --r R, defaults 1000 0.01 2 0.85;\n"
    "                the positions in every stage, as a query asks every stage; --m, --k unused),\n"
    "                cuckoo (fingerprints in buckets: --fingerprint-bits F --bucket-size b\n"
    "                --buckets B, defaults 12 4 1024; the positions are the slots of the word's\n"
    "                two buckets, b each; --m, --k unused),\n"
    "                binaryFuse (built from all its words at once: --fuse-bits F; here from the\n"
    "                WORDs given, each placed in three slots whose XOR is its fingerprint;\n"
    "                --m, --k unused)\n"
    "  --stages N    scalable: how many stages the filter has grown, 1 to 40 (default 1)\n"
    "  --counters C  the counting variant's counters: 4 (default, saturating), 8, unbounded\n"
    "  --fingerprint-bits F  cuckoo: bits per fingerprint, 4 to 32\n"
    "  --bucket-size b       cuckoo: slots per bucket, 1, 2, 4 or 8\n"
    "  --buckets B           cuckoo: buckets, a power of two from 1 to 2^24\n"
    "  --fuse-bits F         binaryFuse: bits per fingerprint, 8 (default) or 16\n"
    "  --json        machine-readable output (cuckoo: each word's fingerprint and buckets too;\n"
    "                binaryFuse: its fingerprint and its three slots' values)\n"
    "example: bloomlab positions --m 64 --k 3 dragon   ->  dragon  30 1 36\n";

Result<int> run_positions(const std::vector<std::string>& argv) {
  Result<Args> a = parse(argv, with_params({"--stages"}, {"--json"}));
  if (!a.ok()) return a.failure();
  Result<FilterParams> p = filter_params(*a, {});
  if (!p.ok()) return p.failure();
  const bool scalable = variant_ops(p->variant).grows;  // its stages
  if (!variant_ops(p->variant).sizes_itself && (!a->has("--m") || !a->has("--k")))
    return Error{"positions needs --m and --k"};
  if (a->positional.empty()) return Error{"positions needs at least one WORD"};
  if (std::optional<Error> e = check_words(a->positional)) return *e;
  size_t stages = 1;
  if (const std::string* v = a->value("--stages")) {
    if (!scalable) return Error{"--stages is for --variant scalable"};
    Result<uint64_t> n = parse_count("--stages", *v, 1, 40);
    if (!n.ok()) return n.failure();
    stages = size_t(*n);
  }
  // A scalable filter's positions, stage by stage: stage j has its own k (scalable_stage).
  std::vector<std::pair<size_t, Stage>> layout;  // (first position, stage)
  if (scalable) {
    uint64_t offset = 0;
    for (size_t j = 0, first = 0;
         j < stages && first + scalable_stage(p->scalable, j, offset).k <= kMaxPositions; ++j) {
      layout.push_back({first, scalable_stage(p->scalable, j, offset)});
      first += layout.back().second.k;
      offset += layout.back().second.m;
    }
  }
  // A filter built from the whole set (binary fuse) places a word by its build: built from
  // these words. The others place it from the params alone (m = 2^32 is not allocated).
  std::optional<Filter> built;
  if (variant_ops(p->variant).rebuilt_on_add) {
    Result<Filter> f = Filter::create(*p);
    if (!f.ok()) return f.failure();
    built = std::move(*f);
    for (const std::string& w : a->positional) built->add(w);
  }
  auto positions_of = [&](const std::string& w, std::vector<uint64_t>& out) {
    if (built)
      built->positions_of(w, out);
    else
      filter_positions(*p, w, out, stages);
  };
  auto place = [&](const std::string& w, JsonWriter& j) {
    if (built)
      built->place_json(w, j);
    else if (const auto own = variant_ops(p->variant).place_json)
      own(*p, nullptr, fnv1a64(w), j);
  };
  const bool has_place = variant_ops(p->variant).place_json != nullptr;
  std::vector<uint64_t> pos;
  auto stage_positions = [&](size_t j) {
    const size_t first = layout[j].first;
    return std::vector<uint64_t>(
        pos.begin() + std::ptrdiff_t(first),
        pos.begin() + std::ptrdiff_t(std::min(pos.size(), first + layout[j].second.k)));
  };
  if (a->has("--json")) {
    JsonWriter j;
    j.begin_object();
    json_filter_params(j, *p);
    j.key("words").begin_array();
    for (const std::string& w : a->positional) {
      positions_of(w, pos);
      j.begin_object().field("word", std::string_view(w));
      place(w, j);
      j.array("positions", pos);
      if (scalable) {
        j.key("stages").begin_array();
        for (size_t s = 0; s < layout.size(); ++s) {
          const Stage& st = layout[s].second;
          j.begin_object().field("stage", uint64_t{s}).field("offset", st.offset).field("m", st.m);
          j.field("k", uint64_t{st.k}).array("positions", stage_positions(s)).end_object();
        }
        j.end_array();
      }
      j.end_object();
    }
    j.end_array().end_object();
    std::cout << j.str() << '\n';
    return 0;
  }
  std::vector<std::vector<std::string>> rows;
  for (const std::string& w : a->positional) {
    positions_of(w, pos);
    if (!scalable) {
      rows.push_back({shown(w), join(pos)});
      if (has_place) {  // its place, as JSON fields
        JsonWriter j;
        j.begin_object();
        place(w, j);
        j.end_object();
        rows.back().push_back(j.str());
      }
      continue;
    }
    for (size_t s = 0; s < layout.size(); ++s) {
      const Stage& st = layout[s].second;
      rows.push_back({s == 0 ? shown(w) : "",
                      "stage " + std::to_string(s) + " (bits " + std::to_string(st.offset) + "-" +
                          std::to_string(st.offset + st.m - 1) + ", k " + std::to_string(st.k) + ")",
                      join(stage_positions(s))});
    }
  }
  print_table(rows);
  return 0;
}

// --- measure --------------------------------------------------------------------------------

const char* const kMeasureUsage =
    "usage: bloomlab measure --words FILE --m M --k K [--probes N | --probe-list FILE]\n"
    "                        [--scheme S] [--variant V] [--json]\n"
    "Adds every word of FILE (or passwords-10k), then queries probe-0 .. probe-(N-1), skipping\n"
    "probes that are members: measured FP = maybes / queried, beside the theory.\n"
    "  --probes N          100000 by default (1 to 1000000000)\n"
    "  --probe-list FILE   query the lines of FILE instead\n"
    "  --scheme, --variant and its own options (--counters, ...) as for `bloomlab positions`\n";

Result<int> run_measure(const std::vector<std::string>& argv) {
  Result<Args> a = parse(argv, with_params({"--words", "--probes", "--probe-list"}, {"--json"}));
  if (!a.ok()) return a.failure();
  if (!a->positional.empty())
    return Error{"measure takes no words on the command line: '" + a->positional[0] + "'"};
  Result<FilterParams> p = filter_params(*a, {});
  if (!p.ok()) return p.failure();
  // A variant that sizes itself (the scalable one, from --n0 and --p0) needs no --m and --k.
  if (!variant_ops(p->variant).sizes_itself && (!a->has("--m") || !a->has("--k")))
    return Error{"measure needs --m and --k"};
  if (a->has("--probes") && a->has("--probe-list")) return Error{"give --probes or --probe-list, not both"};
  Result<uint64_t> probes = probe_count(*a);
  if (!probes.ok()) return probes.failure();
  Result<WordList> list = load_words(*a);
  if (!list.ok()) return list.failure();
  std::optional<WordList> probe_list;
  if (const std::string* path = a->value("--probe-list")) {
    Result<WordList> l = read_word_list_file(*path);
    if (!l.ok()) return l.failure();
    probe_list = std::move(*l);
  }
  Result<WordSet> set = WordSet::create(*p);
  if (!set.ok()) return set.failure();
  set->add_all(list->words);
  const Measurement r = probe_list ? measure(*set, probe_list->words) : measure(*set, *probes);
  const double md = static_cast<double>(r.m);
  const double fill = static_cast<double>(r.bits_set) / md;
  const VariantOps& ops = set->filter().ops();
  // The fill expected of its cells: Bloom's 1 - e^(-kn/m) over all its bits, or the variant's own
  // (a cuckoo filter's load); a scalable filter's stages have none.
  const bool has_expectation = !ops.sizes_itself || ops.expected_fill;
  const double expected_fill = ops.expected_fill ? expected_fill_share(*p, double(r.n))
                                                 : theory::expected_fill(static_cast<double>(r.n), md, r.k);
  const bool has_exact = ops.has_exact_theory;
  // Words the filter refused (a full cuckoo filter): how many, and why, for the first of them.
  const uint64_t refused = list->words.size() - set->words().size();
  std::string refusal;
  for (const std::string& w : list->words)
    if (refused > 0 && !set->contains_word(w)) {
      refusal = set->filter().refusal(w).message;
      break;
    }

  if (a->has("--json")) {
    JsonWriter j;
    j.begin_object();
    json_filter_params(j, *p);
    write_measurement_fields(j, r);  // exact: null for the blocked variant
    j.field("bytes", set->filter().size_in_bytes());
    j.field("fill", fill).field("expectedFill", expected_fill);
    j.field("refused", refused);
    if (refused > 0) j.field("refusal", refusal);
    json_word_list(j, *list);
    j.end_object();
    std::cout << j.str() << '\n';
    return 0;
  }
  // A variant sizing its own arrays (scalable, cuckoo) is told by its own parameters and size,
  // its fill without Bloom's expectation.
  const std::string bytes = std::to_string(set->filter().size_in_bytes()) + " bytes";
  const std::string filter_row =
      ops.sizes_itself
          ? std::string(variant_title_text(p->variant)) + ", " + scheme_name(p->scheme) + " scheme" +
                own_params_text(*p) + ", " + std::to_string(set->filter().size_in_bits()) + " bits (" +
                bytes + ")"
          : std::string(variant_name(p->variant)) + ", " + scheme_name(p->scheme) +
                " scheme, m = " + std::to_string(r.m) + " bits (" + bytes + "), k = " + std::to_string(r.k);
  const std::string set_row =
      std::to_string(r.bits_set) + " of " + std::to_string(r.m) + " (" + fixed(100 * fill, 2) + "%" +
      (has_expectation ? "; expected " + fixed(100 * expected_fill, 2) + "%)" : std::string(")"));
  print_table({
      {"words", std::to_string(r.n) + " (" + list->report.summary() + ")" +
                    (refused ? "; " + std::to_string(refused) + " refused: " + refusal : "")},
      {"filter", filter_row},
      {std::string(cells_word(ops)) + " set", set_row},
      {"probes", std::to_string(r.probes) + " queried, " + std::to_string(r.skipped) + " skipped (members)"},
      {"false positives", std::to_string(r.false_positives)},
      {"measured FP", fixed(r.measured_rate, 6)},
      {"theory FP", fixed(r.theory_rate, 6) +
                        (has_exact ? " (approximation (1 - e^(-kn/m))^k)"
                                   : " (" + std::string(variant_title_text(p->variant)) + " estimate)")},
      {"exact FP", has_exact ? fixed(r.exact_rate, 6) + " (finite m, ideal hashes)"
                             : "n/a for " + std::string(variant_title_text(p->variant))},
  });
  return 0;
}

// --- sweep ----------------------------------------------------------------------------------

const char* const kSweepUsage =
    "usage: bloomlab sweep --words FILE [--bits-per-item A..B] [--k A..B|best] [--probes N]\n"
    "                      [--csv | --json]\n"
    "Measured and theoretical FP over a grid of m = bits_per_item * n and k (reference scheme,\n"
    "standard filter); every word and probe is hashed once.\n"
    "  --bits-per-item A..B   default 1..32 (1 to 1024; m must stay <= 2^32)\n"
    "  --k A..B | best        default 1..24 (1 to 64); best: one row per size, k = round((m/n) ln "
    "2)\n"
    "  --probes N             default 100000\n";

Result<int> run_sweep(const std::vector<std::string>& argv) {
  Result<Args> a = parse(argv, {{"--words", "--bits-per-item", "--k", "--probes"}, {"--csv", "--json"}});
  if (!a.ok()) return a.failure();
  if (!a->positional.empty())
    return Error{"sweep takes no words on the command line: '" + a->positional[0] + "'"};
  if (a->has("--csv") && a->has("--json")) return Error{"give --csv or --json, not both"};
  SweepGrid grid;
  if (const std::string* b = a->value("--bits-per-item")) {
    auto r = parse_range("--bits-per-item", *b, 1, 1024);
    if (!r.ok()) return r.failure();
    grid.bits_per_item_min = static_cast<uint32_t>(r->first);
    grid.bits_per_item_max = static_cast<uint32_t>(r->second);
  }
  if (const std::string* k = a->value("--k")) {
    if (*k == "best") {
      grid.best_k_only = true;
    } else {
      auto r = parse_range("--k", *k, 1, 64);
      if (!r.ok()) return r.failure();
      grid.k_min = static_cast<uint32_t>(r->first);
      grid.k_max = static_cast<uint32_t>(r->second);
    }
  }
  Result<uint64_t> probes = probe_count(*a);
  if (!probes.ok()) return probes.failure();
  grid.probes = *probes;
  Result<WordList> list = load_words(*a);
  if (!list.ok()) return list.failure();
  const uint64_t n = list->words.size();
  if (uint64_t{grid.bits_per_item_max} * n > kMaxBits) {
    return Error{"--bits-per-item " + std::to_string(grid.bits_per_item_max) + " with " + std::to_string(n) +
                 " words needs more than 2^32 bits"};
  }
  const std::vector<Measurement> rows = sweep(list->words, grid);

  if (a->has("--json")) {
    JsonWriter j;
    j.begin_object().field("n", n).field("probes", grid.probes).key("rows").begin_array();
    for (const Measurement& r : rows) {
      j.begin_object().field("bitsPerItem", double(r.m) / double(r.n));
      write_measurement_fields(j, r);
      j.end_object();
    }
    j.end_array().end_object();
    std::cout << j.str() << '\n';
    return 0;
  }
  if (a->has("--csv")) {
    std::cout << "bits_per_item,m,k,bits_set,false_positives,probes,measured_rate,theory_rate\n";
    for (const Measurement& r : rows) {
      std::printf("%" PRIu64 ",%" PRIu64 ",%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.9g,%.9g\n", r.m / r.n,
                  r.m, r.k, r.bits_set, r.false_positives, r.probes, r.measured_rate, r.theory_rate);
    }
    return 0;
  }
  std::vector<std::vector<std::string>> table{
      {"bits/item", "m", "k", "bits set", "FP", "probes", "measured", "theory"}};
  for (const Measurement& r : rows) {
    table.push_back({std::to_string(r.m / r.n), std::to_string(r.m), std::to_string(r.k),
                     std::to_string(r.bits_set), std::to_string(r.false_positives), std::to_string(r.probes),
                     fixed(r.measured_rate, 6), fixed(r.theory_rate, 6)});
  }
  print_table(table);
  return 0;
}

// --- growth ---------------------------------------------------------------------------------

const char* const kGrowthUsage =
    "usage: bloomlab growth --words FILE --m M --k K [--points N] [--probes N]\n"
    "                       [--scheme S] [--variant V] [--counters C] [--json]\n"
    "False positives as the filter fills: the words of FILE inserted in order, the probes\n"
    "(probe-0 .. probe-(N-1), members skipped) queried after the first n, at N points from 0 to\n"
    "the list's size; beside the theory (1 - e^(-kn/m))^k, the fill and its expectation\n"
    "1 - e^(-kn/m), and the design n = m ln 2 / k for which k is the best. A variant that sizes\n"
    "itself (--variant scalable, cuckoo, binaryFuse) takes its own options instead of --m and --k, and\n"
    "its own theory and fill (a cuckoo filter's: the load n / (B b)).\n"
    "  --points N   41 by default (2 to 10001)\n"
    "  --probes N   100000 by default\n"
    "  --scheme, --variant and its own options (--counters, --n0, ...) as for `bloomlab positions`\n";

Result<int> run_growth(const std::vector<std::string>& argv) {
  Result<Args> a = parse(argv, with_params({"--words", "--points", "--probes"}, {"--json"}));
  if (!a.ok()) return a.failure();
  if (!a->positional.empty())
    return Error{"growth takes no words on the command line: '" + a->positional[0] + "'"};
  Result<FilterParams> p = filter_params(*a, {});
  if (!p.ok()) return p.failure();
  if (!variant_ops(p->variant).sizes_itself && (!a->has("--m") || !a->has("--k")))
    return Error{"growth needs --m and --k"};
  GrowthOptions o;
  if (const std::string* n = a->value("--points")) {
    Result<uint64_t> v = parse_count("--points", *n, 2, 10001);
    if (!v.ok()) return v.failure();
    o.points = static_cast<uint32_t>(*v);
  }
  Result<uint64_t> probes = probe_count(*a);
  if (!probes.ok()) return probes.failure();
  o.probes = *probes;
  Result<WordList> list = load_words(*a);
  if (!list.ok()) return list.failure();
  const std::vector<GrowthPoint> points = growth(*p, list->words, o);
  const double designed = design_n(*p);
  if (a->has("--json")) {
    JsonWriter j;
    j.begin_object();
    json_filter_params(j, *p);
    write_growth_fields(j, points, designed);
    j.field("probes", o.probes);
    json_word_list(j, *list);
    j.end_object();
    std::cout << j.str() << '\n';
    return 0;
  }
  std::cout << filter_heading(*p);
  if (std::isfinite(designed)) std::cout << "; designed for n = " << fixed(designed, 0) << " (k best there)";
  std::cout << "; " << o.probes << " probes\n";
  std::vector<std::vector<std::string>> table{{"n", std::string(cells_word(variant_ops(p->variant))) + " set",
                                               "fill", "expected fill", "FP", "probes", "measured",
                                               "theory"}};
  for (const GrowthPoint& g : points) {
    table.push_back({std::to_string(g.n), std::to_string(g.bits_set), fixed(g.fill, 4),
                     fixed(g.expected_fill, 4), std::to_string(g.false_positives), std::to_string(g.probes),
                     fixed(g.measured, 6), fixed(g.theory, 6)});
  }
  print_table(table);
  return 0;
}

// --- design ---------------------------------------------------------------------------------

const char* const kDesignUsage =
    "usage: bloomlab design --n N (--p P | --memory SIZE) [--json]\n"
    "The filter for N items at false-positive rate P: m = ceil(-N ln P / (ln 2)^2),\n"
    "k = max(1, round((m/N) ln 2)), its size and its expected FP; beside it one article's Python\n"
    "rounding (m = max(1, floor(-N ln P / (ln 2)^2)), k = max(1, floor((m/N) ln 2))).\n"
    "With --memory: the best k for N items in SIZE (at most 64), and the FP it gives.\n"
    "Any size is answered: beyond BloomLab's 2^32 bits the result is theory only, and says so.\n"
    "  --n N          items, 1 to 1000000000000 (10^12)\n"
    "  --p P          target FP rate, from 1e-12 to below 1 (e.g. 0.01)\n"
    "  --memory SIZE  a memory budget: 4GiB, 512MiB, 100000bytes, 1e6bits, 4GB (10^9 bytes)...\n"
    "example: bloomlab design --n 5000000000 --memory 4GiB\n";

void json_design(JsonWriter& j, const char* key, const Design& d) {
  j.key(key).begin_object().field("m", d.m).field("k", uint64_t{d.k});
  j.field("bytes", (d.m + 7) / 8).field("expectedFp", d.fp).field("fits", d.buildable).end_object();
}

// "too large to build" in words, or nothing.
std::string theory_only(const Design& d) {
  if (d.buildable) return "";
  if (d.m > kMaxBits)
    return memory_text(d.m) + ": too large to build in BloomLab (2^32 bits at most); the theory holds";
  return "k = " + std::to_string(d.k) +
         ": more than 64 hashes, too many to build in BloomLab; the theory holds";
}

Result<int> run_design(const std::vector<std::string>& argv) {
  Result<Args> a = parse(argv, {{"--n", "--p", "--memory"}, {"--json"}});
  if (!a.ok()) return a.failure();
  if (!a->positional.empty()) return Error{"design takes no words: '" + a->positional[0] + "'"};
  if (!a->has("--n") || (!a->has("--p") && !a->has("--memory")))
    return Error{"design needs --n and --p (or --n and --memory)"};
  if (a->has("--p") && a->has("--memory")) return Error{"give --p or --memory, not both"};
  Result<uint64_t> n = parse_count("--n", *a->value("--n"), 1, 1000000000000ull);
  if (!n.ok()) return n.failure();
  const double nd = static_cast<double>(*n);

  if (const std::string* text = a->value("--memory")) {
    Result<uint64_t> bits = parse_memory(*text);
    if (!bits.ok()) return Error{"--memory: " + bits.error(), bits.failure().code, bits.failure().args};
    const Design d = design_for_memory(nd, *bits);
    if (a->has("--json")) {
      JsonWriter j;
      j.begin_object().field("n", *n).field("memoryBits", *bits);
      json_design(j, "best", d);
      j.field("bitsPerItem", theory::bits_per_item(static_cast<double>(d.m), nd)).end_object();
      std::cout << j.str() << '\n';
      return 0;
    }
    std::vector<std::vector<std::string>> rows{
        {"n", std::to_string(*n)},
        {"memory", memory_text(*bits)},
        {"bits per item", fixed(theory::bits_per_item(static_cast<double>(d.m), nd), 3)},
        {"best k", std::to_string(d.k)},
        {"expected FP", fixed(d.fp, 6) + " (1 - e^(-kn/m))^k" +
                            (d.fp < 1e-4 ? " = " +
                                               [&] {
                                                 char buf[32];
                                                 std::snprintf(buf, sizeof buf, "%.3g", d.fp);
                                                 return std::string(buf);
                                               }()
                                         : std::string())},
    };
    if (!d.buildable) rows.push_back({"note", theory_only(d)});
    print_table(rows);
    return 0;
  }
  Result<double> p = parse_real("--p", *a->value("--p"));
  if (!p.ok()) return p.failure();
  if (!(*p > 0 && *p < 1)) return Error{"--p must be strictly between 0 and 1, got " + *a->value("--p")};
  if (*p < kMinDesignRate)  // the documented floor, as the page's design helper
    return Error{"--p must be from 1e-12 to below 1, got " + *a->value("--p")};
  const Design ours = design_for_rate(nd, *p);
  const Design floor = design_for_rate_floor(nd, *p);
  const uint64_t m = ours.m;
  const double md = static_cast<double>(m);
  const uint32_t k = ours.k;
  const bool fits = ours.buildable;
  const double approx = ours.fp;
  const double exact = k <= kMaxHashes ? theory::exact_fp_rate(*n, m, k) : approx;
  if (a->has("--json")) {
    JsonWriter j;
    j.begin_object().field("n", *n).field("p", *p).field("m", m).field("k", uint64_t{k});
    j.field("bytes", (m + 7) / 8).field("bitsPerItem", theory::bits_per_item(md, nd));
    j.field("expectedFp", approx).field("exactFp", exact).field("fits", fits);
    json_design(j, "floor", floor);
    j.end_object();
    std::cout << j.str() << '\n';
    return 0;
  }
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.6g", *p);
  std::vector<std::vector<std::string>> rows{
      {"n", std::to_string(*n)},
      {"target p", *p >= 1e-6 ? fixed(*p, 6) : std::string(rate)},
      {"m", std::to_string(m) + " bits" + (fits ? "" : " (beyond BloomLab's 2^32-bit limit)")},
      {"k", std::to_string(k)},
      {"bytes", std::to_string((m + 7) / 8)},
      {"bits per item", fixed(theory::bits_per_item(md, nd), 3)},
      {"expected FP", fixed(approx, 6) + " (1 - e^(-kn/m))^k; exact for finite m: " + fixed(exact, 6)},
      {"floor rounding", "m = " + std::to_string(floor.m) + ", k = " + std::to_string(floor.k) +
                             ", expected FP " + fixed(floor.fp, 6) +
                             " (one article's Python: floor of both)"},
  };
  if (!fits) rows.push_back({"note", theory_only(ours)});
  print_table(rows);
  return 0;
}

// --- check ----------------------------------------------------------------------------------

const char* const kCheckUsage =
    "usage: bloomlab check --words FILE [--m M --k K] [--scheme S] [--variant V] [--json] WORD...\n"
    "Adds the words of FILE, then asks about each WORD: \"definitely not\" with the zero bits, or\n"
    "\"possibly\" with the added words that set its bits (the culprits of a false positive).\n"
    "Without --m/--k the filter is the 1% design for the list: bloomlab design --n <words> --p "
    "0.01.\n";

Result<int> run_check(const std::vector<std::string>& argv) {
  Result<Args> a = parse(argv, with_params({"--words"}, {"--json"}));
  if (!a.ok()) return a.failure();
  if (a->positional.empty()) return Error{"check needs at least one WORD"};
  if (std::optional<Error> e = check_words(a->positional)) return *e;
  if (a->has("--m") != a->has("--k")) return Error{"give both --m and --k, or neither"};
  Result<WordList> list = load_words(*a);
  if (!list.ok()) return list.failure();
  FilterParams defaults;
  const double n = static_cast<double>(list->words.size());
  defaults.m = theory::bits_for(n, 0.01);
  defaults.k = theory::optimal_k(static_cast<double>(defaults.m), n);
  Result<FilterParams> p = filter_params(*a, defaults);
  if (!p.ok()) return p.failure();
  Result<WordSet> set = WordSet::create(*p);
  if (!set.ok()) return set.failure();
  set->add_all(list->words);
  if (a->has("--json")) {
    JsonWriter j;
    j.begin_object();
    json_filter_params(j, set->params());
    j.field("n", uint64_t{set->words().size()}).key("results").begin_array();
    for (const std::string& w : a->positional) write_explained(j, w, set->explain(w), &set->filter());
    j.end_array().end_object();
    std::cout << j.str() << '\n';
    return 0;
  }
  const FilterParams& used = set->params();
  std::cout << filter_heading(used) << ", " << set->filter().size_in_bits() << " bits, "
            << set->words().size() << " words\n";
  std::vector<std::vector<std::string>> rows;
  for (const std::string& w : a->positional) {
    const Explained e = set->explain(w);
    std::string where = "[" + join(e.positions, ", ") + "]";
    if (const auto two = e.buckets())  // a filter of fingerprints: the word's two buckets
      where = "buckets [" + std::to_string((*two)[0]) + ", " + std::to_string((*two)[1]) + "]";
    rows.push_back({shown(w), where, shown(e.sentence())});
  }
  print_table(rows);
  return 0;
}

// --- code -----------------------------------------------------------------------------------

const char* const kCodeUsage =
    "usage: bloomlab code --language L --m M --k K [--scheme S] [--words FILE] [--ask WORD]\n"
    "                     [--probes N] [WORD...]\n"
    "A complete program (the Code panel's) that builds this standard filter and prints each word\n"
    "with its verdict and positions, the bits set and the false positives over the probes.\n"
    "  --language L   python, go, javascript (node), cpp\n"
    "  --scheme S     reference (default) or sha256md5\n"
    "  --words FILE   the words: passwords-10k (the program reads passwords-10k.txt), or a file\n"
    "                 (up to 1000 words are written into the program, more are read from FILE)\n"
    "  WORD...        the words, without --words\n"
    "  --ask WORD     one more word to ask about (the word box)\n";

Result<int> run_code(const std::vector<std::string>& argv) {
  Result<Args> a =
      parse(argv, {{"--language", "--m", "--k", "--scheme", "--words", "--ask", "--probes"}, {}});
  if (!a.ok()) return a.failure();
  const std::string* language = a->value("--language");
  if (!language) return Error{"code needs --language (python, go, javascript or cpp)"};
  const std::optional<Language> l = parse_language(*language);
  if (!l) return Error{"--language must be python, go, javascript or cpp, got '" + *language + "'"};
  if (!a->has("--m") || !a->has("--k")) return Error{"code needs --m and --k"};
  Result<FilterParams> p = filter_params(*a, {});
  if (!p.ok()) return p.failure();
  if (!program_supports(p->scheme))
    return Error{"--scheme must be reference or sha256md5 for a program, got '" + *a->value("--scheme") +
                 "'"};
  if (std::optional<Error> e = check_words(a->positional)) return *e;
  Result<uint64_t> probes = probe_count(*a);
  if (!probes.ok()) return probes.failure();
  ProgramSpec spec;
  spec.params = *p;
  spec.probes = *probes;
  if (const std::string* name = a->value("--words")) {
    if (!a->positional.empty()) return Error{"give --words FILE or WORDs, not both"};
    Result<WordList> list = load_words(*a);
    if (!list.ok()) return list.failure();
    if (*name == kBundledList)
      spec.words_file = std::string(kBundledList) + ".txt";
    else if (list->words.size() > 1000)
      spec.words_file = *name;
    else
      spec.words = list->words;
  } else {
    for (const std::string& w : a->positional)  // duplicates once, as the filter counts them
      if (std::find(spec.words.begin(), spec.words.end(), w) == spec.words.end()) spec.words.push_back(w);
  }
  if (const std::string* ask = a->value("--ask")) {
    if (std::optional<Error> e = check_words({*ask}, "--ask")) return *e;
    if (std::find(spec.words.begin(), spec.words.end(), *ask) == spec.words.end())
      spec.questions.push_back(*ask);
  }
  std::cout << program(*l, spec, *builtin_program_templates());
  return 0;
}

// --- speed ----------------------------------------------------------------------------------

const char* const kSpeedUsage =
    "usage: bloomlab speed [--m M] [--k K] [--queries N] [--rounds N] [--no-out-of-cache] [--json]\n"
    "Nanoseconds per query of the standard and the blocked filter, side by side, and of a cuckoo\n"
    "(f = 12, b = 4) and a binary fuse filter (f = 8) holding the same words: at m (100000 by\n"
    "default; filled with random words to its design n = m ln 2 / k) and at m = 2^28 bits = 32 MiB\n"
    "(beyond the processor's caches; 1,000,000 words), for present and absent words, asked one by\n"
    "one and 32 at a time; the best of the rounds. The page's Speed panel runs the same code.\n"
    "  --k N        7 by default\n"
    "  --queries N  200000 by default: queries per pass (1000 to 100000000)\n"
    "  --rounds N   3 by default (1 to 100)\n";

Result<int> run_speed(const std::vector<std::string>& argv) {
  Result<Args> a = parse(argv, {{"--m", "--k", "--queries", "--rounds"}, {"--json", "--no-out-of-cache"}});
  if (!a.ok()) return a.failure();
  if (!a->positional.empty()) return Error{"speed takes no words: '" + a->positional[0] + "'"};
  FilterParams defaults;
  defaults.m = 100000;
  defaults.k = 7;
  Result<FilterParams> p = filter_params(*a, defaults);
  if (!p.ok()) return p.failure();
  if (auto bad = validate(*p)) return *bad;
  SpeedOptions o;
  o.m = p->m;
  o.k = p->k;
  o.out_of_cache = !a->has("--no-out-of-cache");
  const std::pair<const char*, std::pair<uint64_t, uint64_t>> limits[] = {
      {"--queries", {kSpeedMinQueries, kSpeedMaxQueries}}, {"--rounds", {1, kSpeedMaxRounds}}};
  for (const auto& [option, range] : limits) {
    if (const std::string* text = a->value(option)) {
      Result<uint64_t> v = parse_count(option, *text, range.first, range.second);
      if (!v.ok()) return v.failure();
      if (std::string_view(option) == "--queries")
        o.queries = *v;
      else
        o.rounds = static_cast<uint32_t>(*v);
    }
  }
  const SpeedRun run = measure_speed(o);
  if (a->has("--json")) {
    JsonWriter j;
    j.begin_object().field("k", uint64_t{o.k});
    write_speed_fields(j, run);
    j.end_object();
    std::cout << j.str() << '\n';
    return 0;
  }
  std::cout << "k = " << o.k << ", " << o.queries << " queries per pass, best of " << o.rounds
            << " rounds; random words\n";
  if (run.skipped()) std::cout << "m = 2^28 not measured: " << run.skipped()->message << "\n";
  std::vector<std::vector<std::string>> table{{"m", "words", "keys", "asked", "standard ns", "blocked ns",
                                               "blocked speed-up", "cuckoo ns", "binary fuse ns"}};
  for (const SpeedRow& r : run.rows()) {
    if (r.kind != FamilyKind::standard) continue;
    const SpeedRow* b = run.find(FamilyKind::blocked, r.m, r.present, r.batch);
    const SpeedRow* c = run.find(FamilyKind::cuckoo, r.m, r.present, r.batch);
    const SpeedRow* f = run.find(FamilyKind::binary_fuse, r.m, r.present, r.batch);
    if (!b || !c || !f) continue;
    table.push_back({std::to_string(r.m), std::to_string(r.words), r.present ? "present" : "absent",
                     r.batch ? "32 at a time" : "one by one", fixed(r.ns_per_query, 1),
                     fixed(b->ns_per_query, 1), fixed(r.ns_per_query / b->ns_per_query, 2) + "x",
                     fixed(c->ns_per_query, 1), fixed(f->ns_per_query, 1)});
  }
  print_table(table);
  // The cuckoo and binary fuse filters' own sizes (they hold the same words as the Bloom filters).
  for (const SpeedRow& r : run.rows())
    if (r.kind >= FamilyKind::cuckoo && r.present && !r.batch)
      std::cout << family_kind_name(r.kind) << " at m = " << r.m << ": " << r.bits << " bits\n";
  return 0;
}

// --- family ---------------------------------------------------------------------------------

const char* const kFamilyUsage =
    "usage: bloomlab family --words FILE [--probes N] [--json]\n"
    "The filter family on the same words, each sized for them: a standard Bloom filter at its best\n"
    "k designed for p = 2^-8, 2^-12 and 2^-16, a blocked one of the same m and k, cuckoo filters\n"
    "(f = 8, 12, 16 bits, b = 4, the fewest buckets at a load of at most 96%) and binary fuse\n"
    "filters (f = 8, 16). For each: bits per word, the measured FP (probe-0 .. probe-(N-1), the\n"
    "words among them skipped) beside its theory, how far it is above the lower bound log2(1/p)\n"
    "bits per word, and nanoseconds per query here; then what each can do.\n"
    "  --probes N   1000000 by default (1 to 1000000000)\n";

std::string family_params_text(const FamilyRow& r) {
  switch (r.kind) {
    case FamilyKind::standard:
    case FamilyKind::blocked: return "m = " + std::to_string(r.m) + ", k = " + std::to_string(r.k);
    case FamilyKind::cuckoo:
      return "f = " + std::to_string(r.fingerprint_bits) + ", b = " + std::to_string(r.bucket_size) +
             ", B = " + std::to_string(r.buckets);
    case FamilyKind::binary_fuse:
      return "f = " + std::to_string(r.fingerprint_bits) + ", " + std::to_string(r.slots) + " slots";
  }
  return "";
}

std::string percent(double fraction, int digits) { return fixed(100 * fraction, digits) + "%"; }

Result<int> run_family(const std::vector<std::string>& argv) {
  Result<Args> a = parse(argv, {{"--words", "--probes"}, {"--json"}});
  if (!a.ok()) return a.failure();
  if (!a->positional.empty())
    return Error{"family takes no words on the command line: '" + a->positional[0] + "'"};
  Result<uint64_t> probes = a->has("--probes") ? probe_count(*a) : Result<uint64_t>(kFamilyDefaultProbes);
  if (!probes.ok()) return probes.failure();
  Result<WordList> list = load_words(*a);
  if (!list.ok()) return list.failure();
  // Distinct words, as a filter holds them.
  std::vector<std::string> words;
  std::unordered_set<std::string_view> seen;
  words.reserve(list->words.size());
  for (const std::string& w : list->words)
    if (seen.insert(w).second) words.push_back(w);
  if (words.empty()) return Error{"family needs words: the list has none"};
  const FamilyRun run = measure_family(words, *probes);

  if (a->has("--json")) {
    JsonWriter j;
    j.begin_object();
    write_family_fields(j, run, words.size());
    json_word_list(j, *list);
    j.end_object();
    std::cout << j.str() << '\n';
    return 0;
  }
  std::cout << words.size() << " words (" << list->report.summary() << "), " << *probes
            << " probes each; the bound: log2(1/p) bits per word for a false-positive rate p\n";
  std::vector<std::vector<std::string>> table{{"structure", "parameters", "bits/word", "measured FP",
                                               "theory FP", "bound", "over bound", "load", "ns/query"}};
  for (const FamilyRow& r : run.rows())
    table.push_back({family_kind_name(r.kind), family_params_text(r), fixed(r.bits_per_item, 2),
                     percent(r.measured, 4), percent(r.theory, 4), fixed(r.bound_bits, 2),
                     "+" + fixed(100 * r.over_bound, 0) + "%", r.slots ? percent(r.load, 0) : "",
                     fixed(r.ns_per_query, 1)});
  print_table(table);
  std::cout << '\n';
  std::vector<std::vector<std::string>> can{
      {"structure", "add", "remove", "fills up to", "cache lines per query"}};
  for (size_t i = 0; i < kFamilyKinds; ++i) {
    const FamilyTraits& t = family_traits(FamilyKind(i));
    can.push_back({family_kind_name(FamilyKind(i)), t.adds ? "yes" : "no: an add rebuilds it",
                   t.removes ? "yes" : "no",
                   t.max_load == 0   ? "any number of words (its FP rises)"
                   : t.max_load >= 1 ? "exactly its words"
                                     : "about " + fixed(100 * t.max_load, 0) + "% of its slots",
                   t.cache_lines ? std::to_string(t.cache_lines) : "up to k"});
  }
  print_table(can);
  return 0;
}

}  // namespace

std::vector<std::string>& warnings() {
  static std::vector<std::string> said;
  return said;
}

const std::vector<Command>& commands() {
  static const std::vector<Command> all{
      {"positions", "the k bit positions of words", kPositionsUsage, run_positions},
      {"measure", "build a filter from a word list and measure its false-positive rate", kMeasureUsage,
       run_measure},
      {"sweep", "measured vs theoretical FP over a grid of sizes and k", kSweepUsage, run_sweep},
      {"growth", "false positives as the filter fills, word by word", kGrowthUsage, run_growth},
      {"speed", "query time of the standard and the blocked filter, side by side", kSpeedUsage, run_speed},
      {"family", "Bloom, blocked, cuckoo and binary fuse filters on the same words, against the bound",
       kFamilyUsage, run_family},
      {"design", "m and k for n items at a target FP rate", kDesignUsage, run_design},
      {"check", "ask a filter about words, with the culprits of false positives", kCheckUsage, run_check},
      {"code", "a runnable program for a filter, in Python, Go, JavaScript or C++", kCodeUsage, run_code},
  };
  return all;
}

}  // namespace bloomlab::cli
