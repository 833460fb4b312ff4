// A million words in the visualizer (issue 14), in headless Chromium: not a test, it prints
// figures for RESULTS.md.   node tests/bench/million.mjs [N=1000000] [short]   (after a web build)
// short: the words are i in base 36 ("0" ... "6rk8g"), the 64 MiB list of short words
// (11,400,000 of them: 63.6 MiB).
// 1. Load N generated words "w<i>-<hex>" (distinct) with bloomlab.loadWords(): the call itself
//    (the parse, synchronous), then the frames until they are all in (loading.active false):
//    total time, the longest frame's work, the time of each tenth of the words (a steady rate).
// 2. Idle frames with N words against 10,000 words (the app's own work per frame).
// 3. Changes with N words (m and k set for 10 bits per word first): the call, when the numbers
//    are current (state().measured), the longest frame's work until then and until the plot's
//    measured points are current (state().sweep.current), and when that is.
// The app's own work per frame comes from bloomlab.frameStats(): maxMs the whole frame (with the
// drawing, which headless Chromium rasterises in software at a cost growing with the pixels,
// RESULTS.md), appMaxMs app::frame alone (the UI and the slices of work); the canvas is 640x400.
// "Numbers current" is when the first frame after the change that shows them has been drawn
// (the app's frame runs before the bench's own callback in the same animation frame; nothing
// between the call and that frame asks the app anything).
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.BLOOMLAB_SITE ||= path.join(here, "../../build/web/site");
const { launch, openApp } = await import("../e2e/harness.mjs");
const { drawnFrames } = await import("../e2e/page_helpers.mjs");
const N = Number(process.argv[2] || 1000000);
const SHORT = process.argv[3] === "short";

const browser = await launch();
const app = await openApp(browser, { query: "?preset=empty&theme=dark", viewport: { width: 640, height: 400 } });
const page = app.page;
page.setDefaultTimeout(600000);
await page.evaluate(() => bloomlab.idle());

// Loads n words; resolves with the figures. Runs in the page.
async function load(n, short = false) {
  return page.evaluate(async ({ n, short }) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const parts = [];
    for (let i = 0; i < n; i++) parts.push(short ? i.toString(36) : "w" + i + "-" + ((Math.imul(i, 2654435761) + 7) & 0xffff).toString(16));
    const text = parts.join("\n") + "\n";
    await frame();
    bloomlab.frameStats();
    const t0 = performance.now();
    bloomlab.loadWords(text, "million.txt");
    const callMs = performance.now() - t0;
    let longest = 0, longestApp = 0, frames = 0, nextTenth = 0.1, tenthStart = performance.now();
    const tenths = [];
    for (;;) {
      await frame();
      frames++;
      const st = bloomlab.frameStats();
      longest = Math.max(longest, st.maxMs);
      longestApp = Math.max(longestApp, st.appMaxMs);
      const l = bloomlab.state().loading;
      while (l.active && l.progress >= nextTenth && nextTenth < 0.95) {
        tenths.push(Math.round(performance.now() - tenthStart));
        tenthStart = performance.now();
        nextTenth += 0.1;
      }
      if (!l.active) break;
    }
    tenths.push(Math.round(performance.now() - tenthStart));
    return { words: bloomlab.state().n, callMs, totalMs: performance.now() - t0, frames, longestFrameWorkMs: longest, longestAppWorkMs: longestApp, tenthsMs: tenths };
  }, { n, short });
}

// Waits until the plot's sweep is done; returns ms and the longest frame's work meanwhile.
async function untilSwept() {
  return page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const t0 = performance.now();
    let longest = 0, longestApp = 0;
    while (!bloomlab.state().sweep.current) {
      await frame();
      const st = bloomlab.frameStats();
      longest = Math.max(longest, st.maxMs);
      longestApp = Math.max(longestApp, st.appMaxMs);
    }
    return { ms: performance.now() - t0, longestFrameWorkMs: longest, longestAppWorkMs: longestApp };
  });
}

// Frames with nothing changed: an idle page draws none, so the mouse moves a pixel before each.
async function idle() {
  await drawnFrames(page, 10);
  await page.evaluate(() => bloomlab.frameStats());
  await drawnFrames(page, 120);
  return page.evaluate(() => bloomlab.frameStats());
}

// One change ({params} for setParams, or {add: word}): the call's time, when the numbers are current, the longest
// frame's work until the plot is current too, and when.
async function change(label, code) {  // code: what to change
  return page.evaluate(async ({ label, code }) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    await frame();
    bloomlab.frameStats();
    const t0 = performance.now();
    if (code.params) bloomlab.setParams(code.params);
    else bloomlab.add(code.add);
    const callMs = performance.now() - t0;
    let numbersMs = null, longestUntilNumbers = 0, longest = 0, longestApp = 0;
    for (;;) {
      await frame();
      // The app's frame ran first in this animation frame (its callback was asked for first): its
      // drawing is done now. state() after it may walk every word for the word box's culprits.
      const drawnMs = performance.now() - t0;
      const st = bloomlab.frameStats();
      longest = Math.max(longest, st.maxMs);
      longestApp = Math.max(longestApp, st.appMaxMs);
      const s = bloomlab.state();
      if (numbersMs === null && s.measured) { numbersMs = drawnMs; longestUntilNumbers = longest; }
      if (s.measured && s.sweep.current) break;
      if (performance.now() - t0 > 300000) break;
    }
    return { change: label, callMs, numbersMs, plotsMs: performance.now() - t0, longestFrameWorkUntilNumbersMs: longestUntilNumbers, longestFrameWorkMs: longest, longestAppWorkMs: longestApp };
  }, { label, code });
}

const out = { n: N };
const note = (what, x) => console.error(what, JSON.stringify(x));
out.load10k = await load(10000);
out.sweep10k = await untilSwept();
out.idle10k = await idle();
await page.evaluate(() => bloomlab.loadPreset("empty"));
out.load = await load(N, SHORT);
note("load", out.load);
out.sweep = await untilSwept();
out.idle = await idle();
note("idle", [out.sweep, out.idle, out.idle10k]);
out.changes = [];
out.changes.push(await change("m = 10 bits per word, k = 7", { params: { m: N * 10, k: 7 } }));
out.changes.push(await change("k = 8", { params: { k: 8 } }));
out.changes.push(await change("add a word", { add: "one more word" }));
out.changes.push(await change("m x 2", { params: { m: N * 20 } }));
out.idleAfter = await idle();
note("all", out);
console.log(JSON.stringify(out, null, 1));
await app.close();
await browser.close();
