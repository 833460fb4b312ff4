// Issue 11 §2 in the browser: the scalable filter's n0, p0, s, r through bloomlab.setParams,
// exactly as a link gives them (variant=scalable&n0=…&p0=…&s=…&r=…): the same checks and the same
// words for a bad value as the link's warning. Its m and k sliders rest (it sizes its stages
// itself).
import { run, openApp, check, equal, screenshot } from "./harness.mjs";
import { frames } from "./page_helpers.mjs";

// Runs bloomlab.setParams(p) in the page: {ok, error, params} with state().params after it.
const setParams = (page, p) => page.evaluate((p) => {
  let out;
  try { bloomlab.setParams(p); out = { ok: true }; } catch (e) { out = { ok: false, error: e.message }; }
  return { ...out, params: bloomlab.state().params };
}, p);

run("the scalable filter from the JS API", async (browser) => {
  const app = await openApp(browser, { query: "?preset=tiny" });
  const { page } = app;

  // Accepted: the filter becomes the scalable one with these stages' parameters, one undo step,
  // and the share link carries them as a link would.
  let r = await setParams(page, { variant: "scalable", n0: 500, p0: 0.02, s: 3, r: 0.7 });
  check(r.ok, "setParams({variant: 'scalable', n0: 500, p0: 0.02, s: 3, r: 0.7}) accepted", r.error);
  equal([r.params.variant, r.params.n0, r.params.p0, r.params.s, r.params.r], ["scalable", 500, 0.02, 3, 0.7],
        "state().params has n0, p0, s, r as given");
  const link = await page.evaluate(() => bloomlab.shareParams());
  check(link.includes("variant=scalable&n0=500&p0=0.02&s=3&r=0.7"), "the share link carries them", link);
  // Strings are read as a link's text is: "250" is 250.
  r = await setParams(page, { n0: "250" });
  equal([r.ok, r.params.n0, r.params.p0], [true, 250, 0.02], "setParams({n0: '250'}): n0 = 250, the rest kept");
  await page.evaluate(() => bloomlab.undo());
  equal((await page.evaluate(() => bloomlab.state().params)).n0, 500, "undo gives n0 = 500 back");

  // Refused: the words are the link's warning for the same value (checked against the URL door
  // in the same page), and the words themselves are the ones tests/BAD_INPUT.md lists.
  const cases = [
    [{ n0: 0 }, "n0=0", "n0 must be between 1 and 10,000,000 items, got 0.000000"],
    [{ n0: 1e12 }, "n0=1e12", "n0 must be between 1 and 10,000,000 items, got 1000000000000.000000"],
    [{ p0: 0.9 }, "p0=0.9", "p0 must be between 0.000001 and 0.5, got 0.900000"],
    [{ p0: 0 }, "p0=0", "p0 must be between 0.000001 and 0.5, got 0.000000"],
    [{ s: 0.5 }, "s=0.5", "s (growth) must be between 1 and 16, got 0.500000"],
    [{ s: 1000 }, "s=1000", "s (growth) must be between 1 and 16, got 1000.000000"],
    [{ r: 1 }, "r=1", "r (tightening) must be between 0.05 and 0.99, got 1.000000"],
    [{ r: -2 }, "r=-2", "r (tightening) must be between 0.05 and 0.99, got -2.000000"],
    [{ r: "half" }, "r=half", 'r = "half" is not a number.'],
    [{ p0: "" }, "p0=", 'p0 = "" is not a number.'],
    [{ s: "2x" }, "s=2x", 's = "2x" is not a number.'],
  ];
  const before = (await page.evaluate(() => bloomlab.state().params));
  for (const [p, query, words] of cases) {
    r = await setParams(page, p);
    equal([r.ok, r.error], [false, words], `setParams(${JSON.stringify(p)}) refused in words`);
    equal(r.params, before, "  …the filter's parameters unchanged");
    const warnings = await page.evaluate((q) => bloomlab.applyParams(q), query);
    equal(warnings, [words], `  …the link's ${query} warns with the same words`);
  }
  // A bad value refuses the whole call: the good ones beside it are not applied either.
  r = await setParams(page, { n0: 800, r: 2 });
  equal([r.ok, r.params.n0], [false, 500], "setParams({n0: 800, r: 2}) refused whole: n0 stays 500");

  check(app.problems.length === 0, "no console errors", app.problems.join("; "));
  await app.close();

  // The m and k sliders rest for a scalable filter: a click on them changes nothing.
  const grown = await openApp(browser, { query: "?preset=tiny&variant=scalable&n0=2&word=Qwerty", viewport: { width: 1280, height: 1400 } });
  const gp = grown.page;
  await frames(gp, 6);
  const v = await gp.evaluate(() => bloomlab.viewState());
  for (const [name, rect] of [["k", v.kSlider], ["m", v.mSlider]]) {
    await gp.mouse.click(rect.x + rect.w * 0.8, rect.y + rect.h / 2);
    await frames(gp, 3);
  }
  const st = await gp.evaluate(() => bloomlab.state());
  equal([st.params.variant, st.params.m, st.params.k], ["scalable", 64, 3], "clicks on the m and k sliders change nothing for a scalable filter");
  await screenshot(gp, "scalable-params.png");

  check(grown.problems.length === 0, "no console errors", grown.problems.join("; "));
  await grown.close();
});
