// A small static file server for the built site, bound to 127.0.0.1 only. Used by
// scripts/serve.sh (port 8000) and by the browser tests (a free port).
//   node scripts/static-server.mjs DIR [PORT]
// It serves as a real host does: the brotli or gzip copy the build wrote beside a file
// (scripts/compress-site.mjs) when the browser accepts it (Content-Encoding, Vary), and an ETag
// for every answer, so that a second visit revalidates each file and gets "304 Not Modified"
// with no body instead of the file again.
import http from "node:http";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm", ".txt": "text/plain; charset=utf-8", ".png": "image/png",
  ".json": "application/json", ".ttf": "font/ttf", ".svg": "image/svg+xml", ".mo": "application/octet-stream",
  ".map": "application/json",
};

// The encodings a request accepts (Accept-Encoding, q=0 refusing one), in the server's order of
// preference: brotli, then gzip.
export function acceptedEncodings(header = "") {
  const accepted = new Map();
  for (const part of String(header).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (accepted.has(name) ? accepted.get(name) > 0 : accepted.has("*") && accepted.get("*") > 0);
  return [["br", ".br"], ["gzip", ".gz"]].filter(([name]) => ok(name));
}

// A file's sha256 (kept while its size and time stay the same).
const hashes = new Map();
function sha256Of(file, stat) {
  const key = `${file}\0${stat.size}\0${stat.mtimeMs}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    hashes.set(key, hash);
  }
  return hash;
}
const etagOf = (file, stat) => '"' + Buffer.from(sha256Of(file, stat), "hex").toString("base64url").slice(0, 27) + '"';

// Whether the compressed copies of `file` were made from its bytes as they are now
// (compress-site.mjs writes the sha256 of what it compressed in SITE/.compressed.json).
function copiesCurrent(base, file, stat) {
  const manifest = path.join(base, ".compressed.json");
  const mstat = statOf(manifest);
  if (!mstat) return false;
  let made;
  try { made = JSON.parse(fs.readFileSync(manifest, "utf8")); } catch { return false; }
  return made[path.relative(base, file)] === sha256Of(file, stat);
}

const statOf = (file) => { try { return fs.statSync(file); } catch { return null; } };

export function startServer(root, port = 0, { quiet = true, failPaths = [] } = {}) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let url, file;
    try {
      url = new URL(req.url, "http://127.0.0.1");
      file = path.normalize(path.join(base, decodeURIComponent(url.pathname)));
    } catch (e) {
      // A malformed escape (GET /%E0%A4%A) threw out of the handler and stopped the server.
      res.writeHead(400, { "Content-Type": "text/plain" }).end("bad request: " + e.message);
      return;
    }
    if (file !== base && !file.startsWith(base + path.sep)) { res.writeHead(403).end(); return; }
    if (failPaths.some((p) => url.pathname.endsWith(p))) { res.writeHead(503).end("unavailable"); return; }
    let stat = statOf(file);
    if (stat && stat.isDirectory()) { file = path.join(file, "index.html"); stat = statOf(file); }
    const log = (status, encoding = "") => { if (!quiet) console.log(`${req.method} ${url.pathname} ${status}${encoding ? " " + encoding : ""}`); };
    if (!stat || !stat.isFile()) {
      log(404);
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    // The compressed copy the browser accepts, if the build wrote one from the file as it is.
    let served = file, servedStat = stat, encoding = "";
    const encodings = acceptedEncodings(req.headers["accept-encoding"]);
    if (encodings.length && copiesCurrent(base, file, stat)) {
      for (const [name, ext] of encodings) {
        const copy = statOf(file + ext);
        if (copy && copy.isFile()) { served = file + ext; servedStat = copy; encoding = name; break; }
      }
    }
    const tag = etagOf(served, servedStat);
    const headers = {
      "Content-Type": TYPES[path.extname(file)] || "application/octet-stream",
      // Cached, and asked again each visit: a changed file is never served stale.
      "Cache-Control": "no-cache",
      "ETag": tag,
      "Vary": "Accept-Encoding",
      "X-Content-Type-Options": "nosniff",
    };
    if (encoding) headers["Content-Encoding"] = encoding;
    const match = req.headers["if-none-match"];
    if (match && match.split(",").map((t) => t.trim().replace(/^W\//, "")).includes(tag)) {
      log(304, encoding);
      res.writeHead(304, headers).end();
      return;
    }
    fs.readFile(served, (err, data) => {
      if (err) { log(500); res.writeHead(500, { "Content-Type": "text/plain" }).end("cannot read the file"); return; }
      log(200, encoding);
      headers["Content-Length"] = data.length;
      res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : data);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve({ server, port: server.address().port }));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [root, port = "8000"] = process.argv.slice(2);
  if (!root) { console.error("usage: node scripts/static-server.mjs DIR [PORT]"); process.exit(2); }
  startServer(root, Number(port), { quiet: false }).then(({ port: p }) => {
    console.log(`BloomLab is at http://127.0.0.1:${p}/  (Ctrl-C stops the server)`);
  }, (e) => { console.error(`serve: cannot listen on 127.0.0.1:${port}: ${e.message}`); process.exit(1); });
}
