// Browser scenarios shared by the engines: the Chromium tests (visualizer, phone, embed) and
// firefox.test.mjs run these same functions on an app from engines.openApp, through `app.ops`
// only. Numbers come from the spec (DESIGN.md) and the independent implementation (reference.mjs).
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { check, equal, drawnShare, SITE } from "./harness.mjs";
import * as reference from "./reference.mjs";
import { centre } from "./page_helpers.mjs";

const colourNear = (rgb, target, tolerance = 40) =>
  rgb.every((c, i) => Math.abs(c - target[i]) <= tolerance);
const CYAN = [56, 217, 240];  // the dark theme's "current word" outline (src/app/view/ui.cpp)
const AMBER = [245, 166, 35]; // a set bit

// Waits for a condition in the page; a timeout is a failed check, not an exception.
export async function until(ops, predicate, arg, what) {
  try { await ops.waitFor(predicate, arg); return true; }
  catch { return check(false, what, "timed out"); }
}
// Waits until the word box holds `word` (15 s at most), then checks that it does.
async function wordTyped(ops, word, what) {
  await ops.waitFor((w) => bloomlab.state().wordInput === w, word).catch(() => {});
  // The frame that takes the last key draws the word's bits from the next one: a screenshot taken
  // as the state changed showed "drago"'s (Firefox, a fresh clone's run). At rest, the screen has it.
  await ops.settled();
  return equal(await ops.evaluate(() => bloomlab.state().wordInput), word, what);
}

// Clicks a text box drawn on the canvas, empties it with End + Backspaces, types `text`
// (with ops.type, or ops.typeKeys when `anyScript`).
export async function clearAndType(ops, box, text, { anyScript = false } = {}) {
  await ops.click(box.x + box.w / 2, box.y + box.h / 2);
  await ops.settled();  // the click gives the box the keyboard
  const old = await ops.evaluate(() => bloomlab.state().wordInput);
  await ops.press("End");
  for (const _ of old) await ops.press("Backspace");
  if (anyScript) await ops.typeKeys(text);
  else await ops.type(text, 15);
}

// The tiny preset (open it with ?preset=tiny&theme=dark), typed on the canvas like a user:
// dragon's bits on screen, Qwerty's false positive, sunshine absent and then added with Enter.
// Returns the last state().
export async function tinyPresetTyping(app) {
  const { ops } = app;
  let s = await ops.evaluate(() => bloomlab.state());
  equal([s.params.m, s.params.k, s.wordCount], [64, 3, 5], "tiny preset: m = 64, k = 3, five words");

  await clearAndType(ops, s.layout.wordBox, "dragon");
  await wordTyped(ops, "dragon", "typing reaches the word box");
  s = await ops.evaluate(() => bloomlab.state());
  equal(s.query.positions, [30, 1, 36], "typing dragon lights bits 30, 1, 36 (DESIGN.md)");
  equal(s.query.positions, reference.positions("dragon", 64, 3), "and so does the independent implementation");
  const shot = await ops.screenshot("visualizer-dragon.png");
  console.log(`  screenshot: ${shot.file}`);
  const L = s.layout;
  check(L.bitCells, "m = 64 is drawn as cells");
  // Screenshot pixels per CSS pixel (1 here; the engines agree, but measure rather than assume).
  const px = shot.image.width / (await ops.evaluate(() => innerWidth));
  // A cell's left edge at mid-height (clear of the index badge on its top edge): the outline
  // is a few pixels wide there, so look along a short horizontal run.
  const cellOrigin = (bit) => [L.cellsX + (bit % L.cellsCols) * L.cell, L.cellsY + Math.floor(bit / L.cellsCols) * L.cell];
  const at = (x, y) => shot.image.at(x * px, y * px);
  const outlined = (bit) => {
    const [x, y] = cellOrigin(bit);
    for (let dx = -4; dx <= 2; dx++) if (colourNear(at(x + dx, y + L.cell / 2), CYAN, 30)) return true;
    return false;
  };
  for (const bit of [30, 1, 36]) check(outlined(bit), `bit ${bit} is outlined on screen`);
  for (const bit of [0, 7]) {  // set by other words, not dragon's
    check(!outlined(bit), `bit ${bit} is not outlined`);
    const [x, y] = cellOrigin(bit);
    const centre = at(x + L.cell / 4, y + L.cell / 4);
    check(colourNear(centre, AMBER), `bit ${bit} shows as set (amber)`, `pixel ${centre}`);
  }

  await clearAndType(ops, s.layout.wordBox, "Qwerty");
  await wordTyped(ops, "Qwerty", "Qwerty typed");
  s = await ops.evaluate(() => bloomlab.state());
  equal(s.query.verdict, "possibly", "Qwerty is 'possibly' in the set");
  check(s.query.culprits.includes("letmein"), "its culprit is letmein", JSON.stringify(s.query.culprits));
  check(/possibly/.test(s.query.sentence) && /letmein/.test(s.query.sentence), "the sentence names it", s.query.sentence);
  await ops.screenshot("visualizer-qwerty.png");

  await clearAndType(ops, s.layout.wordBox, "sunshine");
  await wordTyped(ops, "sunshine", "sunshine typed");
  s = await ops.evaluate(() => bloomlab.state());
  equal(s.query.verdict, "definitely_not", "sunshine is 'definitely not' in the set (the CLI's token)");
  check(s.query.zeroBits.length > 0 && /definitely not/.test(s.query.sentence), "with a zero bit named", s.query.sentence);
  await ops.press("Enter");
  await until(ops, () => bloomlab.state().wordCount === 6, null, "Enter adds the word");
  s = await ops.evaluate(() => bloomlab.state());
  const sunshine = await ops.evaluate(() => bloomlab.query("sunshine"));
  check(s.words.includes("sunshine") && sunshine.verdict === "possibly" && sunshine.isMember, "sunshine is now in the set");
  equal(s.wordInput, "", "Enter empties the box for the next word");
  return s;
}

