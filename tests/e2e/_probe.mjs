import { launch, openApp } from "./harness.mjs";
const browser = await launch();
const app = await openApp(browser, { query: process.env.Q || "?preset=tiny" });
const { page } = app;
for (const [id, n] of [["no-false-negatives",4],["error-rate",1],["error-rate",2],["no-false-negatives",3],["error-rate",1]]) {
  await page.evaluate(([id,n]) => window.bloomlab.openLesson(id, n), [id,n]);
  await page.evaluate(() => window.bloomlab.idle());
  const seq = [];
  for (let i = 0; i < 10; i++) { seq.push(await page.evaluate(() => window.bloomlab.viewState().busy)); await new Promise(r=>setTimeout(r,200)); }
  console.log(id, n, seq.join("|"), JSON.stringify((await page.evaluate(() => window.bloomlab.lesson())).task?.kind));
}
await browser.close();
