// BloomLab's page glue: loads the wasm app onto the canvas and exposes window.bloomlab, the JS
// API for embedding pages and tests. Every method calls the same C++ actions the UI uses
// (src/platform/main_web.cpp); nothing here holds logic of its own. User text is never put into
// the DOM as HTML: only textContent.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const canvas = $("canvas");
  const encoder = new TextEncoder();
  // The page's own link (the fragment, kept by the app, else the query): what the page needs
  // before the app runs (an embed keeps nothing; start=click shows a poster first).
  const linkParams = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  const linkEmbed = linkParams.get("embed") === "1";
  const onClick = linkParams.get("start") === "click";
  // The app's two files download at once, beside this script's own start-up (the WebGL2 probe
  // alone took 250 ms in headless Chromium): their fetches later take these preloads. Not for
  // start=click, whose poster waits for the reader.
  function preloadApp() {
    for (const [href, as, type] of [["bloomlab-wasm.wasm", "fetch", "application/wasm"], ["bloomlab-wasm.js", "script", ""]]) {
      const link = Object.assign(document.createElement("link"), { rel: "preload", href, as });
      if (type) { link.type = type; link.crossOrigin = "anonymous"; }
      document.head.appendChild(link);
    }
  }
  if (!onClick) preloadApp();

  // ---- The page's languages (the app's own texts come from lang/<code>.mo, src/app/model/i18n.h) ----
  // Choice: a link's lang=, else the reader's saved choice, else navigator.languages, else English.
  // The page's own messages below run before the wasm does, so they have their own small table.
  const LANGS = ["en", "ru", "uk", "zh"];
  const HTML_LANG = { en: "en", ru: "ru", uk: "uk", zh: "zh-Hans" };
  function langOf(code) {
    const c = String(code || "").toLowerCase().replace(/_/g, "-");
    if (/^zh-(tw|hk|mo|hant)/.test(c)) return "";  // Traditional Chinese: not ours
    const primary = c.split("-")[0];
    return LANGS.includes(primary) ? primary : "";
  }
  function savedLanguage() { try { return langOf(localStorage.getItem("bloomlab.lang")); } catch (e) { return ""; } }
  function browserLanguage() {
    for (const l of navigator.languages || [navigator.language]) { const c = langOf(l); if (c) return c; }
    return "";
  }
  function linkLanguage() { return langOf(linkParams.get("lang")); }
  const PAGE_TEXT = {
    en: ["BloomLab — a Bloom filter you can see", "Loading BloomLab…",
      "BloomLab needs WebGL2, which this browser or device does not offer. Try a current Firefox, Chrome, Edge or Safari, or enable hardware acceleration.",
      "BloomLab needs WebAssembly, which this browser does not offer.",
      "BloomLab's program could not be downloaded. Check the connection and retry.",
      "BloomLab stopped unexpectedly{0}. Retry to start again: your words and settings are kept.",
      "The graphics were reset by the browser. Click or tap to restore them; your words and settings are kept.",
      "Retry", "Dismiss", "Drop a word list here: one word per line", "BloomLab: Bloom filter visualizer",
      "Click or press Enter to start: type a word and watch its bits light up.",
      "BloomLab's program could not be downloaded: this embed's iframe is sandboxed without allow-same-origin, which BloomLab needs beside allow-scripts (sandbox=\"allow-scripts allow-same-origin\").",
      "Click the figure to scroll inside it"],
    ru: ["BloomLab — фильтр Блума, который видно", "BloomLab загружается…",
      "Для BloomLab нужен WebGL2, а этот браузер или устройство его не поддерживает. Попробуйте свежий Firefox, Chrome, Edge или Safari либо включите аппаратное ускорение.",
      "Для BloomLab нужен WebAssembly, а этот браузер его не поддерживает.",
      "Не удалось загрузить программу BloomLab. Проверьте подключение и попробуйте ещё раз.",
      "BloomLab неожиданно остановился{0}. Нажмите «Повторить», чтобы запустить заново: ваши слова и настройки сохранены.",
      "Браузер сбросил графику. Щёлкните или коснитесь, чтобы восстановить её; ваши слова и настройки сохранены.",
      "Повторить", "Закрыть", "Перетащите сюда список слов: по одному слову в строке", "BloomLab: наглядный фильтр Блума",
      "Щёлкните или нажмите Enter, чтобы запустить: введите слово и посмотрите, как загораются его биты.",
      "Не удалось загрузить программу BloomLab: iframe этой вставки ограничен атрибутом sandbox без allow-same-origin, а BloomLab нужен allow-same-origin вместе с allow-scripts (sandbox=\"allow-scripts allow-same-origin\").",
      "Щёлкните по рисунку, чтобы прокручивать его"],
    uk: ["BloomLab — фільтр Блума, який видно", "BloomLab завантажується…",
      "Для BloomLab потрібен WebGL2, а цей браузер або пристрій його не підтримує. Спробуйте свіжий Firefox, Chrome, Edge чи Safari або ввімкніть апаратне прискорення.",
      "Для BloomLab потрібен WebAssembly, а цей браузер його не підтримує.",
      "Не вдалося завантажити програму BloomLab. Перевірте з'єднання й спробуйте ще раз.",
      "BloomLab несподівано зупинився{0}. Натисніть «Повторити», щоб запустити знову: ваші слова й налаштування збережено.",
      "Браузер скинув графіку. Клацніть або торкніться, щоб відновити її; ваші слова й налаштування збережено.",
      "Повторити", "Закрити", "Перетягніть сюди список слів: по одному слову в рядку", "BloomLab: наочний фільтр Блума",
      "Клацніть або натисніть Enter, щоб запустити: введіть слово й подивіться, як загоряються його біти.",
      "Не вдалося завантажити програму BloomLab: iframe цієї вставки обмежено атрибутом sandbox без allow-same-origin, а BloomLab потрібен allow-same-origin разом з allow-scripts (sandbox=\"allow-scripts allow-same-origin\").",
      "Клацніть по рисунку, щоб прокручувати його"],
    zh: ["BloomLab —— 看得见的布隆过滤器", "BloomLab 加载中…",
      "BloomLab 需要 WebGL2，但此浏览器或设备不支持。请使用新版 Firefox、Chrome、Edge 或 Safari，或开启硬件加速。",
      "BloomLab 需要 WebAssembly，但此浏览器不支持。",
      "无法下载 BloomLab 程序。请检查网络连接后重试。",
      "BloomLab 意外停止{0}。点击“重试”重新启动：你的词和设置都已保留。",
      "浏览器重置了图形。点击或轻触即可恢复；你的词和设置都已保留。",
      "重试", "关闭", "把词表拖到这里：每行一个词", "BloomLab：布隆过滤器可视化",
      "点击或按 Enter 启动：输入一个词，看它的位亮起来。",
      "无法下载 BloomLab 程序：此嵌入的 iframe 设置了不含 allow-same-origin 的 sandbox，而 BloomLab 除了 allow-scripts 还需要 allow-same-origin（sandbox=\"allow-scripts allow-same-origin\"）。",
      "点击此图，即可在图内滚动"],
  };
  const [TITLE, LOADING, NO_WEBGL2, NO_WASM, NO_DOWNLOAD, STOPPED, GRAPHICS_RESET, RETRY, DISMISS, DROP, CANVAS, START, SANDBOXED, WHEEL] =
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
  // The page's own messages with numbers in them ({0}, {1}, … filled in order). A count's noun
  // is an object of CLDR plural forms (Intl.PluralRules: ru and uk one/few/many, zh one form).
  // The same sentences as the app's catalog where the app says them too (po/*.po).
  const PAGE_MESSAGES = {
    en: {
      bytes: { one: "{0} byte", other: "{0} bytes" },
      words: { one: "{0} word", other: "{0} words" },
      listTooLarge: "The word list is {0}; the limit is {1} (64 MiB).",
      inputTooLarge: "The input is {0}; the limit is {1} (64 MiB).",
      wordTooLarge: "That word is {0}; the limit is {1}.",
      noMemory: "Not enough memory left in the page for {0} of input (the filter takes most of it): try a smaller filter or a smaller input.",
      notSaved: "Your words could not be saved in this browser ({0}): they will be lost when this page closes. Free some space or keep the list file.",
      noStorage: "Your words cannot be kept in this browser: they will be lost when this page closes.",
      notRead: "The saved sessions could not be read ({0}).",
      newer: "Words saved by a newer version of BloomLab are kept in this browser; this version cannot open them.",
      previous: "Your previous words ({0}) are kept in this browser.",
      restore: "Restore your previous words ({0})",
    },
    ru: {
      bytes: { one: "{0} байт", few: "{0} байта", many: "{0} байт", other: "{0} байта" },
      words: { one: "{0} слово", few: "{0} слова", many: "{0} слов", other: "{0} слова" },
      listTooLarge: "Список слов занимает {0}, а предел — {1} (64\u00a0МиБ).",
      inputTooLarge: "Входные данные занимают {0}, а предел — {1} (64\u00a0МиБ).",
      wordTooLarge: "В этом слове {0}, а предел — {1}.",
      noMemory: "В странице не осталось памяти для {0} входных данных (почти всю занимает фильтр): возьмите фильтр или входные данные поменьше.",
      notSaved: "Не удалось сохранить ваши слова в этом браузере ({0}): они пропадут, когда страница закроется. Освободите место или сохраните файл со списком.",
      noStorage: "Этот браузер не может сохранить ваши слова: они пропадут, когда страница закроется.",
      notRead: "Не удалось прочитать сохранённые сеансы ({0}).",
      newer: "Слова, сохранённые более новой версией BloomLab, остаются в этом браузере, но эта версия не может их открыть.",
      previous: "Ваши прежние слова ({0}) сохранены в этом браузере.",
      restore: "Вернуть прежние слова ({0})",
    },
    uk: {
      bytes: { one: "{0} байт", few: "{0} байти", many: "{0} байтів", other: "{0} байта" },
      words: { one: "{0} слово", few: "{0} слова", many: "{0} слів", other: "{0} слова" },
      listTooLarge: "Список слів займає {0}, а межа — {1} (64\u00a0МіБ).",
      inputTooLarge: "Вхідні дані займають {0}, а межа — {1} (64\u00a0МіБ).",
      wordTooLarge: "У цьому слові {0}, а межа — {1}.",
      noMemory: "На сторінці не лишилося пам'яті для {0} вхідних даних (майже всю займає фільтр): візьміть менший фільтр або менші вхідні дані.",
      notSaved: "Не вдалося зберегти ваші слова в цьому браузері ({0}): вони зникнуть, коли сторінка закриється. Звільніть місце або збережіть файл зі списком.",
      noStorage: "Цей браузер не може зберегти ваші слова: вони зникнуть, коли сторінка закриється.",
      notRead: "Не вдалося прочитати збережені сеанси ({0}).",
      newer: "Слова, збережені новішою версією BloomLab, лишаються в цьому браузері, але ця версія не може їх відкрити.",
      previous: "Ваші попередні слова ({0}) збережено в цьому браузері.",
      restore: "Повернути попередні слова ({0})",
    },
    zh: {
      bytes: { other: "{0} 字节" },
      words: { other: "{0} 个词" },
      listTooLarge: "词列表有 {0}，上限为 {1}（64 MiB）。",
      inputTooLarge: "输入有 {0}，上限为 {1}（64 MiB）。",
      wordTooLarge: "这个词有 {0}；上限是 {1}。",
      noMemory: "页面剩余内存不足以容纳 {0} 的输入（大部分被过滤器占用）：请换一个更小的过滤器或更小的输入。",
      notSaved: "你的词无法保存在此浏览器中（{0}）：关闭页面后它们将会丢失。请释放一些空间，或保留列表文件。",
      noStorage: "此浏览器无法保存你的词：关闭页面后它们将会丢失。",
      notRead: "无法读取已保存的会话（{0}）。",
      newer: "由更新版本的 BloomLab 保存的词仍保留在此浏览器中，但此版本无法打开它们。",
      previous: "你之前的词（{0}）保存在此浏览器中。",
      restore: "恢复之前的词（{0}）",
    },
  };
  let pageLang = linkLanguage() || savedLanguage() || browserLanguage() || "en";
  const say = (which, arg) => PAGE_TEXT[pageLang][which].replace("{0}", arg);
  // Numbers as the app writes them (src/app/model/format.cpp): ru and uk a narrow no-break space
  // (U+202F) between thousands and a decimal comma, en and zh "100,000" and "1.5".
  function pageNumber(n, places = 0) {
    const comma = pageLang === "ru" || pageLang === "uk";
    const [whole, fraction] = Math.abs(n).toFixed(places).split(".");
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? "\u202F" : ",");
    return (n < 0 ? "−" : "") + grouped + (fraction ? (comma ? "," : ".") + fraction : "");
  }
  // A count with its noun in the page language's plural form: "5 слов", "2 слова".
  function pageCount(noun, n) {
    const forms = PAGE_MESSAGES[pageLang][noun];
    const form = forms[new Intl.PluralRules(HTML_LANG[pageLang]).select(n)] || forms.other;
    return form.replace("{0}", pageNumber(n));
  }
  const message = (which, ...args) =>
    PAGE_MESSAGES[pageLang][which].replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)]));
  // The offer bar's texts ("Restore your previous words (N)"), again when the language changes.
  function previousTexts(count) {
    $("previous-text").textContent = message("previous", pageCount("words", count));
    $("previous-restore").textContent = message("restore", pageNumber(count));
  }
  function showPageLanguage(code) {
    pageLang = LANGS.includes(code) ? code : "en";
    document.documentElement.lang = HTML_LANG[pageLang];
    document.title = say(TITLE);
    $("retry").textContent = say(RETRY);
    $("previous-dismiss").textContent = say(DISMISS);
    $("previous-dismiss").setAttribute("aria-label", say(DISMISS));
    $("drop-hint").textContent = say(DROP);
    $("wheel-hint").textContent = say(WHEEL);
    canvas.setAttribute("aria-label", say(CANVAS));
    $("poster-title").textContent = say(TITLE);
    $("poster-text").textContent = say(START);
    if (!$("status").hidden && $("status").dataset.loading) $("status").textContent = say(LOADING);
    if (!$("previous").hidden && $("previous").dataset.count) previousTexts(Number($("previous").dataset.count));
  }
  showPageLanguage(pageLang);
  // The files the app asks for (Host::request_asset: lessons, programs, a language's catalog
  // and font), fetched beside the page once; a failed one is tried again when asked again.
  const assets = {};
  function fetchAsset(name) {
    if (!assets[name]) {
      assets[name] = fetch(name).then((r) => {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.arrayBuffer();
      });
      assets[name].catch(() => { delete assets[name]; });
    }
    return assets[name];
  }
  // The language the page opens in: its files are fetched beside the wasm, not after it, and
  // when here as the wasm starts (they usually are: 17 KB beside 400) handed over before the
  // first frame, so the page opens in its language rather than switching after a frame.
  // Chinese also needs its CJK font; without it the texts still come, their characters as boxes.
  // A language's files (src/app/model/i18n.h: kLanguageDir, catalog_file, kScriptFontFile).
  const LANG_DIR = "lang/";
  const languageFiles = (code) => (code === "zh" ? [LANG_DIR + "zh-font.ttf"] : []).concat([LANG_DIR + code + ".mo"]);
  // The language whose catalog `name` is ("lang/ru.mo": "ru"), else undefined.
  const catalogLanguage = (name) => (name.startsWith(LANG_DIR) && name.endsWith(".mo") ? name.slice(LANG_DIR.length, -3) : undefined);
  const prefetched = [];
  // The app starts once they have come or failed (a failed one is asked for again, and the app
  // says why), so a link's warnings and its first frame are in the page's language on any
  // machine; a server that never answers holds the start back LANGUAGE_WAIT_MS at most.
  const LANGUAGE_WAIT_MS = 10000;
  const languagePrefetch = pageLang === "en" ? null : Promise.race([
    Promise.allSettled(languageFiles(pageLang).map((name) => fetchAsset(name).then((bytes) => { prefetched.push([name, bytes]); }))),
    new Promise((resolve) => setTimeout(resolve, LANGUAGE_WAIT_MS)),
  ]);
  let languageWaits = [];  // setLanguage() promises, settled when the app shows the language

  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  ready.catch(() => {});  // a failure is shown on the page; an unobserved rejection is not an error

  function showStatus(text) { const s = $("status"); s.textContent = text; s.hidden = !text; delete s.dataset.loading; }
  function showFailure(text, retry) {
    showStatus("");
    $("failure-text").textContent = text;
    $("retry").hidden = !retry;
    $("failure").hidden = false;
    canvas.hidden = true;
  }
  $("retry").addEventListener("click", () => location.reload());
  // An iframe sandboxed with allow-scripts only (a common "safe" embed) gives the page no origin
  // of its own ("null"): its storage throws and its files cannot be fetched. It showed "Loading
  // BloomLab…" forever; the failure now says what the embed needs (a retry would not help).
  const sandboxed = () => self.origin === "null" && window.parent !== window;
  function showDownloadFailed() {
    if (sandboxed()) showFailure(say(SANDBOXED), false);
    else showFailure(say(NO_DOWNLOAD), true);
  }

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
  // Nothing bigger than a word list's limit (64 MiB, src/core/word_list.h) is ever copied into
  // the wasm heap: it is refused by its size first. And a copy that does not fit (malloc gives
  // 0 when the 1 GiB heap is full, e.g. beside a huge counting filter) is refused in words:
  // copying to address 0 overwrote the program's memory and killed it.
  // The limits are the core's (kMaxFileBytes, kMaxLineBytes in word_list.h), asked once.
  let coreLimits = null;
  const limits = () => (coreLimits ||= JSON.parse(Module.UTF8ToString(Module._bl_limits())));
  const listTooLarge = (n) => message("listTooLarge", pageCount("bytes", n), pageCount("bytes", limits().listBytes));
  const inputTooLarge = (n) => message("inputTooLarge", pageCount("bytes", n), pageCount("bytes", limits().listBytes));
  // Where the bytes go: a malloc'ed copy, freed after the call, or (a word list) the buffer the
  // list's reader will keep (bl_list_buffer in main_web.cpp).
  const heapBuffer = (n) => {
    const ptr = Module._malloc(n + 1);
    if (ptr) Module.HEAPU8[ptr + n] = 0;  // C strings (names, parameters) end here
    return { ptr, release: () => Module._free(ptr) };
  };
  const listBuffer = (n) => {
    if (n >= WORKER_FROM) startWriter();  // a large list: its save will want the writer
    return { ptr: Module._bl_list_buffer(n), release: () => Module._bl_drop_list_buffer() };
  };
  function withBytes(data, fn, tooLarge = inputTooLarge, into = heapBuffer) {
    const bytes = bytesOf(data);
    if (bytes.length > limits().listBytes) throw new Error(tooLarge(bytes.length));
    const buffer = into(bytes.length);
    if (!buffer.ptr) {
      throw new Error(message("noMemory", pageCount("bytes", bytes.length)));
    }
    try {
      Module.HEAPU8.set(bytes, buffer.ptr);
      return fn(buffer.ptr, bytes.length);
    } finally { buffer.release(); }
  }
  function withString(text, fn) { return withBytes(encoder.encode(String(text)), (ptr) => fn(ptr)); }
  // A name or a number for the API's judges (main_web.cpp text_arg): '%' and NUL written %25 and
  // %00, so that "standard\0x" reaches the judge whole rather than ending the C string at "standard".
  const withName = (text, fn) => withString(String(text).replace(/[%\0]/g, (c) => (c === "%" ? "%25" : "%00")), fn);
  // A number argument as text, read by the core's one reader (src/core/parse.h) as a link's are:
  // a number as JS writes it, a string as given, anything else as JSON (true, [64]), which no
  // number reads as (Number(true) was 1, Number([64]) 64).
  function numberText(v) {
    if (typeof v === "number" || typeof v === "string") return String(v);
    try { return JSON.stringify(v) ?? String(v); } catch (e) { return String(v); }
  }
  // Several strings at once: fn(ptr0, ptr1, ...).
  const withNames = (texts, fn, ptrs = []) => ptrs.length === texts.length ? fn(...ptrs)
    : withName(texts[ptrs.length], (ptr) => withNames(texts, fn, [...ptrs, ptr]));
  const wordTooLarge = (n) => message("wordTooLarge", pageCount("bytes", n), pageNumber(limits().wordBytes));
  const parse = (ptr) => JSON.parse(Module.UTF8ToString(ptr));
  // A refusal throws an Error with the UI's words, its code and arguments (the CLI's --json
  // codes for the same fault: m_range, list_empty, …).
  function check(answer) {
    if (answer && answer.ok === false) throw Object.assign(new Error(answer.error), { code: answer.code, args: answer.args });
    return answer;
  }
  // A number the caller gave, as (given, value): every double, -1 and NaN included, is a value
  // the C side judges; only an absent one keeps the current setting.
  const given = (v) => (v === undefined || v === null ? 0 : 1);

  // A measurement the app runs a slice per frame (speed(), family()): started, then waited for
  // until its state says it ended; rejected when a newer one replaced it or it ended without
  // a result (why(state) says why).
  async function measured(name, start, state, done, why) {
    check(start());
    const mine = state().started;
    for (;;) {
      const s = state();
      if (s.started !== mine) throw new Error(`${name}(): a newer measurement replaced this one`);
      if (!s.running) {
        if (done(s)) return s;
        throw new Error(`${name}(): ${why(s)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const api = {
    ready,
    version: "0.1.0",
    // The numbers go as text, read as a link's are (the same reader, the same words).
    // Any parameter of the schema by its key (m, k, variant, scheme, counters, n0, …): numbers
    // as numberText writes them, names as text; an absent (undefined, null) one keeps its value.
    setParams(p = {}) {
      const pairs = Object.entries(p).filter(([, v]) => given(v))
        .map(([key, v]) => `${encodeURIComponent(key)}=${encodeURIComponent(numberText(v))}`);
      return check(withName(pairs.join("&"), (ptr) => parse(Module._bl_set_params(ptr))));
    },
    add(word) { return check(withBytes(word, (ptr, n) => parse(Module._bl_add(ptr, n)), wordTooLarge)); },
    remove(word) { return check(withBytes(word, (ptr, n) => parse(Module._bl_remove(ptr, n)), wordTooLarge)); },
    query(word) { return check(withBytes(word, (ptr, n) => parse(Module._bl_query(ptr, n)), wordTooLarge)); },
    // The Code panel's program: "python" | "go" | "javascript" | "cpp"; rejects on another name.
    // Its templates are fetched when first wanted (programs.txt): it waits for them.
    async code(language) {
      await ready;
      Module._bl_load_code();
      await fetched("codeTexts", "the programs");
      const text = withName(language, (ptr) => Module.UTF8ToString(Module._bl_code(ptr)));
      if (text.startsWith("{\"ok\":false")) check(JSON.parse(text));
      return text;
    },
    loadPreset(name) { return check(withName(name, (ptr) => parse(Module._bl_load_preset(ptr)))); },
    // source: a file's name; none for pasted text.
    loadWords(text, source = "") {
      return check(withBytes(text, () => withName(source, (src) => parse(Module._bl_load_list(src))),
                             listTooLarge, listBuffer));
    },
    // Undo and redo any change of the words, the parameters or the preset (the UI's Ctrl+Z).
    undo() { return check(parse(Module._bl_undo())); },
    redo() { return check(parse(Module._bl_redo())); },
    canUndo() { return Module._bl_can_undo() !== 0; },
    canRedo() { return Module._bl_can_redo() !== 0; },
    measure(options = {}) {
      return check(withName(given(options.probes) ? numberText(options.probes) : "", (p) => parse(Module._bl_measure(p))));
    },
    setInserted(n) { return check(withName(given(n) ? numberText(n) : "", (t) => parse(Module._bl_set_inserted(t)))); },
    growth() { return parse(Module._bl_growth()); },
    memory() { return parse(Module._bl_memory()); },
    // The Speed panel's measurement (issue 11 §4): the standard and the blocked filter timed at
    // the current m and k and at 2^28 bits (outOfCache: false leaves it out), a slice per frame
    // (the panel shows its progress). Resolves, when done, with {rows: [{variant, m, words, keys:
    // "present"|"absent", mode: "one"|"batch", nsPerQuery, maybes, queries}], m, k, rounds, ms,
    // skipped}; rejects on bad options, when cancelled or replaced by a newer measurement.
    async speed(options = {}) {
      await ready;
      const count = (v) => (given(v) ? numberText(v) : "");
      return measured("speed", () => withNames([count(options.queries), count(options.rounds)], (queries, rounds) =>
        parse(Module._bl_speed_start(options.outOfCache === false ? 0 : 1, queries, rounds))), api.speedState,
        (s) => s.rows.length > 0, (s) => s.skipped || "the measurement was cancelled");
    },
    cancelSpeed() { return check(parse(Module._bl_speed_cancel())); },
    speedState() { return parse(Module._bl_speed()); },
    // The filter family panel's measurement (issue 35 §3) on the current words: a standard Bloom
    // filter at its best k, a blocked one, cuckoo filters (f = 8, 12, 16) and binary fuse filters
    // (f = 8, 16), each sized for the words, a slice per frame. Resolves, when done, with {words,
    // probes, rows: [{variant, params, bits, items, bitsPerItem, load, measured, falsePositives,
    // probes, theory, boundBits, overBound, nsPerQuery}], curves, can: {variant: {add, remove,
    // maxLoad, cacheLines}}}; rejects on bad options, without words, when cancelled, replaced by a
    // newer measurement, or stopped by a change of the words.
    async family(options = {}) {
      await ready;
      return measured("family", () => withName(given(options.probes) ? numberText(options.probes) : "",
        (p) => parse(Module._bl_family_start(p))), api.familyState, (s) => s.current,
        () => "the measurement was cancelled, or the words changed under it");
    },
    cancelFamily() { return check(parse(Module._bl_family_cancel())); },
    familyState() { return parse(Module._bl_family()); },
    // Work per frame since the last call ({frames, meanMs, maxMs}), for benchmarks.
    frameStats() { return parse(Module._bl_frame_stats()); },
    state() { return parse(Module._bl_state()); },
    // For the browser tests only: hold a list's loading where it is (true) or let it go on.
    _test: {
      holdLoading(on) { Module._bl_test_hold_loading(on ? 1 : 0); },
      deferredFirstCall: () => deferredFirstCall,  // build/web/src/platform/split-wasm/placeholders names it
    },
    // Resolves once the state on screen is kept: in the address and in the browser's session
    // store, with no write of it still going on (what a test waits on before it reloads).
    async kept() {
      await ready;
      while (!(Module._bl_state_kept() && writing === 0 && inWriter.size === 0))
        await new Promise((r) => setTimeout(r, 30));
    },
    // Presentation, step-through, touch and embed flags, the plot's rect, the screen-reader text.
    viewState() { return parse(Module._bl_view_state()); },
    // Resolves with viewState() once the page has come to rest: no input, action or work going
    // on, the frames after the last of them drawn, and everything where the frame before put it
    // (viewState().settled). What a test waits on after it acts, never a count of frames.
    async settled() {
      await ready;
      for (;;) {
        const v = api.viewState();
        if (v.settled) return v;
        await new Promise((r) => requestAnimationFrame(r));
      }
    },
    lastCopied() { return lastCopied; },  // what the app last put on the clipboard
    // Lessons: the list [{id, title, steps}], open one at a step (1-based), the open step
    // {id, step, steps, title, task}, and an answer to its task: a word, a number (a fraction for
    // predictions: 0.0082 for 0.82%), {m, k}, or {word: true|false} ("in the list") per candidate.
    // The lessons' texts are fetched when first wanted, in the language shown (lessons-<code>.txt):
    // these two wait for them.
    async lessons() { await lessonTexts(); return parse(Module._bl_lessons()); },
    async openLesson(id, step = 1) {
      await lessonTexts();
      return check(withNames([id, numberText(step)], (i, n) => parse(Module._bl_open_lesson(i, n))));
    },
    lesson() { return parse(Module._bl_lesson()); },
    answer(value) {
      if (typeof value === "string") return withBytes(value, (ptr, n) => parse(Module._bl_answer(0, ptr, n, 0, 0)), wordTooLarge);
      if (typeof value === "number") return parse(Module._bl_answer(1, 0, 0, value, 0));
      if (value && typeof value === "object" && ("m" in value || "k" in value))
        return parse(Module._bl_answer(2, 0, 0, Number(value.m), Number(value.k)));
      if (value && typeof value === "object") {
        for (const [word, inList] of Object.entries(value))
          withBytes(word, (ptr, n) => Module._bl_answer_label(ptr, n, inList ? 1 : 0), wordTooLarge);
        return parse(Module._bl_answer(3, 0, 0, 0, 0));
      }
      throw new Error("answer(value): a word, a number, {m, k} or {word: true|false}");
    },
    // The UI's language: "en" | "ru" | "uk" | "zh" (a locale such as "ru-RU" too). Resolves with
    // state() once the app shows it (its catalog fetched); rejects when the catalog cannot load.
    // A call still waiting when another asks for a different language is rejected ("replaced"),
    // as speed() is: it waited forever before.
    setLanguage(code) {
      check(withName(code, (ptr) => parse(Module._bl_set_language(ptr))));
      const want = langOf(code);
      const replaced = languageWaits.filter((w) => w.want !== want);
      languageWaits = languageWaits.filter((w) => w.want === want);
      for (const w of replaced)
        w.reject(new Error(`setLanguage("${w.want}"): replaced by setLanguage("${want}") before it was shown`));
      if (api.state().lang === want) return Promise.resolve(api.state());
      return new Promise((resolve, reject) => languageWaits.push({ want, resolve, reject }));
    },
    applyParams(query) { return withName(query, (ptr) => parse(Module._bl_apply_params(ptr))); },
    shareParams() { return Module.UTF8ToString(Module._bl_share_params()); },
    // The sessions this browser keeps for the page (newest first, without their words; writing:
    // the session writer has it in hand, not yet stored), and the
    // offer to restore the previous words (the page's "Restore your previous words (N)").
    sessions() {
      return [...records.values()].sort((a, b) => b.time - a.time).map((r) => ({
        id: r.id, time: r.time, count: r.count, link: r.link, bytes: wordBytes(r), mine: r.id === slotId, dismissed: !!r.dismissed,
        writing: [...inWriter.values()].includes(r) }));
    },
    previousOffered() { return offered ? offered.count : 0; },
    restorePrevious() { return check(restorePrevious()); },
    dismissPrevious,
    storageProblem() { return storageError; },
    // Resolves when queued words (a preset, a pasted list) are all in the filter, and what the
    // page asked for (the password list, the lessons' texts, the programs' templates) has come
    // or failed (state().awaiting).
    async idle() {
      await ready;
      for (;;) {
        const s = api.state();
        if (!s.loading.active && !s.awaiting) return s;
        await new Promise((r) => setTimeout(r, 30));
      }
    },
  };
  // The calls that reach the program answer "not ready yet" before it runs (they threw
  // "Module._bl_limits is not a function"); await bloomlab.ready first. The async ones wait.
  for (const name of ["setParams", "add", "remove", "query", "loadPreset", "loadWords", "undo", "redo", "canUndo",
                      "canRedo", "measure", "setInserted", "growth", "memory", "cancelSpeed", "speedState", "cancelFamily", "familyState",
                      "frameStats", "state", "viewState", "lesson", "answer", "setLanguage", "applyParams",
                      "shareParams", "restorePrevious"]) {
    const call = api[name];
    // setLanguage() answers with a promise: it rejects with the reason rather than throwing.
    const refuse = name === "setLanguage" ? (e) => Promise.reject(e) : (e) => { throw e; };
    api[name] = function (...args) {
      if (aborted) return refuse(new Error(`bloomlab.${name}(): BloomLab has stopped`));
      if (!(window.Module && Module.calledRun)) return refuse(new Error(`bloomlab.${name}(): not ready yet (await bloomlab.ready first)`));
      return call.apply(this, args);
    };
  }
  window.bloomlab = api;
  function assetArrived(name, bytes) {
    withString(name, (n) => withBytes(new Uint8Array(bytes), (ptr, size) => Module._bl_asset_arrived(n, ptr, size)));
  }
  async function lessonTexts() {
    await ready;
    Module._bl_load_lessons();
    await lessonTextsSettled();
  }
  const lessonTextsSettled = () => fetched("lessonTexts", "the lessons");
  // Waits until a fetched file (state()[key]: {ready, requested, error}) is in, or rejects.
  async function fetched(key, what) {
    for (;;) {
      const t = api.state()[key];
      if (t.ready) return;
      if (t.error) throw new Error(what + " did not load: " + t.error);
      await new Promise((r) => setTimeout(r, 30));
    }
  }
  let lastCopied = "";

  // ---- The page's preferences, read once at start (main_web.cpp unpacks the bits) ------------
  function pagePreferences() {
    const mq = (q) => !!(window.matchMedia && window.matchMedia(q).matches);
    return (mq("(prefers-color-scheme: light)") ? 1 : 0) | (mq("(prefers-contrast: more)") ? 2 : 0) |
           (mq("(prefers-reduced-motion: reduce)") ? 4 : 0) | (mq("(pointer: coarse)") ? 8 : 0);
  }

  // ---- Clipboard: the app asks from the frame of the click (still a user activation) ---------
  function copyText(text) {
    lastCopied = text;
    const fallback = () => {
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "offscreen";
      document.body.appendChild(area);
      area.select();
      try { document.execCommand("copy"); } catch (e) { console.warn("bloomlab: copy failed: " + e.message); }
      area.remove();
      canvas.focus();
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).catch(fallback);
    else fallback();
  }

  // ---- Word lists from files: "Open file…" (a hidden file input) and drag-and-drop -----------
  async function loadFile(file) {
    if (!file) return;
    try {
      // Refused by its size before it is read: a 133 MB file was read whole, then copied.
      if (file.size > limits().listBytes) throw new Error(listTooLarge(file.size));
      api.loadWords(new Uint8Array(await file.arrayBuffer()), file.name);
    } catch (e) {
      console.warn("bloomlab: " + file.name + ": " + e.message);
      showNotes([file.name + ": " + e.message]);
    }
  }
  const fileInput = $("file-input");
  fileInput.addEventListener("change", () => { loadFile(fileInput.files[0]); fileInput.value = ""; });
  document.addEventListener("dragover", (e) => {
    if (!e.dataTransfer || !Array.from(e.dataTransfer.types).includes("Files")) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    document.body.classList.add("dropping");
  });
  document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) document.body.classList.remove("dropping"); });
  document.addEventListener("drop", (e) => {
    document.body.classList.remove("dropping");
    if (!e.dataTransfer || !e.dataTransfer.files.length) return;
    e.preventDefault();
    loadFile(e.dataTransfer.files[0]);
  });

  // ---- The on-screen keyboard: a hidden input the app focuses while ImGui wants text ---------
  // A canvas never opens a phone's keyboard. While a text field is active (and the last pointer
  // was a finger), the page focuses #keyboard, placed over the field; what is typed there goes to
  // ImGui as text (bl_text_input) and editing keys (bl_key). A sentinel space stays in the input
  // so a Backspace on an "empty" field still fires an input event on every keyboard.
  // Nor does an input method (Chinese pinyin, Japanese) compose on a canvas: with a real keyboard
  // (`desk`), the word box's keys still reach SDL as they would from the canvas, and the input
  // takes only what an input method composes or inserts (the keys it uses are kept from SDL).
  const keyboard = $("keyboard");
  const SENTINEL = " ";
  const editKeys = { Backspace: 0, Enter: 1, ArrowLeft: 2, ArrowRight: 3, Home: 4, End: 5, Delete: 6, Tab: 7, Escape: 8 };
  let composing = false, lastPointer = "mouse", desk = false;
  window.addEventListener("pointerdown", (e) => { lastPointer = e.pointerType; }, true);
  // SDL cancels the mouse's default action, focus included: in an iframe the keyboard would stay
  // with the article. A mouse press on the canvas takes the keyboard explicitly.
  canvas.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch" && document.activeElement !== canvas) canvas.focus({ preventScroll: true });
  });
  function resetKeyboard() { keyboard.value = SENTINEL; keyboard.setSelectionRange(1, 1); }
  function sendText(text) { if (text) withString(text, (ptr) => Module._bl_text_input(ptr)); }
  function placeKeyboard(x, y, w, h) {
    keyboard.style.left = x + "px";
    keyboard.style.top = y + "px";
    keyboard.style.width = Math.max(w, 8) + "px";
    keyboard.style.height = Math.max(h, 8) + "px";
  }
  for (const type of ["keyup", "keypress"]) keyboard.addEventListener(type, (e) => {
    if (!desk || composing || e.isComposing) return e.stopPropagation();
    if (type === "keypress") e.preventDefault();  // SDL types it (it listens on window); the input stays empty
  });
  keyboard.addEventListener("keydown", (e) => {
    if (desk && !composing && !e.isComposing && e.keyCode !== 229) return;  // 229: the input method's
    e.stopPropagation();  // SDL listens on window: keys typed here reach ImGui through bl_* only
    if (composing || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key in editKeys) { e.preventDefault(); Module._bl_key(editKeys[e.key]); }
  });
  // What it composes so far shows at the field's caret (the app draws it: the input is invisible).
  function showComposing(text) { withString(text || "", (ptr) => Module._bl_composing(ptr)); }
  keyboard.addEventListener("compositionstart", () => { composing = true; });
  keyboard.addEventListener("compositionupdate", (e) => showComposing(e.data));
  keyboard.addEventListener("compositionend", (e) => { composing = false; showComposing(""); sendText(e.data); resetKeyboard(); });
  keyboard.addEventListener("input", (e) => {
    if (composing || e.isComposing) return;
    if (desk && e.inputType !== "insertText") return resetKeyboard();  // SDL had the key itself
    if (e.inputType === "deleteContentBackward") Module._bl_key(0);
    else if (e.inputType === "insertLineBreak") Module._bl_key(1);
    else if (e.inputType === "insertText" && e.data) sendText(e.data);
    else sendText(keyboard.value.startsWith(SENTINEL) ? keyboard.value.slice(SENTINEL.length) : keyboard.value);
    resetKeyboard();
  });
  // iOS opens the keyboard only for a focus() inside the touch's own handler: a tap on the word
  // box focuses the input at once; the app's next frames confirm (or blur) it.
  canvas.addEventListener("touchend", (e) => {
    const t = e.changedTouches[0];
    if (!t || !window.Module._bl_word_box) return;
    const [x, y, w, h] = parse(Module._bl_word_box());
    const r = canvas.getBoundingClientRect();
    const px = t.clientX - r.left, py = t.clientY - r.top;
    if (px >= x && px <= x + w && py >= y && py <= y + h) {
      placeKeyboard(x, y, w, h);
      resetKeyboard();
      keyboard.focus({ preventScroll: true });
    }
  });
  function textInput(wanted, x, y, w, h) {
    if (wanted) {  // called every frame while wanted: a click on the canvas took the focus back
      desk = lastPointer !== "touch" && lastPointer !== "pen";
      placeKeyboard(x, y, w, h);  // the input method's candidates open beside the field
      if (document.activeElement !== keyboard) { resetKeyboard(); keyboard.focus({ preventScroll: true }); }
    } else if (document.activeElement === keyboard) {
      if (desk) canvas.focus({ preventScroll: true }); else keyboard.blur();
    }
  }

  // ---- Paste: the system clipboard reaches ImGui through the page's paste event -------------
  // SDL cancels every Ctrl key (so no paste event would fire) and keeps a clipboard of its own.
  // So Ctrl/Cmd+V is kept from SDL (window, capture phase: before SDL's listener); the browser
  // then fires `paste` with the system clipboard's text, which bl_paste puts on SDL's clipboard
  // with a Ctrl+V for ImGui. Standard DOM (ClipboardEvent.clipboardData), no permission prompt.
  // The hidden input of the on-screen keyboard gets its paste as typed text instead.
  window.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === "v" || e.key === "V") && (e.target !== keyboard || desk))
      e.stopImmediatePropagation();
  }, true);
  document.addEventListener("paste", (e) => {
    if ((keyboard === e.target && !desk) || !Module.calledRun || !e.clipboardData) return;
    const text = e.clipboardData.getData("text/plain");
    if (!text) return;
    e.preventDefault();
    try { withString(text, (ptr) => Module._bl_paste(ptr)); }
    catch (err) { console.warn("bloomlab: paste: " + err.message); showNotes(["Paste: " + err.message]); }
  });

  // A character outside the BMP (an emoji from the system's picker) typed on the canvas: SDL
  // makes text of a keypress's charCode, which the engines fill differently and never with the
  // whole character: Firefox sends one keypress per UTF-16 surrogate, Chromium one keypress whose
  // charCode is the high surrogate alone. SDL would type broken halves (one U+FFFD per half), so
  // the page passes the whole character to ImGui itself and keeps the keypress from SDL.
  let highSurrogate = "";
  window.addEventListener("keypress", (e) => {
    if ((keyboard === e.target && !desk) || !window.Module || !Module._bl_text_input) return;
    const c = e.charCode;
    let text = "";
    if (e.key.length === 2 && e.key.codePointAt(0) > 0xffff) text = e.key;  // the whole character
    else if (c >= 0xd800 && c <= 0xdbff) highSurrogate = String.fromCharCode(c);  // its first half
    else if (c >= 0xdc00 && c <= 0xdfff) text = highSurrogate && highSurrogate + String.fromCharCode(c);
    else { highSurrogate = ""; return; }
    if (text) highSurrogate = "";
    e.stopImmediatePropagation();
    e.preventDefault();
    sendText(text);
  }, true);

  // ---- An embed's wheel and swipes belong to the article when the embed cannot use them -------
  // SDL takes every wheel event over the canvas (and the canvas takes every touch: touch-action
  // none). In an embed the wheel scrolls the article until the reader clicks into the embed (a
  // hint says so, as maps do; leaving the frame for the article ends it); then a wheel the
  // column under the pointer cannot scroll further is kept from SDL, so the browser scrolls the
  // article around the iframe. While every column fits, a vertical swipe pans the article
  // (touch-action pan-y; sideways drags still reach sliders).
  let embedded = false, engaged = false, wheelHintTimer = 0;
  function pageScroll(embed, appScrolls) {
    embedded = embed;
    canvas.style.touchAction = embed && !appScrolls ? "pan-y" : "";
  }
  function wheelHint(shown) {
    clearTimeout(wheelHintTimer);
    $("wheel-hint").hidden = !shown;
    if (shown) wheelHintTimer = setTimeout(() => { $("wheel-hint").hidden = true; }, 1500);
  }
  window.addEventListener("pointerdown", () => { engaged = true; wheelHint(false); }, true);
  window.addEventListener("blur", () => { engaged = false; });
  window.addEventListener("wheel", (e) => {
    if (!embedded || e.ctrlKey || e.metaKey || !window.Module || !Module._bl_can_scroll) return;
    const r = canvas.getBoundingClientRect();
    const canScroll = Module._bl_can_scroll(e.clientX - r.left, e.clientY - r.top, e.deltaY);
    if (!engaged || !canScroll) e.stopPropagation();
    if (!engaged && canScroll) wheelHint(true);
  }, true);

  // Ctrl/Cmd+K is the app's "word box" key, not the browser's search.
  window.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && (e.key === "k" || e.key === "K")) e.preventDefault();
  });

  // ---- Sessions kept in IndexedDB (main_web.cpp decides what and when) ----------------------
  // A record {v, id, tab, time, link, params, words, count}: link is the state's address
  // parameters, params and words what restore it (words: the bytes of encode_session_words,
  // when the link cannot carry them all; exact bytes, up to a 64 MiB list). Each tab writes its
  // own record, so two tabs, or a share link opened over a session, never overwrite each other's
  // words: a few recent records are kept, and a page that opened with fewer words than one of
  // them offers "Restore your previous words (N)". A record whose words were replaced (a preset,
  // Empty, a removed word) keeps the larger "before" copy, which the next visit offers too.
  // localStorage (5 MB, strings only) was the store before: its session is moved over once.
  const DB_NAME = "bloomlab", STORE = "sessions", LEGACY_KEY = "bloomlab.session", KEEP = 5;
  // The records' version: 2 since issue 37 (version 1 had none). A newer one is left as it is.
  const SESSION_VERSION = 2;
  const sessionNotes = [];  // said with the link's warnings as the page opens
  let db = null, storageError = "", aborted = false;
  const records = new Map();  // id -> record, as stored
  let tabId = "", slotId = "", chosen = null, offered = null;
  try {
    if (linkEmbed) throw new Error("an embed keeps nothing");
    tabId = sessionStorage.getItem("bloomlab.tab") || "";
    if (!tabId) { tabId = Math.random().toString(36).slice(2, 10); sessionStorage.setItem("bloomlab.tab", tabId); }
  } catch (e) { tabId = Math.random().toString(36).slice(2, 10); }
  const newSlot = () => tabId + "-" + Date.now().toString(36);
  const isRecord = (r) => r && typeof r.id === "string" && typeof r.link === "string" &&
    typeof r.params === "string" && r.words instanceof Uint8Array && Number.isFinite(r.count);
  // The words in a record's bytes (a 4-byte little-endian length, then the word), as the core
  // walks them (decode_session_words): up to where the bytes end inside a word.
  function countWords(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let n = 0;
    for (let at = 0; at + 4 <= bytes.length; ++n) {
      const len = view.getUint32(at, true);
      if (len > bytes.length - at - 4) break;
      at += 4 + len;
    }
    return n;
  }
  // A stored record is checked, not trusted (issue 37): what is wrong with it ("" if nothing),
  // after mending what can be mended. Its count is the words its bytes hold (a count of 10^15 was
  // offered as "Restore your previous words (1,000,000,000,000,000)"); a time in the future is
  // taken as the oldest (such a record was always the one restored).
  const MOST_WORDS = 1 << 24;  // a record whose words travel in its link has far fewer
  function recordProblem(r) {
    if (!isRecord(r)) return "not a saved session";
    if (r.v !== undefined && !(Number.isSafeInteger(r.v) && r.v >= 1)) return "its version is not a number";
    if (r.v > SESSION_VERSION) return "newer";
    if (!Number.isFinite(r.time)) return "its time is not a number";
    if (r.time > Date.now() + 86400e3) {
      console.warn("bloomlab: a saved session's time is in the future: taken as the oldest");
      r.time = 0;
    }
    if (r.words.length) {
      const count = countWords(r.words);
      if (r.count !== count) console.warn(`bloomlab: a saved session said ${r.count} words and holds ${count}`);
      r.count = count;
    } else if (!(Number.isSafeInteger(r.count) && r.count >= 0 && r.count <= MOST_WORDS)) {
      return "its count of words is not a count";
    }
    return "";
  }

  function storageProblem(text) {
    storageError = text;
    console.warn("bloomlab: " + text);
    const note = $("storage");
    note.textContent = text;
    note.hidden = false;
  }
  function clearStorageProblem() { if (storageError) { storageError = ""; $("storage").hidden = true; } }

  // The legacy localStorage session ({v: 1, link, params, words: lines}) as a record.
  function legacyRecord() {
    let raw = null;
    try { raw = localStorage.getItem(LEGACY_KEY); } catch (e) { return null; }
    if (raw === null) return null;
    try { localStorage.removeItem(LEGACY_KEY); } catch (e) { /* read-only storage */ }
    try {
      const saved = JSON.parse(raw);
      const ok = saved && saved.v === 1 && ["link", "params", "words"].every((key) => typeof saved[key] === "string");
      if (!ok) throw new Error("not a saved session");
      const words = saved.words.split("\n").filter((w) => w).map((w) => encoder.encode(w));
      const bytes = new Uint8Array(words.reduce((n, w) => n + 4 + w.length, 0));
      let at = 0;
      for (const w of words) { new DataView(bytes.buffer).setUint32(at, w.length, true); bytes.set(w, at + 4); at += 4 + w.length; }
      return { v: SESSION_VERSION, id: "legacy", tab: "", time: Date.now(), link: saved.link, params: saved.params, words: bytes, count: words.length };
    } catch (e) {
      console.warn("bloomlab: the saved session is unreadable and was ignored (" + e.message + ")");
      return null;
    }
  }

  // Opens the store and reads every record, before the program starts (it restores one of them
  // synchronously). Gives up after 3 s: the app then starts without them, and says so.
  function openSessions() {
    // An embed (embed=1) keeps nothing: no store opened, no writer started, nothing the
    // article's origin could find in its storage.
    if (linkEmbed) return Promise.resolve();
    const legacy = legacyRecord();
    if (legacy) records.set(legacy.id, legacy);
    return new Promise((resolve) => {
      const done = (problem) => { if (problem) storageError = problem; resolve(); };
      const timer = setTimeout(() => done("this browser did not open its storage in time: your words will not be kept between visits"), 3000);
      let request;
      try { request = indexedDB.open(DB_NAME, 1); }
      catch (e) { clearTimeout(timer); done("this browser keeps no data for this page (" + e.message + "): your words will not be kept between visits"); return; }
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
      request.onerror = () => { clearTimeout(timer); done("this browser keeps no data for this page (" + (request.error && request.error.message) + "): your words will not be kept between visits"); };
      request.onsuccess = () => {
        db = request.result;
        const all = db.transaction(STORE, "readonly").objectStore(STORE).getAll();
        all.onsuccess = () => {
          clearTimeout(timer);
          let newer = 0;
          for (const r of all.result) {
            const problem = recordProblem(r);
            if (!problem) records.set(r.id, r);
            else if (problem === "newer") newer = Math.max(newer, r.v);  // kept as it is, not pruned
            else console.warn("bloomlab: a saved session is unreadable and was ignored (" + problem + ")");
          }
          if (newer) {
            console.warn(`bloomlab: a saved session of version ${newer} is newer than this page's (${SESSION_VERSION})`);
            sessionNotes.push(message("newer"));
          }
          if (legacy) put(legacy);
          // The writer starts when a large list first comes (listBuffer, stageWords): a visit
          // with small lists never downloads it.
          if ([...records.values()].some((r) => wordBytes(r) >= WORKER_FROM)) startWriter();
          resolve();
        };
        all.onerror = () => { clearTimeout(timer); done(message("notRead", all.error && all.error.message)); };
      };
    });
  }

  // A record's words: its bytes, or null once handed over to the writer below (wordBytes long).
  const wordBytes = (r) => (r.words ? r.words.length : r.wordBytes || 0);
  function notSaved(record, why) {
    const mb = pageNumber(wordBytes(record) / 1048576, 1) + " MB";
    storageProblem(message("notSaved", [why, pageCount("words", record.count), mb].join(", ")));
  }

  // A record with a large list is written by a Worker (session-writer.js): putting a million
  // words' 16 MB here held the page 150-220 ms a save, and copying them to it 50 ms more. Their
  // bytes are handed over (transferred, not copied): the page keeps the record without them, and
  // the writer keeps the last words of each record it wrote, for a record that reuses them (only
  // the parameters changed, or the words kept apart before a preset replaced them). A record the
  // writer holds goes there again, so that the writes of one record land in the order they were
  // made. Until the writer says it runs, or where none can (or it fails), the page writes them.
  const WORKER_FROM = 1 << 20;  // bytes of words
  let writer = null, writerReady = false, writerSeq = 0, writerFailed = false;
  const inWriter = new Map();   // seq -> record, sent and not yet answered
  let writing = 0;              // the page's own writes (putHere) not yet complete
  function startWriter() {
    if (writer || writerFailed || !db) return;
    try {
      writer = new Worker("session-writer.js");
    } catch (e) {
      console.warn("bloomlab: no session writer (" + e.message + "); the page saves the words itself");
      writerFailed = true;
      return;
    }
    writer.onmessage = (e) => {
      if (e.data.ready) { writerReady = true; return; }
      const record = inWriter.get(e.data.seq);
      inWriter.delete(e.data.seq);
      if (!record) return;
      delete record.unsaved;
      if (e.data.ok) clearStorageProblem();
      else notSaved(record, e.data.error);
    };
    writer.onerror = (e) => {
      if (e && e.preventDefault) e.preventDefault();
      console.warn("bloomlab: the session writer stopped (" + ((e && e.message) || "it did not start") + ")");
      writer = null;
      writerFailed = true;  // not started again: the page saves the words itself
      writerReady = false;
      for (const record of inWriter.values()) notSaved(record, "the session writer stopped");
      inWriter.clear();
    };
  }

  // A large list's words on their way to a save, a piece a frame (main_web.cpp): null drops them.
  let staged = [], leaving = false;
  const join = (pieces) => {
    const all = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    pieces.reduce((at, p) => { all.set(p, at); return at + p.length; }, 0);
    return all;
  };
  function stageWords(bytes) {
    startWriter();
    if (bytes) staged.push(bytes);
    else staged = [];
  }

  function put(record, removed = []) {
    if (!db) { storageProblem(storageError || message("noStorage")); return; }
    const inHand = inWriter.size > 0 && [...inWriter.values()].some((r) => r.id === record.id);
    // Leaving the page: a record the page still has whole is written here, at once (the writer
    // may be stopped with the page before it gets to it).
    if (leaving && !inHand && !record.tailOf && (record.words || record.pieces)) {
      if (record.pieces) record.words = join(record.pieces);
      delete record.pieces;
      putHere(record, removed);
      return;
    }
    const held = !record.words || record.tailOf || record.pieces || inHand;
    if (held || (record.words.length >= WORKER_FROM && writerReady)) {
      if (!writer) { notSaved(record, "the session writer stopped"); return; }
      const seq = ++writerSeq;
      const sent = { seq, db: DB_NAME, store: STORE, record: { ...record }, removed };
      const words = record.words, pieces = record.pieces;
      if (!pieces && !words) sent.wordsOf = record.wordsOf || record.id;  // the words it holds
      if (record.tailOf) sent.appendTo = record.tailOf;       // the words it holds, then these
      for (const key of ["wordsOf", "wordBytes", "tailOf", "pieces"]) delete sent.record[key];
      if (words) {
        record.wordBytes = (record.tailOf ? record.wordBytes : 0) + words.length;
        record.words = null;  // the writer keeps them
      }
      if (pieces) record.wordBytes = pieces.reduce((n, p) => n + p.length, 0);
      // Whole words are kept until the writer has stored them: a page left meanwhile writes them
      // itself (a 62.5 MiB list takes the writer ~2 s). The writer gets a copy made here and
      // handed over (postMessage's own copy of a million words' 17 MB held the page 90 ms in one
      // frame; slice() copies them in a few). Pieces are joined by the writer.
      const whole = !record.tailOf && (words || pieces);
      if (whole) record.unsaved = pieces || [words];
      const handed = whole ? record.unsaved.map((p) => p.slice()) : words ? [words] : [];
      if (pieces) sent.pieces = handed;
      else if (words) sent.record.words = handed[0];
      delete record.tailOf;
      delete record.pieces;
      inWriter.set(seq, record);
      writer.postMessage(sent, handed.map((p) => p.buffer));
      return;
    }
    putHere(record, removed);
  }

  function putHere(record, removed) {
    try {
      const tx = db.transaction(STORE, "readwrite");
      const store = tx.objectStore(STORE);
      store.put(record);
      for (const id of removed) store.delete(id);
      ++writing;
      tx.oncomplete = () => { --writing; if (!tx.failed) clearStorageProblem(); };
      const failed = (e) => {
        if (!tx.failed) --writing;
        tx.failed = true;
        notSaved(record, (tx.error || (e && e.target && e.target.error) || {}).name || "unknown error");
      };
      tx.onerror = failed;
      tx.onabort = failed;
      if (tx.commit) tx.commit();  // now, not when the task ends: the page may be going away
    } catch (e) {
      const why = (e.name || "Error") + ": " + String(e.message).replace(/\.$/, "");
      storageProblem(message("notSaved", [why, pageCount("words", record.count)].join(", ")));
    }
  }

  // Oldest first out, beyond KEEP records; the one with the most words stays whatever its age.
  function prune() {
    const all = [...records.values()].sort((a, b) => b.time - a.time);
    const largest = all.reduce((best, r) => (!best || r.count > best.count ? r : best), null);
    return all.slice(KEEP).filter((r) => r !== largest && r.id !== slotId).map((r) => { records.delete(r.id); return r.id; });
  }

  // main_web.cpp: the state changed (throttled). replaced: the words saved before are not the
  // start of these (a preset, Empty, a removal): the old ones are kept apart, the larger copy.
  // from >= 0: `words` are those after the first `from` words saved last (words were added);
  // false when this record does not have those (main_web.cpp then sends them all).
  // from -2: the words are the pieces handed over by stageWords (a large list, a piece a frame).
  function saveSession(link, params, words, count, replaced, from) {
    if (!slotId) slotId = newSlot();
    const old = records.get(slotId);
    let tailOf = null, pieces = null;
    if (from === -2) {
      pieces = staged;
      staged = [];
      if (!writerReady) {  // no writer to join them: joined here
        words = join(pieces);
        pieces = null;
      }
    }
    if (from >= 0) {
      if (!old || old.count !== from || (!old.words && !writer)) return false;
      if (old.words) {  // the page holds them (a small list): joined here
        const all = new Uint8Array(old.words.length + words.length);
        all.set(old.words);
        all.set(words, old.words.length);
        words = all;
      } else {
        tailOf = old;  // the writer holds them: it joins them
      }
    }
    if (replaced && old && old.count > 0) {
      const beforeId = slotId + ":before", before = records.get(beforeId);
      if (!before || before.count <= old.count) {
        const copy = { ...old, id: beforeId, time: Date.now() - 1, dismissed: false };
        if (!copy.words) copy.wordsOf = old.id;  // the writer holds them
        records.set(beforeId, copy);
        put(copy);
      }
    }
    // words null: unchanged since the last save (main_web.cpp saves only the parameters then).
    if (!words && !pieces) words = old ? old.words : new Uint8Array(0);  // null: the writer holds them
    const record = { v: SESSION_VERSION, id: slotId, tab: tabId, time: Date.now(), link, params, words, count };
    if (!words) record.wordBytes = old ? old.wordBytes : 0;
    if (tailOf) { record.tailOf = tailOf.id; record.wordBytes = tailOf.wordBytes; }
    if (pieces) { record.words = null; record.pieces = pieces; }
    records.set(slotId, record);
    put(record, prune());
    return true;
  }

  // main_web.cpp, as the page opens: the session to restore for the page's own parameters `own`
  // (the fragment, or the query): without any, the most recent; otherwise one whose link is
  // exactly `own` (a reload), this tab's first. Its record is then the one this tab writes, if
  // this tab wrote it; else the tab starts a record of its own.
  function chooseSession(own) {
    const all = [...records.values()].filter((r) => !r.id.endsWith(":before")).sort((a, b) => b.time - a.time);
    const mine = all.filter((r) => r.tab === tabId);
    chosen = own ? (mine.find((r) => r.link === own) || all.find((r) => r.link === own) || null)
                 : (all[0] || null);
    slotId = chosen && chosen.tab === tabId ? chosen.id : newSlot();
    return chosen;
  }

  // After opening: a saved session with more words than the page opened with (a link opened
  // over it, a second tab, a reload that could not restore it, the words before a preset) is
  // offered, the most recent first, until it is restored or dismissed.
  function offerPrevious(count) {
    const all = [...records.values()].sort((a, b) => b.time - a.time);
    offered = all.find((r) => r !== chosen && r.id !== slotId && !r.dismissed && r.count > count) || null;
    const bar = $("previous");
    bar.dataset.decided = "1";  // the tests wait on it: offered or not, the page has looked
    if (!offered) { bar.hidden = true; return; }
    bar.dataset.count = offered.count;
    previousTexts(offered.count);
    bar.hidden = false;
  }
  function restorePrevious() {
    if (!offered) throw new Error("no previous words to restore");
    chosen = offered;
    offered = null;
    $("previous").hidden = true;
    return JSON.parse(Module.UTF8ToString(Module._bl_restore_chosen()));
  }
  function dismissPrevious() {
    if (!offered) return;
    offered.dismissed = true;
    put(offered);
    offered = null;
    $("previous").hidden = true;
  }
  $("previous-restore").addEventListener("click", () => {
    try { restorePrevious(); } catch (e) { showNotes([e.message]); }
    canvas.focus();
  });
  $("previous-dismiss").addEventListener("click", () => { dismissPrevious(); canvas.focus(); });

  window.addEventListener("pagehide", () => {
    leaving = true;
    if (!aborted && window.Module && Module._bl_keep_state_now && Module.calledRun) Module._bl_keep_state_now();
    // Whole words the writer has not stored yet: written here (it may stop with the page).
    for (const r of inWriter.values()) {
      if (!r.unsaved || !db) continue;
      const { id, tab, time, link, params, count, dismissed } = r;
      putHere({ v: SESSION_VERSION, id, tab, time, link, params, words: join(r.unsaved), count, dismissed: !!dismissed }, []);
      delete r.unsaved;
    }
  });
  window.addEventListener("pageshow", () => { leaving = false; });  // back from the cache

  // ---- Failures of the environment ------------------------------------------------------------
  // Probe on a throwaway canvas: the app's canvas must get its context from Emscripten, with
  // Emscripten's attributes.
  const probe = document.createElement("canvas").getContext("webgl2");
  // Let the probe's context go at once: Chromium keeps 16 WebGL contexts per page and loses the
  // oldest for a 17th, and on a page of embeds every probe would count.
  if (probe) { const lose = probe.getExtension("WEBGL_lose_context"); if (lose) lose.loseContext(); }
  if (!probe) {
    showFailure(say(NO_WEBGL2), false);
    rejectReady(new Error("WebGL2 is not available"));
    return;
  }
  if (typeof WebAssembly !== "object") {
    showFailure(say(NO_WASM), false);
    rejectReady(new Error("WebAssembly is not available"));
    return;
  }

  // ---- The wasm's deferred part (tools/split-wasm.mjs) ---------------------------------------
  // What a first visit does not run (lessons, the Code panel, the speed test ...) is a second
  // file. It downloads and compiles at the reader's first touch, key or wheel on the page; the
  // first call into it before then fetches it on the spot, synchronously (the call cannot wait).
  const DEFERRED = "bloomlab-wasm.deferred.wasm";
  let deferred = null;  // the compiled part, once here
  let deferredLoading = null;
  let deferredFirstCall = null;  // the placeholder (table slot) whose call loaded it: tests name it
  function prefetchDeferred() {
    deferredLoading ||= fetch(DEFERRED, { credentials: "same-origin" })
      .then((r) => { if (!r.ok) throw new Error(`${DEFERRED}: HTTP ${r.status}`); return r.arrayBuffer(); })
      .then((bytes) => WebAssembly.compile(bytes))
      .then((module) => { deferred ||= module; })
      .catch(() => { deferredLoading = null; });  // the first call fetches it again, and says so if it cannot
  }
  for (const type of ["pointerdown", "keydown", "touchstart", "wheel"]) {
    window.addEventListener(type, prefetchDeferred, { capture: true, once: true, passive: true });
  }
  function deferredNow() {
    if (deferred) return deferred;
    const xhr = new XMLHttpRequest();
    xhr.open("GET", DEFERRED, false);  // bytes through a text response: a synchronous request has no arraybuffer
    xhr.overrideMimeType("text/plain; charset=x-user-defined");
    try { xhr.send(); } catch { /* reported below */ }
    if (xhr.status !== 200) {
      showDownloadFailed();
      throw new Error(`${DEFERRED} could not be downloaded (${xhr.status || "no answer"})`);
    }
    const text = xhr.responseText, bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 255;
    return (deferred = new WebAssembly.Module(bytes));
  }

  // ---- The Module object Emscripten's output reads -----------------------------------------
  window.Module = {
    canvas,
    print: (text) => console.log(text),
    // The runtime's two notes around loading the deferred part are not news to the reader.
    printErr: (text) => { if (!/^(placeholder function called|instantiated deferred module)/.test(text)) console.warn(text); },
    loadSplitModule(file, imports, placeholder) {
      deferredFirstCall = placeholder;
      const module = deferredNow();
      return [new WebAssembly.Instance(module, imports), module];
    },
    onAbort(what) {
      aborted = true;
      // Before the program ran, the abort is Emscripten giving up on the .wasm download.
      if (!Module.calledRun) showDownloadFailed();
      // The reason in parentheses, when Emscripten gave one (an out-of-memory abort gives none:
      // the page said "stopped unexpectedly ()").
      else showFailure(say(STOPPED, what ? (pageLang === "zh" ? "（" + what + "）" : " (" + what + ")") : ""), true);
      rejectReady(new Error(String(what)));
    },
    bloomlabFrameDrawn(frames) {
      if (frames >= 2) {
        showStatus("");
        // The app's own context (getContext hands back the one Emscripten made): its
        // WEBGL_lose_context is what can ask for it back once lost (see restoreGraphics).
        const gl = canvas.getContext("webgl2");
        loseContext = gl && gl.getExtension("WEBGL_lose_context");
        if (!api.viewState().embed) {  // an embed keeps nothing and offers nothing
          if (storageError) storageProblem(storageError);
          api.idle().then((s) => offerPrevious(s.wordCount));
        }
        // A link that opens a lesson (lesson=...) is ready once that lesson is on screen.
        const t = api.state().lessonTexts;
        if (t.requested && !t.ready && !t.error) lessonTextsSettled().catch(() => {}).then(() => resolveReady(api));
        else resolveReady(api);
      }
    },
    bloomlabParamWarnings(warnings) {
      for (const w of warnings) console.warn("bloomlab: " + w);
      showNotes(warnings.concat(sessionNotes));
    },
    bloomlabAnnounce(text) { $("live").textContent = text; },
    bloomlabPagePreferences: pagePreferences,
    bloomlabCopyText: copyText,
    bloomlabPageLanguage() {
      const saved = savedLanguage();
      return saved ? "!" + saved : browserLanguage();
    },
    bloomlabStartWhenLanguageReady() {
      if (!languagePrefetch) Module._bl_start();
      else languagePrefetch.then(() => { if (!aborted) Module._bl_start(); });
    },
    bloomlabInstallPrefetched() {
      for (const [name, bytes] of prefetched.splice(0)) assetArrived(name, bytes);
    },
    bloomlabLanguageShown(code) {
      showPageLanguage(code);
      const done = languageWaits.filter((w) => w.want === code);
      languageWaits = languageWaits.filter((w) => w.want !== code);
      for (const w of done) w.resolve(api.state());
    },
    bloomlabOpenFile() { fileInput.click(); },
    bloomlabTextInput: textInput,
    bloomlabPageScroll: pageScroll,
    // The state in the fragment, so a reload or a copied address restores it (throttled by the app).
    bloomlabKeepState(params) {
      try { history.replaceState(history.state, "", location.pathname + location.search + "#" + params); }
      catch (e) { console.warn("bloomlab: cannot keep the state in the address: " + e.message); }
    },
    bloomlabSaveSession: saveSession,
    bloomlabStageWords: stageWords,
    bloomlabChooseSession: chooseSession,
    bloomlabChosenSession: () => chosen,
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
    // A file the app asked for (lessons-ru.txt, programs.txt, lang/ru.mo ...), fetched beside the page.
    async bloomlabFetchAsset(name) {
      let bytes;
      try {
        bytes = await fetchAsset(name);
      } catch (e) {
        console.warn("bloomlab: " + name + " did not load: " + e.message);
        // The app words why (in the reader's language); the browser's detail goes with it.
        withString(name, (n) => withString(e.message, (why) => Module._bl_asset_failed(n, why)));
        const code = catalogLanguage(name);  // setLanguage() waits on it
        const failed = languageWaits.filter((w) => w.want === code);
        languageWaits = languageWaits.filter((w) => w.want !== code);
        for (const w of failed) w.reject(new Error("the " + code + " texts did not load (" + e.message + ")"));
        return;
      }
      assetArrived(name, bytes);
    },
    async bloomlabFetchPasswords() {
      try {
        const response = await fetch("passwords-10k.txt");
        if (!response.ok) throw new Error("HTTP " + response.status);
        const bytes = new Uint8Array(await response.arrayBuffer());
        withBytes(bytes, (ptr, n) => Module._bl_password_list_arrived(ptr, n), listTooLarge);
      } catch (e) {
        console.warn("bloomlab: the password list did not load: " + e.message);
        withString(e.message, (ptr) => Module._bl_password_list_failed(ptr));
      }
    },
  };

  // ---- WebGL context loss (a GPU reset, WEBGL_lose_context, a 17th context on the page) -------
  // The browser gives the context back only if the page asks (preventDefault); the state stays
  // in the wasm module, and the GL objects (font atlas, bit texture, shaders) are recreated
  // before the next frame. Meanwhile the page says what happened instead of a blank canvas.
  // A context Chromium took for a 17th one on the page comes back only when asked
  // (restoreContext): on a click or tap here, not by itself, which would take another's.
  let loseContext = null, contextLost = false;
  const restoreGraphics = () => {
    if (!contextLost || !loseContext) return;
    try { loseContext.restoreContext(); } catch (e) { console.warn("bloomlab: cannot restore the graphics: " + e.message); }
  };
  canvas.addEventListener("webglcontextlost", (e) => {
    e.preventDefault();
    contextLost = true;
    console.warn("bloomlab: the browser reset the graphics (WebGL context lost); restoring");
    showStatus(say(GRAPHICS_RESET));
  });
  canvas.addEventListener("webglcontextrestored", () => {
    contextLost = false;
    if (Module._bl_gl_context_restored) Module._bl_gl_context_restored();
    showStatus("");
  });
  canvas.addEventListener("pointerdown", restoreGraphics);
  $("status").addEventListener("pointerdown", restoreGraphics);

  // The canvas follows its container: tell SDL (which listens to window resizes) when it changes.
  new ResizeObserver(() => window.dispatchEvent(new Event("resize"))).observe(canvas);
  // A phone's on-screen keyboard covers the bottom of the page without resizing it: only the
  // visual viewport shrinks. The canvas takes the height the keyboard leaves, so the app lays out
  // for what the reader sees and scrolls the field being typed in (and its verdict) above the
  // keyboard. Not for a pinch zoom (scale > 1), which the reader scrolls around themselves.
  const visual = window.visualViewport;
  if (visual) {
    const fitVisual = () => {
      const covered = visual.scale <= 1.01 && visual.height < window.innerHeight - 1;
      canvas.style.height = covered ? `${visual.height}px` : "";
      canvas.style.top = covered ? `${visual.offsetTop}px` : "";
    };
    visual.addEventListener("resize", fitVisual);
    visual.addEventListener("scroll", fitVisual);
  }

  const script = document.createElement("script");
  script.src = "bloomlab-wasm.js";
  script.onerror = () => {
    showDownloadFailed();
    rejectReady(new Error("bloomlab-wasm.js failed to load"));
  };
  // start=click (an article with several embeds): a poster, a few kilobytes, until the reader
  // clicks it or presses Enter or Space on it; only then the app downloads. Its picture is the
  // link's preset's bit array, drawn at build time by the app's own model (tools/poster.cpp).
  const start = () => openSessions().then(() => document.body.appendChild(script));
  if (onClick) {
    const poster = $("poster"), picture = $("poster-picture");
    const preset = ["tiny", "passwords", "python", "empty"].includes(linkParams.get("preset")) ? linkParams.get("preset")
      : linkParams.has("words") ? "empty" : "tiny";
    picture.onload = picture.onerror = () => { poster.dataset.ready = "1"; };
    picture.src = "poster-" + preset + ".svg";
    $("status").hidden = true;
    poster.hidden = false;
    canvas.style.visibility = "hidden";  // nothing to focus or see there until the app runs: Tab reaches the poster
    $("poster-start").addEventListener("click", () => {
      poster.hidden = true;
      canvas.style.visibility = "";
      showStatus(say(LOADING));
      $("status").dataset.loading = "1";
      preloadApp();
      start();
    }, { once: true });
  } else {
    start();
  }
})();