// Words beyond ASCII typed on the canvas with key events (a French or Russian keyboard, the
// emoji picker), on the tiny preset: the word box holds them as typed and their positions are the
// reference filter's for their UTF-8 bytes. An emoji arrives as one character (bloomlab.js pairs
// what the engines split) and stays itself: ImGui is built with 32-bit ImWchar (cmake/Deps.cmake),
// and the browser draws it into the font atlas (src/app/view/fonts.h).
export async function typedBeyondAscii(app) {
  const { ops } = app;
  const box = (await ops.evaluate(() => bloomlab.state())).layout.wordBox;
  for (const word of ["café", "Привет"]) {
    await clearAndType(ops, box, word, { anyScript: true });
    if (await wordTyped(ops, word, `${word} typed on the canvas reaches the word box`)) {
      const s = await ops.evaluate(() => bloomlab.state());
      equal(s.query.positions, reference.positions(word, 64, 3), `${word}: the reference filter's positions for its UTF-8 bytes`);
    }
  }
  await clearAndType(ops, box, "a😀b", { anyScript: true });
  if (await wordTyped(ops, "a😀b", "an emoji typed on the canvas is one character, itself (not U+FFFD)")) {
    const s = await ops.evaluate(() => bloomlab.state());
    equal(s.query.positions, reference.positions("a😀b", 64, 3), "a😀b: the reference filter's positions for its UTF-8 bytes");
  }
  // Text the page passes on in one piece (an on-screen keyboard's insertText, committed IME
  // text) longer than one SDL text event (31 bytes) arrives whole and in order.
  const long = " — Фильтр Блума, 布隆过滤器";
  await ops.evaluate((text) => {
    const ptr = Module.stringToNewUTF8(text);
    Module._bl_text_input(ptr);
    Module._free(ptr);
  }, long);
  await wordTyped(ops, "a😀b" + long, `${new TextEncoder().encode(long).length} bytes of text passed on at once arrive in order`);
}

// The 10k preset (open it with ?preset=passwords): measure() equals the spec's measurement,
// computed by reference.mjs from the list the site serves, and the native CLI's when it is built.
export async function passwordsMeasure(app) {
  const { ops } = app;
  await ops.evaluate(() => bloomlab.idle());
  const s = await ops.evaluate(() => bloomlab.state());
  equal([s.params.m, s.params.k, s.wordCount], [100000, 7, 10000], "10k preset: m = 100,000, k = 7, 10,000 words");
  await ops.settled();
  equal((await ops.evaluate(() => bloomlab.state())).history.canUndo, false,
        "a page that opened with the list offers no undo of it (the page as it opened is where undo stops)");
  const measured = await ops.evaluate(() => bloomlab.measure({ probes: 100000 }));
  const words10k = reference.parseList(fs.readFileSync(path.join(SITE, "passwords-10k.txt"), "utf8"));
  const expected = reference.measure(words10k, 100000, 7, 100000);
  equal([measured.falsePositives, measured.probes], [expected.falsePositives, expected.probes],
        "measure() equals the independent reference measurement");
  const cli = process.env.BLOOMLAB_CLI;
  if (cli && fs.existsSync(cli)) {
    const out = JSON.parse(execFileSync(cli, ["measure", "--words", "passwords-10k", "--m", "100000", "--k", "7", "--json"], { encoding: "utf8" }));
    const fp = out.false_positives ?? out.falsePositives;
    equal(measured.falsePositives, fp, "measure() equals `bloomlab measure` for the same m and k");
  } else {
    console.log("  (skipped the CLI comparison: no native build at BLOOMLAB_CLI)");
  }
  return measured;
}

