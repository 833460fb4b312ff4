// Issue 11 §2 in the browser: the scalable filter's n0, p0, s, r through bloomlab.setParams,
// exactly as a link gives them (variant=scalable&n0=…&p0=…&s=…&r=…): the same checks and the same
// words for a bad value as the link's warning. Its m and k sliders rest (it sizes its stages
// itself), and the step-through shows every stage's positions, computed here from the spec.
import { run, openApp, check, equal, screenshot } from "./harness.mjs";
import { settled } from "./page_helpers.mjs";
import { fnv1a64 } from "./reference.mjs";

const M64 = (1n << 64n) - 1n;
function splitmix64(x) {
  x = (x + 0x9e3779b97f4a7c15n) & M64;
  x = ((x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  x = ((x ^ (x >> 27n)) * 0x94d049bb133111ebn) & M64;
  return x ^ (x >> 31n);
}
// Stage j of a scalable filter (Almeida et al. 2007): designed for ceil(n0·s^j) items at p0·r^j,
// m_j = ceil(−n ln p / (ln 2)²), k_j = round((m_j/n_j) ln 2), after the stages before it; its
// hash is h for stage 0, splitmix64(h + j) after (variant_scalable.cpp's header).
function stagePositions(word, { n0, p0, s, r }, stages) {
  const h = fnv1a64(word);
  let offset = 0;
  const out = [];
  for (let j = 0; j < stages; j++) {
    const n = Math.ceil(n0 * s ** j), p = p0 * r ** j;
    const m = Math.ceil(-n * Math.log(p) / Math.LN2 ** 2), k = Math.max(1, Math.round(m / n * Math.LN2));
    const hj = j === 0 ? h : splitmix64((h + BigInt(j)) & M64);
    const h1 = hj & 0xffffffffn, h2 = (hj >> 32n) | 1n;
    const pos = [];
    for (let i = 0n; i < BigInt(k); i++) pos.push(offset + Number((h1 + i * h2) % BigInt(m)));
    out.push({ offset, m, k, pos });
    offset += m;
  }
  return out;
}

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
    [{ n0: 0 }, "n0=0", "n0 (the first stage's words) must be from 1 to 10,000,000; 0 is not."],
    [{ n0: 1e12 }, "n0=1000000000000", "n0 (the first stage's words) must be from 1 to 10,000,000; 1,000,000,000,000 is not."],
    // n0 counts items as m counts bits: a whole number (issue 37: n0=1e1 and n0=0x10 were taken).
    // A number written otherwise than plainly is shown as typed; anything else, quoted.
    [{ n0: "1e1" }, "n0=1e1", "n0 (the first stage's words) must be from 1 to 10,000,000; 1e1 is not."],
    [{ n0: "0x10" }, "n0=0x10", `n0 (the first stage's words) must be from 1 to 10,000,000; "0x10" is not.`],
    [{ n0: true }, "n0=true", `n0 (the first stage's words) must be from 1 to 10,000,000; "true" is not.`],
    [{ p0: 0.9 }, "p0=0.9", "p0 (the first stage's FP rate) must be from 0.000001 to 0.5; 0.9 is not."],
    [{ p0: 0 }, "p0=0", "p0 (the first stage's FP rate) must be from 0.000001 to 0.5; 0 is not."],
    [{ s: 0.5 }, "s=0.5", "s (growth) must be from 1 to 16; 0.5 is not."],
    [{ s: 1000 }, "s=1000", "s (growth) must be from 1 to 16; 1,000 is not."],
    [{ r: 1 }, "r=1", "r (tightening) must be from 0.05 to 0.99; 1 is not."],
    [{ r: -2 }, "r=-2", "r (tightening) must be from 0.05 to 0.99; -2 is not."],
    [{ r: "half" }, "r=half", 'r (tightening) must be from 0.05 to 0.99; "half" is not.'],
    [{ p0: "" }, "p0=", `p0 (the first stage's FP rate) must be from 0.000001 to 0.5; "" is not.`],
    [{ s: "2x" }, "s=2x", 's (growth) must be from 1 to 16; "2x" is not.'],
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
  await settled(gp);
  let v = await gp.evaluate(() => bloomlab.viewState());
  for (const [name, rect] of [["k", v.kSlider], ["m", v.mSlider]]) {
    await gp.mouse.click(rect.x + rect.w * 0.8, rect.y + rect.h / 2);
    await settled(gp);
  }
  let st = await gp.evaluate(() => bloomlab.state());
  equal([st.params.variant, st.params.m, st.params.k], ["scalable", 64, 3], "clicks on the m and k sliders change nothing for a scalable filter");
  await screenshot(gp, "scalable-params.png");

  // The step-through asks every stage: each stage's positions, from its own hash, k and bits.
  await gp.keyboard.press("Alt+Shift+S");
  for (let i = 0; i < 60; i++) await gp.keyboard.press("ArrowRight");
  await settled(gp);
  v = await gp.evaluate(() => bloomlab.viewState());
  st = await gp.evaluate(() => bloomlab.state());
  const stages = st.stages ? st.stages.length : null;
  const text = v.stepText;
  const q = await gp.evaluate(() => bloomlab.query("Qwerty"));
  // How many stages the 5 words grew: as many as the query's positions cover.
  let want = null;
  for (let n = 1; n <= 10 && !want; n++) {
    const cand = stagePositions("Qwerty", { n0: 2, p0: 0.01, s: 2, r: 0.85 }, n);
    if (cand.reduce((a, c) => a + c.k, 0) === q.positions.length) want = cand;
  }
  check(want && want.length >= 2, "the 5 words grew the filter to several stages", `${q.positions.length} positions, stages ${stages}`);
  if (want) {
    equal(q.positions, want.flatMap((x) => x.pos), "query() gives every stage's positions, as computed from the spec");
    equal(v.stepCount, 4 + q.positions.length, "the step-through has a step for each of them");
    for (const [j, x] of want.entries()) {
      check(text.includes(`stage ${j}: bits ${x.offset.toLocaleString("en-US")} … ${(x.offset + x.m - 1).toLocaleString("en-US")}, ${x.k} hashes`),
            `stage ${j}'s line: bits ${x.offset} … ${x.offset + x.m - 1}, k = ${x.k}`);
      for (const p of x.pos) check(text.includes(` = ${p.toLocaleString("en-US")}: bit `), `  …its position ${p}`);
    }
  }
  check(/stages has a 0 bit: "Qwerty" is definitely not|stage \d+: All \d+ bits are 1: "Qwerty" is possibly/.test(text), "the verdict speaks of the stages", text.split("\n").slice(-2).join(" "));
  await screenshot(gp, "scalable-steps.png");
  check(grown.problems.length === 0, "no console errors", grown.problems.join("; "));
  await grown.close();
});
