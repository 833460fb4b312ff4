#include "program.h"

#include "word_list.h"

#include <cstdio>

namespace bloomlab {
namespace {

// The length of the valid UTF-8 sequence starting at s[i] (1 to 4), or 0 where it is invalid
// (Unicode 15, table 3-7: no overlongs, no surrogates, nothing past U+10FFFF).
size_t utf8_length(std::string_view s, size_t i) {
  const auto at = [&](size_t j) { return j < s.size() ? static_cast<unsigned char>(s[j]) : 0u; };
  const unsigned c = at(i);
  if (c < 0x80) return 1;
  const auto cont = [&](size_t j, unsigned lo = 0x80, unsigned hi = 0xBF) {
    return at(j) >= lo && at(j) <= hi;
  };
  if (c >= 0xC2 && c <= 0xDF) return cont(i + 1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    const unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    return cont(i + 1, lo, hi) && cont(i + 2) ? 3 : 0;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    const unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    return cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}

std::string hex2(unsigned b) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02x", b & 0xffu);
  return buf;
}

// A word as a string literal of the language, its bytes exact: valid UTF-8 is written as it is;
// quotes, backslashes and control bytes are escaped; an invalid byte is written as Python's
// surrogate escape (decoded with "surrogateescape"), Go's \xNN or C++'s octal \NNN. JavaScript
// strings cannot hold invalid UTF-8: such a word becomes a Buffer from its hex.
std::string literal(Language l, std::string_view w) {
  if (l == Language::javascript && !is_valid_utf8(w)) {
    std::string hex;
    for (char c : w) hex += hex2(static_cast<unsigned char>(c));
    return "Buffer.from(\"" + hex + "\", \"hex\")";
  }
  std::string out = "\"";
  for (size_t i = 0; i < w.size();) {
    const unsigned char c = static_cast<unsigned char>(w[i]);
    const size_t len = utf8_length(w, i);
    if (len > 1) {
      out.append(w.substr(i, len));
      i += len;
      continue;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else if (l == Language::cpp) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    } else if (l == Language::python && c >= 0x80) {
      out += "\\udc" + hex2(c);
    } else {
      out += "\\x" + hex2(c);
    }
    ++i;
  }
  return out + "\"";
}

std::string list_of(Language l, const std::vector<std::string>& words, const char* indent) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    out += (i % 8 == 0) ? std::string(i ? ",\n" : "\n") + indent : ", ";
    out += literal(l, words[i]);
  }
  return out + (words.empty() ? "" : l == Language::go ? ",\n" : "\n");
}

void replace_all(std::string& text, std::string_view key, const std::string& value) {
  for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
}

// ---- the programs. @NAME@ marks what program() fills in. ------------------------------------

const char* const kPython = R"(#!/usr/bin/env python3
"""A Bloom filter as BloomLab builds it: m = @M@ bits, k = @K@ hash positions, @SCHEME_TEXT@.
It adds the words, asks about each, then measures false positives over the probes
"probe-0" .. "probe-@LAST_PROBE@" (members skipped). Run: python3 bloom.py"""
@PY_IMPORTS@import sys

M = @M@
K = @K@
PROBES = @PROBES@
@PY_WORDS@
QUESTIONS = [@PY_QUESTIONS@]  # asked about after the words


@PY_POSITIONS@

bits = bytearray((M + 7) // 8)


def add(data):
    for p in positions(data):
        bits[p >> 3] |= 1 << (p & 7)


def might_contain(data):
    return all(bits[p >> 3] >> (p & 7) & 1 for p in positions(data))


def read_words(path):
    """One word a line; "\r\n" or "\n" ends a line; empty lines are skipped."""
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    return [line[:-1] if line.endswith(b"\r") else line for line in lines if line not in (b"", b"\r")]


@PY_LOAD@
for w in words:
    add(w)
out = []
for w in @PY_ASKED@:
    verdict = b"maybe" if might_contain(w) else b"no"
    out.append(w + b" " + verdict + b" " + str(positions(w)).encode() + b"\n")
ones = sum(bin(byte).count("1") for byte in bits)
out.append(f"bits set: {ones} of {M}\n".encode())
members = set(words)
fp = queried = 0
for i in range(PROBES):
    probe = f"probe-{i}".encode()
    if probe in members:
        continue
    queried += 1
    fp += might_contain(probe)
rate = fp / queried if queried else 0
out.append(f"false positives: {fp} of {queried} probes ({rate:.6f})\n".encode())
sys.stdout.buffer.write(b"".join(out))
)";

