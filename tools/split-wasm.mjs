// Splits the app's wasm in two (issue 36): the part a reader's first visit runs, downloaded with
// the page, and the rest (lessons, the Code panel, the speed test, other languages ...), which
// the page fetches at the reader's first touch and Emscripten's runtime otherwise loads the first
// time one of its functions is called (web/bloomlab.js, loadSplitModule).
//
// Which functions a first visit runs is measured, not listed: the wasm is instrumented
// (Binaryen's wasm-split --instrument), the site is opened in headless Chromium in the scenes a
// reader starts from (an embed, the app, the 10k list, a phone) and what they do first (type a
// word, Enter, move over the panels), and wasm-split --split keeps what ran.
//
//   node tools/split-wasm.mjs SITE_DIR WORK_DIR NODE_MODULES
//
// Reads SITE_DIR/bloomlab-wasm.wasm.orig (the link's wasm before Emscripten instrumented it;
// -sSPLIT_MODULE; moved to WORK_DIR.orig.wasm) and writes SITE_DIR/bloomlab-wasm.wasm and
// bloomlab-wasm.deferred.wasm.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import { startServer } from "../scripts/static-server.mjs";

const [site, work, nodeModules] = process.argv.slice(2);
// A browser that hangs must not hang the build.
setTimeout(() => { console.error("split-wasm: the scenes took over 10 minutes; stopped"); process.exit(1); }, 600000).unref();
const require = createRequire(path.join(path.resolve(nodeModules), "index.js"));
const { chromium } = require("playwright-core");
const CHROMIUM = process.env.BLOOMLAB_CHROMIUM || "/usr/bin/chromium";
// Mutable globals (the stack pointer, shared by both parts) are in every WebGL2 browser.
const FEATURES = ["--mvp-features", "--enable-mutable-globals"];
const run = (tool, args) => execFileSync(tool, args, { stdio: ["ignore", "inherit", "inherit"] });

fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
// The link's wasm leaves the site (nobody downloads it) for a place beside the work directory,
// where a change to this script alone splits it again.
const orig = `${work}.orig.wasm`;
if (fs.existsSync(path.join(site, "bloomlab-wasm.wasm.orig"))) fs.renameSync(path.join(site, "bloomlab-wasm.wasm.orig"), orig);
const full = path.join(work, "full.wasm");
// The link runs wasm-opt -Oz once; run to a fixed point it finds more (-4.0 KB gzip of 394.5).
run("wasm-opt", ["-Oz", "--converge", "--low-memory-unused", "--zero-filled-memory", ...FEATURES, orig, "-o", full]);

// A copy of the site whose wasm counts the functions it runs.
const measured = path.join(work, "site");
fs.cpSync(site, measured, { recursive: true, filter: (f) => !/\.(br|gz)$/.test(f) && !f.endsWith(".compressed.json") });
run("wasm-split", ["--instrument", ...FEATURES, full, "-o", path.join(measured, "bloomlab-wasm.wasm")]);

