// BloomLab's page glue: loads the wasm app onto the canvas and exposes window.bloomlab, the JS
// API for embedding pages and tests. Every method calls the same C++ actions the UI uses
// (src/platform/main_web.cpp); nothing here holds logic of its own. User text is never put into
// the DOM as HTML: only textContent.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const canvas = $("canvas");
  const encoder = new TextEncoder();

  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  ready.catch(() => {});  // a failure is shown on the page; an unobserved rejection is not an error

  function showStatus(text) { const s = $("status"); s.textContent = text; s.hidden = !text; }
  function showFailure(text, retry) {
    showStatus("");
    $("failure-text").textContent = text;
    $("retry").hidden = !retry;
    $("failure").hidden = false;
    canvas.hidden = true;
  }
  $("retry").addEventListener("click", () => location.reload());

  function showNotes(lines) {
    if (!lines.length) return;
    const notes = $("notes");
    notes.textContent = lines.join(" · ");
    notes.hidden = false;
    setTimeout(() => { notes.hidden = true; }, 12000);
  }

  // ---- Calling into the wasm: bytes in, JSON out ---------------------------------------------
  function bytesOf(word) {
    if (word instanceof Uint8Array) return word;
    if (typeof word !== "string") throw new TypeError("bloomlab: a word is a string or a Uint8Array");
    return encoder.encode(word);
  }
  function withBytes(data, fn) {
    const bytes = bytesOf(data);
    const ptr = Module._malloc(bytes.length + 1);
    Module.HEAPU8.set(bytes, ptr);
    try { return fn(ptr, bytes.length); } finally { Module._free(ptr); }
  }
  function withString(text, fn) {
    const ptr = Module.stringToNewUTF8(String(text));
    try { return fn(ptr); } finally { Module._free(ptr); }
  }
  const parse = (ptr) => JSON.parse(Module.UTF8ToString(ptr));
  function check(answer) {
    if (answer && answer.ok === false) throw new Error(answer.error);
    return answer;
  }
  const numberOr = (v, absent) => (v === undefined || v === null ? absent : Number(v));

  const api = {
    ready,
    version: "0.1.0",
    setParams(p = {}) {
      return check(withString(p.variant || "", (variant) => withString(p.scheme || "", (scheme) =>
        parse(Module._bl_set_params(numberOr(p.m, -1), numberOr(p.k, -1), variant, scheme)))));
    },
    add(word) { return check(withBytes(word, (ptr, n) => parse(Module._bl_add(ptr, n)))); },
    remove(word) { return check(withBytes(word, (ptr, n) => parse(Module._bl_remove(ptr, n)))); },
    query(word) { return withBytes(word, (ptr, n) => parse(Module._bl_query(ptr, n))); },
    loadPreset(name) { return check(withString(name, (ptr) => parse(Module._bl_load_preset(ptr)))); },
    loadWords(text, source = "pasted text") {
      return check(withBytes(text, (ptr, n) => withString(source, (src) => parse(Module._bl_load_words(ptr, n, src)))));
    },
    measure(options = {}) { return check(parse(Module._bl_measure(numberOr(options.probes, -1)))); },
    state() { return parse(Module._bl_state()); },
    applyParams(query) { return withString(query, (ptr) => parse(Module._bl_apply_params(ptr))); },
    shareParams() { return Module.UTF8ToString(Module._bl_share_params()); },
    // Resolves when queued words (a preset, a pasted list) are all in the filter.
    async idle() {
      await ready;
      for (;;) {
        const s = api.state();
        if (!s.loading) return s;
        await new Promise((r) => setTimeout(r, 30));
      }
    },
  };
  window.bloomlab = api;

  // ---- Failures of the environment ------------------------------------------------------------
  // Probe on a throwaway canvas: the app's canvas must get its context from Emscripten, with
  // Emscripten's attributes.
  if (!document.createElement("canvas").getContext("webgl2")) {
    showFailure("BloomLab needs WebGL2, which this browser or device does not offer. " +
                "Try a current Firefox, Chrome, Edge or Safari, or enable hardware acceleration.", false);
    rejectReady(new Error("WebGL2 is not available"));
    return;
  }
  if (typeof WebAssembly !== "object") {
    showFailure("BloomLab needs WebAssembly, which this browser does not offer.", false);
    rejectReady(new Error("WebAssembly is not available"));
    return;
  }

  // ---- The Module object Emscripten's output reads -----------------------------------------
  window.Module = {
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    onAbort(what) {
      showFailure("BloomLab stopped unexpectedly (" + what + "). Reload to start again; your words are kept in the address.", true);
      rejectReady(new Error(String(what)));
    },
    bloomlabFrameDrawn(frames) {
      if (frames >= 2) { showStatus(""); resolveReady(api); }
    },
    bloomlabParamWarnings(warnings) {
      for (const w of warnings) console.warn("bloomlab: " + w);
      showNotes(warnings);
    },
    bloomlabAnnounce(text) { $("live").textContent = text; },
    bloomlabSaveFile(name, mime, bytes) {
      const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    },
    async bloomlabFetchPasswords() {
      try {
        const response = await fetch("passwords-10k.txt");
        if (!response.ok) throw new Error("HTTP " + response.status);
        const bytes = new Uint8Array(await response.arrayBuffer());
        withBytes(bytes, (ptr, n) => Module._bl_password_list_arrived(ptr, n));
      } catch (e) {
        console.warn("bloomlab: the password list did not load: " + e.message);
        withString("the password list could not be downloaded (" + e.message + ")",
                   (ptr) => Module._bl_password_list_failed(ptr));
      }
    },
  };

  // The canvas follows its container: tell SDL (which listens to window resizes) when it changes.
  new ResizeObserver(() => window.dispatchEvent(new Event("resize"))).observe(canvas);

  const script = document.createElement("script");
  script.src = "bloomlab-wasm.js";
  script.onerror = () => {
    showFailure("BloomLab's program could not be downloaded. Check the connection and retry.", true);
    rejectReady(new Error("bloomlab-wasm.js failed to load"));
  };
  document.body.appendChild(script);
})();
