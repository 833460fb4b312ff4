// The visualizer, driven like a user: keys typed on the canvas, the slider dragged, pixels looked
// at; numbers checked against the spec and an independent implementation (reference.mjs).
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { run, openApp, screenshot, check, equal, SITE } from "./harness.mjs";
import * as reference from "./reference.mjs";

const until = async (page, predicate, arg, what) => {
  try { await page.waitForFunction(predicate, arg, { timeout: 15000, polling: 50 }); return true; }
  catch { return check(false, what, "timed out"); }
};
const colourNear = (rgb, target, tolerance = 40) =>
  rgb.every((c, i) => Math.abs(c - target[i]) <= tolerance);
const CYAN = [56, 217, 240];  // the dark theme's "current word" outline (src/app/ui.cpp)
const AMBER = [245, 166, 35]; // a set bit

// ImGui 1.86 samples key state once a frame: a key must stay down for a frame to count, as a
// person's finger does (typed characters are queued and need no delay).
const press = (page, key) => page.keyboard.press(key, { delay: 50 }).then(() => page.waitForTimeout(30));

async function clearAndType(page, box, text) {
  await page.mouse.click(box.x + box.w / 2, box.y + box.h / 2);
  await page.waitForTimeout(100);  // the click activates the box on the next frame
  const old = await page.evaluate(() => bloomlab.state().wordInput);
  await press(page, "End");
  for (const _ of old) await press(page, "Backspace");
  await page.keyboard.type(text, { delay: 15 });
}

