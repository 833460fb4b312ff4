// Security (issue 6): user text never becomes HTML (a word or a URL parameter with markup
// creates no element and fires no dialog); the Content-Security-Policy lets the wasm run and is
// never violated; the embed, sandboxed as the README and the demo page say (scripts,
// same-origin, downloads; no top navigation), works and cannot navigate its article.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { run, openApp, screenshot, check, equal, drawnShare } from "./harness.mjs";
import { settled } from "./page_helpers.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SANDBOX = "allow-scripts allow-same-origin allow-downloads";
// Installed before the page's scripts: every CSP violation is recorded (the page's own CSP
// forbids inline scripts, so a test cannot add the listener from inside the page later).
const watchCsp = () => {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) =>
    window.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`));
};
const elementCount = (page) => page.evaluate(() => document.querySelectorAll("img,script,iframe,object,embed,a").length);

run("security: no user text as HTML, CSP kept, a sandboxed embed", async (browser) => {
  // 1. Markup in URL parameters and in words: plain text everywhere, nothing created, no dialog.
  {
    const html = "<img src=x onerror=alert(1)>", script = "<script>alert(2)</script>";
    const query = "?preset=tiny&words=" + encodeURIComponent(html) + "&word=" + encodeURIComponent(script) +
                  "&theme=" + encodeURIComponent(script) + "&" + encodeURIComponent("<b>key</b>") + "=1";
    const app = await openApp(browser, { query, initScript: watchCsp });
    const { page } = app;
    const dialogs = [];
    page.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
    const before = await elementCount(page);
    let s = await page.evaluate(() => bloomlab.state());
    check(s.words.includes("<img src=x onerror=alert(1)>"), "the URL's markup is a plain word");
    equal(s.wordInput, script, "the URL's <script> is plain text in the word box");
    check(s.urlWarnings.some((w) => w.includes("<script>")), "the bad theme's warning quotes it as text");
    const note = await page.evaluate(() => { const n = document.getElementById("notes"); return { text: n.textContent, children: n.children.length }; });
    check(note.text.includes("<script>") && note.text.includes("<b>key</b>") && note.children === 0,
          "the page's note shows the markup as text (no child elements)", JSON.stringify(note));

    await page.evaluate(([html, script]) => {
      // Words from a link without a preset are exactly the link's (an empty filter first).
      bloomlab.applyParams("preset=tiny&words=" + encodeURIComponent("<img src=y onerror=alert(5)>"));
      bloomlab.add(html);
      bloomlab.add(script + "-2");
      bloomlab.add(new TextEncoder().encode("<svg onload=alert(3)>"));
      bloomlab.loadWords(`${html}-list\n<iframe src=javascript:alert(4)>\n`, "<b>list</b>");
      bloomlab.query(html);
    }, [html, script]);
    await page.evaluate(() => bloomlab.idle());
    // The share dialog and the clipboard path (a textarea's value) with markup in the state.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    let v = await page.evaluate(() => bloomlab.viewState());
    await page.mouse.click(v.shareButton.x + v.shareButton.w / 2, v.shareButton.y + v.shareButton.h / 2);
    await settled(page);
    v = await page.evaluate(() => bloomlab.viewState());
    await page.mouse.click(v.copyEmbedButton.x + v.copyEmbedButton.w / 2, v.copyEmbedButton.y + v.copyEmbedButton.h / 2);
    await settled(page);
    s = await page.evaluate(() => bloomlab.state());
    check(s.words.includes("<iframe src=javascript:alert(4)>") && s.words.includes("<svg onload=alert(3)>"),
          "words with markup are added as words");
    const snippet = await page.evaluate(() => bloomlab.lastCopied());
    check(!/<img|<script|<svg/.test(snippet.replace(/^<iframe /, "")), "the embed snippet carries the words percent-encoded, never as markup", snippet.slice(0, 200));
    equal(await elementCount(page), before, "no element was created (img, script, iframe, object, embed, a)");
    equal(dialogs, [], "no dialog fired");
    equal(await page.evaluate(() => window.__cspViolations), [], "no Content-Security-Policy violation (the wasm runs under the CSP)");
    const shot = await screenshot(page, "security-markup-words.png");
    console.log(`  screenshot: ${shot.file}`);
    check(drawnShare(shot.image) > 0.05, "the app draws the words");
    check(app.problems.length === 0, "no console errors (markup)", app.problems.join("\n"));
    await app.close();
  }

  // 2. Nothing in the page's code sets top/parent location, opens windows or writes HTML.
  {
    const sources = ["web/bloomlab.js", "web/index.html", "src/platform/main_web.cpp"]
      .map((f) => [f, fs.readFileSync(path.join(ROOT, f), "utf8")]);
    for (const [file, text] of sources) {
      const code = text.replace(/\/\/[^\n]*/g, "");  // comments may name what the code avoids
      const bad = code.match(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|\btop\.|\bparent\.|window\.open|target\s*=|location\s*=(?!=)|location\.(href|assign|replace)\s*[=(]/g);
      check(!bad, `${file}: textContent/value only, no navigation of top or parent, no window.open`, String(bad));
    }
    const index = sources[1][1];
    check(/script-src 'self' 'wasm-unsafe-eval'/.test(index) && !/unsafe-inline/.test(index), "the CSP allows our scripts and wasm compilation only");
  }

  // 3. The demo article's embeds are sandboxed as the README says, work, and cannot navigate it.
  {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    check(readme.includes(`sandbox="${SANDBOX}"`), "the README's iframe snippet has the sandbox");
    const app = await openApp(browser, { page: "embed-demo.html", waitReady: false, viewport: { width: 1100, height: 1400 }, initScript: watchCsp });
    const { page } = app;
    await page.waitForFunction(() => document.querySelectorAll("iframe").length === 2);
    const sandboxes = await page.evaluate(() => Array.from(document.querySelectorAll("iframe"), (f) => f.getAttribute("sandbox")));
    equal(sandboxes, [SANDBOX, SANDBOX], "both demo iframes carry the sandbox");
    const frame = await (await page.$("iframe#custom")).contentFrame();
    await frame.waitForFunction(() => window.bloomlab && window.bloomlab.ready, null, { timeout: 15000 });
    await frame.evaluate(() => window.bloomlab.ready);
    const s = await frame.evaluate(() => { bloomlab.add("sandboxed"); return bloomlab.state(); });
    check(s.words.includes("sandboxed"), "the app runs inside the sandbox");
    const storage = await frame.evaluate(() => { try { localStorage.setItem("t", "1"); localStorage.removeItem("t"); return "ok"; } catch (e) { return e.message; } });
    equal(storage, "ok", "allow-same-origin: the embed has its storage");
    const articleUrl = page.url();
    // The browser says in the console that it refused (or the attempt throws): waited on, not slept.
    const refusal = page.waitForEvent("console", { predicate: (m) => m.type() === "error" && /navigat/i.test(m.text()), timeout: 15000 })
      .then(() => true, () => false);
    const attempt = await frame.evaluate(() => {
      try { window.top.location.href = "about:blank#hijacked"; return "no exception"; } catch (e) { return "blocked: " + e.name; }
    });
    check(attempt.startsWith("blocked") || await refusal, "the browser refuses the embed's navigation of the article", attempt);
    equal(page.url(), articleUrl, `the embed cannot navigate the article (${attempt})`);
    const opened = await frame.evaluate(() => { const w = window.open("about:blank"); return w === null ? "null" : "a window"; });
    equal(opened, "null", "the embed cannot open a window");
    const shot = await screenshot(page, "security-sandboxed-embeds.png");
    console.log(`  screenshot: ${shot.file}`);
    check(drawnShare(shot.image) > 0.05, "the sandboxed embeds are drawn");
    equal(await page.evaluate(() => window.__cspViolations), [], "no CSP violation on the article");
    // The one console error expected here is the browser refusing our navigation attempt.
    const problems = app.problems.filter((p) => !/navigat|sandbox|popup|about:blank/i.test(p));
    check(problems.length === 0, "no other console errors (sandboxed embeds)", app.problems.join("\n"));
    await app.close();
  }
});
