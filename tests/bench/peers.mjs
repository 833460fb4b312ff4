// The JS peers on the same task as `bench_core build-query`: build a filter of m = 95851 bits,
// k = 7 from the 10k passwords, then query probe-0 .. probe-99999. npm `bloomfilter` (Jason Davies,
// FNV-1a 32 with double hashing) and `bloom-filters` (Callidon, XXH64-based). Best of 20 runs.
// usage: node peers.mjs WORDS   (run from the repository root, where node_modules is)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const { BloomFilter: DaviesBloom } = require('bloomfilter');
const { BloomFilter: CallidonBloom } = require('bloom-filters');

function readWords(path) {
  let text = readFileSync(path, 'utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const seen = new Set();
  for (const line of text.split('\n')) {
    const word = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (word) seen.add(word);
  }
  return [...seen];
}

const words = readWords(process.argv[2]);
const probes = Array.from({ length: 100000 }, (_, i) => `probe-${i}`);
const M = 95851, K = 7, RUNS = 20;

const peers = {
  bloomfilter: () => new DaviesBloom(M, K),
  'bloom-filters': () => new CallidonBloom(M, K),
};
const rows = [];
for (const [name, make] of Object.entries(peers)) {
  let best = Infinity, maybes = 0;
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    const f = make();
    for (const w of words) f.add(w);
    maybes = 0;
    const has = f.test ? (s) => f.test(s) : (s) => f.has(s);
    for (const p of probes) maybes += has(p) ? 1 : 0;
    best = Math.min(best, performance.now() - start);
  }
  rows.push({ name, ms: best, maybes, words: words.length, probes: probes.length });
}
console.log(JSON.stringify({ task: 'peers', node: process.version, rows }));
