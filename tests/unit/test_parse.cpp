// One reading of typed numbers for every door (core/parse.h; issue 37, item 10).
#include <doctest.h>

#include "core/parse.h"

using namespace bloomlab;

TEST_CASE("parse_whole: decimal digits only") {
  CHECK(parse_whole("0") == 0u);
  CHECK(parse_whole("007") == 7u);
  CHECK(parse_whole("4294967296") == 4294967296ull);
  CHECK(parse_whole("18446744073709551615") == UINT64_MAX);
  for (const char* bad : {"", "18446744073709551616", "123456789012345678901", "0x10", "1e1", "64.5", "-1",
                          "+2", " 2", "2 ", "inf", "nan", "１２", "1,000", "1_000"})
    CHECK_MESSAGE(!parse_whole(bad), bad);
}

TEST_CASE("parse_real: decimals with an exponent, nothing else") {
  CHECK(parse_real("0.5") == 0.5);
  CHECK(parse_real(".5") == 0.5);
  CHECK(parse_real("5.") == 5.0);
  CHECK(parse_real("-2") == -2.0);
  CHECK(parse_real("1e-12") == 1e-12);
  CHECK(parse_real("1E+3") == 1000.0);
  CHECK(parse_real("1e+30") == 1e30);
  for (const char* bad :
       {"",     ".",   "-",        "e5",  "1e",    "1e+", "0x10",  "0x1p3", "+2",    " 2",   "2 ",  "inf",
        "-inf", "nan", "Infinity", "NaN", "1e999", "1,5", "1.2.3", "--1",   "1e1.5", "true", "[64]"})
    CHECK_MESSAGE(!parse_real(bad), bad);
}