const char* const kPythonReference = R"(def fnv1a64(data):
    """FNV-1a 64 (Fowler, Noll, Vo)."""
    h = 0xCBF29CE484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def positions(data):
    """Double hashing (Kirsch & Mitzenmacher): h1 = low 32 bits, h2 = high 32 bits, odd."""
    h = fnv1a64(data)
    h1, h2 = h & 0xFFFFFFFF, (h >> 32) | 1
    return [(h1 + i * h2) % M for i in range(K)])";

const char* const kPythonSha = R"(def positions(data):
    """h1, h2: the first 8 bytes of SHA-256 and of MD5, big-endian; exact integer arithmetic."""
    h1 = int.from_bytes(hashlib.sha256(data).digest()[:8], "big")
    h2 = int.from_bytes(hashlib.md5(data).digest()[:8], "big")
    return [(h1 + i * h2) % M for i in range(K)])";

const char* const kGo = R"(// A Bloom filter as BloomLab builds it: m = @M@ bits, k = @K@ hash positions, @SCHEME_TEXT@.
// It adds the words, asks about each, then measures false positives over the probes
// "probe-0" .. "probe-@LAST_PROBE@" (members skipped). Run: go run bloom.go
package main

import (
@GO_IMPORTS@	"fmt"
	"math/bits"
	"os"
	"strings"
)

const M uint64 = @M@
const K = @K@
const probes = @PROBES@

@GO_WORDS@
// Asked about after the words.
var questions = []string{@GO_QUESTIONS@}

@GO_POSITIONS@

var bitArray = make([]byte, (M+7)/8)

func add(w string) {
	for _, p := range positions(w) {
		bitArray[p>>3] |= 1 << (p & 7)
	}
}

func mightContain(w string) bool {
	for _, p := range positions(w) {
		if bitArray[p>>3]>>(p&7)&1 == 0 {
			return false
		}
	}
	return true
}

// One word a line; "\r\n" or "\n" ends a line; empty lines are skipped.
func readWords(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line != "" {
			out = append(out, line)
		}
	}
	return out
}

func main() {
	@GO_LOAD@
	members := map[string]bool{}
	for _, w := range ws {
		add(w)
		members[w] = true
	}
	var out strings.Builder
	for _, w := range @GO_ASKED@ {
		verdict := "no"
		if mightContain(w) {
			verdict = "maybe"
		}
		ps := positions(w)
		texts := make([]string, len(ps))
		for i, p := range ps {
			texts[i] = fmt.Sprint(p)
		}
		fmt.Fprintf(&out, "%s %s [%s]\n", w, verdict, strings.Join(texts, ", "))
	}
	ones := 0
	for _, b := range bitArray {
		ones += bits.OnesCount8(b)
	}
	fmt.Fprintf(&out, "bits set: %d of %d\n", ones, M)
	fp, queried := 0, 0
	for i := 0; i < probes; i++ {
		probe := fmt.Sprintf("probe-%d", i)
		if members[probe] {
			continue
		}
		queried++
		if mightContain(probe) {
			fp++
		}
	}
	rate := 0.0
	if queried > 0 {
		rate = float64(fp) / float64(queried)
	}
	fmt.Fprintf(&out, "false positives: %d of %d probes (%.6f)\n", fp, queried, rate)
	os.Stdout.WriteString(out.String())
}
)";

const char* const kGoReference = R"(// FNV-1a 64 (Fowler, Noll, Vo).
func fnv1a64(data string) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i := 0; i < len(data); i++ {
		h ^= uint64(data[i])
		h *= 0x100000001b3
	}
	return h
}

// Double hashing (Kirsch & Mitzenmacher): h1 = low 32 bits, h2 = high 32 bits, odd.
func positions(data string) []uint64 {
	h := fnv1a64(data)
	h1, h2 := h&0xffffffff, (h>>32)|1
	pos := make([]uint64, K)
	for i := range pos {
		pos[i] = (h1 + uint64(i)*h2) % M
	}
	return pos
})";

const char* const kGoSha = R"(// h1, h2: the first 8 bytes of SHA-256 and of MD5, big-endian. h1 + i*h2 needs more than
// 64 bits; (h1 mod M + i*(h2 mod M)) mod M is the same residue and stays below 2^39.
func positions(data string) []uint64 {
	s := sha256.Sum256([]byte(data))
	d := md5.Sum([]byte(data))
	a := binary.BigEndian.Uint64(s[:8]) % M
	b := binary.BigEndian.Uint64(d[:8]) % M
	pos := make([]uint64, K)
	for i := range pos {
		pos[i] = (a + uint64(i)*b) % M
	}
	return pos
})";

