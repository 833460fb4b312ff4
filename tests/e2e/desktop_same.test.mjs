// The desktop program renders the same first frame as the browser: the same parameters at the
// same size, compared block by block (two rasterizers, Mesa's and SwiftShader, so not to the
// last pixel). Needs the native tree (scripts/test.sh builds it first).
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { run, openApp, screenshot, check, decodePng, SHOTS } from "./harness.mjs";
import { settled } from "./page_helpers.mjs";

const DESKTOP = process.env.BLOOMLAB_DESKTOP;
const PARAMS = "preset=tiny&word=dragon&theme=dark";
const SIZE = { width: 1000, height: 700 };

// Mean colour of each 10x10 block; the share of blocks whose colours differ by more than `tol`.
function blockDifference(a, b, tol = 24) {
  let differ = 0, blocks = 0;
  for (let by = 0; by + 10 <= a.height; by += 10) for (let bx = 0; bx + 10 <= a.width; bx += 10) {
    const mean = (img) => {
      const sum = [0, 0, 0];
      for (let y = by; y < by + 10; y++) for (let x = bx; x < bx + 10; x++) {
        const p = img.at(x, y);
        for (let c = 0; c < 3; c++) sum[c] += p[c];
      }
      return sum.map((v) => v / 100);
    };
    const ma = mean(a), mb = mean(b);
    blocks++;
    if (Math.abs(ma[0] - mb[0]) + Math.abs(ma[1] - mb[1]) + Math.abs(ma[2] - mb[2]) > tol) differ++;
  }
  return differ / blocks;
}

run("desktop and browser draw the same frame", async (browser) => {
  if (!DESKTOP || !fs.existsSync(DESKTOP)) {
    check(false, "the desktop program is built", `not found at ${DESKTOP}; build the native tree first`);
    return;
  }
  const app = await openApp(browser, { query: "?" + PARAMS, viewport: SIZE });
  await app.page.mouse.move(SIZE.width - 2, SIZE.height - 2);  // no hover highlight
  await settled(app.page);
  const web = await screenshot(app.page, "same-frame-browser.png");
  const file = path.join(SHOTS, "same-frame-desktop.png");
  execFileSync("xvfb-run", ["-a", "-s", "-screen 0 1280x800x24", DESKTOP, "--frames", "30",
    "--size", `${SIZE.width}x${SIZE.height}`, "--params", PARAMS, "--screenshot", file], { stdio: "pipe" });
  const desktop = decodePng(fs.readFileSync(file));
  check(desktop.width === web.image.width && desktop.height === web.image.height, "same size",
        `${desktop.width}x${desktop.height} vs ${web.image.width}x${web.image.height}`);
  const share = blockDifference(desktop, web.image);
  console.log(`  ${(100 * share).toFixed(1)}% of 10x10 blocks differ (${file} vs ${web.file})`);
  check(share < 0.03, "the two frames match block by block", `${(100 * share).toFixed(1)}% of blocks differ`);
  check(app.problems.length === 0, "no console errors", app.problems.join("\n"));
  await app.close();
});
