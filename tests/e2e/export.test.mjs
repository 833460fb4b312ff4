// Your own words and exports (issue 5): "Open file…" (a file chooser), a file dropped on the
// page and a pasted list each load, with their parse report; "Save CSV" downloads the sweep and
// the current point, "Save PNG" downloads the plot as drawn (at the screen's pixel density).
import fs from "node:fs";
import { run, openApp, screenshot, check, equal, decodePng, distinctColours } from "./harness.mjs";
import { settled, centre, swipe } from "./page_helpers.mjs";

// (1 - e^(-kn/m))^k: Bloom's approximation, computed here rather than read from the app.
const theory = (n, m, k) => Math.pow(1 - Math.exp(-k * n / m), k);

run("words from files and paste; PNG and CSV exports", async (browser) => {
  const app = await openApp(browser, { query: "?preset=tiny", viewport: { width: 1280, height: 1500 }, deviceScaleFactor: 2 });
  const { page } = app;
  // The first frame shown already has its final layout: the plot's rect as ready resolves is the
  // rect once everything has settled (it was 149 px wide, then 212, 5-7 frames later).
  const first = await page.evaluate(() => window.bloomlab.viewState());
  const firstRects = ["plot", "plotK", "plotGrowth", "wordBox", "bitArea", "mSlider", "saveCsvButton"].map((k) => first[k]);
  await settled(page);  // the sweep is computed a slice a frame
  let v = await page.evaluate(() => window.bloomlab.viewState());
  equal(firstRects, ["plot", "plotK", "plotGrowth", "wordBox", "bitArea", "mSlider", "saveCsvButton"].map((k) => v[k]),
        "the first frame shown has the layout the page settles on");
  check(v.plot.w > 400, "the plot's rect is the whole plot (its group), not its legend's last line", JSON.stringify(v.plot));

  // CSV: the sweep and the current point.
  let [download] = await Promise.all([page.waitForEvent("download"), page.mouse.click(...centre(v.saveCsvButton))]);
  equal(download.suggestedFilename(), "bloomlab-measurements.csv", "Save CSV downloads bloomlab-measurements.csv");
  const csv = fs.readFileSync(await download.path(), "utf8").trim().split("\n").map((l) => l.split(","));
  equal(csv[0], ["kind", "n", "m", "k", "bits_per_word", "measured_fp", "theory_fp"], "the CSV has its header");
  const sweep = csv.filter((r) => r[0] === "sweep"), current = csv.find((r) => r[0] === "current");
  check(sweep.length >= 20, "the sweep's points are in the CSV", `${sweep.length} rows`);
  check(sweep.every((r) => r.length === 7 && r.slice(1).every((x) => Number.isFinite(Number(x)))), "every sweep row is numbers");
  check(current && current[1] === "5" && current[2] === "64" && current[3] === "3", "the current point: n = 5, m = 64, k = 3", String(current));
  check(current && Math.abs(Number(current[6]) - theory(5, 64, 3)) < 1e-9, "its theory FP is (1 − e^(−kn/m))^k", current && current[6]);
  check(current && Number(current[5]) >= 0 && Number(current[5]) <= 1, "its measured FP is a rate", current && current[5]);

  // PNG: the plot's region of the frame, at 2 device pixels per CSS pixel.
  [download] = await Promise.all([page.waitForEvent("download"), page.mouse.click(...centre(v.savePngButton))]);
  equal(download.suggestedFilename(), "bloomlab-plot.png", "Save PNG downloads bloomlab-plot.png");
  const png = decodePng(fs.readFileSync(await download.path()));
  check(Math.abs(png.width - v.plot.w * 2) <= 2 && Math.abs(png.height - v.plot.h * 2) <= 2,
        "the PNG is the plot's rect at the device pixel ratio", `${png.width}x${png.height} for ${v.plot.w}x${v.plot.h} CSS px`);
  check(distinctColours(png) > 30, "the PNG holds the drawn plot (curves, text), not a blank", `${distinctColours(png)} colours`);
  fs.copyFileSync(await download.path(), `${process.env.BLOOMLAB_SCREENSHOTS || "/tmp"}/exported-plot.png`);

  // Open file…: the app's button opens the browser's file chooser.
  await page.evaluate(() => window.bloomlab.loadPreset("empty"));
  await settled(page);
  v = await page.evaluate(() => window.bloomlab.viewState());
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.mouse.click(...centre(v.openFileButton))]);
  await chooser.setFiles({ name: "fruits.txt", mimeType: "text/plain", buffer: Buffer.from("apple\r\npear\napple\n\nplum\n") });
  await page.waitForFunction(() => window.bloomlab.state().words.includes("plum"));  // read asynchronously
  let s = await page.evaluate(() => window.bloomlab.idle());
  equal(s.words, ["apple", "pear", "plum"], "an opened file's words are added (CRLF, duplicates, empty lines)");
  check(/3 words from 5 lines; 1 duplicate dropped/.test(s.notes.list.text), "the parse report is shown", s.notes.list.text);

  // A file dropped on the page.
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array([0x6b, 0x69, 0x77, 0x69, 0x0a, 0xff, 0xfe, 0x0a, 0x6b, 0x69, 0x77, 0x69, 0x0a])], "dropped.txt", { type: "text/plain" }));
    const canvas = document.getElementById("canvas");
    canvas.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
    canvas.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => window.bloomlab.state().words.includes("kiwi"));
  s = await page.evaluate(() => window.bloomlab.idle());
  check(s.words.includes("kiwi") && s.wordCount === 5, "a dropped file's words are added", JSON.stringify(s.words));
  check(/not valid UTF-8/.test(s.notes.list.text) && /1 duplicate dropped/.test(s.notes.list.text),
        "the report names the invalid line and the duplicate", s.notes.list.text);

  // A pasted list: typed into the app's multi-line box, then "Add these words".
  v = await page.evaluate(() => window.bloomlab.viewState());
  const wordBefore = (await page.evaluate(() => window.bloomlab.state())).wordInput;
  // Typed at once, as a fast typist or a test does: the click, each Enter and the next
  // characters may share a frame; each must land in the list box, one line per Enter.
  await page.mouse.click(...centre(v.pasteBox));
  await page.keyboard.type("one\ntwo\none");
  await settled(page);
  check((await page.evaluate(() => window.bloomlab.viewState())).wantTextInput, "the list box keeps the keyboard through its lines");
  equal((await page.evaluate(() => window.bloomlab.state())).wordInput, wordBefore, "typing into the list box leaves the word box alone");
  equal((await page.evaluate(() => window.bloomlab.state())).pasteInput, "one\ntwo\none", "…and the list box holds the lines as typed");
  v = await page.evaluate(() => window.bloomlab.viewState());
  await page.mouse.click(...centre(v.addListButton));
  // The button acts on the mouse's release, a frame or two after the click (tens of ms each here).
  await page.waitForFunction(() => window.bloomlab.state().words.includes("two"), null, { timeout: 5000 }).catch(() => {});
  s = await page.evaluate(() => window.bloomlab.idle());
  check(s.words.includes("one") && s.words.includes("two"), "a pasted list's words are added", JSON.stringify(s.words));
  equal(s.notes.list.code, "list_loaded", "the list's report shows under the box");
  check(/2 words from 3 lines; 1 duplicate dropped\.$/.test(s.notes.list.text), "…in words", s.notes.list.text);
  await settled(page);
  const shot = await screenshot(page, "own-words.png");
  console.log(`  screenshot: ${shot.file}`);
  check(app.problems.length === 0, "no console or page errors", app.problems.join("\n"));
  await app.close();
});
