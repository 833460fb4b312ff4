// A small static file server for the built site, bound to 127.0.0.1 only. Used by
// scripts/serve.sh (port 8000) and by the browser tests (a free port).
//   node scripts/static-server.mjs DIR [PORT]
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm", ".txt": "text/plain; charset=utf-8", ".png": "image/png",
  ".json": "application/json", ".ttf": "font/ttf", ".svg": "image/svg+xml",
};

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
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    fs.readFile(file, (err, data) => {
      if (!quiet) console.log(`${req.method} ${url.pathname} ${err ? 404 : 200}`);
      if (err) { res.writeHead(404, { "Content-Type": "text/plain" }).end("not found"); return; }
      res.writeHead(200, {
        "Content-Type": TYPES[path.extname(file)] || "application/octet-stream",
        "Cache-Control": "no-cache",
        "X-Content-Type-Options": "nosniff",
      }).end(data);
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
