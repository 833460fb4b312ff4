// bench_core in headless Chromium (the browser the e2e tests use), from the web tree's
// bench_core_page.js: the same core objects as the app. Prints {task: best ms} as JSON.
// usage: node tests/bench/chromium_core.mjs BENCH_CORE_PAGE_JS TASK...   (run.sh calls it)
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.BLOOMLAB_SITE ||= path.join(here, "../../build/web/site");
const { launch } = await import("../e2e/harness.mjs");
const [script, ...tasks] = process.argv.slice(2);
const browser = await launch();
const result = {};
for (const task of tasks) {
  const page = await browser.newPage();
  const printed = new Promise((resolve) => page.on("console", (m) => m.text().startsWith("{") && resolve(m.text())));
  await page.setContent("<!doctype html><title>bench_core</title>");
  await page.evaluate((task) => {
    window.Module = { arguments: [task, "/passwords-10k.txt"], print: (t) => console.log(t) };
  }, task);
  await page.addScriptTag({ path: path.resolve(script) });
  result[task] = JSON.parse(await printed).ms;
  await page.close();
}
await browser.close();
console.log(JSON.stringify(result));
