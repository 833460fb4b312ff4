// A variant added from this file alone, through the registry (core/variant.h register_variant):
// the CLI's --variant, a link's variant= and the JS API's setParams (set_params_text, what
// bl_set_params calls) know it without a line changed anywhere else. Its own binary, so that
// the other tests never see it.
//
// The toy: "every (m/k)-th bit": an item's k positions are evenly spaced from h mod m,
// pos_i = (h mod m + i·⌊m/k⌋) mod m. Worse than the standard filter (two items that share a
// start share every bit), which is why it is only a toy.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest.h>

#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/model/url_params.h"
#include "cli/commands.h"
#include "core/filter.h"
#include "core/params.h"
#include "test_support.h"

using namespace bloomlab;
using namespace bloomlab::app;
using namespace bloomlab::app::testing;

namespace {

size_t toy_positions(const FilterParams& p, const FilterStorage*, size_t, std::string_view, uint64_t h,
                     uint64_t* out) {
  const uint64_t step = std::max<uint64_t>(1, p.m / p.k);
  for (uint32_t i = 0; i < p.k; ++i) out[i] = (h % p.m + i * step) % p.m;
  return p.k;
}
void toy_init(FilterStorage& s) {
  s.bits.assign(size_t((s.params.m + 63) / 64), 0);
  s.bit_count = s.params.m;
  s.n = s.bits_set = 0;
}
InsertOutcome toy_insert(FilterStorage& s, std::string_view item, uint64_t h) {
  uint64_t pos[kMaxPositions];
  for (size_t i = 0, n = toy_positions(s.params, nullptr, 1, item, h, pos); i < n; ++i) {
    uint64_t& word = s.bits[size_t(pos[i] / 64)];
    const uint64_t mask = uint64_t{1} << (pos[i] % 64);
    s.bits_set += (word & mask) == 0;
    word |= mask;
  }
  ++s.n;
  return InsertOutcome::added;
}
bool toy_contains(const FilterStorage& s, std::string_view item, uint64_t h) {
  uint64_t pos[kMaxPositions];
  for (size_t i = 0, n = toy_positions(s.params, nullptr, 1, item, h, pos); i < n; ++i)
    if (!(s.bits[size_t(pos[i] / 64)] >> (pos[i] % 64) & 1)) return false;
  return true;
}
uint64_t toy_bytes(const FilterParams& p) { return (p.m + 7) / 8; }
uint64_t toy_bits(const FilterStorage& s) { return s.params.m; }
// Its FP is no Bloom filter's: the chance that a query's start is one an item's k positions cover
// in full; near n·k/m for few items. A rough stand-in is enough for a toy.
double toy_fp(const FilterParams& p, double n) { return std::min(1.0, n / double(p.m)); }

const Variant kToy = register_variant(VariantOps{
    Variant::standard,  // ignored: the registry gives it the next id
    "toy",
    "toy",
    /*can_remove=*/false,
    /*has_exact_theory=*/false,
    /*grows=*/false,
    /*sizes_itself=*/false,
    "n / m (a toy's guess)",
    CellHolds::bit,
    /*rebuilt_on_add=*/false,
    /*params=*/nullptr,
    /*param_count=*/0,
    /*validate=*/nullptr,
    toy_bytes,
    toy_init,
    toy_insert,
    /*insert_many=*/nullptr,
    toy_contains,
    /*contains_batch=*/nullptr,
    /*remove=*/nullptr,
    /*remove_unchecked=*/nullptr,
    /*counter=*/nullptr,
    toy_positions,
    /*trace=*/nullptr,
    /*place_json=*/nullptr,
    /*refusal=*/nullptr,
    /*full=*/nullptr,
    /*breaks=*/nullptr,
    toy_bits,
    toy_fp,
    /*group=*/nullptr,
    /*expected_fill=*/nullptr,
    /*estimate_n=*/nullptr,
});

// Runs a `bloomlab` subcommand in this process; its stdout.
std::string run_cli(const std::string& name, const std::vector<std::string>& args, int* code) {
  for (const cli::Command& c : cli::commands()) {
    if (name != c.name) continue;
    std::ostringstream out;
    std::streambuf* old = std::cout.rdbuf(out.rdbuf());
    const Result<int> r = c.run(args);
    std::cout.rdbuf(old);
    *code = r.ok() ? *r : 2;
    return r.ok() ? out.str() : r.error();
  }
  *code = -1;
  return "";
}

}  // namespace

TEST_CASE("a toy variant from one file: the core, the CLI, a link and the JS API know it") {
  // The core: its name, the list of names, a filter of it.
  REQUIRE(parse_variant("toy") == kToy);
  CHECK(variant_names() == "standard, counting, blocked, scalable, cuckoo, binaryFuse, toy");
  FilterParams p;
  p.m = 64;
  p.k = 4;
  p.variant = kToy;
  Result<Filter> f = Filter::create(p);
  REQUIRE(f.ok());
  f->add("dragon");
  CHECK(f->contains("dragon"));
  CHECK(f->bits_set() == 4);
  std::vector<uint64_t> positions;
  f->positions_of("dragon", positions);
  REQUIRE(positions.size() == 4);
  CHECK(positions[1] == (positions[0] + 16) % 64);  // every 16th bit
  // The schema reads it as any variant.
  FilterParams q;
  CHECK_FALSE(apply_param(q, "variant", "toy"));
  CHECK(q.variant == kToy);

  // The CLI: --variant toy, its positions and its JSON.
  int code = 0;
  const std::string out =
      run_cli("positions", {"--m", "64", "--k", "4", "--variant", "toy", "--json", "dragon"}, &code);
  REQUIRE(code == 0);
  const auto json = nlohmann::json::parse(out);
  CHECK(json["params"]["variant"] == "toy");
  CHECK(json["words"][0]["positions"] == nlohmann::json(positions));
  const std::string refused =
      run_cli("positions", {"--m", "64", "--k", "4", "--variant", "toys", "x"}, &code);
  CHECK(code == 2);
  CHECK(refused ==
        "variant = \"toys\" is not one of standard, counting, blocked, scalable, cuckoo, binaryFuse, toy.");

  // A link: variant=toy applies, and the address written back names it.
  FakeHost host;
  AppState s = tiny_state(host);
  CHECK(apply_url_params(s, host, "variant=toy&m=128&k=4").empty());
  CHECK(s.set.params().variant == kToy);
  CHECK(url_params_for(s).find("variant=toy") != std::string::npos);
  CHECK(state(s)["params"]["variant"] == "toy");
  const auto dragon = nlohmann::json::parse(actions::query_json(s, "dragon"));
  CHECK(dragon["verdict"] == "possibly");  // a tiny preset word

  // The JS API's setParams: the same text path bl_set_params takes.
  AppState t = tiny_state(host);
  const auto set = nlohmann::json::parse(actions::outcome_json(set_params_text(t, host, "variant=toy&k=2")));
  CHECK(set["ok"] == true);
  CHECK(t.set.params().variant == kToy);
  CHECK(t.set.params().k == 2);
  const auto bad = nlohmann::json::parse(actions::outcome_json(set_params_text(t, host, "variant=toyz")));
  CHECK(bad["ok"] == false);
  CHECK(bad["code"] == "param_choice");
  CHECK(bad["args"] == nlohmann::json::array({"variant", "toyz", variant_names()}));
  CHECK(t.set.params().variant == kToy);  // nothing changed
}
