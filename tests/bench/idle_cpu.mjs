// What a page left open costs (not a test; prints figures for RESULTS.md): the CPU time headless
// Chromium's processes (browser, GPU, renderer) take over 10 s with the app open and nobody
// touching it, then while the mouse moves over it (a frame drawn every display frame), at
// 1280x800 with the 10k preset.   node tests/bench/idle_cpu.mjs   (after a web build)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.BLOOMLAB_SITE ||= path.join(here, "../../build/web/site");
const { launch, openApp } = await import("../e2e/harness.mjs");
const { drawnFrames } = await import("../e2e/page_helpers.mjs");

// CPU seconds (user + system) of a process's descendants (the browser playwright-core started
// from this node process, and its GPU and renderer processes), from /proc.
function cpuSeconds(root) {
  const children = new Map();
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      const ppid = Number(f[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push({ pid: Number(pid), ticks: Number(f[11]) + Number(f[12]) });
    } catch { /* gone meanwhile */ }
  }
  let ticks = 0;
  const walk = (pid) => { for (const c of children.get(pid) || []) { ticks += c.ticks; walk(c.pid); } };
  walk(root);
  return ticks / 100;
}

const browser = await launch();
const root = process.pid;
const app = await openApp(browser, { query: "?preset=passwords" });
const { page } = app;
await page.waitForFunction(() => window.bloomlab.state().wordCount === 10000 && !window.bloomlab.state().loading.active, null, { timeout: 60000 });
await page.evaluate(() => window.bloomlab.idle());
await new Promise((r) => setTimeout(r, 3000));  // the plots' measurement and the announcement done
const measure = async (label, during) => {
  await page.evaluate(() => window.bloomlab.frameStats());
  const c0 = cpuSeconds(root), t0 = Date.now();
  await during();
  const seconds = (Date.now() - t0) / 1000, cpu = cpuSeconds(root) - c0;
  const st = await page.evaluate(() => window.bloomlab.frameStats());
  console.log(`${label}: ${cpu.toFixed(2)} CPU s in ${seconds.toFixed(1)} s (${(cpu / seconds).toFixed(2)} cores), ` +
              `${st.frames} frames drawn, ${st.meanMs.toFixed(1)} ms of work each`);
};
await measure("idle, 10 s", () => new Promise((r) => setTimeout(r, 10000)));
await measure("mouse moving, 300 frames", () => drawnFrames(page, 300));
await app.close();
await browser.close();
