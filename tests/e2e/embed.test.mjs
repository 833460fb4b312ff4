// Embedding (issue 5): an embed URL reproduces its state; malformed parameters leave the app
// running with a console warning and a visible note; the state is kept in the URL fragment so
// a reload restores it; the share dialog copies the link and an iframe snippet; two embeds on
// one page (web/embed-demo.html) work independently.
import { run, screenshot, check, equal, drawnShare } from "./harness.mjs";
import { settled } from "./page_helpers.mjs";
import { openApp } from "./engines.mjs";
import { EMBED_QUERY, embedUrlState, embedStoresNothing, embedWheel, fragmentAndShare, twoEmbeds } from "./scenarios.mjs";

// Parts 1, 3 and 4 are scenarios.mjs's, which firefox.test.mjs runs in Firefox too.
run("embed: URL state, fragment, share dialog, malformed parameters, two embeds", async (browser) => {
  // 1. An embed URL with m, k and words reproduces that state.
  {
    const app = await openApp(browser, { query: EMBED_QUERY });
    await embedUrlState(app);
    await embedStoresNothing(app);
    check(app.problems.length === 0, "no console errors (embed state)", app.problems.join("\n"));
    await app.close();
  }

  // 1b. Issue 32, finding 5: the README's embed (words and bits) in a 700×500 frame shows the
  // word box, its verdict and the whole bit array (the bits were at y = 434–660, under the fold).
  {
    const app = await openApp(browser, { query: "?embed=1&preset=tiny&word=Qwerty&panels=words,bits", viewport: { width: 700, height: 500 } });
    await settled(app.page);
    const v = await app.page.evaluate(() => window.bloomlab.viewState());
    const inside = (r) => r.w > 0 && r.h > 0 && r.x >= 0 && r.y >= 0 && r.x + r.w <= 700.5 && r.y + r.h <= 500.5;
    const off = ["wordBox", "verdict", "bitArea"].filter((k) => !inside(v[k]));
    equal(off, [], "700×500 embed of words,bits: the word box, the verdict and the whole bit array are in the frame");
    const shot = await screenshot(app.page, "embed-700x500.png");
    check(drawnShare(shot.image) > 0.2, "…drawn");
    check(app.problems.length === 0, "no console errors (700×500 embed)", app.problems.join("\n"));
    await app.close();
  }

  // 2. Malformed parameters: ignored with a console warning and a visible note; the app runs.
  {
    const warnings = [];
    const app = await openApp(browser, { query: "?m=abc&k=999&bogus=1&theme=purple&scale=9&words=ok,%ZZ&panels=nothing" });
    app.page.on("console", (msg) => { if (msg.type() === "warning") warnings.push(msg.text()); });
    const s = await app.page.evaluate(() => window.bloomlab.state());
    check(s.urlWarnings.length >= 5, "each bad parameter gets a warning", JSON.stringify(s.urlWarnings));
    check(s.urlWarnings.some((w) => w.includes("bogus")), "the unknown parameter is named");
    const note = await app.page.evaluate(() => { const n = document.getElementById("notes"); return { hidden: n.hidden, text: n.textContent }; });
    check(!note.hidden && note.text.includes("bogus"), "a visible note on the page lists the problems", JSON.stringify(note));
    equal(s.params.m, 64, "a malformed m leaves the preset's m");
    check(s.words.includes("ok") && s.words.includes("%ZZ"), "a bad escape is kept as typed, not a crash");
    const shot = await screenshot(app.page, "embed-malformed.png");
    console.log(`  screenshot: ${shot.file}`);
    check(drawnShare(shot.image) > 0.05, "the app is drawn despite the bad parameters");
    const again = await app.page.evaluate(() => window.bloomlab.add("still-running"));
    check(again.ok, "the app still answers after malformed parameters");
    check(app.problems.length === 0, "no console errors (malformed)", app.problems.join("\n"));
    await app.close();
  }

  // 3. The state is kept in the fragment as it changes; a reload restores it.
  {
    const app = await openApp(browser, { query: "?preset=tiny" });
    await fragmentAndShare(app);
    check(app.problems.length === 0, "no console errors (fragment, share)", app.problems.join("\n"));
    await app.close();
  }

  // 4. Two embeds on one page, independent of each other.
  {
    const app = await openApp(browser, { page: "embed-demo.html", waitReady: false, viewport: { width: 1100, height: 1400 } });
    await twoEmbeds(app);
    check(app.problems.length === 0, "no console errors (two embeds)", app.problems.join("\n"));
    await app.close();
  }

  // 5. The wheel over an embed scrolls the article until the reader clicks into the embed
  // (scenarios.mjs, in Firefox too).
  {
    const app = await openApp(browser, { page: "embed-demo.html", waitReady: false, viewport: { width: 900, height: 800 }, hasTouch: true });
    await embedWheel(app);
    check(app.problems.length === 0, "no console errors (scrolling over embeds)", app.problems.join("\n"));
    await app.close();
  }
});
