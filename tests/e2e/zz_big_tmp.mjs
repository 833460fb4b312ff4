import { run, openApp, check } from "./harness.mjs";
run("big", async (browser) => {
  for (let i = 0; i < 3; ++i) {
    const app = await openApp(browser, { query: "?preset=tiny" });
    const r = await app.page.evaluate(() => { try { bloomlab.setParams({ m: 2 ** 32 }); return "ok"; } catch (e) { return e.message; } });
    const mem = await app.page.evaluate(() => Module.HEAPU8.length / 1048576);
    console.log(i, r, "heap MiB", mem);
    await app.close();
  }
  check(true, "x");
});
