// Issue 11 §1, §3, §5 in the browser: the 10k list at m = 50,000, k = 7 (designed for 4,951
// words at 10 bits each); growth() and memory() from the JS API, the "words inserted" slider
// (API and mouse), and screenshots of the growth plot, the memory chart and the marked plots.
import { run, openApp, SHOTS, check, equal } from "./harness.mjs";
import { settled, centre } from "./page_helpers.mjs";

const theory = (n, m, k) => Math.pow(1 - Math.exp(-k * n / m), k);
const shoot = async (page, rect, name) => {
  if (!(rect && rect.w > 0 && rect.h > 0)) return check(false, `${name} is on screen`, JSON.stringify(rect));
  await page.screenshot({ path: `${SHOTS}/${name}`, clip: { x: rect.x, y: rect.y, width: rect.w + 24, height: rect.h } });
};

run("growth, memory and the plots' teaching marks", async (browser) => {
  const app = await openApp(browser, { query: "?preset=passwords", viewport: { width: 1400, height: 2000 } });
  const { page } = app;
  await page.waitForFunction(() => window.bloomlab.state().wordCount === 10000 && !window.bloomlab.state().loading.active, null, { timeout: 60000 });
  await page.evaluate(() => window.bloomlab.setParams({ m: 50000, k: 7 }));

  const g = await page.evaluate(() => window.bloomlab.growth());
  equal(g.points.length, 41, "growth() gives 41 points");
  const last = g.points[g.points.length - 1];
  equal(last.n, 10000, "the last point is the whole list");
  check(Math.abs(last.theory - theory(10000, 50000, 7)) < 1e-12, "its theory is (1 − e^(−kn/m))^k", last.theory);
  check(last.measured > 0.12 && last.measured < 0.16, "10,000 words in a filter for 4,951 err about 14% (the article's overfill)", last.measured);
  check(Math.abs(g.designN - 50000 * Math.LN2 / 7) < 1e-6, "designN = m ln 2 / k", g.designN);
  check(g.points.every((p) => "n" in p && "measured" in p && "theory" in p && "fill" in p && "expectedFill" in p),
        "each point has n, measured, theory, fill, expectedFill");
  // Its time is a benchmark's figure (RESULTS.md; 37-69 ms on this project's machines), not a
  // test's: 50 ms here failed a full run at 68.6 ms. The test asks only that it is no freeze.
  check(g.ms <= 500, "the growth curve of the 10k list takes well under a second in wasm", `${g.ms.toFixed(1)} ms`);
  console.log(`  growth computation, 10k list, 100,000 probes: ${g.ms.toFixed(1)} ms`);
  // The CLI's --json gives the same curve (one schema).
  if (process.env.BLOOMLAB_CLI) {
    const { execFileSync } = await import("node:child_process");
    try {
      const cli = JSON.parse(execFileSync(process.env.BLOOMLAB_CLI, ["growth", "--words", "passwords-10k", "--m", "50000", "--k", "7", "--json"]).toString());
      equal(cli.points.map((p) => p.falsePositives), g.points.map((p) => p.falsePositives), "the CLI's growth --json has the page's points");
    } catch (e) { console.log(`  (CLI not compared: ${e.message.split("\n")[0]})`); }
  }

  const mem = await page.evaluate(() => window.bloomlab.memory());
  equal(mem.filterBytes, 6250, "memory(): the filter is 50,000 bits = 6,250 bytes");
  equal(mem.listTextBytes, 73017, "the list as text: 63,017 characters + 10,000 newlines");
  equal(mem.pythonSetBytes, 997570, "the article's Python set figure");
  equal(mem.pythonVersion, "3.12", "with the Python version it depends on");
  // wasm32's libc++: a node is 20 bytes (next, hash, a 12-byte string holding up to 10 chars),
  // 4 bytes a bucket: at least 10,000 * 20 + 10,000 * 4 = 240,000 bytes, about 3.4 times the list.
  check(mem.hashSetBytes >= 240000 && mem.hashSetBytes < 20 * mem.listTextBytes,
        "the hash set, measured in the page, takes several times the list", mem.hashSetBytes);
  console.log(`  memory in wasm: ${JSON.stringify(mem)}`);

  // The slider through the API: the bits, the numbers and the measurement follow.
  await page.evaluate(() => window.bloomlab.setInserted(5000));
  let s = await page.evaluate(() => window.bloomlab.state());
  equal([s.inserted, s.n, s.wordCount], [5000, 5000, 10000], "setInserted(5000): the filter of the first 5,000 words");
  equal(s.bitsSet, g.points[20].bitsSet, "its bits are the growth curve's at n = 5,000");
  const measured = await page.evaluate(() => window.bloomlab.measure());
  equal(measured.falsePositives, g.points[20].falsePositives, "measure() there equals the curve's point");
  check((await page.evaluate(() => window.bloomlab.shareParams())).includes("inserted=5000"), "the link carries inserted=5000");
  await settled(page);
  let v = await page.evaluate(() => window.bloomlab.viewState());
  await shoot(page, v.plotGrowth, "growth-plot.png");
  await shoot(page, v.memoryChart, "memory-chart.png");
  await shoot(page, v.plot, "plot-bits-marks.png");
  await shoot(page, v.plotK, "plot-k-marks.png");
  // The measured point sits on the theory at k = 7: its label and "k = 7" were drawn over each
  // other. Every plot's labels, as drawn, overlap none of the same plot's.
  const onK = v.plotLabels.filter((l) => l.plot === "fp_vs_k").map((l) => l.text);
  check(onK.includes("k = 7") && onK.includes("measured"), "FP vs k labels 'k = 7' and 'measured'", JSON.stringify(onK));
  const overlapping = [];
  for (const a of v.plotLabels) for (const b of v.plotLabels)
    if (a !== b && a.plot === b.plot && a.text < b.text && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)
      overlapping.push(`${a.plot}: ${a.text} / ${b.text}`);
  equal(overlapping, [], "no two labels of a plot overlap");
  await page.screenshot({ path: `${SHOTS}/growth-page.png` });

  // The slider with the mouse: a click at its left end shows (nearly) no words; undo goes back.
  const r = v.insertedSlider;
  check(r.w > 0, "the words-inserted slider is on screen", JSON.stringify(r));
  await page.mouse.click(r.x + 3, r.y + r.h / 2);
  await settled(page);
  s = await page.evaluate(() => window.bloomlab.state());
  check(s.inserted !== null && s.inserted < 500, "a click at the slider's left end shows the first few words", s.inserted);
  await page.evaluate(() => window.bloomlab.undo());
  s = await page.evaluate(() => window.bloomlab.state());
  equal(s.inserted, 5000, "undo brings the slider back to 5,000");
  await page.evaluate(() => window.bloomlab.setInserted(null));
  s = await page.evaluate(() => window.bloomlab.state());
  equal([s.inserted, s.n], [null, 10000], "setInserted(null): every word again");

  // Off the scale: m = 2^32 bits for 10,000 words is 429,497 bits a word; "you are here" stays on
  // the plot's edge with an arrow.
  await page.evaluate(() => window.bloomlab.setParams({ m: 8000, k: 7 }));
  await settled(page);
  v = await page.evaluate(() => window.bloomlab.viewState());
  await shoot(page, v.plot, "plot-bits-offscale.png");
  check(app.problems.length === 0, "no console errors", app.problems.join("; "));
  await app.close();
});
