// Nothing lost (issue 6): the words and settings are kept in IndexedDB (by the platform,
// throttled; issue 14 moved them from localStorage, whose old session is read once) and come
// back when the page is opened again without its own parameters, or after
// a crash; more words than a link carries come back too; the Empty preset clears a restored
// session; a corrupt saved value is ignored with a warning; an invalid action keeps the words.
import { run, openApp, screenshot, check, equal, drawnShare } from "./harness.mjs";
import { openApp as openEngineApp } from "./engines.mjs";
import { hostileSessions } from "./scenarios.mjs";

const KEY = "bloomlab.session";  // the localStorage key of the sessions before IndexedDB
// Every record kept for the page, links and words (decoded for searching) as one text.
const saved = (page) => page.evaluate(() => new Promise((resolve, reject) => {
  const open = indexedDB.open("bloomlab", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("sessions", { keyPath: "id" });
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const all = open.result.transaction("sessions").objectStore("sessions").getAll();
    all.onsuccess = () => {
      open.result.close();
      resolve(all.result.map((r) => {
        const words = [], view = new DataView(r.words.buffer, r.words.byteOffset, r.words.byteLength);
        for (let at = 0; at + 4 <= r.words.length;) {
          const n = view.getUint32(at, true);
          words.push(new TextDecoder().decode(r.words.subarray(at + 4, at + 4 + n)));
          at += 4 + n;
        }
        return r.link + "\n" + r.params + "\n" + words.join("\n");
      }).join("\n"));
    };
    all.onerror = () => reject(all.error);
  };
}));
const until = (page, fn, arg, what) => page.waitForFunction(fn, arg, { timeout: 5000 }).then(() => true, () => check(false, what));
const whenReady = (page) => page.evaluate(() => window.bloomlab.ready.then(() => window.bloomlab.idle()));

