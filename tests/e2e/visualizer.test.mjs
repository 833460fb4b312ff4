// The visualizer, driven like a user: keys typed on the canvas, the slider dragged, pixels looked
// at; numbers checked against the spec and an independent implementation (reference.mjs).
// The typing and the 10k measurement are scenarios.mjs's, which firefox.test.mjs runs too.
import { run, screenshot, check, equal } from "./harness.mjs";
import { openApp } from "./engines.mjs";
import { until, tinyPresetTyping, typedBeyondAscii, passwordsMeasure } from "./scenarios.mjs";

run("visualizer", async (browser) => {
  // ---- Tiny preset: the reference positions, typed on the canvas -------------------------
  const app = await openApp(browser, { query: "?preset=tiny&theme=dark" });
  const { page } = app;
  let s = await tinyPresetTyping(app);
  await typedBeyondAscii(app);  // then "a😀b…" is in the word box

  // ---- Changing k through the UI changes the state and the plot -------------------------
  const before = await screenshot(page, "visualizer-k3.png");
  const k = s.layout.kSlider;
  await page.mouse.click(k.x + k.w * 0.75, k.y + k.h / 2);
  await until(app.ops, () => bloomlab.state().params.k !== 3, null, "a click on the k slider changes k");
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
  await passwordsMeasure(big);
  await screenshot(big.page, "visualizer-10k.png");

  // The list failing to load: the rest works, says so, and keeps the words.
  const failing = await openApp(browser, { query: "?preset=tiny&theme=dark", failPaths: ["passwords-10k.txt"] });
  await failing.page.evaluate(() => bloomlab.loadPreset("passwords"));
  await until(failing.ops, () => bloomlab.state().loading.error !== "", null, "a failed list download is reported");
  s = await failing.page.evaluate(() => bloomlab.state());
  // loading.error is why (the app words the whole sentence the page shows, in its language).
  check(/could not be downloaded \(HTTP 503\)/.test(s.loading.error), "the state says why the list did not load", s.loading.error);
  check(s.errors.some((e) => /^The password list did not load: it could not be downloaded/.test(e)),
        "the page says the list did not load", JSON.stringify(s.errors));
  equal([s.wordCount, s.params.m], [5, 64], "the tiny words stay");
  await screenshot(failing.page, "visualizer-list-failed.png");
  check(big.problems.length === 0, "no console errors in the 10k session", big.problems.join("\n"));
  await big.close();
  await failing.close();

  // ---- Issue 32, finding 4: a character no font has shows as a box --------------------------
  // Five U+0378 (unassigned: no font draws it) in the word box: their boxes are ink in the box
  // (they drew as nothing, so the student could not see the word was not empty).
  const glyphs = await openApp(browser, { query: "?preset=tiny&word=" + encodeURIComponent("\u0378".repeat(5)) });
  await glyphs.page.evaluate(() => window.bloomlab.ready);
  await until(glyphs.ops, () => bloomlab.viewState().settled, null, "the page settles");
  const box = (await glyphs.page.evaluate(() => bloomlab.state())).layout.wordBox;
  const shot = await screenshot(glyphs.page, "visualizer-missing-glyph.png");
  const paper = shot.image.at(box.x + box.w - 6, box.y + box.h / 2);
  let ink = 0;
  for (let y = Math.ceil(box.y + 4); y < box.y + box.h - 4; y++)
    for (let x = Math.ceil(box.x + 4); x < box.x + box.w / 2; x++) {
      const c = shot.image.at(x, y);
      if (Math.abs(c[0] - paper[0]) + Math.abs(c[1] - paper[1]) + Math.abs(c[2] - paper[2]) > 150) ink++;
    }
  check(ink > 60, "five characters no font has show as boxes in the word box", `${ink} pixels of ink`);
  check(glyphs.problems.length === 0, "no console errors (missing glyphs)", glyphs.problems.join("\n"));
  await glyphs.close();
});