// The scenes: where a reader arrives, and the first things done there.
const SCENES = [
  { query: "?embed=1&preset=tiny", viewport: { width: 700, height: 500 } },
  { query: "?embed=1&preset=tiny", viewport: { width: 1280, height: 720 } },
  { query: "?embed=1&preset=tiny&panels=words,bits&word=Qwerty", viewport: { width: 700, height: 500 } },
  { query: "?embed=1&preset=tiny", viewport: { width: 360, height: 640 }, touch: true },
  { query: "", viewport: { width: 1280, height: 800 } },
  { query: "", viewport: { width: 1024, height: 768 } },
  { query: "?preset=passwords", viewport: { width: 1280, height: 800 } },
  { query: "?preset=passwords", viewport: { width: 1280, height: 720 } },
];
const browser = await chromium.launch({
  executablePath: CHROMIUM, headless: true,
  args: ["--no-sandbox", "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--ignore-gpu-blocklist"],
});
const { server, port } = await startServer(measured, 0, {});
const profiles = [];
// One scene that fails (a browser that crashed, a page that never came to rest) costs only its
// own measure: what it would have run stays in the deferred part, loaded when first called.
async function measure(scene, i) {
  const context = await browser.newContext({ viewport: scene.viewport, hasTouch: !!scene.touch, isMobile: !!scene.touch });
  try {
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(e.message));
    // A slow machine's first visit draws what a fast one skips (a list still loading over
    // several frames): the page starts at a sixth of the CPU, so the profile has those paths too.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.goto(`http://127.0.0.1:${port}/index.html${scene.query}`);
    // idle() too: an author's page (and the tests) wait on it after the first frame.
    const rest = () => page.evaluate(() => window.bloomlab.ready.then(() => Promise.race([
      window.bloomlab.idle().then(() => window.bloomlab.settled()), new Promise((resolve) => setTimeout(resolve, 30000))])));
    await rest();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    // Over the panels, as a reader's pointer (or finger) goes: every 40 px of the canvas.
    for (let y = 20; y < scene.viewport.height && !scene.touch; y += 40) {
      for (let x = 20; x < scene.viewport.width; x += 80) await page.mouse.move(x, y);
    }
    if (scene.touch) await page.touchscreen.tap(scene.viewport.width / 2, 120);
    await rest();
    await page.keyboard.type("hello");
    await page.keyboard.press("Enter");
    await rest();
    if (!scene.touch) await page.mouse.wheel(0, 200);
    await rest();
    // What a visit does once at rest: the session saved (not in an embed).
    if (!scene.query.includes("embed=1")) {
      await page.evaluate(() => Promise.race([window.bloomlab.kept(), new Promise((resolve) => setTimeout(resolve, 30000))]));
    }
    if (problems.length) throw new Error(problems.join("; "));
    const bytes = await page.evaluate(() => {
      const size = 1 << 20, at = Module._malloc(size);
      const n = Module.asm.__write_profile(at, size);
      return Array.from(Module.HEAPU8.subarray(at, at + n));
    });
    const file = path.join(work, `scene-${i}.prof`);
    fs.writeFileSync(file, Buffer.from(bytes));
    profiles.push(file);
    console.log(`split-wasm: scene ${i + 1}/${SCENES.length} (${scene.query || "the app"}, ${scene.viewport.width}x${scene.viewport.height}) measured`);
  } finally {
    await context.close();
  }
}
try {
  for (const [i, scene] of SCENES.entries()) {
    await measure(scene, i).catch((e) => console.warn(`split-wasm: scene ${scene.query || "the app"} not measured: ${e.message.split("\n")[0]}`));
  }
} finally {
  await browser.close();
  server.close();
}
if (profiles.length === 0) throw new Error("split-wasm: no scene could be measured (is Chromium installed? scripts/setup.sh)");
const profile = path.join(work, "first-visit.prof");
run("wasm-split", ["--merge-profiles", ...profiles, "-o", profile]);
// The primary keeps what ran; calls to the rest go through placeholders Emscripten's runtime
// resolves by loading the deferred part. Short export names: the deferred part imports ~900.
run("wasm-split", ["--split", ...FEATURES, `--profile=${profile}`, "--export-prefix=%", "--placeholdermap", full,
  "-o1", path.join(site, "bloomlab-wasm.wasm"), "-o2", path.join(site, "bloomlab-wasm.deferred.wasm")]);
fs.rmSync(measured, { recursive: true, force: true });
// Which function each placeholder stands for (bloomlab._test.deferredFirstCall() gives the index).
fs.renameSync(path.join(site, "bloomlab-wasm.wasm.placeholders"), path.join(work, "placeholders"));
const size = (f) => (fs.statSync(path.join(site, f)).size / 1024).toFixed(1);
console.log(`split-wasm: first visit ${size("bloomlab-wasm.wasm")} KB, deferred ${size("bloomlab-wasm.deferred.wasm")} KB (raw)`);
