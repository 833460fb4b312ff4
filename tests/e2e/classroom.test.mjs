// The classroom: presentation mode (large text, high contrast, classroom-safe words) by
// Alt+Shift+P; the step-through of one word (bytes → h → h1, h2 → each position → bits) moved
// with the arrow keys and Space, its values checked against an independent FNV-1a; shortcuts
// (Alt+Shift+1/2/3, Ctrl+K) that never collide with typing;
// the aria-live region with the verdict and key numbers; prefers-reduced-motion and
// prefers-color-scheme reach the app; crisp text at devicePixelRatio 1.5.
import { run, openApp, screenshot, check, equal } from "./harness.mjs";
import { settled, centre } from "./page_helpers.mjs";
import { fnv1a64, positions } from "./reference.mjs";
import { createRequire } from "node:module";
const jsQR = createRequire(import.meta.url)("jsqr");  // reads the slide's QR code back (npm, pinned)

const view = (page) => page.evaluate(() => window.bloomlab.viewState());

run("classroom: presentation, step-through, shortcuts, screen reader, page preferences", async (browser) => {
  const app = await openApp(browser, { query: "?preset=tiny&word=dragon" });
  const { page } = app;
  await page.click("#canvas", { position: { x: 600, y: 780 } });  // the canvas has the keyboard
  await settled(page);

  // Presentation mode by its key, and back.
  await page.keyboard.press("Alt+Shift+P");
  await settled(page);
  let v = await view(page);
  check(v.presentation && v.fontScale >= 1.5 && v.theme === "contrast" && !v.shortcuts,
        "Alt+Shift+P: presentation mode (large text, high contrast; the keys list folds away)", JSON.stringify(v));
  const shot = await screenshot(page, "presentation.png");
  console.log(`  screenshot: ${shot.file}`);
  // A slide at 1280×800: the large text cut the m unit, the design helper's title and the Save
  // buttons at the right (issue 9). The cards report a control past their right edge
  // (state().layout.overflowing, measured by ImGui's own item bookkeeping).
  const cut = (await page.evaluate(() => window.bloomlab.state())).layout.overflowing;
  console.log(`  cards with a control past their right edge: ${JSON.stringify(cut)}`);
  equal(cut, [], "presentation 1280×800: no card has a control cut off at its right edge");
  // The same at other sizes and contents: a projector at 1024×768, a phone, the 10k list's
  // texture view, the Python article with the Code panel (each once wider than its card).
  for (const [query, width, height] of [["?preset=tiny&word=dragon&present=1", 1024, 768], ["?preset=tiny&word=dragon", 390, 844],
                                        ["?preset=10k", 1280, 800], ["?preset=python&panels=words,bits,params,plots,numbers,check,code", 1280, 800]]) {
    const other = await openApp(browser, { query, viewport: { width, height } });
    await settled(other.page);
    const over = (await other.page.evaluate(() => window.bloomlab.state())).layout.overflowing;
    equal(over, [], `${query} at ${width}×${height}: no card has a control cut off at its right edge`);
    await other.close();
  }
  await page.keyboard.press("Alt+Shift+P");
  await settled(page);
  v = await view(page);
  check(!v.presentation && v.fontScale === 1 && v.theme === "light", "Alt+Shift+P again restores the theme and the text size", JSON.stringify(v));

  // Step-through with the arrow keys and Space; the values shown come from the reference hash.
  await page.keyboard.press("Alt+Shift+S");
  await settled(page);
  v = await view(page);
  check(v.steps && v.step === 0 && v.stepCount === 3 + 4 && !v.wantTextInput,
        "Alt+Shift+S opens the step-through at its first step (bytes, h, h1/h2, 3 positions, bits); no text field keeps the keyboard", JSON.stringify(v));
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Space");
  await settled(page);
  v = await view(page);
  equal(v.step, 4, "→ and Space move forward a step at a time");
  await page.keyboard.press("ArrowLeft");
  await settled(page);
  equal((await view(page)).step, 3, "← moves back");
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
  await settled(page);
  equal((await view(page)).step, 6, "the last step is the verdict from the bits (no further)");
  const steps = await screenshot(page, "step-through.png");
  console.log(`  screenshot: ${steps.file}`);
  const h = fnv1a64("dragon");
  const text = await page.evaluate(() => window.bloomlab.viewState().stepText);
  check(text.includes("0x" + h.toString(16).padStart(16, "0")), "the step shows h = FNV-1a 64 in hex", text);
  check(text.includes("0x" + (h & 0xffffffffn).toString(16).padStart(8, "0")) &&
        text.includes("0x" + ((h >> 32n) | 1n).toString(16).padStart(8, "0")), "h1 and h2 in hex");
  for (const [i, p] of positions("dragon", 64, 3).entries())
    check(text.includes(`pos_${i} = (h1 + ${i}·h2) mod 64 = ${p}`), `pos_${i} = ${p} (the spec's 30, 1, 36)`);

  // Shortcuts: a preset by Alt+Shift and its number; Ctrl+K puts the keyboard in the word box.
  await page.keyboard.press("Alt+Shift+3");
  await settled(page);
  let s = await page.evaluate(() => window.bloomlab.state());
  equal([s.preset, s.wordCount], ["empty", 0], "Alt+Shift+3: the Empty preset");
  await page.keyboard.press("Control+z");
  await settled(page);
  s = await page.evaluate(() => window.bloomlab.state());
  equal([s.preset, s.wordCount], ["tiny", 5], "Ctrl+Z: the words are back");
  await page.keyboard.press("Alt+Shift+1");
  await settled(page);
  s = await page.evaluate(() => window.bloomlab.state());
  equal([s.preset, s.wordCount], ["tiny", 5], "Alt+Shift+1: the Tiny preset");
  await page.keyboard.press("Control+k");
  await settled(page);
  await page.keyboard.press("End");
  await page.keyboard.type("s1");
  await settled(page);
  s = await page.evaluate(() => window.bloomlab.state());
  equal(s.wordInput, "dragons1", "Ctrl+K: typing goes to the word box (and 1 or s are text there, not shortcuts)");
  equal(s.preset, "tiny", "a digit typed in the word box is not a preset shortcut");

  // Screen readers: the aria-live region carries the verdict and the key numbers, once at rest.
  await page.waitForFunction(() => document.getElementById("live").textContent.includes("dragons1"), null, { timeout: 3000 });
  const live = await page.evaluate(() => document.getElementById("live").textContent);
  check(/definitely not|possibly/.test(live) && live.includes("m = 64") && live.includes("k = 3") && live.includes("5 words"),
        "the live region reads the verdict, n, m and k", live);
  const liveAttr = await page.evaluate(() => document.getElementById("live").getAttribute("aria-live"));
  equal(liveAttr, "polite", "the region is aria-live polite");
  check(app.problems.length === 0, "no console or page errors", app.problems.join("\n"));
  await app.close();

  // A reload right after Next opens the step Next went to: the address was written up to 0.4 s
  // after the step changed, and a reload in that time went one step back. A change after a quiet
  // spell (the 0.4 s in which changes in a row are kept together: waited for below) is in the
  // address as soon as the page has drawn it.
  {
    const a = await openApp(browser, { query: "?lesson=basics&step=2", viewport: { width: 1024, height: 768 } });
    await settled(a.page);
    await a.page.evaluate(() => window.bloomlab.kept());
    await a.page.evaluate(() => new Promise((done) => setTimeout(done, 450)));  // the quiet spell
    await a.page.mouse.click(...centre((await view(a.page)).lessonNextButton));
    await settled(a.page);
    const hash = await a.page.evaluate(() => location.hash);
    check(/(^|[#&])step=3(&|$)/.test(hash), "the address has step 3 once the page shows it, before any wait", hash);
    await a.page.reload();
    await a.page.evaluate(() => window.bloomlab.ready);
    await settled(a.page);
    const l = await a.page.evaluate(() => window.bloomlab.lesson());
    equal([l.id, l.step], ["basics", 3], "a reload right after Next: the step Next went to");
    check(a.problems.length === 0, "no console errors (reload after Next)", a.problems.join("\n"));
    await a.close();
  }

  // Issue 32, finding 6: a slide link honours scale=, opens with an empty word box (no answer
  // typed before the question), and survives a reload; a Share link from it opens the app.
  {
    const a = await openApp(browser, { query: "?preset=tiny&present=1&scale=1.6", viewport: { width: 1024, height: 768 } });
    await settled(a.page);
    let pv = await view(a.page);
    check(pv.presentation && Math.abs(pv.fontScale - 1.6) < 1e-6, "present=1&scale=1.6: a slide at 1.6× text", JSON.stringify([pv.presentation, pv.fontScale]));
    equal((await a.page.evaluate(() => window.bloomlab.state())).wordInput, "", "the slide opens with an empty word box");
    await a.page.evaluate(() => window.bloomlab.kept());
    await a.page.reload();
    await a.page.evaluate(() => window.bloomlab.ready);
    await settled(a.page);
    pv = await view(a.page);
    check(pv.presentation && Math.abs(pv.fontScale - 1.6) < 1e-6 && pv.theme === "contrast", "after a reload: still the slide, at 1.6×", JSON.stringify([pv.presentation, pv.fontScale, pv.theme]));
    const shared = await a.page.evaluate(() => window.bloomlab.shareParams());
    check(!/present=|scale=|theme=/.test(shared), "a Share link from the slide opens the app, not the slide", shared);
    const shot = await screenshot(a.page, "presentation-reloaded-1024x768.png");
    console.log(`  screenshot: ${shot.file}`);
    check(a.problems.length === 0, "no console errors (slide reload)", a.problems.join("\n"));
    await a.close();
  }

  // Issue 32, finding 1: on a slide of the 10k list the m and k sliders and the FP plot (its
  // frame, ticks and x title) are on the screen together, and no label of the plot is cut.
  for (const [w, h] of [[1024, 768], [1920, 1080]]) {
    const a = await openApp(browser, { query: "?present=1&preset=passwords", viewport: { width: w, height: h } });
    await settled(a.page);
    const v = await view(a.page);
    const L = { ...(await a.page.evaluate(() => window.bloomlab.state())).layout, plotArea: v.plotArea };
    const on = (r) => r.w > 0 && r.x >= 0 && r.y >= 0 && r.x + r.w <= w && r.y + r.h <= h;
    check(on(L.mSlider) && on(L.kSlider) && on(L.plotArea), `${w}×${h} slide: the m and k sliders and the FP plot are on screen together`,
          JSON.stringify({ m: L.mSlider, k: L.kSlider, plot: L.plotArea }));
    const labels = v.plotLabels.filter((l) => l.plot === "fp_vs_bits");
    const cut = labels.filter((l) => l.x < L.plotArea.x || l.x + l.w > L.plotArea.x + L.plotArea.w || l.y < L.plotArea.y || l.y + l.h > L.plotArea.y + L.plotArea.h);
    check(labels.length >= 2 && cut.length === 0, `${w}×${h} slide: every label of the plot is inside it`, JSON.stringify(labels));
    const shot = await screenshot(a.page, `slide-passwords-${w}x${h}.png`);
    console.log(`  screenshot: ${shot.file}`);
    // Issue 32, presentation: a QR code of the state on the slide, so that students open the
    // same filter on their phones. Read back from the screenshot, it is the share link (the
    // reader's view, not the slide's).
    check(on(v.qrButton), `${w}×${h} slide: a QR code button in the header`, JSON.stringify(v.qrButton));
    await a.page.mouse.click(...centre(v.qrButton));
    await settled(a.page);
    const q = await view(a.page);
    check(q.qrOpen && on(q.qrCode) && q.qrCode.w >= Math.min(w, h) * 0.4, `${w}×${h} slide: the QR code is large and on screen`, JSON.stringify(q.qrCode));
    const qshot = await screenshot(a.page, `slide-qr-${w}x${h}.png`);
    console.log(`  screenshot: ${qshot.file}`);
    const { x, y, w: side } = q.qrCode, rgba = new Uint8ClampedArray(side * side * 4);
    for (let j = 0; j < side; j++) for (let i = 0; i < side; i++) {
      const [r, g, b] = qshot.image.at(x + i, y + j);
      rgba.set([r, g, b, 255], (j * side + i) * 4);
    }
    const read = jsQR(rgba, side, side);
    const link = await a.page.evaluate(() => location.origin + location.pathname + "?" + window.bloomlab.shareParams());
    equal(read && read.data, link, `${w}×${h} slide: the QR code reads as the share link`);
    check(!/present=1/.test(link), "the link opens the filter on a phone, not the slide");
    await a.page.keyboard.press("Escape");
    await settled(a.page);
    check(!(await view(a.page)).qrOpen, `${w}×${h} slide: Escape closes the QR code`);
    check(a.problems.length === 0, `no console errors (${w}×${h} slide)`, a.problems.join("\n"));
    await a.close();
  }

  // Issue 32, finding 2: error-rate step 5 ("Change m and watch the numbers") on a 1024×768
  // slide shows what it highlights: Parameters with m's field, and the FP plot (the plot over k
  // alone: the step names the plots beside Parameters, so they show their short form). The word box
  // takes the keyboard as the page opens, and its column was scrolled to it (m's field above the
  // screen, then the whole scene below it); typing still goes there.
  {
    const a = await openApp(browser, { query: "?present=1&lesson=error-rate&step=5", viewport: { width: 1024, height: 768 } });
    await settled(a.page);
    const v = await view(a.page);
    const on = (r) => r.w > 0 && r.x >= 0 && r.y >= 0 && r.x + r.w <= 1024 && r.y + r.h <= 768;
    check(on(v.mField) && on(v.mSlider) && on(v.kSlider) && on(v.plotKArea), "error-rate step 5 slide: m's field, the sliders and the plot are on screen",
          JSON.stringify({ field: v.mField, m: v.mSlider, k: v.kSlider, plot: v.plotKArea }));
    console.log(`  screenshot: ${(await screenshot(a.page, "slide-error-rate-5.png")).file}`);
    await a.page.keyboard.type("zz");
    await settled(a.page);
    equal((await a.page.evaluate(() => window.bloomlab.state())).wordInput, "zz", "error-rate step 5 slide: typing still goes to the word box");
    check(a.problems.length === 0, "no console errors (error-rate step 5 slide)", a.problems.join("\n"));
    await a.close();
  }

  // The page's preferences: dark scheme and reduced motion reach the app; a URL theme wins.
  for (const [scheme, query, expected] of [["dark", "", "dark"], ["light", "", "light"], ["dark", "?theme=light", "light"]]) {
    const a = await openApp(browser, { query });
    await a.page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await a.page.reload();
    await a.page.evaluate(() => window.bloomlab.ready);
    const pv = await view(a.page);
    equal(pv.theme, expected, `prefers-color-scheme: ${scheme}${query ? " with " + query : ""} → ${expected} theme`);
    check(pv.reducedMotion, "prefers-reduced-motion reaches the app");
    await a.close();
  }

  // devicePixelRatio 1.5: the backing store and the font atlas follow it.
  const hi = await openApp(browser, { deviceScaleFactor: 1.5, viewport: { width: 800, height: 600 } });
  const c = await hi.page.evaluate(() => { const e = document.getElementById("canvas"); return [e.width, e.height]; });
  equal(c, [1200, 900], "at DPR 1.5 the canvas backing store is 1.5x its CSS size");
  equal((await view(hi.page)).pixelRatio, 1.5, "fonts are rasterized for 1.5 device pixels per CSS pixel");
  await hi.page.setViewportSize({ width: 640, height: 480 });
  await hi.page.waitForFunction(() => document.getElementById("canvas").width === 960);
  await settled(hi.page);
  check(true, "a resize keeps the backing store at 1.5x (960 px for 640 CSS px)");
  const crisp = await screenshot(hi.page, "dpr-1.5.png");
  console.log(`  screenshot: ${crisp.file}`);
  check(hi.problems.length === 0, "no console errors at DPR 1.5", hi.problems.join("\n"));
  await hi.close();
});
