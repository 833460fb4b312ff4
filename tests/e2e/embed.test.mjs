// Embedding (issue 5): an embed URL reproduces its state; malformed parameters leave the app
// running with a console warning and a visible note; the state is kept in the URL fragment so
// a reload restores it; the share dialog copies the link and an iframe snippet; two embeds on
// one page (web/embed-demo.html) work independently.
import { run, screenshot, check, equal, drawnShare } from "./harness.mjs";
import { openApp } from "./engines.mjs";
import { twoEmbeds } from "./scenarios.mjs";
import { frames, centre, swipe } from "./page_helpers.mjs";
import { positions } from "./reference.mjs";


run("embed: URL state, fragment, share dialog, malformed parameters, two embeds", async (browser) => {
  // 1. An embed URL with m, k and words reproduces that state.
  {
    const app = await openApp(browser, { query: "?embed=1&preset=empty&m=128&k=4&words=apple,pear,caf%C3%A9&word=fig&panels=words,bits" });
    const s = await app.page.evaluate(() => window.bloomlab.state());
    equal([s.params.m, s.params.k], [128, 4], "m and k come from the URL");
    equal(s.words, ["apple", "pear", "café"], "the words come from the URL (percent-decoded UTF-8)");
    equal(s.wordInput, "fig", "the word box holds the URL's word");
    equal(s.query.positions, positions("fig", 128, 4), "its positions are the reference filter's");
    equal(s.view.panels, { words: true, bits: true, params: false, plots: false, numbers: false, check: false },
          "only the panels the URL names show");
    const v = await app.page.evaluate(() => window.bloomlab.viewState());
    check(v.embed, "embed=1 gives the compact embed header");
    const shot = await screenshot(app.page, "embed-state.png");
    console.log(`  screenshot: ${shot.file}`);
    check(drawnShare(shot.image) > 0.05, "the embed draws its panels");
    equal(s.urlWarnings, [], "a well-formed embed URL gives no warnings");
    check(app.problems.length === 0, "no console errors (embed state)", app.problems.join("\n"));
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
    const { page } = app;
    equal(await page.evaluate(() => location.hash), "", "opening a link leaves its address alone");
    await page.evaluate(() => { window.bloomlab.setParams({ m: 96, k: 5 }); window.bloomlab.add("zebra"); });
    await page.waitForFunction(() => location.hash.includes("zebra"), null, { timeout: 3000 });
    const hash = await page.evaluate(() => location.hash);
    check(hash.includes("m=96") && hash.includes("k=5"), "the fragment follows the state (history.replaceState)", hash);
    const history = await page.evaluate(() => history.length);
    await page.reload();
    await page.evaluate(() => window.bloomlab.ready);
    const s = await page.evaluate(() => window.bloomlab.state());
    equal([s.params.m, s.params.k], [96, 5], "a reload restores m and k from the fragment");
    check(s.words.includes("zebra") && s.words.includes("letmein"), "a reload restores the words");
    equal(s.urlWarnings, [], "the fragment and the query do not clash after a reload");
    equal(await page.evaluate(() => history.length), history, "keeping the state adds no history entries");

    // The share dialog: the link and the iframe snippet go to the clipboard from the click.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    let v = await page.evaluate(() => window.bloomlab.viewState());
    await page.mouse.click(...centre(v.shareButton));
    await frames(page);
    v = await page.evaluate(() => window.bloomlab.viewState());
    check(v.shareOpen, "Share / embed opens its dialog");
    const dialog = await screenshot(page, "share-dialog.png");
    console.log(`  screenshot: ${dialog.file}`);
    await page.mouse.click(...centre(v.copyLinkButton));
    await frames(page);
    const link = await page.evaluate(() => window.bloomlab.lastCopied());
    const params = await page.evaluate(() => window.bloomlab.shareParams());
    equal(link, `${app.url.split("?")[0]}?${params}`, "Copy link copies the page address with the state's parameters");
    const clip = await page.evaluate(() => navigator.clipboard.readText().catch((e) => "unreadable: " + e.message));
    equal(clip, link, "the link is on the system clipboard");
    await page.mouse.click(...centre(v.copyEmbedButton));
    await frames(page);
    const snippet = await page.evaluate(() => window.bloomlab.lastCopied());
    check(/^<iframe src="[^"]+embed=1" title="[^"]+" style="[^"]+" loading="lazy" sandbox="allow-scripts allow-same-origin allow-downloads"><\/iframe>$/.test(snippet),
          "Copy embed code copies a sandboxed iframe snippet with embed=1", snippet);
    check(snippet.includes("&amp;words=zebra") && !/&(?!amp;)/.test(snippet),
          "the snippet's ampersands are escaped for HTML", snippet);
    check(app.problems.length === 0, "no console errors (fragment, share)", app.problems.join("\n"));
    await app.close();
  }

  // 4. Two embeds on one page, independent of each other (scenarios.mjs: Firefox runs it too).
  {
    const app = await openApp(browser, { page: "embed-demo.html", waitReady: false, viewport: { width: 1100, height: 1400 } });
    await twoEmbeds(app);
    check(app.problems.length === 0, "no console errors (two embeds)", app.problems.join("\n"));
    await app.close();
  }
});
