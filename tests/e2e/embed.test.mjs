// Embedding (issue 5): an embed URL reproduces its state; malformed parameters leave the app
// running with a console warning and a visible note; the state is kept in the URL fragment so
// a reload restores it; the share dialog copies the link and an iframe snippet; two embeds on
// one page (web/embed-demo.html) work independently.
import { run, screenshot, check, equal, drawnShare } from "./harness.mjs";
import { settled } from "./page_helpers.mjs";
import { openApp } from "./engines.mjs";
import { EMBED_QUERY, embedUrlState, fragmentAndShare, twoEmbeds } from "./scenarios.mjs";

// Parts 1, 3 and 4 are scenarios.mjs's, which firefox.test.mjs runs in Firefox too.
run("embed: URL state, fragment, share dialog, malformed parameters, two embeds", async (browser) => {
  // 1. An embed URL with m, k and words reproduces that state.
  {
    const app = await openApp(browser, { query: EMBED_QUERY });
    await embedUrlState(app);
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

  // 5. The wheel over an embed scrolls the article until the reader clicks into the embed (a
  // hint says so); then it goes to the embed while it has something to scroll, then to the
  // article around it. A vertical swipe over an embed that fits pans the article.
  {
    const app = await openApp(browser, { page: "embed-demo.html", waitReady: false, viewport: { width: 900, height: 800 }, hasTouch: true });
    const { page } = app;
    await page.waitForFunction(() => document.querySelectorAll("iframe").length === 2);
    // The second figure becomes an embed of the bit array alone, tall enough to show it whole;
    // the first one of more panels than its frame holds.
    await page.evaluate(() => {
      const f = document.getElementById("custom");
      f.style.height = "640px";
      f.src = "index.html?embed=1&preset=tiny&panels=bits";
      const t = document.getElementById("tiny");
      t.style.height = "420px";
      t.src = "index.html?embed=1&preset=tiny&word=Qwerty&panels=words,bits,numbers,params";
    });
    const frameOf = async (id) => {
      const frame = await (await page.$(`iframe#${id}`)).contentFrame();
      await frame.waitForFunction(() => window.bloomlab && window.bloomlab.ready && window.Module && Module._bl_can_scroll);
      await frame.evaluate(() => window.bloomlab.ready.then(() => true));
      return frame;
    };
    const scrollY = () => page.evaluate(() => scrollY);
    const centreOf = async (id) => { const b = await (await page.$(`iframe#${id}`)).boundingBox(); return [b.x + b.width / 2, b.y + b.height / 2]; };

    // The tiny embed (four panels) is taller than its iframe. Before a click the wheel scrolls
    // the article and the embed says how to scroll it; after a click, the embed first.
    const tiny = await frameOf("tiny");
    await page.evaluate(() => { document.getElementById("tiny").scrollIntoView({ block: "start" }); window.scrollBy(0, -40); });
    const word0 = (await tiny.evaluate(() => window.bloomlab.state())).layout.wordBox.y;
    const yStart = await scrollY();
    await page.mouse.move(...(await centreOf("tiny")));
    await page.mouse.wheel(0, 60);
    await page.waitForFunction((y) => scrollY > y, yStart, { timeout: 15000 }).catch(() => {});
    await settled(tiny);
    const hint = await tiny.evaluate(() => ({ shown: !document.getElementById("wheel-hint").hidden, text: document.getElementById("wheel-hint").textContent }));
    const wordStill = (await tiny.evaluate(() => window.bloomlab.state())).layout.wordBox.y;
    check((await scrollY()) > yStart && wordStill === word0, "before a click the wheel over an embed scrolls the article, not the embed", `article ${yStart} -> ${await scrollY()}, word box ${word0} -> ${wordStill}`);
    check(hint.shown && /click/i.test(hint.text), "…and the embed says a click lets it scroll", JSON.stringify(hint));
    const box = await (await page.$("iframe#tiny")).boundingBox();
    await page.mouse.click(box.x + box.width / 2, Math.max(box.y, 0) + 12);  // the header's empty middle
    await settled(tiny);
    const y0 = await scrollY();
    await page.mouse.move(...(await centreOf("tiny")));
    await page.mouse.wheel(0, 120);
    await settled(tiny);
    const word1 = (await tiny.evaluate(() => window.bloomlab.state())).layout.wordBox.y;
    check(word1 < word0 && (await scrollY()) === y0, "after a click the wheel scrolls an embed that has more to show, not the article", `word box ${word0} -> ${word1}`);
    for (let i = 0; i < 12; i++) { await page.mouse.wheel(0, 150); await settled(tiny); }
    // The article's own scroll follows the wheel the embed let through (the browser's, async).
    await page.waitForFunction((y) => scrollY > y + 100, y0, { timeout: 15000 }).catch(() => {});
    const y1 = await scrollY();
    check(y1 > y0 + 100, "…and at the embed's end, the article", `${y0} -> ${y1}`);
    equal((await tiny.evaluate(() => window.bloomlab.viewState())).zoom, 1, "…zooming nothing");

    // The bit array alone fits: the wheel and a finger's vertical swipe scroll the article.
    const bitsOnly = await frameOf("custom");
    await page.evaluate(() => document.getElementById("custom").scrollIntoView({ block: "center" }));
    await settled(bitsOnly);
    equal(await bitsOnly.evaluate(() => document.getElementById("canvas").style.touchAction), "pan-y", "an embed that fits lets vertical pans through");
    const [cx, cy] = await centreOf("custom");
    let before = await scrollY();
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, -150);
    await page.waitForFunction((y) => scrollY < y - 50, before, { timeout: 15000 }).catch(() => {});
    check((await scrollY()) < before - 50, "the wheel over an embed that fits scrolls the article", `${before} -> ${await scrollY()}`);
    // (A finger's vertical pan is the browser's own once touch-action is pan-y; headless
    // Chromium scrolls nothing for synthetic touches, even on the article's text, so the style
    // above is what is checked.)
    const st = await bitsOnly.evaluate(() => window.bloomlab.state());
    equal([st.params.m, st.params.k, st.wordCount], [64, 3, 5], "…and the wheel changed nothing in the embed");
    equal(await tiny.evaluate(() => document.getElementById("canvas").style.touchAction), "", "an embed with more to show keeps every touch (its own scroll)");
    const shot = await screenshot(page, "embed-scrolled.png");
    console.log(`  screenshot: ${shot.file}`);
    check(app.problems.length === 0, "no console errors (scrolling over embeds)", app.problems.join("\n"));
    await app.close();
  }
});
