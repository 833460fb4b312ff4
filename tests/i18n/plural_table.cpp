// Prints the C++ plural rule (app/model/i18n.h plural_index) for n = 0..N as "lang n index" lines, for
// check_catalogs.py to compare with the PO files' Plural-Forms evaluated by Python's gettext.
#include <cstdio>
#include <cstdlib>

#include "app/model/i18n.h"

int main(int argc, char** argv) {
  const unsigned long last = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1000;
  for (bloomlab::app::Lang l : bloomlab::app::kLangs)
    for (unsigned long n = 0; n <= last; ++n)
      std::printf("%s %lu %d\n", bloomlab::app::lang_code(l), n, bloomlab::app::plural_index(l, n));
  return 0;
}
