// Issue 11 §4 in the browser: the Speed panel times the standard and the blocked filter in the
// page. speed() from the JS API (its rows, the words it asked, the page drawing on meanwhile),
// Measure and Cancel with the mouse, bad options refused in words, screenshots in English and
// Russian. No speed is asserted (a shared machine times anything): tests/bench/speed_page.mjs
// measures, RESULTS.md keeps the figures.
import { run, openApp, SHOTS, check, equal } from "./harness.mjs";
import { settled, centre, drawnFrames } from "./page_helpers.mjs";

const shoot = async (page, rect, name) => {
  if (!(rect && rect.w > 0 && rect.h > 0)) return check(false, `${name} is on screen`, JSON.stringify(rect));
  await page.screenshot({ path: `${SHOTS}/${name}`, clip: { x: Math.max(0, rect.x - 8), y: Math.max(0, rect.y - 8), width: rect.w + 16, height: rect.h + 16 } });
};

run("the Speed panel", async (browser) => {
  const app = await openApp(browser, { query: "?preset=passwords&panels=words,params,speed", viewport: { width: 1280, height: 1400 } });
  const { page } = app;
  await page.waitForFunction(() => window.bloomlab.state().wordCount === 10000 && !window.bloomlab.state().loading.active, null, { timeout: 60000 });

  // The page's own work per frame before (frames with nothing to do but draw the 10k preset,
  // which under headless Chromium's software GL takes tens of ms; the mouse moves to have them).
  await page.evaluate(() => window.bloomlab.frameStats());
  await drawnFrames(page, 40);
  const idle = await page.evaluate(() => window.bloomlab.frameStats());
  // speed() with fewer queries than the panel's default (a test), the 32 MiB filters included.
  const started = Date.now();
  const pending = page.evaluate(() => window.bloomlab.speed({ queries: 20000, rounds: 2 }).then((r) => r, (e) => ({ error: e.message })));
  // Meanwhile the page keeps drawing: frames come, each with ~10 ms of the measurement besides
  // its usual work (pieces of ~2 ms).
  const stats = [];
  const progress = [];
  for (;;) {
    const done = await Promise.race([pending.then(() => true), new Promise((r) => setTimeout(() => r(false), 250))]);
    const [st, sp] = await page.evaluate(() => [window.bloomlab.frameStats(), window.bloomlab.speedState()]);
    stats.push(st);
    progress.push(sp.progress);
    if (done) break;
  }
  const result = await pending;
  const seconds = (Date.now() - started) / 1000;
  check(!result.error, "speed() resolves", result.error || "");
  const frameCount = stats.reduce((a, s) => a + s.frames, 0);
  const busyMean = stats.reduce((a, s) => a + s.meanMs * s.frames, 0) / Math.max(1, frameCount);
  const maxMs = Math.max(...stats.map((s) => s.maxMs));
  console.log(`  speed(): ${seconds.toFixed(1)} s, ${frameCount} frames drawn meanwhile: ${busyMean.toFixed(1)} ms of work ` +
              `on average (idle: ${idle.meanMs.toFixed(1)} ms), the longest ${maxMs.toFixed(1)} ms (allocating the 32 MiB filters)`);
  check(frameCount >= 10, "the page drew frames while it measured", `${frameCount} frames in ${seconds.toFixed(1)} s`);
  check(busyMean <= idle.meanMs + 30, "a frame gives the measurement ~10 ms, not more (mean frame work within 30 ms of idle)",
        `${busyMean.toFixed(1)} ms against ${idle.meanMs.toFixed(1)} ms idle`);
  check(progress.every((p, i) => i === 0 || p >= progress[i - 1]), "the progress only grows", JSON.stringify(progress));

  equal(result.rows.length, 32, "32 rows: 2 sizes × standard, blocked, cuckoo, binary fuse × present, absent × one by one, 32 at a time");
  equal([...new Set(result.rows.map((r) => r.m))], [100000, 2 ** 28], "at this filter's m and at 2^28 bits");
  const own = result.rows.find((r) => r.m === 100000);
  equal(own.words, Math.round(100000 * Math.LN2 / 7), "this m is filled to its design n = m ln 2 / k");
  equal(result.rows.find((r) => r.m === 2 ** 28).words, 1000000, "the 32 MiB filters hold a million words");
  check(result.rows.every((r) => Number.isFinite(r.nsPerQuery) && r.nsPerQuery > 0), "every row has its ns per query",
        JSON.stringify(result.rows.map((r) => r.nsPerQuery)));
  check(result.rows.every((r) => r.queries === 20000), "20,000 queries a pass, as asked");
  check(result.rows.filter((r) => r.keys === "present").every((r) => r.maybes === r.queries), "every word in the set answers \"possibly\"");
  const absentOne = result.rows.filter((r) => r.keys === "absent" && r.mode === "one");
  const absentBatch = result.rows.filter((r) => r.keys === "absent" && r.mode === "batch");
  equal(absentOne.map((r) => r.maybes), absentBatch.map((r) => r.maybes), "absent words: the same answers one by one and in batches");
  const row = (variant, m, keys, mode) => result.rows.find((r) => r.variant === variant && r.m === m && r.keys === keys && r.mode === mode);
  for (const keys of ["present", "absent"]) for (const mode of ["one", "batch"]) {
    const [s, b, c, f] = ["standard", "blocked", "cuckoo", "binaryFuse"].map((v) => row(v, 2 ** 28, keys, mode));
    console.log(`  2^28, ${keys}, ${mode}: standard ${s.nsPerQuery.toFixed(1)} ns, blocked ${b.nsPerQuery.toFixed(1)} ns: ${(s.nsPerQuery / b.nsPerQuery).toFixed(2)}x; ` +
                `cuckoo ${c.nsPerQuery.toFixed(1)} ns, binary fuse ${f.nsPerQuery.toFixed(1)} ns`);
  }
  // The cuckoo filter's slots take the same 32 MiB (2^21 buckets of 4, f = 12); the binary fuse
  // filter is sized for the million words (about 9 bits each at f = 8).
  equal(row("cuckoo", 2 ** 28, "present", "one").bits, 2 ** 21 * 4 * 12, "the cuckoo filter: 2^21 buckets of 4 slots of 12 bits");
  const fuseBits = row("binaryFuse", 2 ** 28, "present", "one").bits;
  check(fuseBits > 8e6 && fuseBits < 1.05e7, "the binary fuse filter: about 9 bits per word", fuseBits);
  // The CLI runs the same code natively: the same rows (the same words), other times.
  if (process.env.BLOOMLAB_CLI) {
    const { execFileSync } = await import("node:child_process");
    try {
      const cli = JSON.parse(execFileSync(process.env.BLOOMLAB_CLI, ["speed", "--queries", "20000", "--rounds", "1", "--json"]).toString());
      equal(cli.rows.map((r) => [r.variant, r.m, r.words, r.keys, r.mode, r.maybes]),
            result.rows.map((r) => [r.variant, r.m, r.words, r.keys, r.mode, r.maybes]), "the CLI's speed --json asks the same words and gets the same answers");
    } catch (e) { console.log(`  (CLI not compared: ${e.message.split("\n")[0]})`); }
  }

  await settled(page);
  let v = await page.evaluate(() => window.bloomlab.viewState());
  check(v.speedChart.h > 100, "the bars are drawn", JSON.stringify(v.speedChart));
  await shoot(page, v.speedChart, "speed-chart.png");
  await page.screenshot({ path: `${SHOTS}/speed-page.png` });
  await page.evaluate(() => window.bloomlab.setLanguage("ru"));
  await settled(page);
  v = await page.evaluate(() => window.bloomlab.viewState());
  await shoot(page, v.speedChart, "speed-chart-ru.png");
  await page.screenshot({ path: `${SHOTS}/speed-page-ru.png` });
  equal(v.overflowing || [], [], "no card overflows in Russian");
  await page.evaluate(() => window.bloomlab.setLanguage("en"));
  await settled(page);

  // Measure with the mouse starts the panel's own run (the default: 200,000 queries, 3 rounds);
  // Cancel, where Measure was, stops it and frees its filters.
  v = await page.evaluate(() => window.bloomlab.viewState());
  const measuresBefore = await page.evaluate(() => window.bloomlab.speedState().started);
  await page.mouse.click(...centre(v.speedButton));
  await page.waitForFunction((n) => window.bloomlab.speedState().started > n, measuresBefore);
  let sp = await page.evaluate(() => window.bloomlab.speedState());
  check(sp.running, "Measure, clicked, starts a measurement", JSON.stringify({ running: sp.running, progress: sp.progress }));
  await page.screenshot({ path: `${SHOTS}/speed-running.png` });
  v = await page.evaluate(() => window.bloomlab.viewState());
  await page.mouse.click(...centre(v.speedButton));
  await settled(page);  // the measurement is stopped, or (not cancelled) has run to its end
  sp = await page.evaluate(() => window.bloomlab.speedState());
  check(!sp.running && sp.rows.length === 0, "Cancel stops it", JSON.stringify({ running: sp.running, rows: sp.rows.length }));

  // Bad options, in words; nothing starts.
  const bad = await page.evaluate(() => window.bloomlab.speed({ queries: 5 }).then(() => "", (e) => e.message));
  check(bad.includes("1,000") && bad.includes("100,000,000"), "speed({queries: 5}) is refused in words", bad);
  check(!(await page.evaluate(() => window.bloomlab.speedState().running)), "and nothing runs");
  // A newer measurement replaces one under way: the first promise says so.
  const replaced = await page.evaluate(async () => {
    const first = window.bloomlab.speed({ queries: 200000, rounds: 5 }).then(() => "", (e) => e.message);
    while (!window.bloomlab.speedState().running) await new Promise((r) => setTimeout(r, 10));
    const second = window.bloomlab.speed({ queries: 2000, rounds: 1, outOfCache: false });
    const [a, b] = await Promise.all([first, second]);
    return { a, rows: b.rows.length };
  });
  check(replaced.a.includes("newer measurement"), "a newer speed() replaces the one under way", replaced.a);
  equal(replaced.rows, 16, "outOfCache: false measures this m only");
  equal(app.problems, [], "no errors in the console");
  await app.close();
});
