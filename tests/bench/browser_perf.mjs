// Browser measurements for the visualizer (not a test: it prints figures for RESULTS.md).
//   node tests/bench/browser_perf.mjs   (after scripts/test.sh or a web build)
// 1. Frame time while typing: the tiny preset (m = 64, 5 words), the 10k passwords at m = 2^20,
//    and (a stress case) the 10k passwords squeezed into m = 64; idle frames as the baseline.
//    Two figures: the app's own work per frame (events, UI, draw calls; bloomlab.frameStats())
//    and the rAF interval, which in headless Chromium with software GL mostly measures its
//    scheduler and rasterizer.
// 2. After a parameter change, how long until the numbers are current, until two frames are drawn,
//    and (when k changes) until the frame that re-ran the plot's sweep has ended.
// 3. The core alone in the page: bloomlab.measure() with 100,000 probes, no frame in between.
// 4. First frame: navigation start to bloomlab.ready.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.BLOOMLAB_SITE ||= path.join(here, "../../build/web/site");
const { launch, openApp } = await import("../e2e/harness.mjs");

// Headless Chromium rasterizes WebGL in software (SwiftShader), at a cost that grows with the
// canvas's pixels whatever is drawn: the runs are made at two sizes.
const VIEWPORTS = [{ width: 640, height: 400 }, { width: 1280, height: 800 }];
const browser = await launch();
let app, page;

// Frame intervals while typing a character every 60 ms into the word box (or idle).
async function typingFrames(label, setup, typing = true) {
  await page.evaluate(setup);
  await page.evaluate(() => bloomlab.idle());
  const box = (await page.evaluate(() => bloomlab.state())).layout.wordBox;
  await page.mouse.click(box.x + box.w / 2, box.y + box.h / 2);
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    bloomlab.frameStats();  // resets the app's own per-frame work counters
    window.__frames = [];
    const tick = (t) => { window.__frames.push(t); if (window.__frames.length < 400) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  const word = "correcthorsebatterystaple";
  for (let r = 0; r < 2; r++) for (const ch of word) {
    if (typing) await page.keyboard.type(ch);
    await page.waitForTimeout(60);
  }
  const t = await page.evaluate(() => window.__frames);
  const d = t.slice(1).map((x, i) => x - t[i]).sort((a, b) => a - b);
  const mean = d.reduce((a, b) => a + b, 0) / d.length;
  const work = await page.evaluate(() => bloomlab.frameStats());
  const s = await page.evaluate(() => bloomlab.state());
  return { label, m: s.params.m, n: s.n, workMeanMs: work.meanMs, workMaxMs: work.maxMs, frames: d.length, meanMs: mean, p95Ms: d[Math.floor(d.length * 0.95)], maxMs: d[d.length - 1] };
}

// Wall time in the page from setParams until the numbers are current (state() answers), until the
// second frame after it has been drawn, and, when k changes, until the end of the frame that re-ran
// the plot's sweep (measured FP over bits per word at this k): the frame with the most work in the
// second after the change, whose work is reported too. Since issue 14 the app runs the sweep
// 6 ms per frame from the change on (src/app/view/panel_plots.cpp), so no one frame re-runs it all.
async function paramChange(params) {
  return page.evaluate(async (p) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const kBefore = bloomlab.state().params.k;
    await frame();
    bloomlab.frameStats();  // resets the per-frame work counters
    const t0 = performance.now();
    bloomlab.setParams(p);
    const s = bloomlab.state();
    const tState = performance.now();
    const frames = [];  // [ms since the change at the end of the frame, that frame's work]
    while (performance.now() - t0 < 1000) {
      await frame();
      frames.push([performance.now() - t0, bloomlab.frameStats().maxMs]);
    }
    const sweep = s.params.k === kBefore ? null : frames.reduce((a, b) => (b[1] > a[1] ? b : a));
    return { params: p, stateMs: tState - t0, drawnMs: frames[1][0], sweepMs: sweep && sweep[0],
             sweepWorkMs: sweep && sweep[1], fill: s.fill };
  }, params);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// Each change is made three times (the list in a cycle, each from the one before it); the figures
// are the medians.
async function paramChanges(list, rounds = 3) {
  await paramChange(list[list.length - 1]);  // so that the first round starts where the others do
  const runs = list.map(() => []);
  for (let r = 0; r < rounds; r++)
    for (const [i, p] of list.entries()) runs[i].push(await paramChange(p));
  return runs.map((rs) => {
    const med = (key) => (rs[0][key] === null ? null : median(rs.map((x) => x[key])));
    return { params: rs[0].params, stateMs: med("stateMs"), drawnMs: med("drawnMs"), sweepMs: med("sweepMs"),
             sweepWorkMs: med("sweepWorkMs"), runs: rs };
  });
}

const results = [];
for (const viewport of VIEWPORTS) {
app = await openApp(browser, { query: "?preset=passwords&theme=dark", viewport });
page = app.page;
await page.evaluate(() => bloomlab.idle());
const large = await typingFrames("10k passwords, m = 2^20", () => bloomlab.setParams({ m: 1 << 20, k: 7 }));
const stress = await typingFrames("10k passwords, m = 64", () => bloomlab.setParams({ m: 64, k: 7 }));
const small = await typingFrames("tiny preset, m = 64", () => bloomlab.loadPreset("tiny"));
const idle = await typingFrames("tiny preset, idle", () => bloomlab.loadPreset("tiny"), false);
await page.evaluate(() => bloomlab.loadPreset("passwords"));
await page.evaluate(() => bloomlab.idle());
const changes = await paramChanges([{ m: 100000, k: 7 }, { m: 200000, k: 5 }, { k: 10 }, { m: 1 << 20 }, { m: 50000, k: 3 }]);
// The core alone in the page, no frame in between: bloomlab.measure() queries 100,000 probes
// against the 10k filter (m = 100,000, k = 7), best of 5.
await page.evaluate(() => bloomlab.setParams({ m: 100000, k: 7 }));
const measureMs = await page.evaluate(() => {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    bloomlab.measure({ probes: 100000 });
    best = Math.min(best, performance.now() - t0);
  }
  return best;
});
results.push({ viewport, idle, small, large, stress, ratio: large.workMeanMs / small.workMeanMs, changes, measureMs });
await app.close();
}
const ready = await (async () => {
  const fresh = await openApp(browser, { query: "?theme=dark", waitReady: false });
  const ms = await fresh.page.evaluate(async () => { await bloomlab.ready; return performance.now(); });
  await fresh.close();
  return ms;
})();

console.log(JSON.stringify({ results, firstFrameMs: ready }, null, 2));
await browser.close();
