// Failures of the environment (issue 6): no WebGL2, the program's .wasm or .js not downloading
// (a message with a Retry that works), and a filter too big for the page's bounded memory
// (refused in words, never an abort). The password list failing to download is tested in
// visualizer.test.mjs ("The list failing to load").
import { run, openApp, screenshot, check, equal, drawnShare } from "./harness.mjs";
import { frames } from "./page_helpers.mjs";

// What the page shows instead of the app: the failure box, its text and its Retry button.
const failureBox = (page) => page.evaluate(() => {
  const box = document.getElementById("failure"), retry = document.getElementById("retry");
  const visible = (el) => !el.hidden && el.getBoundingClientRect().height > 0 && getComputedStyle(el).visibility !== "hidden";
  return { shown: visible(box), text: document.getElementById("failure-text").textContent,
           retry: visible(retry), canvasHidden: document.getElementById("canvas").hidden };
});
const readyOutcome = (page) => page.evaluate(() => window.bloomlab.ready.then(() => "resolved", (e) => "rejected: " + e.message));
// The browser logs a refused download as a console error; that one is expected here.
const unexpected = (problems) => problems.filter((p) => !/Failed to load resource: the server responded with a status of 503/.test(p));

run("failures: no WebGL2, program download failing, a filter too big for the page", async (browser) => {
  // (a) No WebGL2: a readable message, not a blank canvas; ready rejects.
  {
    const app = await openApp(browser, {
      waitReady: false,
      initScript: () => {
        const original = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
          return type === "webgl2" ? null : original.call(this, type, ...rest);
        };
      },
    });
    const { page } = app;
    equal(await readyOutcome(page), "rejected: WebGL2 is not available", "without WebGL2, bloomlab.ready rejects");
    const f = await failureBox(page);
    check(f.shown && /needs WebGL2/.test(f.text), "a visible message says WebGL2 is needed", JSON.stringify(f));
    check(f.canvasHidden, "the blank canvas is hidden");
    check(!f.retry, "no Retry: retrying would not bring WebGL2");
    const shot = await screenshot(page, "failure-no-webgl2.png");
    console.log(`  screenshot: ${shot.file}`);
    check(drawnShare(shot.image) > 0.005, "the message is drawn on the page (not a blank page)");
    check(await page.evaluate(() => !document.querySelector("script[src='bloomlab-wasm.js']")), "the program is not even downloaded");
    check(unexpected(app.problems).length === 0, "no console errors (no WebGL2)", app.problems.join("\n"));
    await app.close();
  }

  // (b) The .wasm, then the .js, fail to download (503): a message with a Retry that works once
  // the file is there again.
  for (const file of ["bloomlab-wasm.wasm", "bloomlab-wasm.js"]) {
    const failPaths = [file];
    const app = await openApp(browser, { waitReady: false, failPaths });
    const { page } = app;
    const outcome = await readyOutcome(page);
    check(outcome.startsWith("rejected"), `${file} failing: bloomlab.ready rejects`, outcome);
    const f = await failureBox(page);
    check(f.shown && /could not be downloaded/.test(f.text) && /retry/i.test(f.text),
          `${file} failing: the message says the program could not be downloaded`, JSON.stringify(f));
    check(f.retry, `${file} failing: a Retry button shows`);
    const shot = await screenshot(page, `failure-${file.replace(/\W/g, "-")}.png`);
    console.log(`  screenshot: ${shot.file}`);
    failPaths.length = 0;  // the server has the file again
    await Promise.all([page.waitForNavigation(), page.click("#retry")]);
    equal(await readyOutcome(page), "resolved", `${file}: after Retry the app comes up`);
    const s = await page.evaluate(() => window.bloomlab.state());
    equal([s.params.m, s.params.k, s.wordCount], [64, 3, 5], `${file}: after Retry the app runs (the tiny preset)`);
    check((await failureBox(page)).shown === false, `${file}: the message is gone after Retry`);
    check(unexpected(app.problems).filter((p) => !/Aborted|failed to load/i.test(p)).length === 0,
          `${file}: no other console errors`, app.problems.join("\n"));
    await app.close();
  }

  // (d) The wasm heap is bounded (1 GiB): a filter that does not fit is refused in words, before
  // it is allocated; the words and the filter stay as they were. 2^32 bits standard or blocked
  // (512 MiB) fit, and so does changing k, m or the variant there (the old filter is let go
  // first: before, building the new one beside it aborted the program).
  {
    const app = await openApp(browser, { query: "?preset=tiny" });
    const { page } = app;
    const attempt = (p) => page.evaluate((p) => {
      try { bloomlab.setParams(p); return { ok: true, params: bloomlab.state().params, words: bloomlab.state().wordCount }; }
      catch (e) { return { ok: false, error: e.message, params: bloomlab.state().params, words: bloomlab.state().wordCount }; }
    }, p);
    const big = 2 ** 32;
    let r = await attempt({ m: big });
    equal([r.ok, r.params.m, r.words], [true, big, 5], "m = 2^32, standard: a working filter (512 MiB)");
    check((await page.evaluate(() => bloomlab.query("dragon"))).verdict === "possibly", "it answers queries");
    r = await attempt({ k: 5 });
    equal([r.ok, r.params.m, r.params.k], [true, big, 5], "k changed at m = 2^32: rebuilt, no abort");
    r = await attempt({ variant: "blocked" });
    equal([r.ok, r.params.variant, r.params.m], [true, "blocked", big], "blocked at m = 2^32: a working filter");
    r = await attempt({ variant: "counting" });
    check(!r.ok && /not enough memory for a filter of 4294967296 bits/.test(r.error), "counting at m = 2^32 (2.5 GiB) is refused in words", r.error);
    equal([r.params.variant, r.params.m, r.params.k, r.words], ["blocked", big, 5, 5], "the refused filter leaves the filter and the words as they were");
    r = await attempt({ variant: "counting", m: 1.7e9 });
    check(!r.ok && /not enough memory/.test(r.error), "counting at m = 1.7e9 (1 GiB with the counters) is refused, not allocated", r.error);
    r = await attempt({ variant: "standard", m: big });
    check(r.ok, "back to standard at 2^32 after a refusal");
    await frames(page, 6);
    const notes = await page.evaluate(() => bloomlab.state());
    check((await failureBox(page)).shown === false, "no abort: the failure message never showed");
    equal(notes.wordCount, 5, "the words are all still there");
    const shot = await screenshot(page, "failure-huge-m.png");
    console.log(`  screenshot: ${shot.file}`);
    check(drawnShare(shot.image) > 0.05, "the app is still drawn after the big filters");
    r = await attempt({ variant: "counting", m: 2 ** 20 });
    check(r.ok && r.params.variant === "counting", "a counting filter that fits still works afterwards", JSON.stringify(r));
    check(app.problems.length === 0, "no console errors (huge m)", app.problems.join("\n"));
    await app.close();
  }
});
