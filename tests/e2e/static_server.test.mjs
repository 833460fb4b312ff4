// The static server the tests and scripts/serve.sh use (issue 14): a malformed escape in the
// path (GET /%E0%A4%A) threw out of the request handler and stopped the server; now it answers
// 400 and keeps serving. Paths outside the site stay 403 (a sibling folder whose name starts
// like the site's included). No browser: plain HTTP requests.
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../../scripts/static-server.mjs";

let passed = 0, failed = 0;
function check(ok, what, detail = "") {
  if (ok) { passed++; console.log(`  ok   ${what}`); } else { failed++; console.log(`  FAIL ${what}${detail ? ": " + detail : ""}`); }
}
// A raw request line, so the client sends the path exactly as written.
const get = (port, rawPath) => new Promise((resolve) => {
  const req = http.request({ host: "127.0.0.1", port, path: rawPath, method: "GET" }, (res) => {
    res.resume();
    res.on("end", () => resolve(res.statusCode));
  });
  req.on("error", (e) => resolve("error: " + e.code));
  req.end();
});

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
} finally {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
