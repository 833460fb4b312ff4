// Never lose a user's words (issue 14, "Data loss" 5–11), in the real page: a reload during a
// list load, two tabs and a share link over a session, a link longer than the reader accepts,
// words that are not plain UTF-8 lines, a list over localStorage's 5 MB, storage that fails, a
// preset over 300 words, and share links that leave words out. Each part runs on its own (a
// failure in one does not hide the others); one browser for the file.
import { run, openApp, screenshot, check, equal, drawnShare } from "./harness.mjs";
import { settled, centre } from "./page_helpers.mjs";

const ready = (page) => page.evaluate(() => window.bloomlab.ready.then(() => window.bloomlab.idle()));
const state = (page) => page.evaluate(() => bloomlab.state());
// The state on screen kept: in the address and the browser's session store, no write in flight.
const keptState = (page) => page.evaluate(() => bloomlab.kept().then(() => true));
// The page has looked for previous words to offer (after its list is in).
const offerDecided = (page) => page.waitForFunction(() => document.getElementById("previous").dataset.decided === "1",
  null, { timeout: 60000 });
// The offer bar of the page ("Restore your previous words (N)"), as shown.
const offer = async (page) => {
  await offerDecided(page);
  return page.evaluate(() => {
    const bar = document.getElementById("previous");
    return bar && !bar.hidden ? document.getElementById("previous-restore").textContent : "";
  });
};
const waitOffer = async (page) => {
  await offerDecided(page);
  return page.evaluate(() => !document.getElementById("previous").hidden);
};
// DATA_LOSS_PARTS=regex runs only the parts whose names match (e.g. "^(5|9b)").
async function part(name, fn) {
  if (process.env.DATA_LOSS_PARTS && !new RegExp(process.env.DATA_LOSS_PARTS).test(name)) return;
  console.log(`- ${name}`);
  try { await fn(); } catch (e) { check(false, `${name}: no exception`, e.message.split("\n")[0]); }
}
const list = (n, prefix) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

