// Writes a brotli (.br) and a gzip (.gz) copy beside each text and wasm file of the built site,
// as a real host serves them (scripts/static-server.mjs picks the one the browser accepts).
// A file whose bytes are those its copies were made from (site/.compressed.json keeps their
// sha256) is not compressed again: a rebuild after one change takes a moment, not the ~10 s of
// compressing the wasm at brotli's best.
//   node scripts/compress-site.mjs SITE_DIR
import fs from "node:fs";
import crypto from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".wasm", ".txt", ".mo", ".ttf", ".svg", ".json", ".map"]);

export function brotli(bytes) {
  return zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: zlib.constants.BROTLI_MAX_WINDOW_BITS,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_GENERIC,
    },
  });
}
export const gzip = (bytes) => zlib.gzipSync(bytes, { level: 9 });

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

export function compressSite(site) {
  const manifestFile = path.join(site, ".compressed.json");
  let made = {};
  try { made = JSON.parse(fs.readFileSync(manifestFile, "utf8")); } catch { made = {}; }
  const now = {};
  let written = 0;
  for (const file of files(site)) {
    const name = path.relative(site, file);
    const bytes = fs.readFileSync(file);
    const sha = crypto.createHash("sha256").update(bytes).digest("hex");
    now[name] = sha;
    for (const [ext, compress] of [[".br", brotli], [".gz", gzip]]) {
      if (made[name] === sha && fs.existsSync(file + ext)) continue;
      fs.writeFileSync(file + ext, compress(bytes));
      ++written;
    }
  }
  fs.writeFileSync(manifestFile, JSON.stringify(now, null, 1));
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const site = process.argv[2];
  if (!site) { console.error("usage: node scripts/compress-site.mjs SITE_DIR"); process.exit(2); }
  const n = compressSite(site);
  if (n) console.log(`compress-site: ${n} compressed copies written`);
}