run("session: words and settings kept in the browser, restored after a reload or a crash", async (browser) => {
  const warnings = [];
  const app = await openApp(browser);
  const { page } = app;
  page.on("console", (msg) => { if (msg.type() === "warning") warnings.push(msg.text()); });
  const plain = app.url;  // no query, no fragment

  // 1. Words (Cyrillic and emoji too) and m, k; then the plain address again: all restored.
  const mine = ["Привет", "🌸blossom", "naïve café"];
  await page.evaluate((mine) => { for (const w of mine) bloomlab.add(w); bloomlab.setParams({ m: 200, k: 4 }); }, mine);
  await until(page, () => bloomlab.sessions().some((r) => r.mine && r.link.includes("m=200")), null, "the session is saved within a second");
  await page.goto(plain);
  await whenReady(page);
  equal(await page.evaluate(() => location.hash), "", "opened without parameters");
  let s = await page.evaluate(() => bloomlab.state());
  equal([s.params.m, s.params.k], [200, 4], "the plain address restores m and k");
  equal(s.words, ["password", "12345", "qwerty", "dragon", "letmein", ...mine], "the plain address restores the words, UTF-8 intact");
  equal(s.urlWarnings, [], "restoring gives no warnings");

  // 2. An invalid action never clears what is there.
  const refused = await page.evaluate(() => {
    const out = [];
    const attempt = (what, fn) => { try { fn(); out.push(what + ": accepted"); } catch (e) { out.push(what + ": refused"); } };
    attempt("m = 0", () => bloomlab.setParams({ m: 0 }));
    attempt("k = 65", () => bloomlab.setParams({ k: 65 }));
    attempt("variant", () => bloomlab.setParams({ variant: "<b>bogus</b>" }));
    attempt("empty word", () => bloomlab.add(""));
    attempt("5 MB word", () => bloomlab.add("x".repeat(5e6)));
    attempt("unknown preset", () => bloomlab.loadPreset("nope"));
    attempt("empty list", () => bloomlab.loadWords(""));
    return out;
  });
  check(refused.every((r) => r.endsWith("refused")), "each invalid action is refused", refused.join(", "));
  s = await page.evaluate(() => bloomlab.state());
  equal([s.params.m, s.params.k, s.wordCount], [200, 4, 8], "after the refusals m, k and every word are still there");

  // 3. More words than a link carries (200 beyond the preset): the whole list is kept apart, and
  // comes back after a crash (the app aborts; Retry reloads the address with its fragment).
  const many = Array.from({ length: 300 }, (_, i) => `w${i}-ё`).join("\n");
  await page.evaluate((many) => bloomlab.loadWords(many, "many"), many);
  await page.evaluate(() => bloomlab.idle());
  await until(page, () => bloomlab.sessions().some((r) => r.mine && r.count === 308), null, "the whole list is saved");
  check((await saved(page)).includes("w299-ё"), "…its last word too, stored");
  await until(page, () => location.hash.includes("m=200"), null, "the fragment follows the state");
  const fragment = await page.evaluate(() => location.hash);
  check(!fragment.includes("w299"), "the address itself does not carry 300 words", fragment.slice(0, 120));
  await page.evaluate(() => { try { abort("a test crash"); } catch (e) { /* the abort's own exception */ } });
  const failure = await page.evaluate(() => ({ shown: !document.getElementById("failure").hidden,
    text: document.getElementById("failure-text").textContent, retry: !document.getElementById("retry").hidden }));
  check(failure.shown && failure.retry && /kept/.test(failure.text), "the crash shows a message with Retry", JSON.stringify(failure));
  await Promise.all([page.waitForNavigation(), page.click("#retry")]);
  await whenReady(page);
  s = await page.evaluate(() => bloomlab.state());
  equal([s.params.m, s.params.k, s.wordCount], [200, 4, 308], "after the crash and Retry: m, k and all 308 words");
  check(s.words.includes("Привет") && s.words.includes("w299-ё"), "both the typed words and the loaded list are back");
  // The plain address as well (the session saved after the crash's restore is the same).
  await page.goto(plain);
  await whenReady(page);
  s = await page.evaluate(() => bloomlab.state());
  equal(s.wordCount, 308, "the plain address brings all 308 words back too");

  // 4. A change just before leaving the page (within the throttle) is kept: saved on pagehide.
  await page.evaluate(() => bloomlab.add("warm-up"));
  await until(page, () => bloomlab.sessions().some((r) => r.mine && r.count === 309), null, "saved");
  const flushed = await page.evaluate(() => {
    const mine = () => bloomlab.sessions().find((r) => r.mine).count === 310;
    bloomlab.add("last-second");  // no frame has run since: not saved yet
    const before = mine();
    window.dispatchEvent(new PageTransitionEvent("pagehide"));
    return { before, after: mine() };
  });
  equal(flushed, { before: false, after: true }, "leaving the page (pagehide) saves at once");
  await page.goto(plain);
  await whenReady(page);
  s = await page.evaluate(() => bloomlab.state());
  check(s.words.includes("last-second"), "a word added just before leaving is kept (saved on pagehide)");

  // 5. A restored session can be cleared: the Empty preset is saved like any change.
  await page.evaluate(() => bloomlab.loadPreset("empty"));
  await until(page, () => bloomlab.sessions().some((r) => r.mine && /preset=empty/.test(r.link) && r.count === 0), null, "Empty is saved");
  await page.goto(plain);
  await whenReady(page);
  s = await page.evaluate(() => bloomlab.state());
  equal([s.wordCount, s.params.m], [0, 200], "after Empty, the plain address opens empty (the settings stay)");
  await page.evaluate(() => bloomlab.loadPreset("tiny"));

  // 6. A link's own parameters win over the saved session (and do not overwrite it until changed).
  await page.evaluate(() => bloomlab.add("kept-in-session"));
  await until(page, () => bloomlab.sessions().some((r) => r.mine && r.link.includes("kept-in-session")), null, "saved");
  await page.goto(plain + "?preset=empty&m=32&k=2&words=link-word");
  await whenReady(page);
  s = await page.evaluate(() => bloomlab.state());
  equal([s.params.m, s.words], [32, ["link-word"]], "a link opens as the link says");
  check((await saved(page)).includes("kept-in-session"), "opening a link leaves the saved session alone");

  // 7. Corrupt saved values (the old localStorage session; a record in IndexedDB): ignored with
  // a console warning, the app starts as usual.
  await page.evaluate(() => new Promise((resolve) => {
    const open = indexedDB.open("bloomlab", 1);
    open.onsuccess = () => {
      const tx = open.result.transaction("sessions", "readwrite");
      tx.objectStore("sessions").put({ id: "junk", link: 5, params: null, words: "not bytes", count: "x" });
      tx.oncomplete = () => { open.result.close(); resolve(); };
    };
  }));
  warnings.length = 0;
  await page.goto(plain);
  await whenReady(page);
  check(warnings.some((w) => /saved session is unreadable/.test(w)), "a corrupt record in IndexedDB is named in a console warning", warnings.join(" | "));
  for (const bad of ["{not json", JSON.stringify({ v: 1, link: 5, params: "m=1", words: "" }), "null",
                     JSON.stringify({ v: 1, link: "", params: "m=abc&k=%ZZ&<script>=1", words: "\u0000\n\r\n" })]) {
    await page.evaluate(([key, bad]) => localStorage.setItem(key, bad), [KEY, bad]);
    warnings.length = 0;
    await page.goto(plain);
    await whenReady(page);
    s = await page.evaluate(() => bloomlab.state());
    check(s.params.m >= 1 && s.params.k >= 1, `a corrupt saved value (${bad.slice(0, 30)}) does not stop the app`);
    const warned = warnings.some((w) => /saved session is unreadable|bloomlab: /.test(w));
    check(warned, `…and it is named in a console warning`, warnings.join(" | "));
  }
  const shot = await screenshot(page, "session-after-corrupt.png");
  console.log(`  screenshot: ${shot.file}`);
  check(drawnShare(shot.image) > 0.05, "the app is drawn after a corrupt saved value");
  check(app.problems.length === 0, "no console errors (session)", app.problems.join("\n"));
  await app.close();

  // 8. An embed (embed=1) keeps nothing: several embeds on one article do not overwrite each
  // other's or the reader's session.
  const embed = await openApp(browser, { query: "?embed=1&preset=tiny" });
  await embed.page.evaluate(() => bloomlab.add("in-an-embed"));
  await embed.page.evaluate(() => bloomlab.kept());
  equal(await saved(embed.page), "", "an embed saves no session");
  equal(await embed.page.evaluate(() => document.getElementById("previous").hidden), true, "an embed offers no previous words");
  await embed.close();

  // 9. Records are checked, not trusted (scenarios.mjs, in Firefox too).
  const hostile = await openEngineApp(browser);
  await hostileSessions(hostile);
  check(hostile.problems.length === 0, "no console errors (hostile records)", hostile.problems.join("\n"));
  await hostile.close();
});