const char* const kJs = R"(#!/usr/bin/env node
// A Bloom filter as BloomLab builds it: m = @M@ bits, k = @K@ hash positions, @SCHEME_TEXT@.
// It adds the words, asks about each, then measures false positives over the probes
// "probe-0" .. "probe-@LAST_PROBE@" (members skipped). Run: node bloom.js
"use strict";
@JS_REQUIRES@
const M = @M@n; // BigInt: exact arithmetic
const K = @K@;
const PROBES = @PROBES@;
const bytes = (w) => (typeof w === "string" ? Buffer.from(w, "utf8") : w);
@JS_WORDS@
// Asked about after the words.
const QUESTIONS = [@JS_QUESTIONS@].map(bytes);

@JS_POSITIONS@

const bits = new Uint8Array(Number((M + 7n) / 8n));

function add(data) {
  for (const p of positions(data)) bits[p >>> 3] |= 1 << (p & 7);
}

function mightContain(data) {
  return positions(data).every((p) => (bits[p >>> 3] >> (p & 7)) & 1);
}

// One word a line; "\r\n" or "\n" ends a line; empty lines are skipped.
function readWords(path) {
  const data = fs.readFileSync(path);
  const out = [];
  let start = 0;
  for (let i = 0; i <= data.length; i++) {
    if (i < data.length && data[i] !== 10) continue;
    let end = i;
    if (end > start && data[end - 1] === 13) end--;
    if (end > start) out.push(data.subarray(start, end));
    start = i + 1;
  }
  return out;
}

@JS_LOAD@
for (const w of words) add(w);
const out = [];
for (const w of @JS_ASKED@) {
  out.push(w, Buffer.from(` ${mightContain(w) ? "maybe" : "no"} [${positions(w).join(", ")}]\n`));
}
let ones = 0;
for (let byte of bits) for (; byte; byte >>= 1) ones += byte & 1;
out.push(Buffer.from(`bits set: ${ones} of ${M}\n`));
const key = (w) => w.toString("latin1"); // one character per byte
const members = new Set(words.map(key));
let fp = 0, queried = 0;
for (let i = 0; i < PROBES; i++) {
  const probe = Buffer.from(`probe-${i}`);
  if (members.has(key(probe))) continue;
  queried++;
  if (mightContain(probe)) fp++;
}
const rate = queried ? fp / queried : 0;
out.push(Buffer.from(`false positives: ${fp} of ${queried} probes (${rate.toFixed(6)})\n`));
process.stdout.write(Buffer.concat(out));
)";

const char* const kJsReference = R"(const MASK64 = 0xffffffffffffffffn;

// FNV-1a 64 (Fowler, Noll, Vo).
function fnv1a64(data) {
  let h = 0xcbf29ce484222325n;
  for (const b of data) h = ((h ^ BigInt(b)) * 0x100000001b3n) & MASK64;
  return h;
}

// Double hashing (Kirsch & Mitzenmacher): h1 = low 32 bits, h2 = high 32 bits, odd.
function positions(data) {
  const h = fnv1a64(data);
  const h1 = h & 0xffffffffn, h2 = (h >> 32n) | 1n;
  const out = [];
  for (let i = 0n; i < BigInt(K); i++) out.push(Number((h1 + i * h2) % M));
  return out;
})";

const char* const kJsSha = R"(// h1, h2: the first 8 bytes of SHA-256 and of MD5, big-endian; exact BigInt arithmetic.
function positions(data) {
  const h1 = crypto.createHash("sha256").update(data).digest().readBigUInt64BE(0);
  const h2 = crypto.createHash("md5").update(data).digest().readBigUInt64BE(0);
  const out = [];
  for (let i = 0n; i < BigInt(K); i++) out.push(Number((h1 + i * h2) % M));
  return out;
})";

const char* const kCpp = R"(// A Bloom filter as BloomLab builds it: m = @M@ bits, k = @K@ hash positions, @SCHEME_TEXT@.
// It adds the words, asks about each, then measures false positives over the probes
// "probe-0" .. "probe-@LAST_PROBE@" (members skipped).
// Build and run: g++ -O2 -std=c++17 bloom.cpp -o bloom && ./bloom
#include <cstdint>
#include <cstdio>
#include <string>
#include <unordered_set>
#include <vector>

