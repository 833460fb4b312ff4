// The doctest runner for the core's unit tests; one test file per core module beside it.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest.h>
