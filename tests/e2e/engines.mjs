// Two browser engines behind one small interface, so a scenario (scenarios.mjs) runs unchanged
// on both:
//   chromium  Debian's headless Chromium through playwright-core (harness.mjs)
//   firefox   Debian's firefox-esr through puppeteer-core over WebDriver BiDi, headed: headless
//             Firefox has no WebGL2 without a GPU, so the test runs under xvfb-run (CMakeLists.txt)
// openApp() gives the engine's own page (app.page) and `app.ops`: evaluate, waitFor, settled, taken,
// click, move, wheel, press, selectAll, type, typeKeys, insertText, tap, swipe, pinch, screenshot,
// reload, allowClipboard, iframe, box, onConsole. Neither tool ever
// downloads a browser.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SHOTS, SITE, decodePng, run, launch as launchChromium, openApp as openChromiumApp } from "./harness.mjs";
import { settled, taken, swipe, pinch } from "./page_helpers.mjs";
import { startServer } from "../../scripts/static-server.mjs";

const require = createRequire(import.meta.url);
const FIREFOX = process.env.BLOOMLAB_FIREFOX || "/usr/bin/firefox-esr";

// Firefox preferences that make the desktop browser a phone's: (pointer: coarse) and
// (hover: none), as Firefox's own tests emulate a touch screen. WebDriver BiDi has no touch
// emulation in Firefox 153 (emulation.setTouchOverride is an unknown command), and prefs apply to
// the whole browser, so a phone gets a browser of its own.
export const FIREFOX_PHONE_PREFS = { "ui.primaryPointerCapabilities": 1, "ui.allPointerCapabilities": 1 };

export async function launchFirefox({ prefs = {} } = {}) {
  if (!process.env.DISPLAY) {
    throw new Error("Firefox runs headed (WebGL2 needs it here): run this file under " +
                    "xvfb-run -a -s \"-screen 0 1600x1000x24\" (ctest does)");
  }
  // puppeteer-core 25 is an ES module; NODE_PATH (set by ctest) is honoured by require.resolve.
  const { default: puppeteer } = await import(pathToFileURL(require.resolve("puppeteer-core")).href);
  const browser = await puppeteer.launch({
    browser: "firefox", executablePath: FIREFOX, protocol: "webDriverBiDi", headless: false,
    // puppeteer-core gives the launch a fresh temporary profile with automation prefs of its own.
    args: ["--width=1600", "--height=1000"],
    extraPrefsFirefox: prefs,
  });
  browser.engine = "firefox";
  return browser;
}

// Opens the site in a fresh browser context (its own storage, like Playwright's newContext) and
// collects console errors and page errors, as harness.openApp does for Chromium.
async function openFirefoxApp(browser, { query = "", viewport = { width: 1280, height: 800 },
  deviceScaleFactor = 1, isMobile = false, hasTouch = false, page: pageName = "index.html",
  waitReady = true } = {}) {
  const { server, port } = await startServer(SITE, 0);
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // Firefox 153 has no emulation.setTouchOverride: puppeteer-core ignores hasTouch there (the
  // touch *input* works: input.performActions with pointerType "touch" fires touch events).
  await page.setViewport({ ...viewport, deviceScaleFactor, isMobile, hasTouch });
  const problems = [];
  page.on("console", (msg) => { if (msg.type() === "error") problems.push(`console error: ${msg.text()}`); });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message || err}`));
  const url = `http://127.0.0.1:${port}/${pageName}${query}`;
  await page.goto(url);
  if (waitReady) await page.evaluate(() => window.bloomlab.ready.then(() => true));
  const close = async () => { await context.close(); server.close(); };
  return { page, context, problems, url, port, close };
}

