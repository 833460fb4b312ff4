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
const CYAN = [56, 217, 240];  // the dark theme's "current word" outline (src/app/ui.cpp)
const AMBER = [245, 166, 35]; // a set bit

// Waits for a condition in the page; a timeout is a failed check, not an exception.
export async function until(ops, predicate, arg, what) {
  try { await ops.waitFor(predicate, arg); return true; }
  catch { return check(false, what, "timed out"); }
}
// Waits until the word box holds `word` (15 s at most), then checks that it does.
async function wordTyped(ops, word, what) {
  await ops.waitFor((w) => bloomlab.state().wordInput === w, word).catch(() => {});
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
// and the browser draws it into the font atlas (src/app/fonts.h).
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
  equal(s.view.panels, { words: true, bits: true, params: false, plots: false, numbers: false, check: false, code: false, speed: false },
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
