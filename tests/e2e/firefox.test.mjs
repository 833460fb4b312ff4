// A second browser engine (issue 9): the scenarios of visualizer, phone, embed (its storage and the
// wheel), keys after a click (interaction) and checked sessions, shared through
// scenarios.mjs, run in Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi, headed
// under xvfb-run (headless Firefox has no WebGL2 on a GPU-less machine). One browser for the file.
import { check, equal } from "./harness.mjs";
import { runOn, openApp, launchFirefox, FIREFOX_PHONE_PREFS } from "./engines.mjs";
import { PHONE, tinyPresetTyping, typedBeyondAscii, passwordsMeasure, phone, keysAfterClick,
  EMBED_QUERY, embedUrlState, embedStoresNothing, embedWheel, fragmentAndShare, twoEmbeds, hostileSessions } from "./scenarios.mjs";

const started = Date.now();
let lap = Date.now();
const timing = (what) => { console.log(`  (${what}: ${((Date.now() - lap) / 1000).toFixed(1)} s)`); lap = Date.now(); };
const noProblems = (app, what) => check(app.problems.length === 0, `no console or page errors (${what})`, app.problems.join("\n"));

runOn("firefox", "firefox: typing, tiny preset, 10k measure, phone, embeds", async (browser) => {
  console.log(`  ${await browser.version()} over WebDriver BiDi`);
  timing("Firefox started");
  {
    const app = await openApp(browser, { query: "?preset=tiny&theme=dark" });
    const gl = await app.ops.evaluate(() => {
      const gl = document.getElementById("canvas").getContext("webgl2");
      return gl ? gl.getParameter(gl.VERSION) : "none";
    });
    check(/^WebGL 2/.test(gl), "the app's canvas has a WebGL2 context", gl);
    // The app runs from the compressed copies the server sent (Firefox asks plain http for gzip).
    const wasm = await app.ops.evaluate(() => performance.getEntriesByType("resource")
      .filter((r) => r.name.endsWith("bloomlab-wasm.wasm")).map((r) => [r.encodedBodySize, r.decodedBodySize])[0] || null);
    check(wasm && wasm[0] > 0 && wasm[0] < wasm[1] * 0.6, "the wasm came compressed and was decoded (bytes over the wire, decoded)",
          JSON.stringify(wasm));
    await tinyPresetTyping(app);
    await typedBeyondAscii(app);
    noProblems(app, "tiny preset, typing");
    await app.close();
    timing("tiny preset, typing");
  }
  {
    const app = await openApp(browser, { query: "?preset=tiny&word=star" });
    await keysAfterClick(app);
    noProblems(app, "keys after a click");
    await app.close();
    timing("keys after a click");
  }
  {
    const app = await openApp(browser, { query: "?preset=passwords" });
    await passwordsMeasure(app);
    await app.ops.screenshot("visualizer-10k.png");
    noProblems(app, "10k preset");
    await app.close();
    timing("10k measure");
  }
  {
    // The phone gets a Firefox of its own, with the touch screen's pointer prefs (engines.mjs).
    const phoneBrowser = await launchFirefox({ prefs: FIREFOX_PHONE_PREFS });
    try {
      const app = await openApp(phoneBrowser, { ...PHONE, query: "?preset=tiny&m=64&k=3&word=" });
      await phone(app);
      noProblems(app, "phone");
      await app.close();
    } finally { await phoneBrowser.close(); }
    timing("phone, its own Firefox included");
  }
  {
    const app = await openApp(browser, { query: EMBED_QUERY });
    await embedUrlState(app);
    await embedStoresNothing(app);
    noProblems(app, "embed state");
    await app.close();
  }
  {
    const app = await openApp(browser, { query: "?preset=tiny" });
    await fragmentAndShare(app);
    noProblems(app, "fragment, share");
    await app.close();
  }
  {
    const app = await openApp(browser, { page: "embed-demo.html", waitReady: false, viewport: { width: 1100, height: 1400 } });
    await twoEmbeds(app);
    noProblems(app, "two embeds");
    await app.close();
  }
  {
    const app = await openApp(browser, { page: "embed-demo.html", waitReady: false, viewport: { width: 900, height: 800 } });
    await embedWheel(app);
    noProblems(app, "the wheel over embeds");
    await app.close();
    timing("embed URL and storage, fragment, share dialog, two embeds, the wheel");
  }
  {
    const app = await openApp(browser);
    await hostileSessions(app);
    noProblems(app, "saved sessions checked");
    await app.close();
    timing("saved sessions checked");
  }
  console.log(`  firefox scenarios took ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
