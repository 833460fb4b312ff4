// Phones (issue 5): a 375x667 viewport at devicePixelRatio 3 with touch. The canvas's backing
// store is 3x its CSS size; a tap on the word box focuses the hidden input that opens the
// on-screen keyboard; text typed there (as a virtual keyboard does: insertText, Backspace,
// Enter) reaches ImGui and the word's bits light; a lifted finger leaves no hover behind.
// The scenario is scenarios.mjs's phone(), which firefox.test.mjs runs in Firefox too.
import { check } from "./harness.mjs";
import { openApp, runOn } from "./engines.mjs";
import { PHONE, phone } from "./scenarios.mjs";

runOn("chromium", "phone: HiDPI canvas, touch, on-screen keyboard", async (browser) => {
  const app = await openApp(browser, { ...PHONE, query: "?preset=tiny&m=64&k=3&word=" });
  await phone(app);
  check(app.problems.length === 0, "no console or page errors", app.problems.join("\n"));
  await app.close();
});
