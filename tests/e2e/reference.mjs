// An independent implementation of the article's reference filter (DESIGN.md), in JavaScript with
// BigInt, for checking the wasm app's answers: FNV-1a 64, h1 = low 32 bits, h2 = high 32 | 1,
// pos_i = (h1 + i*h2) mod m.
const OFFSET = 0xcbf29ce484222325n, PRIME = 0x100000001b3n, MASK = (1n << 64n) - 1n;
const encoder = new TextEncoder();

export function fnv1a64(word) {
  let h = OFFSET;
  for (const b of encoder.encode(word)) h = ((h ^ BigInt(b)) * PRIME) & MASK;
  return h;
}

export function positions(word, m, k) {
  const h = fnv1a64(word), h1 = h & 0xffffffffn, h2 = (h >> 32n) | 1n, M = BigInt(m);
  const out = [];
  for (let i = 0n; i < BigInt(k); i++) out.push(Number(((h1 + i * h2) & MASK) % M));
  return out;
}

// The measured FP the article defines: probes "probe-0".."probe-(N-1)", members skipped.
export function measure(words, m, k, probes) {
  const bits = new Uint8Array(m), members = new Set(words);
  for (const w of words) for (const p of positions(w, m, k)) bits[p] = 1;
  let fp = 0, queried = 0;
  for (let i = 0; i < probes; i++) {
    const probe = `probe-${i}`;
    if (members.has(probe)) continue;
    queried++;
    if (positions(probe, m, k).every((p) => bits[p])) fp++;
  }
  return { falsePositives: fp, probes: queried };
}

// Reads a word list the way DESIGN.md says: "\r\n" or "\n" lines, empty lines skipped, duplicates once.
export function parseList(text) {
  return [...new Set(text.split(/\r?\n/).filter((l) => l.length > 0))];
}