export const PHONE = { viewport: { width: 375, height: 667 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

// A phone (open it with PHONE and ?preset=tiny&m=64&k=3&word=): the canvas at devicePixelRatio
// 3 with finger-sized targets; a tap on the word box focuses the hidden input that opens the
// on-screen keyboard; text typed there as a virtual keyboard does (insertText, Backspace, Enter)
// reaches ImGui and the word's bits light; a tap outside lets the input go; a finger drag
// scrolls the column, a tapped bit is read out with no hover left behind, two fingers zoom.
export async function phone(app) {
  const { ops } = app;
  const size = await ops.evaluate(() => {
    const c = document.getElementById("canvas");
    return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight, dpr: devicePixelRatio };
  });
  equal(size.dpr, 3, "the page runs at devicePixelRatio 3");
  equal([size.w, size.h], [size.cw * 3, size.ch * 3], "the canvas backing store is 3x its CSS size");
  const view = await ops.evaluate(() => window.bloomlab.viewState());
  equal(view.pixelRatio, 3, "fonts are rasterized for 3 device pixels per CSS pixel");
  check(view.touch, "a coarse pointer is recognised (bigger touch targets)");

  // Touch targets: the word box is at least 40 CSS px tall.
  let state = await ops.evaluate(() => window.bloomlab.state());
  const box = state.layout.wordBox;
  check(box.h >= 40, "the word box is a finger-sized target", `height ${box.h}`);

  // Tap the word box: the hidden input takes focus (that is what opens a phone's keyboard).
  await ops.tap(box.x + 30, box.y + box.h / 2);
  await until(ops, () => document.activeElement && document.activeElement.id === "keyboard", null,
              "a tap on the word box focuses the hidden keyboard input") &&
    check(true, "a tap on the word box focuses the hidden keyboard input");
  const placed = await ops.evaluate(() => {
    const r = document.getElementById("keyboard").getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  });
  check(Math.abs(placed.x - box.x) < 2 && Math.abs(placed.y - box.y) < 2, "the hidden input sits over the word box",
        JSON.stringify({ placed, box }));

  // Type as a virtual keyboard does: text insertion events, then Backspace and retype.
  const expected = reference.positions("bloom", 64, 3);
  await ops.insertText("bloomx");
  await ops.settled();
  await ops.press("Backspace");
  await ops.settled();
  state = await ops.evaluate(() => window.bloomlab.state());
  equal(state.wordInput, "bloom", "text and Backspace typed into the hidden input reach the word box");
  // Within one task (a fast thumb, a keyboard's own repeat): two Backspaces, a letter, a
  // Backspace and more letters. Each key counts and everything lands in order (ImGui sees one
  // press of a key a frame: the second Backspace of a frame was lost).
  await ops.evaluate(() => {
    const kb = document.getElementById("keyboard");
    const input = (inputType, data = null) => kb.dispatchEvent(new InputEvent("input", { inputType, data, bubbles: true }));
    input("deleteContentBackward");
    input("deleteContentBackward");
    input("insertText", "x");
    input("deleteContentBackward");
    input("insertText", "om");
    input("insertText", "s");
  });
  await wordTyped(ops, "blooms", "two Backspaces, text and a Backspace in one task: each counts, in order");
  await ops.press("Backspace");
  await wordTyped(ops, "bloom", "…and one more Backspace takes the last letter");
  equal(state.query && state.query.positions, expected, "the word's positions are the reference filter's");
  // The bit array is below the screen (as under an open keyboard): a strip under the word box
  // shows the word's bits meanwhile.
  const screenH = await ops.evaluate(() => innerHeight);
  const { bitArea, bitStrip, wordBox } = state.layout;
  check(bitArea.y > screenH - 48, "the bit array starts below the phone's screen", JSON.stringify(bitArea));
  check(bitStrip.w > 0 && bitStrip.y > wordBox.y && bitStrip.y + bitStrip.h <= screenH,
        "…so a strip under the word box shows the word's bits", JSON.stringify(bitStrip));
  const bitsBefore = state.bitsSet;

  await ops.press("Enter");
  await ops.settled();
  state = await ops.evaluate(() => window.bloomlab.state());
  check(state.words.includes("bloom"), "Enter on the on-screen keyboard adds the word");
  const bloom = await ops.evaluate(() => window.bloomlab.query("bloom"));
  check(state.bitsSet > bitsBefore && bloom.isMember && expected.every((b) => bloom.positions.includes(b)),
        "its bits light: more bits are set", `${bitsBefore} -> ${state.bitsSet}`);

  // Tap outside any field (on the verdict's text): the app no longer wants text and the input
  // lets go (keyboard closes).
  const verdict = (await ops.evaluate(() => window.bloomlab.state())).layout.verdict;
  await ops.tap(verdict.x + verdict.w / 2, verdict.y + verdict.h / 2);
  await until(ops, () => document.activeElement && document.activeElement.id !== "keyboard", null,
              "the hidden input is blurred once no field wants text") &&
    check(true, "the hidden input is blurred once no field wants text");

  // Drag the column up with a finger: the bit array scrolls into view.
  const before = (await ops.evaluate(() => window.bloomlab.state())).layout.cellsY;
  await ops.swipe(340, 600, 200);
  state = await ops.evaluate(() => window.bloomlab.state());
  const L = state.layout;
  check(L.cellsY < before - 200, "a finger drag on the background scrolls the column", `cells at ${before} -> ${L.cellsY}`);
  const shot = await ops.screenshot("phone-bits.png");
  console.log(`  screenshot: ${shot.file}`);
  equal([shot.image.width, shot.image.height], [375 * 3, 667 * 3], "the screenshot has 3 device pixels per CSS pixel");
  // The word was added (Enter emptied the box): its first bit shows set (amber) on screen.
  const bit = expected[0];
  const ox = (L.cellsX + (bit % L.cellsCols) * L.cell + L.cell / 2) * 3, oy = (L.cellsY + Math.floor(bit / L.cellsCols) * L.cell + L.cell / 2) * 3;
  const [r, g, b] = shot.image.at(ox, oy);
  check(L.cellsY > 0 && r > 200 && b < 100, `bit ${bit} shows set (amber)`, `rgb ${r},${g},${b} at ${ox},${oy}`);

  // Tap a bit: the read-out names it; after the finger lifts, no hover stays behind.
  const tapBit = expected[1];
  await ops.tap(L.cellsX + (tapBit % L.cellsCols + 0.5) * L.cell, L.cellsY + (Math.floor(tapBit / L.cellsCols) + 0.5) * L.cell);
  await ops.settled();
  const tapped = await ops.screenshot("phone-tapped-bit.png");
  console.log(`  screenshot: ${tapped.file}`);
  const hover = await ops.evaluate(() => window.bloomlab.viewState().hoveredBit);
  equal(hover, -1, "no bit stays hovered after the finger lifts");
  const pinned = await ops.evaluate(() => window.bloomlab.viewState().pinnedBit);
  equal(pinned, tapBit, "the tapped bit is the one the read-out shows");

  // Pinch the large bit array (drawn from a texture): two fingers apart zoom in.
  await ops.evaluate(() => bloomlab.setParams({ m: 100000 }));
  await ops.settled();
  let area = (await ops.evaluate(() => bloomlab.state())).layout.bitArea;
  if (area.y + area.h / 2 > 600 || area.y < 60) {  // bring the array on screen first
    await ops.swipe(340, 600, 600 - (area.y + area.h / 2 - 330));
    area = (await ops.evaluate(() => bloomlab.state())).layout.bitArea;
  }
  const zoomBefore = await ops.evaluate(() => bloomlab.viewState().zoom);
  await ops.pinch(area.x + area.w / 2, area.y + area.h / 2, 40, 200);
  const zoomAfter = await ops.evaluate(() => bloomlab.viewState().zoom);
  check(zoomAfter > zoomBefore * 2, "two fingers moving apart zoom the bit array", `zoom ${zoomBefore} -> ${zoomAfter}`);
  await ops.screenshot("phone-pinched.png");
}

// An embed URL with m, k and words (open it with ?EMBED_QUERY): the app reproduces that state.
export const EMBED_QUERY = "?embed=1&preset=empty&m=128&k=4&words=apple,pear,caf%C3%A9&word=fig&panels=words,bits";
export async function embedUrlState(app) {
  const { ops } = app;
  const s = await ops.evaluate(() => window.bloomlab.state());
  equal([s.params.m, s.params.k], [128, 4], "m and k come from the URL");
  equal(s.words, ["apple", "pear", "café"], "the words come from the URL (percent-decoded UTF-8)");
  equal(s.wordInput, "fig", "the word box holds the URL's word");
  equal(s.query.positions, reference.positions("fig", 128, 4), "its positions are the reference filter's");
  equal(s.view.panels, { words: true, bits: true, params: false, plots: false, numbers: false, check: false, code: false, speed: false, family: false },
        "only the panels the URL names show");
  const v = await ops.evaluate(() => window.bloomlab.viewState());
  check(v.embed, "embed=1 gives the compact embed header");
  const shot = await ops.screenshot("embed-state.png");
  console.log(`  screenshot: ${shot.file}`);
  check(drawnShare(shot.image) > 0.05, "the embed draws its panels");
  equal(s.urlWarnings, [], "a well-formed embed URL gives no warnings");
}

// The tiny preset (open it with ?preset=tiny): the state is kept in the fragment as it changes
// and a reload restores it; Share / embed copies the link and a sandboxed iframe snippet, to the
// system clipboard, from the click.
export async function fragmentAndShare(app) {
  const { ops } = app;
  equal(await ops.evaluate(() => location.hash), "", "opening a link leaves its address alone");
  await ops.evaluate(() => { window.bloomlab.setParams({ m: 96, k: 5 }); window.bloomlab.add("zebra"); });
  await until(ops, () => location.hash.includes("zebra"), null, "the fragment follows the state");
  const hash = await ops.evaluate(() => location.hash);
  check(hash.includes("m=96") && hash.includes("k=5"), "the fragment follows the state (history.replaceState)", hash);
  const history = await ops.evaluate(() => history.length);
  await ops.reload();
  await ops.evaluate(() => window.bloomlab.ready.then(() => true));
  const s = await ops.evaluate(() => window.bloomlab.state());
  equal([s.params.m, s.params.k], [96, 5], "a reload restores m and k from the fragment");
  check(s.words.includes("zebra") && s.words.includes("letmein"), "a reload restores the words");
  equal(s.urlWarnings, [], "the fragment and the query do not clash after a reload");
  equal(await ops.evaluate(() => history.length), history, "keeping the state adds no history entries");

  // The share dialog: the link and the iframe snippet go to the clipboard from the click.
  await ops.allowClipboard();
  let v = await ops.evaluate(() => window.bloomlab.viewState());
  await ops.click(...centre(v.shareButton));
  await ops.settled();
  v = await ops.evaluate(() => window.bloomlab.viewState());
  check(v.shareOpen, "Share / embed opens its dialog");
  const dialog = await ops.screenshot("share-dialog.png");
  console.log(`  screenshot: ${dialog.file}`);
  await ops.click(...centre(v.copyLinkButton));
  await ops.settled();
  const link = await ops.evaluate(() => window.bloomlab.lastCopied());
  const params = await ops.evaluate(() => window.bloomlab.shareParams());
  equal(link, `${app.url.split("?")[0]}?${params}`, "Copy link copies the page address with the state's parameters");
  const clip = await ops.evaluate(() => navigator.clipboard.readText().catch((e) => "unreadable: " + e.message));
  equal(clip, link, "the link is on the system clipboard");
  await ops.click(...centre(v.copyEmbedButton));
  await ops.settled();
  const snippet = await ops.evaluate(() => window.bloomlab.lastCopied());
  check(/^<iframe src="[^"]+embed=1" title="[^"]+" style="[^"]+" loading="lazy" sandbox="allow-scripts allow-same-origin allow-downloads"><\/iframe>$/.test(snippet),
        "Copy embed code copies a sandboxed iframe snippet with embed=1", snippet);
  check(snippet.includes("&amp;words=zebra") && !/&(?!amp;)/.test(snippet),
        "the snippet's ampersands are escaped for HTML", snippet);
}

