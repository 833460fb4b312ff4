// Saving a session of N words (issue 14: no task over 50 ms with a million words), in headless
// Chromium: not a test, it prints figures for RESULTS.md.
//   node tests/bench/save.mjs [N=1000000]   (after a web build)
// N generated words are loaded and saved; then one word is added, which saves the N + 1 words
// again (their bytes travel apart from the link). Measured from the change until the browser
// confirms the record stored: the long tasks (PerformanceObserver "longtask", every task over
// 50 ms, with its duration) and the app's longest frame (bloomlab.frameStats()). The same change
// in an embed (embed=1 keeps no session) is the control: its long tasks are the app's own work
// for the change (numbers, the word box), not the save's. The plots panel is hidden, so no sweep
// runs meanwhile. Works on builds before the save was sliced too (no bloomlab.saving(): the
// record then counts as stored 1 s after the page has it).
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.BLOOMLAB_SITE ||= path.join(here, "../../build/web/site");
const { launch, openApp } = await import("../e2e/harness.mjs");
const N = Number(process.argv[2] || 1000000);

async function measure(browser, embed) {
  const query = "?preset=empty&theme=dark&panels=words,params" + (embed ? "&embed=1" : "");
  const app = await openApp(browser, { query, viewport: { width: 640, height: 400 } });
  const { page } = app;
  page.setDefaultTimeout(600000);
  const out = await page.evaluate(async ({ n, embed }) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    await bloomlab.idle();
    const text = Array.from({ length: n }, (_, i) => "w" + i + "-" + ((Math.imul(i, 2654435761) + 7) & 0xffff).toString(16)).join("\n");
    bloomlab.loadWords(text, "million.txt");
    while (bloomlab.state().loading.active) await frame();
    const sliced = typeof bloomlab.saving === "function";
    const saved = async (count) => {
      if (embed) { await sleep(2000); return; }
      for (;;) {
        await frame();
        const mine = bloomlab.sessions().find((r) => r.mine);
        if (sliced ? bloomlab.saving().stored === count : mine && mine.count === count) break;
      }
      if (!sliced) await sleep(1000);
    };
    const t0 = performance.now();
    await saved(n);
    const firstSaveMs = performance.now() - t0;
    await sleep(1000);
    const tasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push(Math.round(e.duration));
    });
    observer.observe({ type: "longtask" });
    await frame();
    bloomlab.frameStats();
    const t1 = performance.now();
    bloomlab.add("one more word");
    await saved(n + 1);
    const saveMs = performance.now() - t1;
    await sleep(300);
    observer.disconnect();
    const stats = bloomlab.frameStats();
    const mine = embed ? null : bloomlab.sessions().find((r) => r.mine);
    return { embed, sliced, words: bloomlab.state().n, firstSaveMs: Math.round(firstSaveMs), saveMs: Math.round(saveMs),
             longTasksMs: tasks, longestTaskMs: Math.max(0, ...tasks), longestFrameWorkMs: Math.round(stats.maxMs),
             record: mine && { count: mine.count, bytes: mine.bytes, parts: mine.parts } };
  }, { n: N, embed });
  await app.close();
  return out;
}

const browser = await launch();
const result = { n: N, save: await measure(browser, false), control: await measure(browser, true) };
console.log(JSON.stringify(result, null, 1));
await browser.close();
