// Small helpers the browser tests share: waiting for the page to take input or to come to rest,
// aiming at a rect from the app's layout, and a finger drag (Playwright's touchscreen only taps).
// A test never waits a count of frames or milliseconds: it waits on a state the page reports.

// Resolves once the page has come to rest after what the test did: no input, action or work
// waiting to be shown, and the last frame placed everything where the one before did
// (bloomlab.settled(), viewState().settled).
// After a minute without rest it throws, saying what kept the page busy (viewState().busy).
export const settled = (target, timeout = 60000) => target.evaluate((ms) => new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the page did not settle in ${ms} ms (busy: ${window.bloomlab.viewState().busy})`)), ms);
  window.bloomlab.settled().then(() => { clearTimeout(timer); resolve(true); });
}), timeout);

// Resolves once a frame has taken the input given so far (viewState().inputWaiting false): a
// key's release, a finger's next move, each in a frame of its own.
export const taken = (target) => target.evaluate(() => window.bloomlab.ready.then(() => new Promise((resolve) => {
  const look = () => (window.bloomlab.viewState().inputWaiting ? requestAnimationFrame(look) : resolve(true));
  look();
})));

// n frames the app has to draw: an idle page draws none (platform/loop.h, frame_wanted), so the
// mouse moves a pixel over the canvas's top-left corner (nothing there) before each one. For
// measuring what a frame costs, and that the main loop still draws.
export const drawnFrames = (target, n = 10) => target.evaluate((n) => new Promise((resolve) => {
  const canvas = document.getElementById("canvas");
  let left = n;
  const tick = () => {
    const r = canvas.getBoundingClientRect();
    canvas.dispatchEvent(new MouseEvent("mousemove", { clientX: r.left + 1 + (left % 2), clientY: r.top + 1, bubbles: true }));
    if (--left < 0) resolve(); else requestAnimationFrame(tick);
  };
  tick();
}), n);

export const centre = (r) => [r.x + r.w / 2, r.y + r.h / 2];

// Whether a panel's card (viewState().cards[name]) is on a screen `height` px tall: shown whole,
// or at least 40% of the height of it.
export const cardShown = (card, height) => card.seen.h >= Math.min(card.whole.h, 0.4 * height) - 1;

export async function swipe(page, x, y0, y1, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: y0 }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y0 + (y1 - y0) * i / steps }] });
    await taken(page);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await settled(page);
}

// Two fingers moving apart (or together) around (x, y): from `d0` to `d1` CSS px apart.
export async function pinch(page, x, y, d0, d1, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const points = (d) => [{ x: x - d / 2, y, id: 0 }, { x: x + d / 2, y, id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(d0) });
  await taken(page);
  for (let i = 1; i <= steps; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(d0 + (d1 - d0) * i / steps) });
    await taken(page);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await settled(page);
}
