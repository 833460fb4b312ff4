// Small helpers the issue-5 browser tests share: waiting for frames, aiming at a rect from the
// app's layout, and a finger drag (Playwright's touchscreen only taps).
export const frames = (target, n = 4) => target.evaluate((n) => new Promise((resolve) => {
  let left = n;
  const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
  requestAnimationFrame(tick);
}), n);

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

export async function swipe(page, x, y0, y1, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: y0 }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y0 + (y1 - y0) * i / steps }] });
    await frames(page, 1);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await frames(page, 3);
}

// Two fingers moving apart (or together) around (x, y): from `d0` to `d1` CSS px apart.
export async function pinch(page, x, y, d0, d1, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const points = (d) => [{ x: x - d / 2, y, id: 0 }, { x: x + d / 2, y, id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(d0) });
  await frames(page, 1);
  for (let i = 1; i <= steps; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(d0 + (d1 - d0) * i / steps) });
    await frames(page, 1);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await frames(page, 3);
}