run("visualizer", async (browser) => {
  // ---- Tiny preset: the reference positions, typed on the canvas -------------------------
  const app = await openApp(browser, { query: "?preset=tiny&theme=dark" });
  const { page } = app;
  let s = await page.evaluate(() => bloomlab.state());
  equal([s.params.m, s.params.k, s.wordCount], [64, 3, 5], "tiny preset: m = 64, k = 3, five words");

  await clearAndType(page, s.layout.wordBox, "dragon");
  await until(page, () => bloomlab.state().wordInput === "dragon", null, "typing reaches the word box");
  s = await page.evaluate(() => bloomlab.state());
  equal(s.query.positions, [30, 1, 36], "typing dragon lights bits 30, 1, 36 (DESIGN.md)");
  equal(s.query.positions, reference.positions("dragon", 64, 3), "and so does the independent implementation");
  const shot = await screenshot(page, "visualizer-dragon.png");
  console.log(`  screenshot: ${shot.file}`);
  const L = s.layout;
  check(L.bitCells, "m = 64 is drawn as cells");
  // A cell's left edge at mid-height (clear of the index badge on its top edge): the outline
  // is a few pixels wide there, so look along a short horizontal run.
  const cellOrigin = (bit) => [L.cellsX + (bit % L.cellsCols) * L.cell, L.cellsY + Math.floor(bit / L.cellsCols) * L.cell];
  const outlined = (bit) => {
    const [x, y] = cellOrigin(bit);
    for (let dx = -4; dx <= 2; dx++) if (colourNear(shot.image.at(x + dx, y + L.cell / 2), CYAN, 30)) return true;
    return false;
  };
  for (const bit of [30, 1, 36]) check(outlined(bit), `bit ${bit} is outlined on screen`);
  for (const bit of [0, 7]) {  // set by other words, not dragon's
    check(!outlined(bit), `bit ${bit} is not outlined`);
    const [x, y] = cellOrigin(bit);
    const centre = shot.image.at(x + L.cell / 4, y + L.cell / 4);
    check(colourNear(centre, AMBER), `bit ${bit} shows as set (amber)`, `pixel ${centre}`);
  }

  await clearAndType(page, s.layout.wordBox, "Qwerty");
  await until(page, () => bloomlab.state().wordInput === "Qwerty", null, "Qwerty typed");
  s = await page.evaluate(() => bloomlab.state());
  equal(s.query.verdict, "possibly", "Qwerty is 'possibly' in the set");
  check(s.query.culprits.includes("letmein"), "its culprit is letmein", JSON.stringify(s.query.culprits));
  check(/possibly/.test(s.query.sentence) && /letmein/.test(s.query.sentence), "the sentence names it", s.query.sentence);
  await screenshot(page, "visualizer-qwerty.png");

  await clearAndType(page, s.layout.wordBox, "sunshine");
  await until(page, () => bloomlab.state().wordInput === "sunshine", null, "sunshine typed");
  s = await page.evaluate(() => bloomlab.state());
  equal(s.query.verdict, "definitely_not", "sunshine is 'definitely not' in the set (the CLI's token)");
  check(s.query.zeroBits.length > 0 && /definitely not/.test(s.query.sentence), "with a zero bit named", s.query.sentence);
  await press(page, "Enter");
  await until(page, () => bloomlab.state().wordCount === 6, null, "Enter adds the word");
  s = await page.evaluate(() => bloomlab.state());
  const sunshine = await page.evaluate(() => bloomlab.query("sunshine"));
  check(s.words.includes("sunshine") && sunshine.verdict === "possibly" && sunshine.isMember, "sunshine is now in the set");
  equal(s.wordInput, "", "Enter empties the box for the next word");

  // ---- Changing k through the UI changes the state and the plot -------------------------
  const before = await screenshot(page, "visualizer-k3.png");
  const k = s.layout.kSlider;
  await page.mouse.click(k.x + k.w * 0.75, k.y + k.h / 2);
  await until(page, () => bloomlab.state().params.k !== 3, null, "a click on the k slider changes k");
  s = await page.evaluate(() => bloomlab.state());
  check(s.params.k > 3, `k is now ${s.params.k}`);
  equal((await page.evaluate(() => bloomlab.query("sunshine"))).positions.length, s.params.k, "a word has k positions");
  const after = await screenshot(page, "visualizer-k-changed.png");
  let changed = 0;
  const x0 = Math.floor(after.image.width / 2);  // the plots are in the right column
  for (let y = 0; y < after.image.height; y += 2) for (let x = x0; x < after.image.width; x += 2) {
    const a = before.image.at(x, y), b = after.image.at(x, y);
    if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) > 30) changed++;
  }
  check(changed > 500, "the plots redraw for the new k", `${changed} pixels changed`);

  // ---- Bad input: clear messages, nothing lost -----------------------------------------
  const words = s.wordCount;
  const err = async (fn) => page.evaluate(fn).then(() => "", (e) => e.message);
  const m0 = await err(() => bloomlab.setParams({ m: 0 }));
  check(/m/.test(m0) && m0.length > 10, "m = 0 is refused in words", m0);
  const k1000 = await err(() => bloomlab.setParams({ k: 1000 }));
  check(/k/.test(k1000) && /64/.test(k1000), "k = 1000 is refused, naming the limit", k1000);
  const huge = await err(() => bloomlab.add("x".repeat(1 << 20)));
  check(huge.length > 10, "a megabyte word is refused in words", huge);
  s = await page.evaluate(() => bloomlab.state());
  equal([s.wordCount, s.params.m], [words, 64], "the words and m stay after bad input");
  const invalid = await page.evaluate(() => bloomlab.query(new Uint8Array([0x66, 0xff, 0xfe, 0x6f])));
  check(invalid.validUtf8 === false && invalid.positions.length === s.params.k, "invalid UTF-8 is hashed as bytes");
  await page.evaluate(() => bloomlab.add(new Uint8Array([0xc3, 0x28])));
  await screenshot(page, "visualizer-bad-input.png");
  check(app.problems.length === 0, "no console errors in the tiny session", app.problems.join("\n"));
  await app.close();

  // ---- 10k preset: measure() equals the spec's measurement and the CLI -----------------
  const big = await openApp(browser, { query: "?preset=passwords" });
  await big.page.evaluate(() => bloomlab.idle());
  s = await big.page.evaluate(() => bloomlab.state());
  equal([s.params.m, s.params.k, s.wordCount], [100000, 7, 10000], "10k preset: m = 100,000, k = 7, 10,000 words");
  const measured = await big.page.evaluate(() => bloomlab.measure({ probes: 100000 }));
  const words10k = reference.parseList(fs.readFileSync(path.join(SITE, "passwords-10k.txt"), "utf8"));
  const expected = reference.measure(words10k, 100000, 7, 100000);
  equal([measured.falsePositives, measured.probes], [expected.falsePositives, expected.probes],
        "measure() equals the independent reference measurement");
  const cli = process.env.BLOOMLAB_CLI;
  if (cli && fs.existsSync(cli)) {
    const out = JSON.parse(execFileSync(cli, ["measure", "--words", "passwords-10k", "--m", "100000", "--k", "7", "--json"], { encoding: "utf8" }));
    const fp = out.false_positives ?? out.falsePositives;
    equal(measured.falsePositives, fp, "measure() equals `bloomlab measure` for the same m and k");
  } else {
    console.log("  (skipped the CLI comparison: no native build at BLOOMLAB_CLI)");
  }
  await screenshot(big.page, "visualizer-10k.png");

  // The list failing to load: the rest works, says so, and keeps the words.
  const failing = await openApp(browser, { query: "?preset=tiny&theme=dark", failPaths: ["passwords-10k.txt"] });
  await failing.page.evaluate(() => bloomlab.loadPreset("passwords"));
  await until(failing.page, () => bloomlab.state().loading.error !== "", null, "a failed list download is reported");
  s = await failing.page.evaluate(() => bloomlab.state());
  check(/password list/.test(s.loading.error), "the message says the list did not load", s.loading.error);
  equal([s.wordCount, s.params.m], [5, 64], "the tiny words stay");
  await screenshot(failing.page, "visualizer-list-failed.png");
  check(big.problems.length === 0, "no console errors in the 10k session", big.problems.join("\n"));
  await big.close();
  await failing.close();
});
