// The browser rows of the bad-input matrix (tests/BAD_INPUT.md, "In the browser"): the JS API
// and the page's URL given nonsense. Each is refused with the message the UI shows, or accepted
// as the spec says; the words already there stay; nothing aborts.
import { run, openApp, screenshot, check, equal, drawnShare } from "./harness.mjs";
import { settled } from "./page_helpers.mjs";

// Runs fn(arg) in the page: {ok, error, state} with state() after it, however it ended.
const attempt = (page, fn, arg) => page.evaluate(([src, arg]) => {
  const fn = eval(src);  // the test's own function text; the page's CSP does not apply to evaluate
  let out;
  try { const r = fn(arg); out = { ok: true, result: r }; } catch (e) { out = { ok: false, error: e.message, code: e.code, args: e.args }; }
  const s = bloomlab.state();
  return { ...out, params: s.params, words: s.wordCount, notes: s.notes, report: s.loading };
}, [fn.toString(), arg]);

run("bad input in the browser: JS API and URL parameters", async (browser) => {
  const app = await openApp(browser, { query: "?preset=tiny" });
  const { page } = app;
  const tiny = { m: 64, k: 3, variant: "standard", scheme: "reference" };

  // setParams: out of range, not numbers, -1 (once the JS side's "absent"), fractions. One judge
  // (check_params) words them all, as it does for the UI and the URL.
  const mMessage = (v) => new RegExp(`^m must be a whole number of bits from 1 to 2\\^32 \\(4,294,967,296\\); ${v} is not\\.$`);
  const kMessage = (v) => new RegExp(`^k must be a whole number of hashes from 1 to 64; ${v} is not\\.$`);
  const setCases = [
    [{ m: 0 }, mMessage("0")],
    [{ m: 2 ** 33 }, mMessage("8,589,934,592")],  // a plain number in the language's way,
    [{ k: 0 }, kMessage("0")],
    [{ k: 65 }, kMessage("65")],
    [{ m: -1 }, mMessage("-1")],
    [{ k: -1 }, kMessage("-1")],
    [{ m: 64.5 }, mMessage("64\\.5")],
    [{ m: "abc" }, mMessage('"abc"')],
    [{ m: Infinity }, mMessage('"Infinity"')],
    [{ k: 1e30 }, kMessage("1e\\+30")],
    [{ variant: "<b>x</b>" }, /^variant = "<b>x<\/b>" is not one of standard, counting, blocked, scalable, cuckoo, binaryFuse\.$/],
    // Issue 37, item 10: one reader of numbers (src/core/parse.h) for the link and the API.
    // Number(true) was 1 and Number([64]) 64; "0x10" and "1e1" are no whole numbers anywhere.
    [{ m: true }, mMessage('"true"')],
    [{ m: [64] }, mMessage('"\\[64\\]"')],
    [{ m: "0x40" }, mMessage('"0x40"')],
    [{ m: "1e1" }, mMessage("1e1")],
    [{ k: " 3" }, kMessage('" 3"')],
    [{ variant: "scalable", n0: "0x10" }, /^n0 \(the first stage's words\) must be from 1 to 10,000,000; "0x10" is not\.$/],
    [{ variant: "scalable", n0: "1e1" }, /^n0 \(the first stage's words\) must be from 1 to 10,000,000; 1e1 is not\.$/],
    // A key that is no parameter is refused (it was ignored).
    [{ mm: 5 }, /^"mm" is not a parameter; they are m, k, variant, scheme, counters, n0, p0, s, r, fingerprintBits, bucketSize, buckets, fuseBits\.$/],
    // A NUL inside a name reached C as a string cut at it: "standard\0x" passed as "standard".
    [{ variant: "standard\u0000x" }, /^variant = "standard.x" is not one of /],
    [{ scheme: "reference\u0000" }, /^scheme = "reference.?" is not one of /],
  ];
  let r0;
  for (const [p, message] of setCases) {
    const r = await attempt(page, (p) => bloomlab.setParams(p), p);
    check(!r.ok && message.test(r.error), `setParams(${JSON.stringify(p)}) refused: ${r.error}`, r.error);
    equal([r.params, r.words], [tiny, 5], `  …m, k and the 5 words unchanged`);
  }
  // The Error has the code and arguments of the CLI's --json for the same fault (issue 34 §3).
  r0 = await attempt(page, (p) => bloomlab.setParams(p), { m: 0 });
  equal([r0.code, r0.args], ["m_range", ["0"]], "setParams({m: 0}) throws code m_range, args [\"0\"], as `bloomlab --m 0 --json`");
  r0 = await attempt(page, (p) => bloomlab.setParams(p), { variant: "scalable", n0: 0 });
  equal([r0.code, r0.args], ["scalable_n0_range", ["0"]], "setParams({n0: 0}) throws the core's code scalable_n0_range");

  // add: a 5 MB word, an empty one; NUL bytes and invalid UTF-8 as raw bytes (accepted).
  let r = await attempt(page, () => bloomlab.add("x".repeat(5000000)));
  equal([r.ok, r.error, r.words], [false, "That word is 5,000,000 bytes; the limit is 4,096.", 5], "add(5 MB word) refused in words, nothing added");
  r = await attempt(page, () => bloomlab.add(""));
  equal([r.ok, r.error], [false, "Type a word first."], "add('') refused");
  r = await attempt(page, () => bloomlab.add(new Uint8Array([110, 117, 108, 0, 98, 121, 116, 101])));
  check(r.ok && r.words === 6, "add(bytes with NUL) accepted as all its bytes");
  let s = await page.evaluate(() => bloomlab.state());
  check(s.words.includes("nul\u0000byte") && !s.words.includes("nul"), "state() has the word with its NUL (\\u0000), not cut at it");
  r = await attempt(page, () => bloomlab.add(new Uint8Array([0xff, 0xfe, 0x41])));
  check(r.ok && r.words === 7 && r.notes.word.text === "Not valid UTF-8: hashed as bytes." && !r.notes.word.isError,
        "add(invalid UTF-8 bytes) accepted, with the note 'Not valid UTF-8: hashed as bytes.'", JSON.stringify(r.notes.word));
  s = await page.evaluate(() => bloomlab.state());
  check(s.words.includes("\ufffd\ufffdA"), "state() stays valid JSON (U+FFFD for the bad bytes)");
  const q = await page.evaluate(() => bloomlab.query(new Uint8Array([0xff, 0xfe, 0x41])));
  equal([q.verdict, q.isMember, q.validUtf8], ["possibly", true, false], "the invalid bytes are hashed as bytes: a member");
  r = await attempt(page, () => bloomlab.add(42));
  check(!r.ok && /a word is a string or a Uint8Array/.test(r.error), "add(42) refused: not a word", r.error);

  // loadWords: empty, blank-only, 64 MiB + 1, a BOM, CRLF and LF mixed.
  r = await attempt(page, () => bloomlab.loadWords(""));
  equal([r.ok, r.error, r.words], [false, "The word list is empty.", 7], "loadWords('') refused; the words stay");
  r = await attempt(page, () => bloomlab.loadWords("\r\n\n\n  \n".replace("  ", "")));
  equal([r.ok, r.error], [false, "The word list has no words, only 4 empty lines."], "loadWords(blank lines) refused (\\r\\n, \\n, \\n, \\n: four)");
  const t0 = Date.now();
  r = await attempt(page, () => bloomlab.loadWords(new Uint8Array(64 * 1024 * 1024 + 1).fill(97)));
  const bigMs = Date.now() - t0;
  equal([r.ok, r.error, r.words], [false, "The word list is 67,108,865 bytes; the limit is 67,108,864 bytes (64 MiB).", 7],
        `loadWords(64 MiB + 1) refused before parsing (${bigMs} ms including the copy into wasm)`);
  equal(await page.evaluate(() => bloomlab.state().loading.active), false, "…before any of it was read (nothing is loading)");
  await page.evaluate(() => bloomlab.loadPreset("empty"));
  r = await attempt(page, () => bloomlab.loadWords(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("apple\npear\n")]), "bom.txt"));
  await page.evaluate(() => bloomlab.idle());
  s = await page.evaluate(() => bloomlab.state());
  equal(s.words, ["apple", "pear"], "a BOM is dropped: the first word is apple");
  await page.evaluate(() => bloomlab.loadPreset("empty"));
  await page.evaluate(() => bloomlab.loadWords("apple\r\npear\nplum\r\n\r\napple\n", "mixed.txt"));
  await page.evaluate(() => bloomlab.idle());
  s = await page.evaluate(() => bloomlab.state());
  equal(s.words, ["apple", "pear", "plum"], "CRLF and LF both end a line; plum\\r\\n is plum");
  check(/3 words from 5 lines/.test(s.notes.list.text) && /1 duplicate dropped/.test(s.notes.list.text) && /1 empty line/.test(s.notes.list.text),
        "the report: 3 words from 5 lines, 1 duplicate dropped, 1 empty line skipped", s.notes.list.text);

  // loadPreset / measure / remove with nonsense.
  r = await attempt(page, () => bloomlab.loadPreset("<script>"));
  equal([r.ok, r.error, r.words], [false, "Unknown preset \"<script>\": try tiny, passwords or empty.", 3], "loadPreset('<script>') refused; the words stay");
  r = await attempt(page, () => bloomlab.measure({ probes: -5 }));
  equal([r.ok, r.error], [false, "Probes must be a whole number from 1 to 10,000,000; -5 is not."], "measure({probes: -5}) refused");
  r = await attempt(page, () => bloomlab.measure({ probes: 1e12 }).probes);
  equal([r.ok, r.error], [false, "Probes must be a whole number from 1 to 10,000,000; 1000000000000 is not."],
        "measure({probes: 1e12}) refused in words (the app measures at most 10,000,000 probes)");
  // Issue 37, item 10: every number of the API read as a link's (src/core/parse.h), every name
  // whole (a NUL inside it reaches the judge).
  r = await attempt(page, () => bloomlab.measure({ probes: true }));
  equal([r.ok, r.error], [false, 'Probes must be a whole number from 1 to 10,000,000; "true" is not.'], "measure({probes: true}) refused (Number(true) was 1)");
  r = await attempt(page, () => bloomlab.setInserted([2]));
  equal([r.ok, r.error], [false, 'Words inserted must be a whole number from 0 to the list\'s size; "[2]" is not.'], "setInserted([2]) refused");
  r = await attempt(page, () => bloomlab.loadPreset("tiny\u0000x"));
  check(!r.ok && /^Unknown preset "tiny.x"/.test(r.error) && r.words === 3, "loadPreset('tiny\\0x') refused, not Tiny", r.error);
  r = await attempt(page, () => { bloomlab.setLanguage("ru\u0000x"); });
  check(!r.ok && /is not en, ru, uk or zh/.test(r.error), "setLanguage('ru\\0x') refused", r.error);
  for (const [step, shown] of [[2 ** 32 + 2, "4294967298"], ["2x", '"2x"'], [2.5, "2.5"], [true, '"true"']]) {
    const o = await page.evaluate((st) => bloomlab.openLesson("basics", st).then(() => ({ ok: true }), (e) => ({ ok: false, error: e.message })), step);
    equal(o, { ok: false, error: `Step ${shown} does not exist: the lesson has 5 steps.` }, `openLesson("basics", ${JSON.stringify(step)}) refused (2**32 + 2 opened step 2)`);
  }
  const unknownId = await page.evaluate(() => bloomlab.openLesson("basics\u0000x").then(() => "opened", (e) => e.message));
  check(/^There is no lesson "basics.x"\.$/.test(unknownId), "openLesson('basics\\0x') is no lesson, not basics", unknownId);
  equal(await page.evaluate(() => bloomlab.lesson().id), null, "  …no lesson opened by any of them");
  // Issue 37 §2.3: query() had no size limit where add() and remove() refuse over 4,096 bytes
  // (a 63 MiB query aborted the page after 15 s): it is refused in add's words.
  for (const bytes of [4097, 8 << 20]) {
    const q = await attempt(page, (n) => bloomlab.query("x".repeat(n)), bytes);
    const a = await attempt(page, (n) => bloomlab.add("x".repeat(n)), bytes);
    check(!q.ok && q.error === a.error && /^That word is [\d,]+ bytes; the limit is 4,096\.$/.test(q.error) && q.words === 3,
          `query() of ${bytes} bytes refused as add() refuses it`, `${q.error} / ${a.error}`);
  }
  equal((await attempt(page, () => bloomlab.query("x".repeat(4096)).verdict)).result, "definitely_not",
        "  …a query of 4,096 bytes is answered");
  // Issue 37 §2.5: the file picker offers a teacher's .lesson files (it offered lists only).
  check((await page.evaluate(() => document.getElementById("file-input").accept)).split(",").includes(".lesson"),
        "the file picker accepts .lesson files");
  // Issue 37 §2.9: setLanguage() calls replaced before their language was shown waited forever;
  // they are rejected, as speed() is, and the last one settles.
  const languages = await page.evaluate(async () => {
    const outcome = (p) => { const o = { state: "pending" }; p.then(() => { o.state = "resolved"; }, (e) => { o.state = e.message; }); return o; };
    const ru = outcome(bloomlab.setLanguage("ru")), zh = outcome(bloomlab.setLanguage("zh"));
    const en = await bloomlab.setLanguage("en");
    await Promise.resolve();
    return [ru.state, zh.state, en.lang];
  });
  equal(languages, ['setLanguage("ru"): replaced by setLanguage("zh") before it was shown',
                    'setLanguage("zh"): replaced by setLanguage("en") before it was shown', "en"],
        "setLanguage('ru'), ('zh'), then ('en'): the first two rejected as replaced, the last resolves");
  r = await attempt(page, () => bloomlab.remove("apple"));
  check(!r.ok && /^Only the counting and cuckoo filters can remove a word/.test(r.error) && r.words === 3, "remove() on the standard variant refused; the words stay", r.error);
  check(app.problems.length === 0, "no console errors (JS API)", app.problems.join("\n"));
  await app.close();

  // URL parameters: markup, huge values, repeated keys.
  const urlCases = [
    ["?preset=empty&words=" + encodeURIComponent("<script>alert(1)</script>") + "&word=" + encodeURIComponent("<img src=x onerror=alert(1)>"),
      (s) => s.words[0] === "<script>alert(1)</script>" && s.wordInput === "<img src=x onerror=alert(1)>" && s.urlWarnings.length === 0,
      "markup in words/word: plain words, no warning"],
    ["?theme=" + encodeURIComponent("<script>alert(1)</script>") + "&" + encodeURIComponent("<script>") + "=1",
      (s) => s.urlWarnings.includes('theme = "<script>alert(1)</script>" is not dark, light or contrast.') && s.urlWarnings.includes('Unknown parameter "<script>" ignored.'),
      "markup as a value or a key: warnings quoting it as text"],
    // Huge values travel in the fragment: a server refuses a request line that long (HTTP 431),
    // while the app reads a fragment as its parameters.
    ["#m=" + "9".repeat(50000) + "&k=18446744073709551617&scale=1e308&probes=" + "1".repeat(50000),
      (s) => s.params.m === 64 && s.params.k === 3 && s.urlWarnings.length === 4 && s.urlWarnings.every((w) => w.length < 200),
      "huge values: one short warning each, the defaults stay"],
    ["#words=" + "a".repeat(300 * 1024),
      (s) => s.urlWarnings.length === 1 && /more than 256.0 KiB is refused/.test(s.urlWarnings[0]) && s.wordCount === 5,
      "a query over 256 KiB: refused whole with one warning"],
    ["?preset=empty&words=a&words=b&k=5&k=6&k=7",
      (s) => s.words.join() === "b" && s.params.k === 7 &&
        s.urlWarnings.join("|") === '"words" is given 2 times; the last value is used.|"k" is given 3 times; the last value is used.',
      "repeated keys: the last value wins, one warning per key"],
    // Issue 37 §2.6: "a=b&" x 30,000 gave 30,000 warnings (6.5 s to start, a 1.65 MB note).
    ["#" + "a=b&".repeat(30000),
      (s) => s.urlWarnings.join("|") === '"a" is given 30,000 times; the last value is used.|Unknown parameter "a" ignored.',
      "a key given 30,000 times: one warning for it"],
    ["#" + Array.from({ length: 30000 }, (_, i) => `k${i}=1`).join("&"),
      (s) => s.urlWarnings.length === 12 && s.urlWarnings[11] === "… and 29,989 more warnings." && s.params.k === 3,
      "30,000 unknown keys: the warnings capped at 12, the last says how many more"],
    ["?preset=tiny&word=%ZZ&panels=words,cards",
      (s) => s.wordInput === "%ZZ" &&
        s.urlWarnings.some((w) => w.startsWith('word: "%ZZ" has a "%" not followed by two hexadecimal digits')) &&
        s.urlWarnings.includes('panels: "cards" is not one of words, bits, params, plots, numbers, check, code, speed, family, presets.'),
      "word=%ZZ: taken as written, with a warning; the panels warning names every panel"],
    ["?m=4294967296&k=64&variant=counting",
      (s) => s.params.m === 64 && s.urlWarnings.some((w) => /Not enough memory for a filter of 4,294,967,296 bits/.test(w)),
      "m = 2^32 counting in a link: refused in words (the wasm heap), the preset's filter stays"],
  ];
  for (const [query, ok, what] of urlCases) {
    const a = await openApp(browser, { query });
    const dialogs = [];
    a.page.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
    const st = await a.page.evaluate(() => bloomlab.state());
    check(ok(st), `URL ${what}`, JSON.stringify({ m: st.params.m, k: st.params.k, words: st.words.slice(0, 3), warnings: st.urlWarnings.map((w) => w.slice(0, 90)) }));
    equal(await a.page.evaluate(() => document.querySelectorAll("img:not(#poster-picture),script").length), 2, "  …no element created (the page's two scripts only)");
    equal(dialogs, [], "  …no dialog");
    if (query.includes("variant=counting")) {
      const shot = await screenshot(a.page, "bad-input-url-counting-2-32.png");
      console.log(`  screenshot: ${shot.file}`);
      check(drawnShare(shot.image) > 0.05, "  …and the app is drawn");
    }
    check(a.problems.length === 0, "  …no console errors", a.problems.join("\n"));
    await a.close();
  }

  // Issue 37 §2.9: an API call before the program runs said "Module._bl_limits is not a
  // function"; it says "not ready yet". The program is kept from coming (its script fails), so
  // the calls are made before it runs whatever the machine's speed.
  {
    const a = await openApp(browser, { waitReady: false, failPaths: ["bloomlab-wasm.js"] });
    const early = await a.page.evaluate(async () => {
      await bloomlab.ready.catch(() => {});
      const tried = (fn) => { try { fn(); return "returned"; } catch (e) { return e.message; } };
      return [tried(() => bloomlab.add("x")), tried(() => bloomlab.query("x")), tried(() => bloomlab.state()),
              await bloomlab.setLanguage("ru").then(() => "resolved", (e) => e.message)];
    });
    equal(early, ["bloomlab.add(): not ready yet (await bloomlab.ready first)",
                  "bloomlab.query(): not ready yet (await bloomlab.ready first)",
                  "bloomlab.state(): not ready yet (await bloomlab.ready first)",
                  "bloomlab.setLanguage(): not ready yet (await bloomlab.ready first)"],
          "API calls before the program runs: \"not ready yet\" (setLanguage rejects)");
    await a.close();
  }

  // Issue 14: a UTF-16 list (Notepad's "Unicode") is converted, and the report says so; numbers
  // in a link are percent-decoded; a hexadecimal scale is refused with a warning.
  {
    const a = await openApp(browser, { query: "?preset=empty&m=%31%32%38&k=%34&scale=0x2" });
    let st = await a.page.evaluate(() => bloomlab.state());
    equal([st.params.m, st.params.k], [128, 4], "URL m=%31%32%38&k=%34: percent-decoded, m = 128, k = 4");
    check(st.urlWarnings.length === 1 && /scale = "0x2" is not a number from 1 to 3/.test(st.urlWarnings[0]),
          "URL scale=0x2: refused with a warning", JSON.stringify(st.urlWarnings));
    // FF FE, then "apple\r\ncafé\r\n" in UTF-16LE (each character's code unit, low byte first).
    const utf16 = [0xff, 0xfe];
    for (const ch of "apple\r\ncaf\u00e9\r\n") utf16.push(ch.charCodeAt(0) & 255, ch.charCodeAt(0) >> 8);
    await a.page.evaluate((bytes) => bloomlab.loadWords(new Uint8Array(bytes), "notepad.txt"), utf16);
    st = await a.page.evaluate(() => bloomlab.idle());
    equal(st.words, ["apple", "caf\u00e9"], "loadWords(UTF-16LE with a BOM): the words, not NUL-laden junk");
    check(/read as UTF-16LE \(byte order mark\) and converted to UTF-8/.test(st.notes.list.text),
          "…and the report says it was UTF-16", st.notes.list.text);
    check(a.problems.length === 0, "  …no console errors", a.problems.join("\n"));
    await a.close();
  }

  // Issue 14.12: Ctrl+V pastes the system clipboard into the word box and the list box (the
  // page's paste event carries it to ImGui); before, ImGui pasted SDL's own empty buffer.
  {
    const a = await openApp(browser, { query: "?preset=tiny&word=", viewport: { width: 1280, height: 1600 } });
    const { page, context } = a;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(a.url).origin });
    const setClipboard = (text) => page.evaluate((t) => navigator.clipboard.writeText(t), text);
    let v = await page.evaluate(() => bloomlab.viewState());
    const wordBox = (await page.evaluate(() => bloomlab.state())).layout.wordBox;
    await setClipboard("pasted-word");
    await page.mouse.click(wordBox.x + wordBox.w / 2, wordBox.y + wordBox.h / 2);
    await settled(page);
    await page.keyboard.press("Control+V");
    await settled(page);
    equal(await page.evaluate(() => bloomlab.state().wordInput), "pasted-word", "Ctrl+V in the word box pastes the system clipboard");
    await page.keyboard.press("Escape");
    await setClipboard("alpha\nbeta\ngamma");
    v = await page.evaluate(() => bloomlab.viewState());
    await page.mouse.click(v.pasteBox.x + v.pasteBox.w / 2, v.pasteBox.y + v.pasteBox.h / 2);
    await settled(page);
    await page.keyboard.press("Control+V");
    // The clipboard is read asynchronously: wait until its lines are in the box (on a busy machine
    // the page was settled before they came, and Add added nothing), then add them.
    await page.waitForFunction(() => bloomlab.state().pasteInput.includes("gamma"), null, { timeout: 60000 }).catch(() => {});
    await settled(page);
    v = await page.evaluate(() => bloomlab.viewState());
    await page.mouse.click(v.addListButton.x + v.addListButton.w / 2, v.addListButton.y + v.addListButton.h / 2);
    // The click is seen at the next frame; adding words re-measures (a slow frame): wait for it.
    await page.waitForFunction(() => bloomlab.state().words.includes("gamma"), null, { timeout: 60000 }).catch(() => {});
    const st = await page.evaluate(() => bloomlab.idle());
    check(["alpha", "beta", "gamma"].every((w) => st.words.includes(w)), "Ctrl+V in the list box pastes the clipboard's lines, added as words", JSON.stringify(st.words));
    check(a.problems.length === 0, "  …no console errors (paste)", a.problems.join("\n"));
    await a.close();
  }
});