constexpr uint64_t M = @M@;
constexpr uint32_t K = @K@;
constexpr uint64_t PROBES = @PROBES@;
@CPP_WORDS@
// Asked about after the words.
const std::vector<std::string> QUESTIONS = {@CPP_QUESTIONS@};

@CPP_POSITIONS@

std::vector<uint8_t> bits((M + 7) / 8);

void add(const std::string& data) {
  for (uint64_t p : positions(data)) bits[p >> 3] |= uint8_t(1u << (p & 7));
}

bool might_contain(const std::string& data) {
  for (uint64_t p : positions(data))
    if (!((bits[p >> 3] >> (p & 7)) & 1)) return false;
  return true;
}

// One word a line; "\r\n" or "\n" ends a line; empty lines are skipped.
std::vector<std::string> read_words(const char* path) {
  std::vector<std::string> out;
  FILE* f = std::fopen(path, "rb");
  if (!f) {
    std::perror(path);
    std::exit(1);
  }
  std::string line;
  for (int c; (c = std::fgetc(f)) != EOF || !line.empty();) {
    if (c != EOF && c != '\n') {
      line += char(c);
      continue;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) out.push_back(line);
    line.clear();
    if (c == EOF) break;
  }
  std::fclose(f);
  return out;
}

int main() {
  @CPP_LOAD@
  for (const std::string& w : words) add(w);
  std::string out;
  std::vector<std::string> asked = @CPP_ASKED@;
  asked.insert(asked.end(), QUESTIONS.begin(), QUESTIONS.end());
  for (const std::string& w : asked) {
    out += w + (might_contain(w) ? " maybe [" : " no [");
    const std::vector<uint64_t> ps = positions(w);
    for (size_t i = 0; i < ps.size(); ++i) out += (i ? ", " : "") + std::to_string(ps[i]);
    out += "]\n";
  }
  uint64_t ones = 0;
  for (uint8_t b : bits) ones += uint64_t(__builtin_popcount(b));
  out += "bits set: " + std::to_string(ones) + " of " + std::to_string(M) + "\n";
  const std::unordered_set<std::string> members(words.begin(), words.end());
  uint64_t fp = 0, queried = 0;
  for (uint64_t i = 0; i < PROBES; ++i) {
    const std::string probe = "probe-" + std::to_string(i);
    if (members.count(probe)) continue;
    ++queried;
    fp += might_contain(probe);
  }
  char line[160];
  std::snprintf(line, sizeof line, "false positives: %llu of %llu probes (%.6f)\n",
                (unsigned long long)fp, (unsigned long long)queried,
                queried ? double(fp) / double(queried) : 0.0);
  out += line;
  std::fwrite(out.data(), 1, out.size(), stdout);
}
)";

const char* const kCppReference = R"(// FNV-1a 64 (Fowler, Noll, Vo).
uint64_t fnv1a64(const std::string& data) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : data) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

// Double hashing (Kirsch & Mitzenmacher): h1 = low 32 bits, h2 = high 32 bits, odd.
std::vector<uint64_t> positions(const std::string& data) {
  const uint64_t h = fnv1a64(data);
  const uint64_t h1 = h & 0xffffffffu, h2 = (h >> 32) | 1u;
  std::vector<uint64_t> out(K);
  for (uint32_t i = 0; i < K; ++i) out[i] = (h1 + i * h2) % M;
  return out;
})";

// SHA-256 (FIPS 180-4) and MD5 (RFC 1321), small: C++ has neither in its standard library.
const char* const kCppSha = R"(#include <cstring>

uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

// Pads to 64-byte blocks (0x80, zeros, the bit length: big-endian for SHA-256, little for MD5).
std::string padded(const std::string& data, bool big_endian) {
  std::string p = data + '\x80';
  while (p.size() % 64 != 56) p += '\0';
  const uint64_t bits = uint64_t(data.size()) * 8;
  for (int i = 0; i < 8; ++i) p += char(bits >> (big_endian ? 56 - 8 * i : 8 * i));
  return p;
}

