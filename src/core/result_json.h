// One JSON schema for results, shared by the CLI's --json and the page's JS API: the same keys
// (camelCase), the same verdict tokens ("possibly", "definitely_not"), numbers as numbers and
// null where a value does not apply (never a string such as "n/a").
#pragma once
#include <string_view>

#include "experiment.h"
#include "family.h"
#include "growth.h"
#include "json_writer.h"
#include "speed.h"
#include "word_list.h"
#include "word_set.h"

namespace bloomlab {

const char* verdict_token(Verdict v);  // "possibly" | "definitely_not"

// {m, k, variant, scheme}
void write_params(JsonWriter& w, const FilterParams& p);
// {word, verdict, positions, zeroBits, culprits, isMember, validUtf8, sentence}: the sentence
// is the core's English (Explained::sentence, the CLI's), or the caller's words for the same
// facts (the page's, in its language).
// filter: the word's, for a variant that has more to say of a word's place (the cuckoo
// filter's fingerprint and buckets, VariantOps::place_json); null: the positions only.
void write_explained(JsonWriter& w, std::string_view word, const Explained& e,
                     const Filter* filter = nullptr);
void write_explained(JsonWriter& w, std::string_view word, const Explained& e, std::string_view sentence,
                     const Filter* filter = nullptr);
// {n, m, k, bitsSet, falsePositives, probes, skipped, rate, theory, exact}: exact is null where
// the exact formula does not apply (the blocked variant) or was not computed.
void write_measurement(JsonWriter& w, const Measurement& m);
// The same fields, inside an object the caller opened (and adds its own fields to).
void write_measurement_fields(JsonWriter& w, const Measurement& m);
// {words, lines, emptyLines, duplicates, invalidUtf8Lines, nulLines, encoding, summary}
void write_word_list_report(JsonWriter& w, uint64_t words, const WordListReport& r);

// "points": [{n, measured, theory, fill, expectedFill, bitsSet, falsePositives, probes}],
// "designN": inside an object the caller opened (the CLI's growth --json, the JS API's growth()).
void write_growth_fields(JsonWriter& w, const std::vector<GrowthPoint>& points, double design_n);
// {filterBytes, listTextBytes, hashSetBytes, pythonSetBytes, pythonVersion}
void write_memory(JsonWriter& w, uint64_t filter_bytes, uint64_t list_text_bytes, uint64_t hash_set_bytes);
// "rows": [{variant, m, words, keys: "present"|"absent", mode: "one"|"batch", nsPerQuery,
// maybes, queries}], "rounds", "skipped" (why the out-of-cache size was not measured, or null):
// inside an object the caller opened (the CLI's speed --json, the JS API's speed()).
void write_speed_fields(JsonWriter& w, const SpeedRun& run);
// The filter family's measurement (family.h) as fields {words, probes, rows: [{variant, params,
// bits, items, bitsPerItem, load, measured, falsePositives, probes, theory, boundBits, overBound,
// nsPerQuery}], curves, can: {variant: {add, remove, maxLoad, cacheLines}}} inside an object the
// caller opened (the CLI's family --json, the JS API's family()).
void write_family_fields(JsonWriter& w, const FamilyRun& run, uint64_t words);

}  // namespace bloomlab