// The page operations a shared scenario uses, the same on both engines. `target` is the page or
// one of its iframes (evaluate and waitFor run there; input always goes through the page).
class Ops {
  constructor(engine, page, target = page) { Object.assign(this, { engine, page, target }); }
  evaluate(fn, arg) { return this.target.evaluate(fn, arg); }
  // Resolves once fn(arg) is truthy; rejects after `timeout` ms. The argument order differs.
  waitFor(fn, arg = null, timeout = 15000) {
    return this.engine === "firefox"
      ? this.target.waitForFunction(fn, { timeout, polling: 50 }, arg)
      : this.target.waitForFunction(fn, arg, { timeout, polling: 50 });
  }
  // The page at rest after what the test did; a frame has taken the input given so far.
  settled() { return settled(this.target); }
  taken() { return taken(this.target); }
  click(x, y) { return this.page.mouse.click(x, y); }
  move(x, y) { return this.page.mouse.move(x, y); }
  // The wheel where the mouse is (move there first): dy CSS px down. The tools' signatures differ.
  wheel(dy) { return this.engine === "firefox" ? this.page.mouse.wheel({ deltaY: dy }) : this.page.mouse.wheel(0, dy); }
  // Ctrl+A as one chord, with no wait between its keys (as fast fingers give it).
  async selectAll() {
    await this.page.keyboard.down("Control");
    await this.page.keyboard.press("a");
    await this.page.keyboard.up("Control");
  }
  // A console message's kind: Playwright says "warning" where puppeteer says "warn".
  onConsole(kind, fn) {
    this.page.on("console", (msg) => { if (msg.type().replace(/^warn$/, "warning") === kind) fn(msg.text()); });
  }
  // ImGui 1.86 samples key state once a frame (no input queue): a key stays down until a frame
  // has taken it, and the next press waits for another, as a person's fingers do. Waiting on
  // the page's own report, not milliseconds, keeps presses apart on a loaded machine too.
  async press(key) {
    await this.page.keyboard.down(key);
    await this.taken();
    await this.page.keyboard.up(key);
    await this.taken();
  }
  type(text, delay = 15) { return this.page.keyboard.type(text, { delay }); }
  // Text as key events with their characters, any script (keydown, keypress, keyup): what a
  // keyboard layout or the system's emoji picker sends to a canvas. Playwright's type() sends
  // characters beyond a US keyboard as insertText, which a canvas never sees: Chromium gets
  // CDP key events carrying the text instead.
  async typeKeys(text) {
    if (this.engine === "firefox") return this.page.keyboard.type(text);  // no delay: one frame
    const cdp = await this.page.context().newCDPSession(this.page);
    for (const ch of text) {
      await cdp.send("Input.dispatchKeyEvent", { type: "keyDown", key: ch, text: ch });
      await cdp.send("Input.dispatchKeyEvent", { type: "keyUp", key: ch });
    }
    await cdp.detach();
  }
  // Text as an on-screen keyboard gives it: input events, no key events.
  async insertText(text) {
    if (this.engine !== "firefox") return this.page.keyboard.insertText(text);
    for (const ch of text) await this.page.keyboard.sendCharacter(ch);  // one character a call
  }
  tap(x, y) { return this.page.touchscreen.tap(x, y); }
  // One finger dragged from (x, y0) to (x, y1); two fingers from d0 to d1 CSS px apart around
  // (x, y). Chromium: CDP touch events (page_helpers.mjs); Firefox: BiDi pointer actions of type
  // "touch" (puppeteer's touch handles), one action call per finger and step.
  async swipe(x, y0, y1, steps = 8) {
    if (this.engine !== "firefox") return swipe(this.page, x, y0, y1, steps);
    const finger = await this.page.touchscreen.touchStart(x, y0);
    for (let i = 1; i <= steps; i++) { await finger.move(x, y0 + (y1 - y0) * i / steps); await this.taken(); }
    await finger.end();
    await this.settled();
  }
  async pinch(x, y, d0, d1, steps = 8) {
    if (this.engine !== "firefox") return pinch(this.page, x, y, d0, d1, steps);
    const a = await this.page.touchscreen.touchStart(x - d0 / 2, y);
    const b = await this.page.touchscreen.touchStart(x + d0 / 2, y);
    await this.taken();
    for (let i = 1; i <= steps; i++) {
      const d = d0 + (d1 - d0) * i / steps;
      await a.move(x - d / 2, y);
      await b.move(x + d / 2, y);
      await this.taken();
    }
    await a.end();
    await b.end();
    await this.settled();
  }
  // Saves <engine>-<name> for Firefox (Chromium keeps the names it always had) and decodes it.
  async screenshot(name) {
    const file = path.join(SHOTS, this.engine === "firefox" ? `firefox-${name}` : name);
    const png = await this.page.screenshot({ path: file });
    return { file, image: decodePng(Buffer.from(png)) };
  }
  async reload() { await this.page.reload(); }
  // Lets the page read the system clipboard. Firefox under puppeteer-core allows it as it is.
  async allowClipboard() {
    if (this.engine !== "firefox") await this.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  }
  async iframe(selector) {
    const frame = await (await this.page.$(selector)).contentFrame();
    return new Ops(this.engine, this.page, frame);
  }
  async box(selector) { return (await this.page.$(selector)).boundingBox(); }
}

export const ENGINES = {
  chromium: { launch: launchChromium, openApp: openChromiumApp },
  firefox: { launch: launchFirefox, openApp: openFirefoxApp },
};
const engineOf = (browser) => browser.engine || "chromium";

// harness.openApp for either engine, with `ops` added.
export async function openApp(browser, options = {}) {
  const engine = engineOf(browser);
  const app = await ENGINES[engine].openApp(browser, options);
  app.engine = engine;
  app.ops = new Ops(engine, app.page);
  return app;
}

// harness.run with the named engine's browser.
export function runOn(engine, name, body) { return run(name, body, ENGINES[engine].launch); }
