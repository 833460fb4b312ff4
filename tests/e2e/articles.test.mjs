// One article's Python filter in the page: the preset "Article: Python (SHA-256 + MD5)" through
// the JS API, its positions against Node's own crypto (SHA-256 and MD5, the article's formula in
// BigInt), the counting filter's unchecked remove and its false negative, and the Code panel:
// bloomlab.code() for every language, and a screenshot of the panel.
import crypto from "node:crypto";
import { run, openApp, screenshot, check, equal } from "./harness.mjs";
import { settled } from "./page_helpers.mjs";

// The article: h1, h2 = the first 8 bytes of SHA-256 and MD5, big-endian; (h1 + i*h2) mod m.
function articlePositions(word, m, k) {
  const bytes = Buffer.from(word, "utf8");
  const h1 = crypto.createHash("sha256").update(bytes).digest().readBigUInt64BE(0);
  const h2 = crypto.createHash("md5").update(bytes).digest().readBigUInt64BE(0);
  return Array.from({ length: k }, (_, i) => Number((h1 + BigInt(i) * h2) % BigInt(m)));
}

run("the Python article's filter and the Code panel", async (browser) => {
  const app = await openApp(browser, { query: "?panels=words,bits,params,code" });
  const page = app.page;
  await page.evaluate(() => window.bloomlab.loadPreset("python"));
  const s = await page.evaluate(() => window.bloomlab.state());
  equal([s.params.m, s.params.k, s.params.scheme], [9585, 6, "sha256md5"], "the preset's m, k and scheme");
  equal(s.words, ["кот", "пёс", "ёж"], "the preset's words");
  equal(s.wordInput, "слон", "слон in the word box");
  for (const w of ["кот", "пёс", "ёж", "слон"]) {
    const q = await page.evaluate((word) => window.bloomlab.query(word), w);
    equal(q.positions, articlePositions(w, 9585, 6), `${w}: positions as SHA-256 + MD5 give them`);
  }
  // Near 2^32 with k = 64, where h1 + i*h2 needs more than 64 bits.
  await page.evaluate(() => window.bloomlab.setParams({ m: 4294967291, k: 64 }));
  const far = await page.evaluate(() => window.bloomlab.query("слон"));
  equal(far.positions, articlePositions("слон", 4294967291, 64), "m = 4294967291, k = 64: exact positions");
  await page.evaluate(() => window.bloomlab.undo());

  // The Code panel's programs: one per language, with the filter's m, k and words.
  for (const language of ["python", "go", "javascript", "cpp"]) {
    const text = await page.evaluate((l) => window.bloomlab.code(l), language);
    check(text.includes("9585") && text.includes("кот") && text.includes("слон"), `${language}: m, the words and the question`);
    check(/sha256|SHA-256/.test(text), `${language}: hashes with SHA-256`);
  }
  const bad = await page.evaluate(async () => { try { await window.bloomlab.code("cobol"); return ""; } catch (e) { return e.message; } });
  check(bad.includes("unknown language"), "code('cobol') rejects", bad);

  // The article's remove: unbounded counters, no membership check; Qwerty breaks letmein.
  await page.evaluate(() => { window.bloomlab.loadPreset("tiny"); window.bloomlab.setParams({ variant: "counting", counters: "unbounded" }); window.bloomlab.applyParams("remove=unchecked"); });
  await page.evaluate(() => window.bloomlab.remove("Qwerty"));
  const broken = await page.evaluate(() => window.bloomlab.state());
  equal(broken.falseNegatives, ["letmein"], "removing Qwerty unchecked breaks letmein");
  equal((await page.evaluate(() => window.bloomlab.query("letmein"))).verdict, "definitely_not", "letmein: a false negative");
  const shotBroken = await screenshot(page, "articles-false-negative.png");
  console.log(`  screenshot: ${shotBroken.file}`);
  await page.evaluate(() => window.bloomlab.undo());

  // Back to the article's filter, with the Code panel in view.
  await page.evaluate(() => { window.bloomlab.applyParams("preset=python&panels=params,code"); });
  await settled(page);
  const { file } = await screenshot(page, "articles-code.png");
  console.log(`  screenshot: ${file}`);
  check(app.problems.length === 0, "no console or page errors", app.problems.join("\n"));
  await app.close();
});
