// BloomLab's session writer: a Worker that puts saved sessions with large lists into IndexedDB
// off the page's thread (web/bloomlab.js, "Sessions kept in IndexedDB"). Putting a million
// words' 16 MB from the page held it 150-220 ms a save. The page hands the words over
// (transferred) and keeps its records without them: the writer keeps the last words of each
// record it wrote, for a record sent without its own (wordsOf: the record whose words it
// reuses; appendTo: the record whose words come before the ones sent, words being added; pieces:
// the words in pieces to join, a large list handed over a piece a frame). In:
// {seq, db, store, record, removed: [ids], wordsOf?, appendTo?, pieces?}. Out: {ready: true} once, then
// {seq, ok: true} or {seq, error: "QuotaExceededError: ..."} for each write, in order.
"use strict";
const held = new Map();  // record id -> its words, as last written
let opening = null;
function database(name, store) {
  return opening ||= new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
const why = (e) => e ? (e.name || "Error") + (e.message ? ": " + String(e.message).replace(/\.$/, "") : "") : "unknown error";
self.onmessage = async (event) => {
  const { seq, db: name, store, record, removed, wordsOf, appendTo, pieces } = event.data;
  const reply = (error) => self.postMessage(error ? { seq, error } : { seq, ok: true });
  if (pieces) {  // a large list handed over a piece a frame: joined
    record.words = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    pieces.reduce((at, p) => { record.words.set(p, at); return at + p.length; }, 0);
  }
  if (!record.words) record.words = held.get(wordsOf) || null;
  if (appendTo !== undefined) {  // the words it holds, then these (words were added)
    const before = held.get(appendTo), after = record.words;
    record.words = null;
    if (before) {
      record.words = new Uint8Array(before.length + after.length);
      record.words.set(before);
      record.words.set(after, before.length);
    }
  }
  for (const id of removed) held.delete(id);
  if (!record.words) { reply("the words to save were not at hand"); return; }
  held.set(record.id, record.words);
  let db;
  try { db = await database(name, store); } catch (e) { opening = null; reply(why(e)); return; }
  try {
    const tx = db.transaction(store, "readwrite");
    const records = tx.objectStore(store);
    records.put(record);
    for (const id of removed) records.delete(id);
    tx.oncomplete = () => reply(null);
    tx.onerror = tx.onabort = (e) => { if (e && e.preventDefault) e.preventDefault(); reply(why(tx.error || (e && e.target && e.target.error))); };
    if (tx.commit) tx.commit();
  } catch (e) {
    reply(why(e));
  }
};
self.postMessage({ ready: true });
