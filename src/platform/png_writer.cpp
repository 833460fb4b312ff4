#include "png_writer.h"

#include <array>

namespace bloomlab::platform {
namespace {

// CRC-32 as the PNG spec (ISO/IEC 15948, annex D) defines it.
uint32_t crc32(const std::string& bytes, size_t from) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t n = 0; n < 256; ++n) {
      uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = from; i < bytes.size(); ++i)
    c = table[(c ^ static_cast<uint8_t>(bytes[i])) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

void put_u32(std::string& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

void put_chunk(std::string& out, const char* type, const std::string& data) {
  put_u32(out, static_cast<uint32_t>(data.size()));
  const size_t start = out.size();
  out += type;
  out += data;
  put_u32(out, crc32(out, start));
}

}  // namespace

std::string encode_png(int width, int height, const std::vector<uint8_t>& rgba) {
  std::string png("\x89PNG\r\n\x1a\n", 8);
  std::string header;
  put_u32(header, static_cast<uint32_t>(width));
  put_u32(header, static_cast<uint32_t>(height));
  header += std::string("\x08\x06\x00\x00\x00", 5);  // 8-bit RGBA, no interlace
  put_chunk(png, "IHDR", header);

  // Scanlines with filter byte 0, wrapped in a zlib stream of stored blocks (RFC 1950/1951).
  std::string raw;
  const size_t row_bytes = size_t(width) * 4;
  for (int y = 0; y < height; ++y) {
    raw += '\0';
    raw.append(reinterpret_cast<const char*>(rgba.data()) + size_t(y) * row_bytes, row_bytes);
  }
  std::string z("\x78\x01", 2);
  uint32_t a = 1, b = 0;  // Adler-32
  for (unsigned char c : raw) {
    a = (a + c) % 65521;
    b = (b + a) % 65521;
  }
  for (size_t pos = 0; pos < raw.size() || pos == 0; pos += 65535) {
    const size_t len = std::min<size_t>(65535, raw.size() - pos);
    const bool last = pos + len >= raw.size();
    z += static_cast<char>(last ? 1 : 0);
    z += static_cast<char>(len & 0xFF);
    z += static_cast<char>(len >> 8);
    z += static_cast<char>(~len & 0xFF);
    z += static_cast<char>((~len >> 8) & 0xFF);
    z.append(raw, pos, len);
    if (last) break;
  }
  put_u32(z, (b << 16) | a);
  put_chunk(png, "IDAT", z);
  put_chunk(png, "IEND", "");
  return png;
}

}  // namespace bloomlab::platform
