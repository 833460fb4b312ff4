// The Speed panel's own figures (issue 11 §4): bloomlab.speed() with the panel's defaults in
// headless Chromium (the built site, the 10k preset: m = 100,000, k = 7) beside the same
// measurement natively (`bloomlab speed --json`, the same core code and words), in alternating
// runs, the best per cell. Prints a Markdown table for RESULTS.md.
// usage: node tests/bench/speed_page.mjs [RUNS]   (from the repository; needs build/web/site and
//        build/native/src/cli/bloomlab)
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "../..");
process.env.BLOOMLAB_SITE ||= path.join(root, "build/web/site");
const cli = process.env.BLOOMLAB_CLI || path.join(root, "build/native/src/cli/bloomlab");
const { launch, openApp } = await import("../e2e/harness.mjs");
const runs = Number(process.argv[2] || 2);

const best = { page: new Map(), native: new Map() };
const keep = (map, rows) => {
  for (const r of rows) {
    const key = `${r.m}|${r.keys}|${r.mode}|${r.variant}`;
    map.set(key, Math.min(map.get(key) ?? Infinity, r.nsPerQuery));
  }
};
const browser = await launch();
const app = await openApp(browser, { query: "?preset=passwords&panels=words,params,speed" });
await app.page.waitForFunction(() => window.bloomlab.state().wordCount === 10000, null, { timeout: 60000 });
let frameNote = "";
for (let i = 0; i < runs; ++i) {
  await app.page.evaluate(() => window.bloomlab.frameStats());
  const t0 = Date.now();
  const page = await app.page.evaluate(() => window.bloomlab.speed());
  const stats = await app.page.evaluate(() => window.bloomlab.frameStats());
  frameNote = `${((Date.now() - t0) / 1000).toFixed(1)} s in the page, ${stats.frames} frames meanwhile, the longest ${stats.maxMs.toFixed(1)} ms of work`;
  keep(best.page, page.rows);
  keep(best.native, JSON.parse(execFileSync(cli, ["speed", "--json"]).toString()).rows);
}
await app.close();
await browser.close();

const lines = ["| m | keys | asked | native standard | native blocked | native ratio | Chromium standard | Chromium blocked | Chromium ratio |",
               "|---|---|---|---|---|---|---|---|---|"];
for (const m of [100000, 2 ** 28]) for (const keys of ["present", "absent"]) for (const mode of ["batch", "one"]) {
  const get = (map, v) => map.get(`${m}|${keys}|${mode}|${v}`);
  const cells = [];
  for (const map of [best.native, best.page]) {
    const s = get(map, "standard"), b = get(map, "blocked");
    cells.push(s.toFixed(1), b.toFixed(1), `**${(s / b).toFixed(2)}x**`);
  }
  lines.push(`| ${m === 2 ** 28 ? "2^28" : "100,000"} | ${keys} | ${mode === "batch" ? "32 at a time" : "one by one"} | ${cells.join(" | ")} |`);
}
console.log(lines.join("\n"));
console.log(`\nBest of ${runs} runs each, alternating; the last page run: ${frameNote}.`);
