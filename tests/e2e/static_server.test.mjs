// The static server the tests and scripts/serve.sh use (issue 14): a malformed escape in the
// path (GET /%E0%A4%A) threw out of the request handler and stopped the server; now it answers
// 400 and keeps serving. Paths outside the site stay 403 (a sibling folder whose name starts
// like the site's included). Issue 36: the compressed copy the client accepts (brotli, else
// gzip, else the file itself), and a second request answered 304 without a body. No browser:
// plain HTTP requests.
import http from "node:http";
import zlib from "node:zlib";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../../scripts/static-server.mjs";
import { compressSite } from "../../scripts/compress-site.mjs";

let passed = 0, failed = 0;
function check(ok, what, detail = "") {
  if (ok) { passed++; console.log(`  ok   ${what}`); } else { failed++; console.log(`  FAIL ${what}${detail ? ": " + detail : ""}`); }
}
// A raw request line, so the client sends the path exactly as written.
const request = (port, rawPath, headers = {}) => new Promise((resolve) => {
  const req = http.request({ host: "127.0.0.1", port, path: rawPath, method: "GET", headers }, (res) => {
    const chunks = [];
    res.on("data", (c) => chunks.push(c));
    res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
  });
  req.on("error", (e) => resolve({ status: "error: " + e.code, headers: {}, body: Buffer.alloc(0) }));
  req.end();
});
const get = async (port, rawPath) => (await request(port, rawPath)).status;

console.log("static server: malformed escapes, paths outside the site");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bloomlab-static-"));
const site = path.join(dir, "site");
fs.mkdirSync(site);
fs.writeFileSync(path.join(site, "index.html"), "<p>hi</p>");
fs.mkdirSync(path.join(dir, "site2"));
fs.writeFileSync(path.join(dir, "site2", "secret.txt"), "no");
const { server, port } = await startServer(site, 0);
try {
  check(await get(port, "/index.html") === 200, "a file: 200");
  check(await get(port, "/%E0%A4%A") === 400, "GET /%E0%A4%A (a malformed escape): 400");
  check(await get(port, "/%") === 400, "GET /% : 400");
  check(await get(port, "/index.html") === 200, "the server still serves after them");
  check(await get(port, "/..%2Fsite2/secret.txt") === 403, "a path into a sibling folder named like the site: 403");
  check(await get(port, "/nope.txt") === 404, "a missing file: 404");

  // Compressed copies, chosen by Accept-Encoding.
  const text = "the 10k list ".repeat(500);
  fs.writeFileSync(path.join(site, "list.txt"), text);
  compressSite(site);
  check(fs.existsSync(path.join(site, "list.txt.br")) && fs.existsSync(path.join(site, "list.txt.gz")), "the build writes .br and .gz beside a file");
  let r = await request(port, "/list.txt", { "Accept-Encoding": "gzip, deflate, br" });
  check(r.headers["content-encoding"] === "br" && zlib.brotliDecompressSync(r.body).toString() === text,
        "a browser that accepts br gets the brotli copy, which decodes to the file", r.headers["content-encoding"]);
  check(r.headers.vary === "Accept-Encoding" && r.body.length < text.length / 10, "Vary: Accept-Encoding, and the body is small",
        `${r.body.length} bytes`);
  r = await request(port, "/list.txt", { "Accept-Encoding": "gzip" });
  check(r.headers["content-encoding"] === "gzip" && zlib.gunzipSync(r.body).toString() === text, "gzip only: the gzip copy");
  r = await request(port, "/list.txt", { "Accept-Encoding": "br;q=0, gzip;q=0.5" });
  check(r.headers["content-encoding"] === "gzip", "br refused with q=0: gzip");
  r = await request(port, "/list.txt");
  check(!r.headers["content-encoding"] && r.body.toString() === text, "no Accept-Encoding: the file itself");
  r = await request(port, "/list.txt", { "Accept-Encoding": "identity" });
  check(!r.headers["content-encoding"] && r.body.toString() === text, "identity: the file itself");
  // A second request with the ETag: 304, no body; a changed file: 200 with a new ETag.
  const first = await request(port, "/list.txt", { "Accept-Encoding": "br" });
  check(/^"[^"]+"$/.test(first.headers.etag || "") && first.headers["cache-control"] === "no-cache", "an ETag, and the browser asks again each visit",
        JSON.stringify([first.headers.etag, first.headers["cache-control"]]));
  r = await request(port, "/list.txt", { "Accept-Encoding": "br", "If-None-Match": first.headers.etag });
  check(r.status === 304 && r.body.length === 0, "the same ETag again: 304 Not Modified, no body", r.status);
  const identity = await request(port, "/list.txt");
  check(identity.headers.etag !== first.headers.etag, "the file itself and its brotli copy have different ETags");
  fs.writeFileSync(path.join(site, "list.txt"), text + "changed");
  compressSite(site);
  r = await request(port, "/list.txt", { "Accept-Encoding": "br", "If-None-Match": first.headers.etag });
  check(r.status === 200 && zlib.brotliDecompressSync(r.body).toString() === text + "changed", "a changed file: 200 and its new bytes", r.status);
  // A copy older than its file (a rebuild without compress-site) is not served.
  fs.writeFileSync(path.join(site, "list.txt"), "newer");
  r = await request(port, "/list.txt", { "Accept-Encoding": "br" });
  check(!r.headers["content-encoding"] && r.body.toString() === "newer", "a stale compressed copy is never served");
} finally {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
