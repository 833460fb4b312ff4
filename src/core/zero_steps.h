#pragma once
// Large zeroed arrays made a piece at a time, for work done in slices of a frame.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace bloomlab {

// Grows `v` towards `n` zeroed elements, at most `step_bytes` more a call; its room is reserved
// whole on the first call, so the pieces never move it. The first write to fresh memory is what
// costs (page faults: in Chromium a 16 MB index written at once took 52 ms), so each slice of a
// frame takes a piece. True once v holds n (a v longer than n is cut to n).
template <typename T>
bool zero_in_steps(std::vector<T>& v, size_t n, size_t step_bytes) {
  if (v.capacity() < n) v.reserve(n);
  const size_t step = std::max<size_t>(1, step_bytes / sizeof(T));
  v.resize(v.size() < n && n - v.size() > step ? v.size() + step : n);
  return v.size() == n;
}

}  // namespace bloomlab
