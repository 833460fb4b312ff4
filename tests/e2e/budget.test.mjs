// Web budgets (issue 36), measured as a reader's browser gets them: bytes over the wire in
// Chromium (the DevTools protocol's encodedDataLength: headers and the body as sent), from the
// project's own server (scripts/static-server.mjs: the build's brotli copies, ETags and 304s).
//   an embed ?embed=1&preset=tiny            at most 300 KB
//   a first visit with the 10k list           at most 400 KB
//   a second visit (same browser)             at most  20 KB
//   an embed with start=click, before a click at most  40 KB
// The limits are the goals: a change that does not fit makes room or loads its part when it is
// first used. Raising a limit is not a fix. (Before issue 36 the budget was gzip -9 of the files,
// 428 KB for an embed, raised nine times; Chromium moved 942 KB, the wasm uncompressed.)
// Also printed, not asserted (a time depends on the machine): ready (the first frame) on
// localhost, the median of 5 loads. What each part of the wasm costs is a benchmark, not part of
// this test (`python3 tests/bench/wasm_parts.py build/web`: it relinks the whole wasm, 40 s on
// an idle machine and past this test's timeout on a busy one).
import fs from "node:fs";
import path from "node:path";
import { run, openApp, check, SITE } from "./harness.mjs";
import { startServer } from "../../scripts/static-server.mjs";

const KB = (b) => (b / 1024).toFixed(1) + " KB";

// Opens `query` in a page of `context` and counts the bytes its requests moved until the page
// is ready and at rest (and its list is in): {bytes, requests: [{url, bytes, status}]}.
async function transfer(context, query, { port, until = "settled" } = {}) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const requests = new Map();
  cdp.on("Network.requestWillBeSent", (e) => requests.set(e.requestId, { url: e.request.url, status: 0, bytes: 0, done: false }));
  cdp.on("Network.responseReceived", (e) => { const r = requests.get(e.requestId); if (r) r.status = e.response.status; });
  const finish = (e) => { const r = requests.get(e.requestId); if (r) { r.bytes = e.encodedDataLength || 0; r.done = true; } };
  cdp.on("Network.loadingFinished", finish);
  cdp.on("Network.loadingFailed", finish);
  await page.goto(`http://127.0.0.1:${port}/index.html${query}`);
  if (until === "poster") {
    // The poster is up with its picture (start=click: the app waits for a click).
    await page.waitForFunction(() => { const p = document.getElementById("poster"); return p && !p.hidden && p.dataset.ready === "1"; });
  } else {
    await page.evaluate(() => window.bloomlab.ready.then(() => window.bloomlab.idle()).then(() => window.bloomlab.settled()));
  }
  // Every request the page made has finished (loadingFinished comes after the body).
  // (Polled: each protocol round trip brings the events sent before it.)
  for (let i = 0; i < 500 && [...requests.values()].some((r) => !r.done); i++) await cdp.send("Runtime.evaluate", { expression: "0" });
  const list = [...requests.values()];
  // The wasm's deferred part is fetched at a first touch, else by the first call into it: which.
  if (until !== "poster") list.deferredBy = await page.evaluate(() => window.bloomlab._test.deferredFirstCall());
  check(list.every((r) => r.done), `${query}: every request finished`, list.filter((r) => !r.done).map((r) => r.url).join(" "));
  return { page, bytes: list.reduce((n, r) => n + r.bytes, 0), requests: list };
}

const goals = [];
function goal(what, bytes, limitKB, requests) {
  goals.push(`  ${what.padEnd(44)} ${KB(bytes).padStart(9)}  (goal ${limitKB} KB)`);
  check(bytes <= limitKB * 1024, `${what}: at most ${limitKB} KB over the wire`,
        `${KB(bytes)}: ` + requests.map((r) => `${r.url.split("/").pop()} ${r.status} ${KB(r.bytes)}`).join(", ")
        + (requests.deferredBy != null ? ` (the deferred part loaded by placeholder ${requests.deferredBy}: build/web/src/platform/split-wasm/placeholders names it)` : ""));
}