// web/embed-demo.html (open it with { page: "embed-demo.html", waitReady: false, viewport:
// 1100x1400 }): two embeds, each its own app; a click and typing reach the clicked one only.
export async function twoEmbeds(app) {
  const { ops } = app;
  await ops.waitFor(() => document.querySelectorAll("iframe").length === 2);
  const tiny = await ops.iframe("iframe#tiny"), custom = await ops.iframe("iframe#custom");
  for (const f of [tiny, custom]) {
    await f.waitFor(() => window.bloomlab && window.bloomlab.ready);
    await f.evaluate(() => window.bloomlab.ready.then(() => true));
  }
  let a = await tiny.evaluate(() => window.bloomlab.state());
  let b = await custom.evaluate(() => window.bloomlab.state());
  equal([a.params.m, a.params.k, a.wordCount], [64, 3, 5], "the first embed is the tiny preset");
  equal([b.params.m, b.params.k, b.words], [32, 2, ["apple", "pear", "plum"]], "the second embed has its own m, k and words");
  check(a.query.verdict === "possibly" && a.query.culprits.includes("letmein"),
        "the first embed's Qwerty is a false positive, by letmein", JSON.stringify(a.query));
  await tiny.evaluate(() => window.bloomlab.add("only-in-the-first"));
  await tiny.settled();
  a = await tiny.evaluate(() => window.bloomlab.state());
  b = await custom.evaluate(() => window.bloomlab.state());
  check(a.words.includes("only-in-the-first") && !b.words.includes("only-in-the-first"), "a word added in one embed stays out of the other");
  // A click inside the second embed's iframe reaches that embed only.
  const box = await ops.box("iframe#custom");
  const bl = b.layout.wordBox;
  await ops.click(box.x + bl.x + bl.w - 12, box.y + bl.y + bl.h / 2);  // caret at the end
  await custom.settled();  // the click gives the box the keyboard
  await ops.type("kiwi", 0);
  await custom.settled();
  await until(custom, () => bloomlab.state().wordInput === "figkiwi", null, "the typing arrives");
  a = await tiny.evaluate(() => window.bloomlab.state());
  b = await custom.evaluate(() => window.bloomlab.state());
  equal(b.wordInput, "figkiwi", "typing after a click goes to the clicked embed");
  equal(a.wordInput, "Qwerty", "the other embed's word box is untouched");
  const shot = await ops.screenshot("embed-demo.png");
  console.log(`  screenshot: ${shot.file}`);
  check(drawnShare(shot.image) > 0.05, "the article and its embeds are drawn");
  return shot;
}