run("data loss: the words survive reloads, tabs, links, odd bytes, big lists and full storage", async (browser) => {
  // ---- 5. A reload while a list is loading -----------------------------------------------------
  await part("5. reload during a list load", async () => {
    const app = await openApp(browser);
    const { page } = app;
    await page.evaluate(() => { bloomlab.add("mine-1"); bloomlab.add("mine-2"); bloomlab.add("mine-3"); });
    await keptState(page);
    // 300,000 words load in slices; held where they are (at any machine's speed the load is
    // still going when the page reloads), while the app keeps its state meanwhile.
    const started = await page.evaluate(() => {
      bloomlab._test.holdLoading(true);
      bloomlab.setParams({ m: 4000000 });
      bloomlab.loadWords(Array.from({ length: 300000 }, (_, i) => "bulk-" + i).join("\n"), "bulk.txt");
      return bloomlab.state().loading.active;
    });
    const still = await page.evaluate(() => bloomlab.state().loading.active);
    check(started && still, "the list is still loading when the page reloads");
    await page.reload();
    await ready(page);
    const s = await state(page);
    check(s.wordCount >= 8, "after the reload the words before the load are there (not 0)", `wordCount ${s.wordCount}`);
    check(["mine-1", "mine-2", "mine-3"].every((w) => s.words.includes(w)), "…the three words added before it");
    await app.close();
  });

  await part("5b. a restored session reloads again (the address and the session stay one version)", async () => {
    const app = await openApp(browser);
    const { page } = app;
    await page.evaluate(() => bloomlab.setParams({ m: 4000 }));  // the address now has a fragment
    await keptState(page);
    await page.evaluate((words) => bloomlab.loadWords(words, "mine.txt"), list(300, "again-").join("\n"));
    await page.evaluate(() => bloomlab.idle());
    await keptState(page);
    for (const round of [1, 2, 3]) {
      await page.reload();
      await ready(page);
      await keptState(page);
      const s = await state(page);
      equal(s.wordCount, 305, `reload ${round}: the 305 words, restored without asking`);
    }
    const kept = await page.evaluate(() => ({ hash: location.hash.slice(1), link: bloomlab.sessions().find((r) => r.mine).link }));
    equal(kept.hash, kept.link, "the address and the saved session name the same state");
    await app.close();
  });

  await part("5c. a change of m alone keeps the saved words (their bytes are not written again)", async () => {
    const app = await openApp(browser);
    const { page } = app;
    await page.evaluate((words) => bloomlab.loadWords(words, "mine.txt"), list(300, "m-only-").join("\n"));
    await page.evaluate(() => bloomlab.idle());
    await keptState(page);
    await page.evaluate(() => bloomlab.setParams({ m: 5000 }));
    await keptState(page);
    const rec = await page.evaluate(() => bloomlab.sessions().find((r) => r.mine));
    check(rec && rec.link.includes("m=5000") && rec.count === 305 && rec.bytes > 300 * 4, "the record has the new m and still the 305 words' bytes", JSON.stringify(rec));
    await page.reload();
    await ready(page);
    const s = await state(page);
    equal([s.wordCount, s.params.m], [305, 5000], "after a reload: 305 words at m = 5000");
    await app.close();
  });

  // ---- 6. Two tabs; a share link opened over a session -------------------------------------------
  await part("6a. a second tab does not wipe the first tab's words", async () => {
    const a = await openApp(browser);
    await a.page.evaluate((words) => bloomlab.loadWords(words, "mine.txt"), list(300, "tab-a-").join("\n"));
    await a.page.evaluate(() => bloomlab.idle());
    await keptState(a.page);
    const b = await a.context.newPage();
    await b.goto(a.url);
    await ready(b);
    equal((await state(b)).wordCount, 305, "tab B opens with tab A's 305 words");
    await b.evaluate(() => bloomlab.loadPreset("tiny"));  // B's small change
    await keptState(b);
    await b.close();
    await a.page.close();
    const c = await a.context.newPage();
    await c.goto(a.url);
    await ready(c);
    let s = await state(c);
    if (s.wordCount !== 305) {
      check(await waitOffer(c), "a new tab offers tab A's words", `opened with ${s.wordCount} words`);
      equal(await offer(c), "Restore your previous words (305)", "…in words, with their count");
      if (await offer(c)) await c.click("#previous-restore");
      await c.evaluate(() => bloomlab.idle());
      s = await state(c);
    }
    equal(s.wordCount, 305, "tab A's 305 words are recoverable after tab B's change");
    check(s.words.includes("tab-a-299"), "…all of them");
    await a.close();
  });

  await part("6b. opening a share link over a 305-word session", async () => {
    const app = await openApp(browser);
    const { page } = app;
    await page.evaluate((words) => bloomlab.loadWords(words, "mine.txt"), list(300, "kept-").join("\n"));
    await page.evaluate(() => bloomlab.idle());
    await keptState(page);
    await page.goto(app.url + "?preset=tiny&words=shared");
    await ready(page);
    equal((await state(page)).wordCount, 6, "the link opens as it says (Tiny + shared)");
    check(await waitOffer(page), "the page offers the words the link replaced");
    equal(await offer(page), "Restore your previous words (305)", "the offer says how many");
    const shot = await screenshot(page, "data-loss-offer.png");
    console.log(`  screenshot: ${shot.file}`);
    check(drawnShare(shot.image) > 0.05, "the app is drawn under the offer");
    await page.evaluate(() => bloomlab.add("from-the-link-tab"));  // a change: saved
    await keptState(page);
    await page.goto(app.url);
    await ready(page);
    let s = await state(page);
    if (s.wordCount < 305) {
      check(await waitOffer(page), "the plain address offers the 305 words too", `opened with ${s.wordCount}`);
      await page.click("#previous-restore");
      await page.evaluate(() => bloomlab.idle());
      s = await state(page);
    }
    equal(s.wordCount, 305, "the 305 words come back after a share link was opened and changed");
    check(app.problems.length === 0, "no console errors", app.problems.join("\n"));
    await app.close();
  });

  // ---- 7. A link longer than the reader accepts --------------------------------------------------
  await part("7. 70 words of 4,000 bytes", async () => {
    const app = await openApp(browser);
    const { page } = app;
    const out = await page.evaluate(() => {
      for (let i = 0; i < 70; i++) bloomlab.add(String(i).padStart(4000, "w"));
      return { link: bloomlab.shareParams().length, share: bloomlab.state().share };
    });
    check(out.link <= 262144, "the share link is within the reader's 262,144 bytes", `${out.link} bytes`);
    check(out.share && out.share.leavesOut === 70 && /leaves out 70 words/.test(out.share.note),
      "the Share dialog says the link leaves out the 70 words", JSON.stringify(out.share));
    await keptState(page);
    const fragment = await page.evaluate(() => location.hash.length);
    check(fragment <= 262145, "the kept address is within the limit", `${fragment}`);
    await page.reload();
    await ready(page);
    const s = await state(page);
    equal(s.wordCount, 75, "after a reload the 75 words are back (Tiny + 70)");
    equal(s.urlWarnings, [], "no warning on reload");
    await app.close();
  });

  // ---- 8. Words that are not plain UTF-8 lines -------------------------------------------------
  await part("8. 206 words with Latin-1 bytes, a newline, a CR, a BOM, a NUL", async () => {
    const app = await openApp(browser);
    const { page } = app;
    const odd = await page.evaluate((fill) => {
      bloomlab.setParams({ m: 1000000, k: 5 });
      const odd = [[0x63, 0x61, 0x66, 0xe9], [0x63, 0x61, 0x66, 0xe8], [0x61, 0x0a, 0x62],
                   [0x74, 0x61, 0x69, 0x6c, 0x0d], [0xef, 0xbb, 0xbf, 0x62, 0x6f, 0x6d], [0x6e, 0x00, 0x6c]];
      for (const w of odd) bloomlab.add(new Uint8Array(w));
      for (const w of fill) bloomlab.add(w);
      return odd;
    }, list(200, "fill-"));
    equal((await state(page)).wordCount, 211, "211 words in (Tiny's 5, 6 odd ones, 200 more)");
    await keptState(page);
    await page.reload();
    await ready(page);
    const back = await page.evaluate((odd) => ({
      count: bloomlab.state().wordCount,
      members: odd.map((w) => bloomlab.query(new Uint8Array(w)).isMember),
      split: ["a", "b", "tail", "bom", "caf\ufffd"].map((w) => bloomlab.query(w).isMember),
    }), odd);
    equal(back.count, 211, "after a reload: 211 words, none merged or split");
    equal(back.members, [true, true, true, true, true, true], "each odd word is back as its exact bytes");
    equal(back.split, [false, false, false, false, false], "no word came back changed (a, b, tail, bom, caf\\uFFFD)");
    await app.close();
  });

  // ---- 9. A list over localStorage's 5 MB; storage that fails ----------------------------------
  await part("9a. a 62.5 MiB list (16,000 words of 4,096 bytes) is kept and restored", async () => {
    const app = await openApp(browser);
    const { page } = app;
    const t0 = Date.now();
    const loaded = await page.evaluate(async () => {
      bloomlab.setParams({ m: 1000000, k: 3 });
      const n = 16000, size = 4096, bytes = new Uint8Array(n * (size + 1));
      for (let i = 0; i < n; i++) {
        const at = i * (size + 1);
        bytes.fill(0x61 + (i % 26), at, at + size);
        const tag = new TextEncoder().encode(String(i));
        bytes.set(tag, at);
        bytes[at + size] = 0x0a;
      }
      bloomlab.loadWords(bytes, "big.txt");
      await bloomlab.idle();
      return { count: bloomlab.state().wordCount, bytes: bytes.length };
    });
    const loadMs = Date.now() - t0;
    equal(loaded.count, 16005, "16,000 words of 4,096 bytes loaded (with Tiny's 5)");
    console.log(`  list ${(loaded.bytes / 1048576).toFixed(1)} MiB loaded in ${loadMs} ms`);
    await keptState(page);
    const t1 = Date.now();
    await page.reload();
    await ready(page);
    const s = await page.evaluate(() => {
      const s = bloomlab.state();
      return { count: s.wordCount, last: bloomlab.query("15999".padEnd(4096, String.fromCharCode(0x61 + (15999 % 26)))).isMember };
    });
    console.log(`  reload with the list restored: ${Date.now() - t1} ms`);
    equal(s, { count: 16005, last: true }, "after a reload all 16,005 words are back");
    const problem = await page.evaluate(() => document.getElementById("storage") && !document.getElementById("storage").hidden);
    check(!problem, "no storage problem shown");
    await app.close();
  });

  // Lists over 1 MiB are written by a Worker (web/session-writer.js), their bytes handed over:
  // then only the words added since go (a word typed into 100,000), and a preset over them keeps
  // the writer's copy apart. The page's own IndexedDB puts are counted: the writer's are not.
  const writerSpy = () => {
    window.__mainPuts = 0;
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (...args) { window.__mainPuts++; return put.apply(this, args); };
    window.__sent = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m, transfer) {
      const bytes = m && m.record && (m.record.words ? m.record.words.length :
        m.pieces ? m.pieces.reduce((n, p) => n + p.length, 0) : null);
      if (m && m.record) window.__sent.push({ id: m.record.id, bytes, pieces: m.pieces ? m.pieces.length : 0,
        count: m.record.count, appendTo: m.appendTo || null, wordsOf: m.wordsOf || null });
      return post.call(this, m, transfer);
    };
  };
  const mine = (page, count) => page.waitForFunction((n) => {
    const r = bloomlab.sessions().find((x) => x.mine);
    return r && r.count === n && window.__sent.length > 0;
  }, count, { timeout: 10000 }).then(() => true, () => false);
  await part("9c. a 100,000-word list: written off the page's thread, words added sent alone", async () => {
    const app = await openApp(browser, { initScript: writerSpy });
    const { page } = app;
    await page.evaluate((words) => { bloomlab.setParams({ m: 1000000 }); bloomlab.loadWords(words, "big.txt"); },
      list(100000, "many-words-").join("\n"));
    await page.evaluate(() => bloomlab.idle());
    check(await mine(page, 100005), "the 100,005 words are saved");
    let sent = await page.evaluate(() => ({ sent: window.__sent, puts: window.__mainPuts }));
    const whole = sent.sent[sent.sent.length - 1];
    check(whole.bytes > 1 << 20 && whole.count === 100005 && !whole.appendTo && whole.pieces >= 1,
      "the whole list went to the writer (over 1 MiB), handed over in pieces", JSON.stringify(whole));
    const putsBefore = sent.puts;
    await page.evaluate(() => bloomlab.add("typed-after"));
    check(await mine(page, 100006), "a word added is saved");
    sent = await page.evaluate(() => ({ sent: window.__sent, puts: window.__mainPuts }));
    const tail = sent.sent[sent.sent.length - 1];
    equal([tail.bytes, tail.appendTo !== null, tail.count], [4 + "typed-after".length, true, 100006],
      "only the word added went, to follow the words the writer holds");
    equal(sent.puts, putsBefore, "the page itself put nothing into IndexedDB for them");
    await keptState(page);
    await page.reload();
    await ready(page);
    let s = await page.evaluate(() => { const s = bloomlab.state(); return { n: s.wordCount, last: bloomlab.query("typed-after").isMember, first: bloomlab.query("many-words-0").isMember }; });
    equal(s, { n: 100006, last: true, first: true }, "after a reload: all 100,006 words, the one typed last too");
    // Empty over them: the writer keeps its copy apart (the page no longer has the bytes).
    await page.evaluate(() => bloomlab.loadPreset("empty"));
    await keptState(page);
    sent = await page.evaluate(() => window.__sent.slice(-2));
    check(sent.some((m) => /:before$/.test(m.id) && m.count === 100006 && (m.bytes > 1 << 20 || m.wordsOf)),
      "the 100,006 words before Empty are kept apart, by the writer", JSON.stringify(sent));
    await page.reload();
    await ready(page);
    equal((await state(page)).wordCount, 0, "the page opens as it was left (Empty)");
    check(await waitOffer(page), "and offers the words Empty replaced");
    await page.click("#previous-restore");
    await page.evaluate(() => bloomlab.idle());
    s = await page.evaluate(() => ({ n: bloomlab.state().wordCount, last: bloomlab.query("typed-after").isMember }));
    equal(s, { n: 100006, last: true }, "one click brings all 100,006 back");
    await app.close();
  });

  await part("9d. without the writer (its script missing) the page saves a big list itself", async () => {
    const app = await openApp(browser, { failPaths: ["/session-writer.js"] });
    const { page } = app;
    await page.evaluate((words) => { bloomlab.setParams({ m: 1000000 }); bloomlab.loadWords(words, "big.txt"); },
      list(100000, "many-words-").join("\n"));
    await page.evaluate(() => bloomlab.idle());
    await page.evaluate(() => bloomlab.add("typed-after"));
    await keptState(page);
    await page.reload();
    await ready(page);
    const s = await page.evaluate(() => ({ n: bloomlab.state().wordCount, last: bloomlab.query("typed-after").isMember,
      problem: bloomlab.storageProblem() }));
    equal(s, { n: 100006, last: true, problem: "" }, "after a reload: all 100,006 words, and no storage problem");
    await app.close();
  });

  await part("9b. storage that refuses to keep the words says so on the page", async () => {
    // The browser's storage fails on every write (a full disk, a quota): localStorage and IndexedDB.
    const initScript = () => {
      const full = () => { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };
      Storage.prototype.setItem = full;
      if (window.IDBObjectStore) IDBObjectStore.prototype.put = full;
    };
    const app = await openApp(browser, { initScript });
    const { page } = app;
    await page.evaluate(() => bloomlab.add("will-not-be-kept"));
    await keptState(page);
    const note = await page.evaluate(() => {
      const n = document.getElementById("storage");
      return n && !n.hidden ? n.textContent : "";
    });
    check(/could not be saved/.test(note) && /lost when this page closes/.test(note) && /QuotaExceededError/.test(note),
      "the page says in words that the words cannot be kept, and why", note);
    const shot = await screenshot(page, "data-loss-storage-full.png");
    console.log(`  screenshot: ${shot.file}`);
    await app.close();
  });

  // ---- 10. A preset over a 305-word list ---------------------------------------------------------
  await part("10. Empty over 305 words, then a reload", async () => {
    const app = await openApp(browser);
    const { page } = app;
    await page.evaluate((words) => bloomlab.loadWords(words, "mine.txt"), list(300, "before-").join("\n"));
    await page.evaluate(() => bloomlab.idle());
    await keptState(page);
    await page.evaluate(() => bloomlab.loadPreset("empty"));  // a stray key, a wrong click
    await keptState(page);
    await page.goto(app.url);
    await ready(page);
    equal((await state(page)).wordCount, 0, "the page opens as it was left (Empty)");
    check(await waitOffer(page), "and offers the 305 words Empty replaced");
    equal(await offer(page), "Restore your previous words (305)", "with their count");
    await page.click("#previous-restore");
    await page.evaluate(() => bloomlab.idle());
    const s = await state(page);
    equal(s.wordCount, 305, "one click brings the 305 words back");
    check(s.words.includes("before-299"), "…all of them");
    // Dismissed, the offer does not come back on the next visit.
    await page.evaluate(() => bloomlab.loadPreset("empty"));
    await keptState(page);
    await page.goto(app.url);
    await ready(page);
    check(await waitOffer(page), "offered again after another Empty");
    await page.click("#previous-dismiss");
    await page.goto(app.url);
    await ready(page);
    equal(await offer(page), "", "once dismissed, it is not offered again");
    await app.close();
  });

  // ---- 11. Share links that leave words out -------------------------------------------------------
  await part("11. Tiny + 201 words; the 10k preset in counting minus one word (and its link's round trip)", async () => {
    const app = await openApp(browser);
    const { page } = app;
    await page.evaluate((words) => { for (const w of words) bloomlab.add(w); }, list(201, "extra-"));
    let s = await state(page);
    check(s.share && s.share.leavesOut === 201 && s.share.recipientWords === 5,
      "the link leaves out 201 words and the recipient gets Tiny's 5", JSON.stringify(s.share));
    equal(s.share && s.share.note, "This link leaves out 201 words (a link carries at most 200 words beyond its preset): " +
      "whoever opens it gets 5 words, not the 206 on your screen. Your own browser keeps them all.", "in the Share dialog's words");
    const button = (await page.evaluate(() => bloomlab.viewState())).shareButton;
    await page.mouse.click(...centre(button));
    await settled(page);
    const shot = await screenshot(page, "data-loss-share-leaves-out.png");
    console.log(`  screenshot: ${shot.file}`);
    check((await page.evaluate(() => bloomlab.viewState())).shareOpen, "the Share dialog is open");
    await page.keyboard.press("Escape");
    // The 10k preset, counting, one word removed.
    await page.evaluate(async () => {
      bloomlab.loadPreset("passwords");
      await bloomlab.idle();
      for (let i = 0; i < 200 && bloomlab.state().loading.active !== false; i++) await new Promise((r) => setTimeout(r, 50));
    });
    await page.waitForFunction(() => bloomlab.state().wordCount === 10000, null, { timeout: 10000 });
    s = await page.evaluate(() => { bloomlab.setParams({ variant: "counting" }); bloomlab.remove("password"); return bloomlab.state(); });
    equal([s.wordCount, s.share && s.share.leavesOut, s.share && s.share.note], [9999, 0, ""],
      "10k counting minus one: the link leaves nothing out");
    // 11c. The round trip: the link says "the 10k preset minus password", and gives 9,999 words.
    const link = await page.evaluate(() => bloomlab.shareParams());
    check(/^preset=passwords&.*&variant=counting.*&removed=password(&|$)/.test(link), "the link names the removed word", link);
    const other = await browser.newContext();
    const recipient = await other.newPage();
    await recipient.goto(app.url.replace(/\?.*$/, "") + "?" + link);
    await ready(recipient);
    await recipient.waitForFunction(() => bloomlab.state().wordCount === 9999 && !bloomlab.state().loading.active, null, { timeout: 20000 })
      .catch(() => {});
    const got = await recipient.evaluate(() => ({ count: bloomlab.state().wordCount, password: bloomlab.query("password").isMember,
                                                   variant: bloomlab.state().params.variant, link: bloomlab.shareParams() }));
    equal(got, { count: 9999, password: false, variant: "counting", link }, "the recipient gets the same 9,999 words, without password (and the same link)");
    await other.close();
    await app.close();
  });
});