run("web budgets: bytes over the wire, and the first frame", async (browser) => {
  const files = ["index.html", "style.css", "bloomlab.js", "bloomlab-wasm.js", "bloomlab-wasm.wasm", "passwords-10k.txt", "lessons-en.txt", "programs.txt"];
  console.log(`  ${"file".padEnd(20)} ${"raw".padStart(9)} ${"gzip -9".padStart(9)} ${"brotli".padStart(9)}`);
  for (const f of files) {
    const size = (ext) => (fs.existsSync(path.join(SITE, f + ext)) ? KB(fs.statSync(path.join(SITE, f + ext)).size) : "-");
    console.log(`  ${f.padEnd(20)} ${size("").padStart(9)} ${size(".gz").padStart(9)} ${size(".br").padStart(9)}`);
  }
  const { server, port } = await startServer(SITE, 0);
  try {
    // An embed, in a browser that never saw the site.
    let context = await browser.newContext();
    let t = await transfer(context, "?embed=1&preset=tiny", { port });
    check(t.requests.some((r) => r.url.endsWith(".wasm")) && (await t.page.evaluate(() => window.bloomlab.state().wordCount)) === 5,
          "the embed ran (its wasm came, the tiny preset is in)");
    check(t.requests.filter((r) => r.url.endsWith(".wasm")).length === 1, "the wasm is downloaded once (its preload is the fetch that uses it)",
          t.requests.map((r) => r.url.split("/").pop()).join(" "));
    goal("an embed ?embed=1&preset=tiny", t.bytes, 300, t.requests);
    const deferredPart = (r) => (r.url || r).includes("bloomlab-wasm.deferred.wasm");
    check(!t.requests.some(deferredPart), "the embed has not downloaded the wasm's deferred part (lessons, Code, speed ...)");
    // The reader's first touch fetches it, in the background, once.
    const came = t.page.waitForResponse((r) => deferredPart(r.url()));
    await t.page.mouse.click(3, 3);
    check((await came).status() === 200, "the reader's first click fetches the deferred part");
    // A second visit, same browser: everything revalidated (304), nothing downloaded again.
    await t.page.close();
    t = await transfer(context, "?embed=1&preset=tiny", { port });
    check(t.requests.length > 0 && t.requests.every((r) => r.status === 304 || r.bytes < 2048), "a second visit gets 304s",
          t.requests.map((r) => `${r.url.split("/").pop()} ${r.status}`).join(", "));
    goal("a second visit (same browser)", t.bytes, 20, t.requests);
    await context.close();
    // A first visit with the 10k list.
    context = await browser.newContext();
    t = await transfer(context, "?preset=passwords", { port });
    check((await t.page.evaluate(() => window.bloomlab.state().wordCount)) === 10000, "the 10k list is in");
    goal("a first visit with the 10k list", t.bytes, 400, t.requests);
    await context.close();
    // An embed that starts on a click: its poster, before the click.
    context = await browser.newContext();
    t = await transfer(context, "?embed=1&preset=tiny&start=click", { port, until: "poster" });
    check(!t.requests.some((r) => /bloomlab-wasm/.test(r.url)), "start=click: nothing of the app's wasm before the click",
          t.requests.map((r) => r.url.split("/").pop()).join(" "));
    goal("an embed with start=click, before the click", t.bytes, 40, t.requests);
    await context.close();
  } finally {
    server.close();
  }
  console.log("  bytes over the wire (Chromium, scripts/static-server.mjs):");
  for (const line of goals) console.log(line);

  // The embed page does not fetch the list until asked.
  const e = await openApp(browser, { query: "?embed=1&preset=tiny" });
  const fetched = [];
  e.page.on("request", (r) => fetched.push(r.url()));
  await e.page.evaluate(() => window.bloomlab.settled());
  const loaded = await e.page.evaluate(() => performance.getEntriesByType("resource").map((r) => r.name));
  check(!loaded.concat(fetched).some((u) => u.includes("passwords-10k")), "the embed has not fetched the password list");
  const lessonTexts = (urls) => urls.filter((u) => /lessons-[a-z]+\.txt/.test(u));
  check(lessonTexts(loaded.concat(fetched)).length === 0, "nor the lessons' texts (any language), which it did not open");
  // Opening a lesson fetches them, once.
  const opened = await e.page.evaluate(() => window.bloomlab.openLesson("basics", 2));
  check(opened.ok && opened.code === "lesson_opened", "an embed can still open a lesson: its texts come then", JSON.stringify(opened));
  await e.page.evaluate(() => window.bloomlab.openLesson("error-rate", 1));
  check(lessonTexts(fetched).length === 1 && lessonTexts(fetched)[0].endsWith("/lessons-en.txt"),
        "the English lessons' texts were fetched once, no other language's", lessonTexts(fetched).join(" "));
  // The Code panel's templates likewise: not fetched until a program is wanted, then once.
  check(!fetched.some((u) => u.includes("programs.txt")), "nor the programs' templates (no Code panel shown)");
  const [py, p] = await e.page.evaluate(async () => [await window.bloomlab.code("python"), window.bloomlab.state().params]);
  check(py.includes(`M = ${p.m}\n`) && py.includes(`K = ${p.k}\n`), "bloomlab.code() waits for the templates and writes the filter's program",
        `m = ${p.m}, k = ${p.k}: ` + py.slice(0, 200));
  await e.page.evaluate(() => window.bloomlab.code("go"));
  check(fetched.filter((u) => u.includes("programs.txt")).length === 1, "the templates were fetched once",
        fetched.filter((u) => u.includes("programs")).join(" "));
  check(fetched.filter((u) => u.includes("bloomlab-wasm.deferred.wasm")).length === 1,
        "the first call into the deferred part (a lesson, before any touch) fetched it, once", fetched.join(" "));
  await e.close();

  // Ready (the first frame), from navigation start: the median of 5 cold loads of an embed.
  const times = [];
  for (let i = 0; i < 5; i++) {
    const a = await openApp(browser, { query: "?embed=1&preset=tiny", waitReady: false });
    const ms = await a.page.evaluate(async () => { await window.bloomlab.ready; return performance.now(); });
    times.push(ms);
    await a.close();
  }
  times.sort((a, b) => a - b);
  console.log(`  ready, embed (ms, 5 cold loads): ${times.map((t) => t.toFixed(0)).join(", ")}; median ${times[2].toFixed(0)} (goal 1000)`);
  // A time, not a size: reported (and written in tests/bench/RESULTS.md), not asserted: a loaded
  // machine would make it fail by chance. Only a first frame that never comes fails.
  check(times.every((t) => Number.isFinite(t) && t > 0), "the first frame is drawn");
});
