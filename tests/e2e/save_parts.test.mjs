// Saving many words part by part (issue 14: a 1M-word session was written in one step that
// blocked the page 340-663 ms; now 1 MiB a frame, then the record naming the parts). One writer,
// one version: the page dying in the middle of a save (no pagehide: a crash, a killed tab) must
// leave either the session saved before, whole, or the new one, whole; never a mix or nothing.
// 200,000 words (about 2.2 MB, three parts). Timings are tests/bench/save.mjs's, not this test's.
import { run, openApp, check, equal } from "./harness.mjs";

const N = 200000;
const ready = (page) => page.evaluate(() => window.bloomlab.ready.then(() => window.bloomlab.idle()));
// The page stops as a crash would: once window.crashNow is set, nothing more is written (every
// new IndexedDB transaction fails) and its pagehide (which writes the rest at once) never runs.
const initScript = () => {
  window.addEventListener("pagehide", (e) => { if (window.crashNow) e.stopImmediatePropagation(); });
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    if (window.crashNow) throw new DOMException("the page has crashed", "UnknownError");
    return transaction.apply(this, args);
  };
};
// Waits for this tab's record of `count` words stored, no save under way.
const stored = (page, count) => page.waitForFunction((count) => {
  const s = bloomlab.saving();
  return s.parts === 0 && s.stored === count;
}, count, { timeout: 120000 });
// `change` ("append" a word, or "replace" them all) starts a save; as soon as its first part is written and before its
// record is, the page "crashes" and reloads. Returns what the page saw then.
async function crashMidSave(page, change) {
  const seen = await page.evaluate(async ({ change, n }) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const before = bloomlab.saving().stored;
    if (change === "append") bloomlab.add("late-word");
    else {  // every word replaced
      bloomlab.loadPreset("empty");
      bloomlab.loadWords(Array.from({ length: n }, (_, i) => "b" + i).join("\n"), "b.txt");
    }
    for (let i = 0; i < 5000; i++) {
      await frame();
      const s = bloomlab.saving();
      if (s.parts >= 1) {
        window.crashNow = true;
        return { parts: s.parts, stored: s.stored, before };
      }
    }
    return { parts: 0, stored: bloomlab.saving().stored, before };
  }, { change, n: N });
  await page.reload();
  await ready(page);
  return seen;
}
// What the page restored: the count, and which of the marker words are members.
const restored = (page, words) => page.evaluate((words) => ({
  count: bloomlab.state().wordCount,
  members: words.filter((w) => bloomlab.query(w).isMember),
}), words);
// Every stored part is named by a record (the parts of the interrupted save were deleted).
const orphans = (page) => page.evaluate(() => new Promise((resolve, reject) => {
  const open = indexedDB.open("bloomlab");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const all = open.result.transaction("sessions", "readonly").objectStore("sessions").getAll();
    all.onsuccess = () => {
      const named = new Set(all.result.flatMap((r) => r.parts || []));
      resolve(all.result.filter((r) => r.id.startsWith("part:") && !named.has(r.id)).length);
      open.result.close();
    };
  };
}));

run("sessions are saved in parts: a crash mid-save keeps one whole version", async (browser) => {
  const app = await openApp(browser, { initScript });
  const { page } = app;
  page.setDefaultTimeout(120000);
  await page.evaluate((n) => {
    bloomlab.loadPreset("empty");
    bloomlab.setParams({ m: 4000000, k: 3 });
    bloomlab.loadWords(Array.from({ length: n }, (_, i) => "a" + i).join("\n"), "a.txt");
    return bloomlab.idle();
  }, N);
  await stored(page, N);
  const rec = await page.evaluate(() => bloomlab.sessions().find((r) => r.mine));
  // 200,000 words "a0".."a199999": 4 bytes of length each plus 2 to 7 bytes of word.
  const bytes = 200000 * 4 + 10 * 2 + 90 * 3 + 900 * 4 + 9000 * 5 + 90000 * 6 + 100000 * 7;
  equal([rec.count, rec.bytes, rec.parts], [N, bytes, Math.ceil(bytes / 1048576)], "the 200,000 words are stored in 1 MiB parts");

  // 1. A word appended (the new version: the same words and one more).
  const seen1 = await crashMidSave(page, "append");
  check(seen1.parts >= 1 && seen1.stored === N, "the page died with a part written and the record not", JSON.stringify(seen1));
  const r1 = await restored(page, ["a0", "a199999", "late-word"]);
  check((r1.count === N && r1.members.join() === "a0,a199999") ||
        (r1.count === N + 1 && r1.members.join() === "a0,a199999,late-word"),
        "after the reload: the old 200,000 words or the new 200,001, whole", JSON.stringify(r1));
  console.log(`  restored ${r1.count} words`);
  await stored(page, r1.count);  // the restored session written again, in parts
  equal(await orphans(page), 0, "the interrupted save's parts are deleted with the next record");

  // 2. Every word replaced (Empty, then another list of 200,000): the old ones or the new, never a mix.
  const seen2 = await crashMidSave(page, "replace");
  check(seen2.parts >= 1 && seen2.stored === r1.count, "the page died in the middle of the new list's save", JSON.stringify(seen2));
  const r2 = await restored(page, ["a0", "a199999", "b0", "b199999"]);
  check((r2.count === r1.count && r2.members.join() === "a0,a199999") ||
        (r2.count === N && r2.members.join() === "b0,b199999"),
        "after the reload: all the old words or all the new ones", JSON.stringify(r2));
  console.log(`  restored ${r2.count} words`);
  const problem = await page.evaluate(() => bloomlab.storageProblem());
  equal(problem, "", "no storage problem after the reload");
  await app.close();
});
