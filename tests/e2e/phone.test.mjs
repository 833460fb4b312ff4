// Phones (issue 5): a 375x667 viewport at devicePixelRatio 3 with touch. The canvas's backing
// store is 3x its CSS size; a tap on the word box focuses the hidden input that opens the
// on-screen keyboard; text typed there (as a virtual keyboard does: insertText, Backspace,
// Enter) reaches ImGui and the word's bits light; a lifted finger leaves no hover behind.
import { run, openApp, screenshot, check, equal } from "./harness.mjs";
import { frames, centre, swipe, pinch } from "./page_helpers.mjs";
import { positions } from "./reference.mjs";

const PHONE = { viewport: { width: 375, height: 667 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

run("phone: HiDPI canvas, touch, on-screen keyboard", async (browser) => {
  const app = await openApp(browser, { ...PHONE, query: "?preset=tiny&m=64&k=3&word=" });
  const { page } = app;
  const size = await page.evaluate(() => {
    const c = document.getElementById("canvas");
    return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight, dpr: devicePixelRatio };
  });
  equal(size.dpr, 3, "the page runs at devicePixelRatio 3");
  equal([size.w, size.h], [size.cw * 3, size.ch * 3], "the canvas backing store is 3x its CSS size");
  const view = await page.evaluate(() => window.bloomlab.viewState());
  equal(view.pixelRatio, 3, "fonts are rasterized for 3 device pixels per CSS pixel");
  check(view.touch, "a coarse pointer is recognised (bigger touch targets)");

  // Touch targets: the word box is at least 40 CSS px tall.
  let state = await page.evaluate(() => window.bloomlab.state());
  const box = state.layout.wordBox;
  check(box.h >= 40, "the word box is a finger-sized target", `height ${box.h}`);

  // Tap the word box: the hidden input takes focus (that is what opens a phone's keyboard).
  await page.touchscreen.tap(box.x + 30, box.y + box.h / 2);
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === "keyboard", null, { timeout: 3000 });
  check(true, "a tap on the word box focuses the hidden keyboard input");
  const placed = await page.evaluate(() => {
    const r = document.getElementById("keyboard").getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  });
  check(Math.abs(placed.x - box.x) < 2 && Math.abs(placed.y - box.y) < 2, "the hidden input sits over the word box",
        JSON.stringify({ placed, box }));

  // Type as a virtual keyboard does: text insertion events, then Backspace and retype.
  const expected = positions("bloom", 64, 3);
  await page.keyboard.insertText("bloomx");
  await frames(page);
  await page.keyboard.press("Backspace");
  await frames(page);
  state = await page.evaluate(() => window.bloomlab.state());
  equal(state.wordInput, "bloom", "text and Backspace typed into the hidden input reach the word box");
  equal(state.query && state.query.positions, expected, "the word's positions are the reference filter's");
  const bitsBefore = state.bitsSet;

  await page.keyboard.press("Enter");
  await frames(page);
  state = await page.evaluate(() => window.bloomlab.state());
  check(state.words.includes("bloom"), "Enter on the on-screen keyboard adds the word");
  check(state.bitsSet > bitsBefore && expected.every((b) => state.query.positions.includes(b)),
        "its bits light: more bits are set", `${bitsBefore} -> ${state.bitsSet}`);

  // Tap outside any field: the app no longer wants text and the input lets go (keyboard closes).
  await page.touchscreen.tap(200, 20);
  await page.waitForFunction(() => document.activeElement && document.activeElement.id !== "keyboard", null, { timeout: 3000 });
  check(true, "the hidden input is blurred once no field wants text");

  // Drag the column up with a finger: the bit array scrolls into view.
  const before = (await page.evaluate(() => window.bloomlab.state())).layout.cellsY;
  await swipe(page, 340, 600, 200);
  state = await page.evaluate(() => window.bloomlab.state());
  const L = state.layout;
  check(L.cellsY < before - 200, "a finger drag on the background scrolls the column", `cells at ${before} -> ${L.cellsY}`);
  const shot = await screenshot(page, "phone-bits.png");
  console.log(`  screenshot: ${shot.file}`);
  // The word's first bit carries the word-box outline (cyan/blue) on screen.
  const bit = expected[0];
  const ox = (L.cellsX + (bit % L.cellsCols) * L.cell) * 3, oy = (L.cellsY + Math.floor(bit / L.cellsCols) * L.cell + L.cell / 2) * 3;
  const [r, g, b] = shot.image.at(ox, oy);
  check(L.cellsY > 0 && b > 150 && r < 140, `bit ${bit} is outlined in the word's colour`, `rgb ${r},${g},${b} at ${ox},${oy}`);

  // Tap a bit: the read-out names it; after the finger lifts, no hover stays behind.
  const tapBit = expected[1];
  await page.touchscreen.tap(L.cellsX + (tapBit % L.cellsCols + 0.5) * L.cell, L.cellsY + (Math.floor(tapBit / L.cellsCols) + 0.5) * L.cell);
  await frames(page, 6);
  const tapped = await screenshot(page, "phone-tapped-bit.png");
  console.log(`  screenshot: ${tapped.file}`);
  const hover = await page.evaluate(() => window.bloomlab.viewState().hoveredBit);
  equal(hover, -1, "no bit stays hovered after the finger lifts");
  const pinned = await page.evaluate(() => window.bloomlab.viewState().pinnedBit);
  equal(pinned, tapBit, "the tapped bit is the one the read-out shows");

  // Pinch the large bit array (drawn from a texture): two fingers apart zoom in.
  await page.evaluate(() => bloomlab.setParams({ m: 100000 }));
  await frames(page, 4);
  await page.evaluate(() => { const area = bloomlab.state().layout.bitArea; window.scrollTo(0, 0); return area; });
  let area = (await page.evaluate(() => bloomlab.state())).layout.bitArea;
  if (area.y + area.h / 2 > 600 || area.y < 60) {  // bring the array on screen first
    await swipe(page, 340, 600, 600 - (area.y + area.h / 2 - 330));
    area = (await page.evaluate(() => bloomlab.state())).layout.bitArea;
  }
  const zoomBefore = await page.evaluate(() => bloomlab.viewState().zoom);
  await pinch(page, area.x + area.w / 2, area.y + area.h / 2, 40, 200);
  const zoomAfter = await page.evaluate(() => bloomlab.viewState().zoom);
  check(zoomAfter > zoomBefore * 2, "two fingers moving apart zoom the bit array", `zoom ${zoomBefore} -> ${zoomAfter}`);
  await screenshot(page, "phone-pinched.png");
  check(app.problems.length === 0, "no console or page errors", app.problems.join("\n"));
  await app.close();
});
