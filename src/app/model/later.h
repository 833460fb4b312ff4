// later(f)(args): calls f, a function a first visit does not run (a cuckoo or binary fuse
// filter's view, ...), through a pointer the optimiser cannot see through. wasm-opt inlines a
// function with one caller into it, whatever C++ asks, and the wasm split (tools/split-wasm.mjs)
// then downloaded it with its caller; called this way it stays a function of its own, in the part
// loaded when first used (the cuckoo view's ~3.5 KB of code, 1.3 KB compressed, left the first
// download).
#pragma once

namespace bloomlab::app {

template <typename F>
F* later(F* f) {
  F* volatile kept = f;
  return kept;
}

}  // namespace bloomlab::app
