// Shared by the browser tests: serves the built site on 127.0.0.1, drives Debian's headless
// Chromium with playwright-core (never a downloaded browser), fails on any console error or page
// error, and decodes screenshots so a test can look at real pixels.
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { startServer } from "../../scripts/static-server.mjs";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");

export const SITE = process.env.BLOOMLAB_SITE;
export const SHOTS = process.env.BLOOMLAB_SCREENSHOTS || os.tmpdir();
const CHROMIUM = process.env.BLOOMLAB_CHROMIUM || "/usr/bin/chromium";

// A tiny test runner: prints each check and the closing "N passed, N failed" line.
const results = { passed: 0, failed: 0 };
export function check(condition, what, detail = "") {
  if (condition) { results.passed++; console.log(`  ok   ${what}`); }
  else { results.failed++; console.log(`  FAIL ${what}${detail ? ": " + detail : ""}`); }
  return condition;
}
export function equal(actual, expected, what) {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  return check(a === e, what, `got ${a}, expected ${e}`);
}

export async function launch() {
  // playwright-core gives every launch a fresh temporary profile of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--disable-quic",
      "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--ignore-gpu-blocklist",
    ],
  });
  return browser;
}

// Opens the site (optionally with a query) in a fresh page; collects problems. failPaths is read
// on every request: a test may empty it to let a failed file load on the next try.
export async function openApp(browser, { query = "", viewport = { width: 1280, height: 800 },
  deviceScaleFactor = 1, isMobile = false, hasTouch = false, failPaths = [], page: pageName = "index.html",
  waitReady = true, initScript = null, locale = undefined, routes = [] } = {}) {
  const { server, port } = await startServer(SITE, 0, { failPaths });
  // locale: the context's navigator.languages (e.g. "uk-UA"), as a reader's browser would say.
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, acceptDownloads: true, locale });
  // Runs before the page's own scripts on every load (e.g. to take WebGL2 away).
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  // routes: [{ url, handler(route, page) }], e.g. to hold a file back until the page is in a state.
  for (const { url, handler } of routes) await context.route(url, (route) => handler(route, page));
  const problems = [];
  page.on("console", (msg) => { if (msg.type() === "error") problems.push(`console error: ${msg.text()}`); });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  const url = `http://127.0.0.1:${port}/${pageName}${query}`;
  await page.goto(url);
  if (waitReady) await page.evaluate(() => window.bloomlab.ready.then(() => true));
  const close = async () => { await context.close(); server.close(); };
  return { page, context, problems, url, port, close };
}

export async function screenshot(page, name) {
  const file = path.join(SHOTS, name);
  const png = await page.screenshot({ path: file });
  return { file, image: decodePng(png) };
}

// Minimal PNG decoder for 8-bit RGB/RGBA non-interlaced images (what Chromium writes).
export function decodePng(buf) {
  let pos = 8, width = 0, height = 0, channels = 4;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString("ascii", pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") { width = data.readUInt32BE(0); height = data.readUInt32BE(4); channels = data[9] === 2 ? 3 : 4; }
    if (type === "IDAT") idat.push(data);
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels, out = Buffer.alloc(width * height * 4);
  const prev = Buffer.alloc(stride), cur = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    raw.copy(cur, 0, y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? cur[x - channels] : 0, b = prev[x], c = x >= channels ? prev[x - channels] : 0;
      let v = cur[x];
      if (f === 1) v += a; else if (f === 2) v += b; else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      cur[x] = v & 255;
    }
    for (let x = 0; x < width; x++) for (let ch = 0; ch < 4; ch++)
      out[(y * width + x) * 4 + ch] = ch < channels ? cur[x * channels + ch] : 255;
    cur.copy(prev);
  }
  return { width, height, pixels: out, at(x, y) { const i = (Math.round(y) * width + Math.round(x)) * 4; return [out[i], out[i + 1], out[i + 2]]; } };
}

// Share of pixels that differ from the most common colour: a blank canvas scores ~0.
export function drawnShare(image) {
  const counts = new Map();
  for (let i = 0; i < image.pixels.length; i += 16) {
    const key = (image.pixels[i] << 16) | (image.pixels[i + 1] << 8) | image.pixels[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const top = Math.max(...counts.values());
  return 1 - top / (image.pixels.length / 16);
}
export const distinctColours = (image) => {
  const s = new Set();
  for (let i = 0; i < image.pixels.length; i += 4) s.add((image.pixels[i] << 16) | (image.pixels[i + 1] << 8) | image.pixels[i + 2]);
  return s.size;
};

// Runs a test file's body with one browser (Chromium unless the file passes another engine's
// launch, see engines.mjs) and prints the closing line.
export async function run(name, body, launchBrowser = launch) {
  console.log(`${name}`);
  let browser = null;
  try { browser = await launchBrowser(); }
  catch (e) { check(false, "the browser starts", e.stack || String(e)); }
  if (browser) await runWith(browser, body);
  console.log(`${results.passed} passed, ${results.failed} failed`);
  // Exit now: a body that threw left its static server listening, and node waited on it until
  // ctest's timeout.
  process.exit(results.failed === 0 && results.passed > 0 ? 0 : 1);
}
async function runWith(browser, body) {
  try { await body(browser); }
  catch (e) { check(false, "no exception", e.stack || String(e)); }
  finally { await browser.close(); }
}
