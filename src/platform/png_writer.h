// Writes RGBA8 pixels as a PNG (stored deflate blocks: no zlib needed; screenshots only).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace bloomlab::platform {

// Pixels are top row first. Returns the PNG file's bytes.
std::string encode_png(int width, int height, const std::vector<uint8_t>& rgba);

}  // namespace bloomlab::platform
