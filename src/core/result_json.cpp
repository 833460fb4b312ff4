#include "result_json.h"

#include "memory.h"
#include "params.h"
#include "parse.h"

namespace bloomlab {

const char* verdict_token(Verdict v) { return v == Verdict::possibly ? "possibly" : "definitely_not"; }

void write_params(JsonWriter& w, const FilterParams& p) {
  w.begin_object().field("m", p.m).field("k", p.k).field("variant", variant_name(p.variant));
  w.field("scheme", scheme_name(p.scheme));
  // The variant's own parameters (its rows, params.h): numbers as numbers, choices as text
  // (the counting filter's "4", "8" or "unbounded").
  const VariantOps& ops = variant_ops(p.variant);
  for (size_t i = 0; i < ops.param_count; ++i) {
    const ParamRow& row = *ops.params[i];
    if (row.type == ParamType::choice)
      w.field(row.key, row.get(p));
    else
      w.field(row.key, parse_real(row.get(p)).value_or(0));
  }
  w.end_object();
}

void write_explained(JsonWriter& w, std::string_view word, const Explained& e, const Filter* filter) {
  write_explained(w, word, e, e.sentence(), filter);
}

void write_explained(JsonWriter& w, std::string_view word, const Explained& e, std::string_view sentence,
                     const Filter* filter) {
  w.begin_object();
  w.field("word", word);
  w.field("verdict", verdict_token(e.verdict));
  if (filter) filter->place_json(word, w);
  w.array("positions", e.positions);
  w.array("zeroBits", e.zero_bits);
  w.array("culprits", e.culprits);  // the first Explained::kMaxListed
  w.field("culpritCount", e.culprit_count);
  w.field("isMember", e.is_member);
  w.field("validUtf8", is_valid_utf8(word));
  w.field("sentence", sentence);
  w.end_object();
}

void write_measurement(JsonWriter& w, const Measurement& m) {
  w.begin_object();
  write_measurement_fields(w, m);
  w.end_object();
}

void write_measurement_fields(JsonWriter& w, const Measurement& m) {
  w.field("n", m.n)
      .field("m", m.m)
      .field("k", m.k)
      .field("bitsSet", m.bits_set)
      .field("falsePositives", m.false_positives)
      .field("probes", m.probes)
      .field("skipped", m.skipped)
      .field("rate", m.measured_rate)
      .field("theory", m.theory_rate);
  w.key("exact");
  if (m.has_exact)
    w.value(m.exact_rate);
  else
    w.null();
}

void write_word_list_report(JsonWriter& w, uint64_t words, const WordListReport& r) {
  w.begin_object().field("words", words).field("lines", r.lines);
  w.field("emptyLines", r.empty_lines).field("duplicates", r.duplicates);
  w.field("invalidUtf8Lines", r.invalid_utf8_lines).field("nulLines", r.nul_lines);
  w.field("encoding", r.encoding.empty() ? "UTF-8" : r.encoding);
  w.field("summary", r.summary()).end_object();
}

void write_growth_fields(JsonWriter& w, const std::vector<GrowthPoint>& points, double design_n) {
  w.key("points").begin_array();
  for (const GrowthPoint& g : points) {
    w.begin_object().field("n", g.n).field("measured", g.measured).field("theory", g.theory);
    w.field("fill", g.fill).field("expectedFill", g.expected_fill).field("bitsSet", g.bits_set);
    w.field("falsePositives", g.false_positives).field("probes", g.probes).end_object();
  }
  w.end_array();
  w.field("designN", design_n);
}

void write_memory(JsonWriter& w, uint64_t filter_bytes, uint64_t list_text_bytes, uint64_t hash_set_bytes) {
  w.begin_object().field("filterBytes", filter_bytes).field("listTextBytes", list_text_bytes);
  w.field("hashSetBytes", hash_set_bytes).field("pythonSetBytes", kArticlePythonSetBytes);
  w.field("pythonVersion", kArticlePythonVersion).end_object();
}

void write_speed_fields(JsonWriter& w, const SpeedRun& run) {
  w.key("rows").begin_array();
  for (const SpeedRow& r : run.rows()) {
    w.begin_object().field("variant", family_kind_name(r.kind)).field("m", r.m).field("bits", r.bits);
    w.field("words", r.words);
    w.field("keys", r.present ? "present" : "absent").field("mode", r.batch ? "batch" : "one");
    w.field("nsPerQuery", r.ns_per_query).field("maybes", r.maybes).field("queries", r.queries).end_object();
  }
  w.end_array().field("rounds", uint64_t{run.options().rounds}).key("skipped");
  if (run.skipped())
    w.value(run.skipped()->message);
  else
    w.null();
}

void write_family_fields(JsonWriter& w, const FamilyRun& run, uint64_t words) {
  w.field("words", words).field("probes", run.probes()).key("rows").begin_array();
  for (const FamilyRow& r : run.rows()) {
    w.begin_object().field("variant", family_kind_name(r.kind)).key("params").begin_object();
    if (r.kind == FamilyKind::standard || r.kind == FamilyKind::blocked) w.field("m", r.m).field("k", r.k);
    if (r.fingerprint_bits) w.field("fingerprintBits", r.fingerprint_bits);
    if (r.kind == FamilyKind::cuckoo) w.field("bucketSize", r.bucket_size).field("buckets", r.buckets);
    w.end_object()
        .field("bits", r.m)
        .field("items", r.items)
        .field("bitsPerItem", r.bits_per_item)
        .key("load");
    if (r.slots)
      w.value(r.load);
    else
      w.null();
    w.field("measured", r.measured).field("falsePositives", r.false_positives).field("probes", r.probes);
    w.field("theory", r.theory).field("boundBits", r.bound_bits).field("overBound", r.over_bound);
    w.field("nsPerQuery", r.ns_per_query).end_object();
  }
  const FamilyCurves c = run.curves();
  w.end_array().key("curves").begin_object().field("cuckooLoad", c.cuckoo_load);
  w.field("cuckooBucketSize", c.cuckoo_bucket).field("fuseSlotsPerItem", c.fuse_slots_per_item).end_object();
  w.key("can").begin_object();
  for (size_t i = 0; i < kFamilyKinds; ++i) {
    const FamilyTraits& t = family_traits(FamilyKind(i));
    w.key(family_kind_name(FamilyKind(i))).begin_object().field("add", t.adds).field("remove", t.removes);
    w.key("maxLoad");
    if (t.max_load > 0)
      w.value(t.max_load);
    else
      w.null();
    w.key("cacheLines");
    if (t.cache_lines > 0)
      w.value(t.cache_lines);
    else
      w.value("k");
    w.end_object();
  }
  w.end_object();
}

}  // namespace bloomlab