// Issue 32, finding 8 (open it with ?preset=tiny&word=star at 1280 x 800): no key is lost after
// a click, and Ctrl+A selects the word box's text, with 0, 100 and 300 ms between the click and
// the keys ("abc" became "bc"; Ctrl+A after a click into the box then "x" gave "starx"), and with
// the click and the keys all in one frame (the main loop paused while they are sent: "abc" was
// lost whole, and Ctrl+A reached ImGui with Ctrl already up).
export async function keysAfterClick(app) {
  const { ops } = app;
  await ops.settled();
  const wait = (ms) => (ms ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
  const pause = (on) => (on ? ops.evaluate(() => Module.pauseMainLoop()) : Promise.resolve());
  const resume = (on) => (on ? ops.evaluate(() => Module.resumeMainLoop()) : Promise.resolve());
  const word = () => ops.evaluate(() => window.bloomlab.state().wordInput);
  for (const ms of [0, 100, 300, "one frame"]) {
    const oneFrame = ms === "one frame";
    const when = oneFrame ? "in the same frame as a click" : `${ms} ms after a click`;
    const box = (await ops.evaluate(() => window.bloomlab.viewState())).wordBox;
    await pause(oneFrame);
    await ops.click(...centre(box));
    await wait(oneFrame ? 0 : ms);
    await ops.selectAll();
    await ops.type("x", 0);
    await resume(oneFrame);
    await ops.settled();
    equal(await word(), "x", `${when} into the word box, Ctrl+A then x replaces its text`);
    await pause(oneFrame);
    await ops.click(1270, 790);  // the page's background
    await wait(oneFrame ? 0 : ms);
    await ops.type("abc", 0);
    await resume(oneFrame);
    await ops.settled();
    equal(await word(), "xabc", `${when} on the background, no key of abc is lost`);
  }
}

// An embed keeps nothing (issue 32, finding 5): no IndexedDB database, sessionStorage or
// localStorage key the article's origin could see, after a change it would otherwise keep.
export async function embedStoresNothing(app) {
  const { ops } = app;
  await ops.evaluate(() => window.bloomlab.add("stored-nowhere"));
  await ops.settled();
  const stored = await ops.evaluate(async () => ({
    databases: indexedDB.databases ? (await indexedDB.databases()).map((d) => d.name) : "no indexedDB.databases()",
    session: sessionStorage.length,
    local: localStorage.length,
  }));
  equal(stored, { databases: [], session: 0, local: 0 }, "an embed stores nothing: no IndexedDB, sessionStorage or localStorage");
}

// The wheel over an embed (web/embed-demo.html; open it with { page: "embed-demo.html", waitReady:
// false, viewport: 900 x 800 }) scrolls the article until the reader clicks into the embed (a
// hint says so); then it goes to the embed while it has something to scroll, then to the article
// around it. An embed that fits lets the wheel and vertical pans through to the article.
export async function embedWheel(app) {
  const { ops } = app;
  await ops.waitFor(() => document.querySelectorAll("iframe").length === 2);
  // The article's own embeds first load to rest (each scrolled into view: they load lazily), so
  // that replacing their address below cuts no download (Firefox reports a cut fetch as an error
  // of the page). Asked from the article through each iframe's window, never through a frame
  // handle, which a navigation leaves behind.
  for (const id of ["tiny", "custom"]) {
    await ops.evaluate((id) => document.getElementById(id).scrollIntoView({ block: "center" }), id);
    await ops.waitFor((id) => { const w = document.getElementById(id).contentWindow; return !!(w && w.bloomlab && w.bloomlab.ready); }, id);
    await ops.evaluate((id) => { const b = document.getElementById(id).contentWindow.bloomlab; return b.ready.then(() => b.settled()).then(() => true); }, id);
  }
  await ops.evaluate(() => window.scrollTo(0, 0));
  // The second figure becomes an embed of the bit array alone, tall enough to show it whole;
  // the first one of more panels than its frame holds.
  await ops.evaluate(() => {
    const f = document.getElementById("custom");
    f.style.height = "640px";
    f.src = "index.html?embed=1&preset=tiny&panels=bits";
    const t = document.getElementById("tiny");
    t.style.height = "420px";
    t.src = "index.html?embed=1&preset=tiny&word=Qwerty&panels=words,bits,numbers,params";
  });
  const frameOf = async (id) => {
    const frame = await ops.iframe(`iframe#${id}`);
    await frame.waitFor(() => window.bloomlab && window.bloomlab.ready && window.Module && Module._bl_can_scroll);
    await frame.evaluate(() => window.bloomlab.ready.then(() => true));
    return frame;
  };
  const scrollY = () => ops.evaluate(() => scrollY);
  const scrolledPast = (y, by) => ops.waitFor(([y, by]) => (by >= 0 ? scrollY > y + by : scrollY < y + by), [y, by]).catch(() => {});
  const centreOf = async (id) => { const b = await ops.box(`iframe#${id}`); return [b.x + b.width / 2, b.y + b.height / 2]; };
  const wordBoxY = (frame) => frame.evaluate(() => window.bloomlab.state().layout.wordBox.y);

  const tiny = await frameOf("tiny");
  await ops.evaluate(() => { document.getElementById("tiny").scrollIntoView({ block: "start" }); window.scrollBy(0, -40); });
  await tiny.settled();
  const word0 = await wordBoxY(tiny);
  const yStart = await scrollY();
  await ops.move(...(await centreOf("tiny")));
  await ops.wheel(60);
  await scrolledPast(yStart, 0);
  await tiny.settled();
  const hint = await tiny.evaluate(() => ({ shown: !document.getElementById("wheel-hint").hidden, text: document.getElementById("wheel-hint").textContent }));
  const wordStill = await wordBoxY(tiny);
  check((await scrollY()) > yStart && wordStill === word0, "before a click the wheel over an embed scrolls the article, not the embed", `article ${yStart} -> ${await scrollY()}, word box ${word0} -> ${wordStill}`);
  check(hint.shown && /click/i.test(hint.text), "…and the embed says a click lets it scroll", JSON.stringify(hint));
  const box = await ops.box("iframe#tiny");
  await ops.click(box.x + box.width / 2, Math.max(box.y, 0) + 12);  // the header's empty middle
  await tiny.settled();
  const y0 = await scrollY();
  await ops.move(...(await centreOf("tiny")));
  await ops.wheel(120);
  await tiny.settled();
  const word1 = await wordBoxY(tiny);
  check(word1 < word0 && (await scrollY()) === y0, "after a click the wheel scrolls an embed that has more to show, not the article", `word box ${word0} -> ${word1}`);
  for (let i = 0; i < 12; i++) { await ops.wheel(150); await tiny.settled(); }
  // The article's own scroll follows the wheel the embed let through (the browser's, async).
  await scrolledPast(y0, 100);
  const y1 = await scrollY();
  check(y1 > y0 + 100, "…and at the embed's end, the article", `${y0} -> ${y1}`);
  equal((await tiny.evaluate(() => window.bloomlab.viewState())).zoom, 1, "…zooming nothing");

  // The bit array alone fits: the wheel and a finger's vertical swipe scroll the article.
  const bitsOnly = await frameOf("custom");
  await ops.evaluate(() => document.getElementById("custom").scrollIntoView({ block: "center" }));
  await bitsOnly.settled();
  equal(await bitsOnly.evaluate(() => document.getElementById("canvas").style.touchAction), "pan-y", "an embed that fits lets vertical pans through");
  const before = await scrollY();
  await ops.move(...(await centreOf("custom")));
  await ops.wheel(-150);
  await scrolledPast(before, -50);
  check((await scrollY()) < before - 50, "the wheel over an embed that fits scrolls the article", `${before} -> ${await scrollY()}`);
  // (A finger's vertical pan is the browser's own once touch-action is pan-y; headless
  // Chromium scrolls nothing for synthetic touches, even on the article's text, so the style
  // above is what is checked.)
  const st = await bitsOnly.evaluate(() => window.bloomlab.state());
  equal([st.params.m, st.params.k, st.wordCount], [64, 3, 5], "…and the wheel changed nothing in the embed");
  equal(await tiny.evaluate(() => document.getElementById("canvas").style.touchAction), "", "an embed with more to show keeps every touch (its own scroll)");
  const shot = await ops.screenshot("embed-scrolled.png");
  console.log(`  screenshot: ${shot.file}`);
}

// Saved sessions are checked, not trusted (issue 37 §2.7; open the app plainly): records planted
// with the page's own origin, as a script there (or another version of BloomLab) could. A time in the far future does not win;
// a count of 10^15 is the words the bytes hold; a word the app cannot hold is reported; a
// record's embed=1 / present=1 / nav=0 are not restored; a newer version's record is left alone.
export async function hostileSessions(app) {
  const { ops } = app;
  const warned = [];
  ops.onConsole("warning", (text) => warned.push(text));
  await ops.evaluate(() => new Promise((resolve) => {
    const bytes = (words) => {
      const parts = words.map((w) => new TextEncoder().encode(w));
      const out = new Uint8Array(parts.reduce((n, p) => n + 4 + p.length, 0));
      let at = 0;
      for (const p of parts) { new DataView(out.buffer).setUint32(at, p.length, true); out.set(p, at + 4); at += 4 + p.length; }
      return out;
    };
    const view = "&embed=1&present=1&nav=0";
    const now = Date.now();
    const records = [
      { v: 2, id: "future", tab: "t", time: now + 1e12, link: "preset=tiny&m=64&k=3" + view, params: "preset=tiny&m=64&k=3" + view, words: new Uint8Array(0), count: 5 },
      { v: 2, id: "recent", tab: "t", time: now - 1000, link: "preset=empty&m=128&k=4" + view, params: "preset=empty&m=128&k=4" + view,
        words: bytes(["kept", "x".repeat(5000), "also kept"]), count: 1e15 },
      { v: 2, id: "counted", tab: "t", time: now - 5000, link: "preset=empty&m=96&k=2" + view, params: "preset=empty&m=96&k=2" + view,
        words: bytes(["one", "two", "three"]), count: 1e15 },
      { v: 2, id: "huge", tab: "t", time: now - 9000, link: "preset=tiny", params: "preset=tiny", words: new Uint8Array(0), count: 1e15 },
      { v: 99, id: "newer", tab: "t", time: now, link: "preset=tiny", params: "preset=tiny", words: new Uint8Array(0), count: 5, shape: "of tomorrow" },
    ];
    const open = indexedDB.open("bloomlab", 1);
    open.onsuccess = () => {
      const tx = open.result.transaction("sessions", "readwrite");
      for (const r of records) tx.objectStore("sessions").put(r);
      tx.oncomplete = () => { open.result.close(); resolve(); };
    };
  }));
  await ops.reload();
  await ops.evaluate(() => window.bloomlab.ready.then(() => window.bloomlab.idle()));
  await until(ops, () => document.getElementById("previous").dataset.decided === "1", null, "the page looked for previous words");
  let s = await ops.evaluate(() => ({ ...bloomlab.state(), view: bloomlab.viewState(), notes: document.getElementById("notes").textContent,
                                       offer: document.getElementById("previous").dataset.count }));
  equal([s.params.m, s.words], [128, ["kept", "also kept"]], "the most recent record opens, not the one dated in the future");
  check(s.notes.includes("1 saved word could not be restored: a word is 1 to 4,096 bytes."), "the word it could not hold is reported", s.notes);
  check(s.notes.includes("Words saved by a newer version of BloomLab are kept in this browser"), "a newer version's record is named", s.notes);
  equal([s.view.embed, s.view.presentation], [false, false], "the record's embed=1 and present=1 are not restored");
  equal(s.offer, "3", "the next record is offered with the words it holds (3), not its count of 10^15");
  check(warned.some((w) => /count of words is not a count/.test(w)), "a record with a count of 10^15 and no words is ignored, with a warning", warned.join(" | "));
  check(warned.some((w) => /time is in the future/.test(w)), "the far future is named in a warning", warned.join(" | "));
  await ops.evaluate(() => document.getElementById("previous-restore").click());
  await ops.evaluate(() => bloomlab.idle());
  s = await ops.evaluate(() => ({ ...bloomlab.state(), view: bloomlab.viewState() }));
  equal([s.params.m, s.words, s.view.embed, s.view.presentation], [96, ["one", "two", "three"], false, false],
        "restoring it brings its words, not its view flags");
  await ops.evaluate(() => bloomlab.kept());
  check(await ops.evaluate(() => new Promise((resolve) => {
    const open = indexedDB.open("bloomlab", 1);
    open.onsuccess = () => {
      const get = open.result.transaction("sessions").objectStore("sessions").get("newer");
      get.onsuccess = () => { open.result.close(); resolve(!!get.result && get.result.shape === "of tomorrow"); };
    };
  })), "the newer version's record is still stored, untouched");
}