// The first 8 bytes of SHA-256(data), big-endian.
uint64_t sha256_first8(const std::string& data) {
  static const uint32_t k[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  const std::string p = padded(data, true);
  for (size_t at = 0; at < p.size(); at += 64) {
    uint32_t w[64];
    for (int t = 0; t < 16; ++t) {
      const unsigned char* b = (const unsigned char*)p.data() + at + 4 * t;
      w[t] = uint32_t(b[0]) << 24 | uint32_t(b[1]) << 16 | uint32_t(b[2]) << 8 | b[3];
    }
    for (int t = 16; t < 64; ++t)
      w[t] = w[t - 16] + (rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)) + w[t - 7] +
             (rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10));
    uint32_t v[8];
    std::memcpy(v, h, sizeof v);
    for (int t = 0; t < 64; ++t) {
      const uint32_t t1 = v[7] + (rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25)) +
                          ((v[4] & v[5]) ^ (~v[4] & v[6])) + k[t] + w[t];
      const uint32_t t2 = (rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22)) +
                          ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
      std::memmove(v + 1, v, 7 * sizeof(uint32_t));
      v[4] += t1;
      v[0] = t1 + t2;
    }
    for (int i = 0; i < 8; ++i) h[i] += v[i];
  }
  return uint64_t(h[0]) << 32 | h[1];
}

// The first 8 bytes of MD5(data), big-endian.
uint64_t md5_first8(const std::string& data) {
  static const int s[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
  uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  const std::string p = padded(data, false);
  for (size_t at = 0; at < p.size(); at += 64) {
    uint32_t x[16];
    for (int t = 0; t < 16; ++t) {
      const unsigned char* b = (const unsigned char*)p.data() + at + 4 * t;
      x[t] = b[0] | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
      const int r = i / 16;
      const uint32_t f = r == 0 ? (b & c) | (~b & d) : r == 1 ? (d & b) | (~d & c) : r == 2 ? b ^ c ^ d : c ^ (b | ~d);
      const int g = r == 0 ? i : r == 1 ? (5 * i + 1) % 16 : r == 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      // T[i] = floor(2^32 * |sin(i + 1)|) (RFC 1321, 3.4), computed rather than listed.
      const uint32_t t = uint32_t(std::fabs(std::sin(double(i + 1))) * 4294967296.0);
      const uint32_t sum = a + f + t + x[g];
      a = d;
      d = c;
      c = b;
      b += (sum << s[r][i % 4]) | (sum >> (32 - s[r][i % 4]));
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d;
  }
  uint64_t out = 0;
  for (int i = 0; i < 8; ++i) out = out << 8 | ((h[i / 4] >> (8 * (i % 4))) & 0xff);
  return out;
}

// (h1 + i*h2) mod M needs more than 64 bits: unsigned __int128 (GCC, Clang) holds it exactly.
std::vector<uint64_t> positions(const std::string& data) {
  const uint64_t h1 = sha256_first8(data), h2 = md5_first8(data);
  std::vector<uint64_t> out(K);
  for (uint32_t i = 0; i < K; ++i)
    out[i] = uint64_t((static_cast<unsigned __int128>(h1) + static_cast<unsigned __int128>(i) * h2) % M);
  return out;
})";

}  // namespace

const char* language_name(Language l) {
  switch (l) {
    case Language::python: return "python";
    case Language::go: return "go";
    case Language::javascript: return "javascript";
    case Language::cpp: return "cpp";
  }
  return "python";
}

const char* language_title(Language l) {
  switch (l) {
    case Language::python: return "Python";
    case Language::go: return "Go";
    case Language::javascript: return "JavaScript (node)";
    case Language::cpp: return "C++";
  }
  return "Python";
}

const char* language_file_name(Language l) {
  switch (l) {
    case Language::python: return "bloom.py";
    case Language::go: return "bloom.go";
    case Language::javascript: return "bloom.js";
    case Language::cpp: return "bloom.cpp";
  }
  return "bloom.py";
}

std::optional<Language> parse_language(std::string_view name) {
  for (Language l : kAllLanguages)
    if (name == language_name(l)) return l;
  return std::nullopt;
}

bool program_supports(Scheme s) { return s == Scheme::reference || s == Scheme::sha256md5; }

