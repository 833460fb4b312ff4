// Phones (issue 5): a 375x667 viewport at devicePixelRatio 3 with touch. The canvas's backing
// store is 3x its CSS size; a tap on the word box focuses the hidden input that opens the
// on-screen keyboard; text typed there (as a virtual keyboard does: insertText, Backspace,
// Enter) reaches ImGui and the word's bits light; a lifted finger leaves no hover behind.
// The scenario is scenarios.mjs's phone(), which firefox.test.mjs runs in Firefox too.
import { check, equal, screenshot } from "./harness.mjs";
import { openApp, runOn } from "./engines.mjs";
import { PHONE, phone } from "./scenarios.mjs";
import { settled, centre } from "./page_helpers.mjs";

runOn("chromium", "phone: HiDPI canvas, touch, on-screen keyboard", async (browser) => {
  const app = await openApp(browser, { ...PHONE, query: "?preset=tiny&m=64&k=3&word=" });
  await phone(app);
  check(app.problems.length === 0, "no console or page errors", app.problems.join("\n"));
  await app.close();

  // Issue 32, finding 4: a menu's items are finger-sized on touch (the language menu's were
  // 26 px); the page lets the reader zoom (no user-scalable=no, no maximum-scale=1).
  const menu = await openApp(browser, { ...PHONE, query: "?preset=tiny" });
  const mp = menu.page;
  await settled(mp);
  await mp.touchscreen.tap(...centre((await mp.evaluate(() => window.bloomlab.viewState())).languageButton));
  await settled(mp);
  const items = await mp.evaluate(() => window.bloomlab.viewState().languageItems);
  const short = Object.entries(items).filter(([, r]) => !(r.h >= 44)).map(([l, r]) => `${l} ${r.h}`);
  equal(short, [], "touch: every language menu item is at least 44 px tall");
  await screenshot(mp, "phone-language-menu.png");
  const viewport = await mp.evaluate(() => document.querySelector("meta[name=viewport]").content);
  check(!/user-scalable\s*=\s*no|maximum-scale/.test(viewport), "the reader may zoom the page", viewport);
  check(menu.problems.length === 0, "no console errors (touch menu)", menu.problems.join("\n"));
  await menu.close();
});
