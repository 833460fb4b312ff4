// Whether every lesson step shows what it names (not a test; prints figures for RESULTS.md):
// walks every step of the eleven lessons on 1920x1080 and 1024x768 slides, a 700x500 laptop window and a
// 375x667 phone, and for each panel the step names prints its card whole and the part its
// column shows (viewState().cards). A card counts as on screen when it is shown whole or at
// least 40% of the window's height of it; the ones that are not are screenshotted.
//   NODE_PATH=$PWD/node_modules node tests/bench/scenes.mjs [slide1920|slide1024|laptop700|phone375]
// (after a web build; screenshots in build/web/screenshots/scene-*.png)
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.BLOOMLAB_SITE ||= path.join(here, "../../build/web/site");
process.env.BLOOMLAB_SCREENSHOTS ||= path.join(here, "../../build/web/screenshots");
const { run, openApp, screenshot } = await import("../e2e/harness.mjs");
const { settled, taken, cardShown } = await import("../e2e/page_helpers.mjs");

const sizes = [
  { name: "slide1920", query: "?present=1&lesson=basics&step=1", viewport: { width: 1920, height: 1080 } },
  { name: "slide1024", query: "?present=1&lesson=basics&step=1", viewport: { width: 1024, height: 768 } },
  { name: "laptop700", query: "?lesson=basics&step=1", viewport: { width: 700, height: 500 } },
  { name: "phone375", query: "?lesson=basics&step=1", viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true,
    deviceScaleFactor: 2 },
];
const only = process.argv[2];
await run("scenes: what each lesson step names, on screen", async (browser) => {
  for (const size of sizes.filter((s) => !only || s.name === only)) {
    const a = await openApp(browser, size);
    const rest = async () => { await a.page.evaluate(() => window.bloomlab.idle()); await settled(a.page); };
    await rest();
    const list = await a.page.evaluate(() => window.bloomlab.lessons());
    let off = 0, named = 0, offFolded = 0;
    for (const l of list) for (let step = 1; step <= l.steps; step++) {
      await a.page.evaluate(([id, n]) => window.bloomlab.openLesson(id, n), [l.id, step]);
      await rest();
      const now = await a.page.evaluate(() => window.bloomlab.lesson());
      const measure = async () => {
        const v = await a.page.evaluate(() => window.bloomlab.viewState());
        const cells = [];
        for (const hl of [...now.highlight.filter((h) => h.startsWith("panel ")), ...now.show.map((p) => `panel ${p}`)]) {
          const c = v.cards[hl.slice(6)];
          const shown = cardShown(c, size.viewport.height);
          cells.push(`${hl.slice(6)} ${Math.round(c.whole.y)}+${Math.round(c.whole.h)}, seen ${Math.round(c.seen.h)}${shown ? "" : " OFF"}`);
        }
        return { v, cells, off: cells.filter((c) => c.endsWith("OFF")).length };
      };
      const first = await measure();
      named += first.cells.length, off += first.off;
      console.log(`  ${size.name} ${l.id} ${step}: ${first.cells.join(" | ")}`);
      if (first.off) await screenshot(a.page, `scene-${size.name}-${l.id}-${step}.png`);
      // One column: the reader can fold the step's text away (a tap on its title) for its panels.
      const fold = first.v.lessonFold;
      if (first.off && fold && fold.w > 0) {
        await a.page.touchscreen.tap(fold.x + 20, fold.y + fold.h / 2);
        await taken(a.page);
        await rest();
        const then = await measure();
        offFolded += then.off;
        console.log(`  ${size.name} ${l.id} ${step}, text folded: ${then.cells.join(" | ")}`);
        await screenshot(a.page, `scene-${size.name}-${l.id}-${step}-folded.png`);
      } else {
        offFolded += first.off;
      }
    }
    console.log(`  ${size.name}: ${off} of ${named} named panels off screen (${offFolded} with the text folded where it folds)`);
    await a.close();
  }
});
