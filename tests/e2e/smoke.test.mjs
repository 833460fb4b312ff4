// The foundation's smoke test: the page loads, reports ready, draws a real UI, and says nothing
// on the console.
import { run, openApp, screenshot, check, drawnShare, distinctColours } from "./harness.mjs";

run("browser smoke", async (browser) => {
  const app = await openApp(browser);
  const state = await app.page.evaluate(() => window.bloomlab.state());
  check(state && typeof state === "object", "state() answers JSON");
  const { file, image } = await screenshot(app.page, "smoke.png");
  console.log(`  screenshot: ${file}`);
  const share = drawnShare(image), colours = distinctColours(image);
  check(share > 0.05, "the canvas shows a UI, not a blank fill", `only ${(share * 100).toFixed(1)}% drawn`);
  check(colours > 50, "the canvas has text and shapes (many colours)", `${colours} colours`);
  check(app.problems.length === 0, "no console or page errors", app.problems.join("\n"));
  await app.close();
});