std::string program(Language l, const ProgramSpec& spec) {
  const bool sha = spec.params.scheme == Scheme::sha256md5;
  const bool from_file = !spec.words_file.empty();
  const std::string file = literal(l, spec.words_file);
  std::string text;
  switch (l) {
    case Language::python:
      text = kPython;
      replace_all(text, "@PY_IMPORTS@", sha ? "import hashlib\n" : "");
      replace_all(text, "@PY_POSITIONS@", sha ? kPythonSha : kPythonReference);
      replace_all(text, "@PY_WORDS@",
                  from_file ? "WORDS_FILE = " + file + "  # one word a line"
                            : "WORDS = [" + list_of(l, spec.words, "    ") + "]");
      replace_all(text, "@PY_QUESTIONS@", list_of(l, spec.questions, "    "));
      replace_all(text, "@PY_LOAD@",
                  from_file ? "words = read_words(WORDS_FILE)"
                            : "words = [w.encode(\"utf-8\", \"surrogateescape\") for w in WORDS]");
      replace_all(text, "@PY_ASKED@",
                  std::string(from_file ? "" : "words + ") +
                      "[q.encode(\"utf-8\", \"surrogateescape\") for q in QUESTIONS]");
      break;
    case Language::go:
      text = kGo;
      replace_all(text, "@GO_IMPORTS@",
                  sha ? "\t\"crypto/md5\"\n\t\"crypto/sha256\"\n\t\"encoding/binary\"\n" : "");
      replace_all(text, "@GO_POSITIONS@", sha ? kGoSha : kGoReference);
      replace_all(text, "@GO_WORDS@",
                  from_file ? "// One word a line.\nconst wordsFile = " + file + "\n"
                            : "var words = []string{" + list_of(l, spec.words, "\t") + "}\n");
      replace_all(text, "@GO_QUESTIONS@", list_of(l, spec.questions, "\t"));
      replace_all(text, "@GO_LOAD@", from_file ? "ws := readWords(wordsFile)" : "ws := words");
      replace_all(text, "@GO_ASKED@", from_file ? "questions" : "append(append([]string{}, ws...), questions...)");
      break;
    case Language::javascript:
      text = kJs;
      replace_all(text, "@JS_REQUIRES@",
                  std::string(sha ? "const crypto = require(\"crypto\");\n" : "") +
                      (from_file ? "const fs = require(\"fs\");\n" : ""));
      replace_all(text, "@JS_POSITIONS@", sha ? kJsSha : kJsReference);
      replace_all(text, "@JS_WORDS@",
                  from_file ? "// One word a line.\nconst WORDS_FILE = " + file + ";"
                            : "const WORDS = [" + list_of(l, spec.words, "  ") + "].map(bytes);");
      replace_all(text, "@JS_QUESTIONS@", list_of(l, spec.questions, "  "));
      replace_all(text, "@JS_LOAD@", from_file ? "const words = readWords(WORDS_FILE);" : "const words = WORDS;");
      replace_all(text, "@JS_ASKED@", from_file ? "QUESTIONS" : "[...words, ...QUESTIONS]");
      if (!from_file) {  // readWords is not needed: leave it out
        const size_t begin = text.find("// One word a line; ");
        const size_t end = text.find("\n}\n", begin);
        text.erase(begin, end + 3 - begin + 1);
      }
      break;
    case Language::cpp:
      text = kCpp;
      replace_all(text, "@CPP_POSITIONS@", sha ? std::string(kCppSha) : std::string(kCppReference));
      if (sha) replace_all(text, "#include <cstdint>\n", "#include <cmath>\n#include <cstdint>\n");
      replace_all(text, "#include <cstdio>\n", "#include <cstdio>\n#include <cstdlib>\n");
      replace_all(text, "@CPP_WORDS@",
                  from_file ? "// One word a line.\nconst char* const WORDS_FILE = " + file + ";"
                            : "const std::vector<std::string> WORDS = {" + list_of(l, spec.words, "    ") + "};");
      replace_all(text, "@CPP_QUESTIONS@", list_of(l, spec.questions, "    "));
      replace_all(text, "@CPP_LOAD@",
                  from_file ? "const std::vector<std::string> words = read_words(WORDS_FILE);"
                            : "const std::vector<std::string>& words = WORDS;");
      replace_all(text, "@CPP_ASKED@", from_file ? "std::vector<std::string>{}" : "words");
      break;
  }
  replace_all(text, "@SCHEME_TEXT@",
              sha ? "SHA-256 + MD5 (as Python's hashlib)" : "FNV-1a 64 double hashing (BloomLab's reference)");
  replace_all(text, "@M@", std::to_string(spec.params.m));
  replace_all(text, "@K@", std::to_string(spec.params.k));
  replace_all(text, "@PROBES@", std::to_string(spec.probes));
  replace_all(text, "@LAST_PROBE@", spec.probes ? std::to_string(spec.probes - 1) : "-1");
  return text;
}

}  // namespace bloomlab
