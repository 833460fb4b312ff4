#!/usr/bin/python3
"""Independent answers to the lessons' tasks (assets/lessons/*.lesson), for the browser test and
the task checkers' unit tests: for each task, one answer that must be accepted and one that must
be refused, computed here from the spec (DESIGN.md, assets/lessons/FORMAT.md) with the Python
reference filter (tests/bench/reference.py), never from the C++ code.

usage: answers.py [--words PASSWORDS_FILE] [--lessons DIR] [--out FILE]   write the answers
       answers.py --check [...]                                          recompute and compare

The output (tests/lessons/answers.json) is keyed by lesson id, then by 1-based step:
  {"basics": {"4": {"kind": "false-positive", "right": "iloveyou", "wrong": "123456"}}, ...}
Values have the JS API's shape (bloomlab.answer(value)): a word (false-positive,
remove-safely), a fraction (predict), a k (best-k), {"m": M, "k": K} (sizing), a 1-based
option number (choice), a number of reads (reads); null for false-or-real, whose candidates
are drawn fresh by the app (the test computes its answers from the app's state).

Each task is answered against its step's `state:` as written, on a fresh filter: the test
opens the step and answers at once. The lesson files are also parsed here the way FORMAT.md
describes them, so a malformed file fails this script with its line number.
"""
import argparse
import hashlib
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "bench"))
import reference  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "tests", "unit"))
import cuckoo_reference  # noqa: E402

PASSWORDS_SHA256 = "af55295852bcb0bc63e76cd22e342d9f7778b1802e76f0c502c73a35f652fd7a"
DEFAULT_WORDS = os.path.join(ROOT, "node_modules", "common-password", "lib", "10k most common.txt")

# The presets (src/app/model/actions.cpp names them; their contents are the spec's: DESIGN.md and
# issue 10): tiny = five passwords in m = 64, k = 3; passwords = the 10k list, m = 100,000, k = 7.
TINY_WORDS = [b"password", b"12345", b"qwerty", b"dragon", b"letmein"]
DEFAULT_PROBES = 100000
COUNTER_MAX = 15  # 4-bit counters saturate

# ---- the lesson format (FORMAT.md) -------------------------------------------------------------

LESSON_KEYS = {"lesson", "title", "summary"}
STEP_KEYS = {"step", "state", "highlight", "show", "hide", "task"}
TASK_KEYS = {"prompt", "hint", "answer", "option", "option*", "exclude", "n", "p", "tolerance",
             "expect", "files", "lookups", "candidates"}
KEYS = LESSON_KEYS | STEP_KEYS | TASK_KEYS
KINDS = {"false-positive", "choice", "predict", "best-k", "sizing", "false-or-real",
         "remove-safely", "reads"}
PANELS = {"words", "bits", "params", "plots", "numbers", "check", "code", "speed", "family"}
HIDES = {"design", "truth", "measured", "theory"}
PLACEHOLDERS = {"n", "m", "k", "set", "fill", "theory", "measured", "bpi", "bestk", "bytes"}
STATE_KEYS = {"preset", "m", "k", "variant", "scheme", "words", "word", "panels", "probes",
              "fingerprintBits", "bucketSize", "buckets"}
DIRECTIVE = re.compile(r"^([a-z][a-z0-9-]*\*?):(?: (.*))?$")


class LessonError(Exception):
    pass


def parse_lesson(path):
    """The lesson as {"id", "title", "steps": [{"title", "state", "task", "text", ...}]}."""
    lesson = {"id": None, "title": None, "steps": []}
    step = None
    for number, raw in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        line = raw.rstrip("\r")

        def fail(message):
            raise LessonError(f"{os.path.basename(path)}:{number}: {message}")

        if line.startswith("#"):
            continue
        m = DIRECTIVE.match(line)
        if m and m.group(1) in KEYS:
            key, value = m.group(1), (m.group(2) or "").strip()
            if key in LESSON_KEYS:
                if step is not None:
                    fail(f"{key}: must come before the first step")
                if key == "lesson" and not re.fullmatch(r"[a-z0-9-]+", value):
                    fail(f"lesson id {value!r} is not a-z, 0-9, -")
                lesson["id" if key == "lesson" else key] = value
            elif key == "step":
                if lesson["id"] is None or lesson["title"] is None:
                    fail("lesson: and title: must come before the first step")
                step = {"title": value, "state": None, "highlight": [], "show": [], "hide": [], "task": None,
                        "text": []}
                lesson["steps"].append(step)
            elif step is None:
                fail(f"{key}: outside a step")
            elif key == "state":
                if step["state"] is not None:
                    fail("a second state: in one step")
                step["state"] = parse_state(value, fail)
            elif key == "highlight":
                what, _, arg = value.partition(" ")
                if what == "panel" and arg in PANELS:
                    step["highlight"].append(("panel", arg))
                elif what == "word" and arg:
                    step["highlight"].append(("word", arg))
                else:
                    fail(f"highlight: {value!r} is not 'panel NAME' or 'word WORD'")
            elif key == "show":
                for name in (n.strip() for n in value.split(",")):
                    if name not in PANELS:
                        fail(f"show: {name!r} is not a panel ({', '.join(sorted(PANELS))})")
                    if name not in step["show"]:
                        step["show"].append(name)
            elif key == "hide":
                if value not in HIDES:
                    fail(f"hide: {value!r} is not one of {sorted(HIDES)}")
                step["hide"].append(value)
            elif key == "task":
                if step["task"] is not None:
                    fail("a second task: in one step")
                if value not in KINDS:
                    fail(f"task: {value!r} is not a task kind")
                step["task"] = {"kind": value, "hint": [], "options": [], "line": number}
            else:  # a task's field
                task = step["task"]
                if task is None:
                    fail(f"{key}: outside a task")
                if key == "hint":
                    task["hint"].append(value)
                elif key in ("option", "option*"):
                    task["options"].append((value, key == "option*"))
                else:
                    if key in task:
                        fail(f"a second {key}: in one task")
                    task[key] = value
        elif m and not line.startswith("\\"):
            fail(f"unknown key {m.group(1)!r} (a text line starting so is written \\{m.group(1)}:)")
        else:
            if step is None:
                if line.strip():
                    fail("text before the first step")
                continue
            text = line[1:] if line.startswith("\\") else line
            for name in re.findall(r"(?<!\{)\{([^{}]*)\}", text.replace("{{", "")):
                if name not in PLACEHOLDERS:
                    fail(f"unknown placeholder {{{name}}}")
            step["text"].append(text)
    if lesson["id"] is None:
        raise LessonError(f"{os.path.basename(path)}: no lesson: line")
    if not 1 <= len(lesson["steps"]) <= 40:
        raise LessonError(f"{os.path.basename(path)}: {len(lesson['steps'])} steps (1..40)")
    for i, step in enumerate(lesson["steps"], 1):
        task = step["task"]
        if task is None:
            continue
        where = f"{os.path.basename(path)}:{task['line']}"
        if "prompt" not in task or "answer" not in task or not task["hint"]:
            raise LessonError(f"{where}: a task needs prompt:, answer: and at least one hint:")
        if task["kind"] == "choice" and not any(star for _, star in task["options"]):
            raise LessonError(f"{where}: a choice needs an option*:")
        if task["kind"] == "sizing" and not ("n" in task and "p" in task):
            raise LessonError(f"{where}: sizing needs n: and p:")
        if task["kind"] == "predict" and task.get("expect", "theory") not in ("theory", "measured"):
            raise LessonError(f"{where}: expect: is theory or measured")
        if task["kind"] == "false-or-real":
            c = int(task.get("candidates", "12"))
            if c % 3 or not 3 <= c <= 30:
                raise LessonError(f"{where}: candidates: a multiple of 3 from 3 to 30")
    return lesson


def parse_state(value, fail):
    state = {}
    for pair in value.split("&"):
        key, eq, v = pair.partition("=")
        if key not in STATE_KEYS or not eq:
            fail(f"state: {pair!r} is not one of {sorted(STATE_KEYS)} with a value")
        state[key] = v
    return state


# ---- the filter a step's state makes -----------------------------------------------------------

class Setup:
    """What a step's state sets: the words (bytes, in order) and m, k, variant, scheme, probes."""

    def __init__(self, state, passwords):
        if state is None or "preset" not in state and "words" not in state:
            raise LessonError("a task's step must say its preset or words in state:")
        preset = state.get("preset")
        if preset == "tiny":
            self.words, self.m, self.k = list(TINY_WORDS), 64, 3
        elif preset in ("passwords", "10k"):
            self.words, self.m, self.k = list(passwords), 100000, 7
        else:  # empty, or words without a preset: the filter keeps its params; say them
            self.words, self.m, self.k = [], None, None
        self.variant, self.scheme = "standard", "reference"
        if "m" in state:
            self.m = int(state["m"])
        if "k" in state:
            self.k = int(state["k"])
        self.variant = state.get("variant", self.variant)
        self.scheme = state.get("scheme", self.scheme)
        if self.m is None or self.k is None:
            raise LessonError("an empty filter's step must give m and k in state:")
        for w in filter(None, state.get("words", "").split(",")):
            w = percent_decode(w).encode()
            if w not in self.words:
                self.words.append(w)
        self.probes = int(state.get("probes", DEFAULT_PROBES))
        if self.scheme != "reference" or self.variant == "blocked":
            raise LessonError("answers.py knows the reference scheme, standard, counting and cuckoo only")
        # The cuckoo filter's f, b and B (src/core/cuckoo.h); a step that takes it names all three.
        self.cuckoo = None
        if self.variant == "cuckoo":
            try:
                self.cuckoo = tuple(int(state[key]) for key in ("fingerprintBits", "bucketSize", "buckets"))
            except KeyError:
                raise LessonError("a cuckoo step must give fingerprintBits, bucketSize and buckets") from None

    def bloom(self, k=None):
        f = reference.BloomFilter(self.m, k or self.k)
        for w in self.words:
            f.add(w)
        return f


def percent_decode(text):
    return re.sub(r"%([0-9A-Fa-f]{2})", lambda mo: chr(int(mo.group(1), 16)), text.replace("+", " "))


def theory(n, m, k):
    return (1 - math.exp(-k * n / m)) ** k


def cuckoo_theory(n, f, b, buckets):
    """Fan et al. 2014: a stranger meets 2b slots, each full with the load n/(B·b), each full one
    matching its fingerprint with chance 1/(2^f − 1) (fingerprints are never 0)."""
    return 1 - (1 - 1 / (2 ** f - 1)) ** (2 * b * n / (buckets * b))


def measured_rates(setup, ks):
    """Measured FP for each k at the setup's m: probe-0 .. probe-(N-1), members skipped. Each
    word and probe is hashed once; for one m, the positions for k are the first k of those
    for max(ks) (the reference scheme's h1 + i*h2)."""
    m, kmax = setup.m, max(ks)
    members = set(setup.words)

    def pos(word):
        h = reference.fnv1a64(word)
        h1, h2 = h & 0xFFFFFFFF, (h >> 32) | 1
        return [(h1 + i * h2) % m for i in range(kmax)]

    word_pos = [pos(w) for w in setup.words]
    probes = [b"probe-%d" % i for i in range(setup.probes)]
    probe_pos = [pos(p) for p in probes if p not in members]
    rates = {}
    for k in ks:
        bits = bytearray(m)
        for ps in word_pos:
            for p in ps[:k]:
                bits[p] = 1
        fp = sum(1 for ps in probe_pos if all(bits[p] for p in ps[:k]))
        rates[k] = fp / len(probe_pos)
    return rates


class Counting:
    """4-bit counters: an add raises each distinct position once (15 stays 15); a position is
    set while its counter is above 0."""

    def __init__(self, m, k, words):
        self.m, self.k = m, k
        self.counters = [0] * m
        for w in words:
            self.change(w, +1)

    def positions(self, word):
        return sorted(set(reference.positions(word, self.m, self.k)))

    def change(self, word, step):
        for p in self.positions(word):
            c = self.counters[p]
            if c != COUNTER_MAX:
                self.counters[p] = c + step

    def contains(self, word):
        return all(self.counters[p] for p in self.positions(word))


def candidates(passwords):
    """Words to try, in a fixed order: the 10k list, then made-up strings."""
    yield from passwords
    for i in range(10**6):
        yield b"word-%d" % i


# ---- one answer per task kind ------------------------------------------------------------------

def answer_false_positive(task, setup, passwords):
    f = setup.bloom()
    members = set(setup.words)
    excluded = {w.strip().encode() for w in task.get("exclude", "").split(",") if w.strip()}
    right = next(w for w in candidates(passwords)
                 if w not in members and w not in excluded and f.contains(w))
    wrong = next(w for w in candidates(passwords) if w not in members and not f.contains(w))
    return right.decode(), wrong.decode()


def answer_choice(task, setup, passwords):
    options = task["options"]
    right = next(i for i, (_, star) in enumerate(options, 1) if star)
    wrong = next(i for i, (_, star) in enumerate(options, 1) if not star)
    # Options that are all percentages are a prediction of the measured FP: the starred one
    # must be the nearest to what the step's filter measures.
    values = [re.fullmatch(r"([0-9.]+)\s*%", text) for text, _ in options]
    if all(values):
        rate = measured_rates(setup, [setup.k])[setup.k]
        nearest = min(range(len(values)), key=lambda i: abs(float(values[i].group(1)) / 100 - rate))
        if nearest + 1 != right:
            raise LessonError(f"choice: the measured FP is {rate:.4%}, nearest to option "
                              f"{nearest + 1}, but option {right} is starred")
    return right, wrong


def answer_predict(task, setup, passwords):
    tolerance = float(task.get("tolerance", "0.001"))
    if setup.cuckoo:
        if task.get("expect", "theory") != "theory":
            raise LessonError("answers.py predicts the cuckoo filter's theory only")
        value = cuckoo_theory(len(setup.words), *setup.cuckoo)
    elif task.get("expect", "theory") == "theory":
        value = theory(len(setup.words), setup.m, setup.k)
    else:
        value = measured_rates(setup, [setup.k])[setup.k]
    right = round(value, 4)
    wrong = round(value + 3 * tolerance, 4)
    assert abs(right - value) <= tolerance / 2 and abs(wrong - value) > tolerance
    return right, wrong


def answer_best_k(task, setup, passwords):
    tolerance = float(task.get("tolerance", "0.05"))
    rates = measured_rates(setup, range(1, 25))
    lowest = min(rates.values())
    right = min(rates, key=lambda k: rates[k])
    accepted = {k for k, r in rates.items() if r <= lowest * (1 + tolerance)}
    wrong = round(right / 2)
    if wrong in accepted:
        wrong = next(k for k in range(1, 25) if k not in accepted)
    return right, wrong


def design(n, p):
    m = math.ceil(-n * math.log(p) / math.log(2) ** 2)
    return m, max(1, round(m / n * math.log(2)))


def answer_sizing(task, setup, passwords):
    n, p = int(task["n"]), float(task["p"])
    m, k = design(n, p)
    # The usual slip: dividing by ln 2 once instead of (ln 2)^2.
    m_wrong = math.ceil(-n * math.log(p) / math.log(2))
    tolerance = float(task.get("tolerance", "0.01"))
    assert abs(m_wrong - m) / m > tolerance
    return {"m": m, "k": k}, {"m": m_wrong, "k": max(1, round(m_wrong / n * math.log(2)))}


def answer_remove_safely(task, setup, passwords):
    if setup.variant != "counting":
        raise LessonError("remove-safely: the step's state must set variant=counting")

    def breaks(word):
        f = Counting(setup.m, setup.k, setup.words)
        f.change(word, -1)
        return [w for w in setup.words if w != word and not f.contains(w)]

    right = next(w for w in setup.words if not breaks(w))
    # A false positive is not a member: taking its counts would break members (the app refuses).
    f = Counting(setup.m, setup.k, setup.words)
    members = set(setup.words)
    wrong = next(w for w in candidates(passwords) if w not in members and f.contains(w) and breaks(w))
    return right.decode(), wrong.decode()


def answer_reads(task, setup, passwords):
    files = int(task.get("files", "8"))
    lookups = int(task.get("lookups", "10000"))
    filters = [reference.BloomFilter(setup.m // files, setup.k) for _ in range(files)]
    for i, w in enumerate(setup.words):  # dealt round-robin
        filters[i % files].add(w)
    members = set(setup.words)
    reads = 0
    for i in range(lookups):
        key = b"absent-%d" % i
        assert key not in members
        reads += sum(f.contains(key) for f in filters)
    tolerance = float(task.get("tolerance", "0.25"))
    wrong = files * lookups  # as if there were no filters
    assert abs(wrong - reads) / reads > tolerance
    return reads, wrong


def answer_false_or_real(task, setup, passwords):
    return None, None


ANSWERS = {
    "false-positive": answer_false_positive,
    "choice": answer_choice,
    "predict": answer_predict,
    "best-k": answer_best_k,
    "sizing": answer_sizing,
    "remove-safely": answer_remove_safely,
    "reads": answer_reads,
    "false-or-real": answer_false_or_real,
}


# ---- the literal figures the lesson texts quote ------------------------------------------------

def splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & reference.MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & reference.MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & reference.MASK64
    return x ^ (x >> 31)


def blocked_positions(word, m, k):
    """The blocked layout as src/core/filter.h specifies it: 512-bit blocks, the last one takes
    the leftover bits; g = splitmix64(h), block = ((g >> 32) * blocks) >> 32, x_0 = g mod 2^32,
    x_i = x_(i-1) * 0x9e3779b9 mod 2^32, position (x_i * width) >> 32 inside the block."""
    blocks = max(1, m // 512)
    g = splitmix64(reference.fnv1a64(word))
    b = ((g >> 32) * blocks) >> 32
    width = 512 if b < blocks - 1 else m - 512 * (blocks - 1)
    x, out = g & 0xFFFFFFFF, []
    for _ in range(k):
        out.append(512 * b + ((x * width) >> 32))
        x = (x * 0x9E3779B9) & 0xFFFFFFFF
    return out


def figures(passwords):
    """(what, the text's figure, the figure computed here), each as the text writes it."""
    pos = reference.positions
    tiny = Setup({"preset": "tiny"}, passwords)
    tf = tiny.bloom()
    pw = Setup({"preset": "passwords"}, passwords)
    members = set(passwords)

    def listed(word, m=64, k=3):
        return ", ".join(map(str, pos(word, m, k)))

    def lit(f, p):
        return bool(f.bits[p >> 3] >> (p & 7) & 1)

    def setters(word, s):
        ps = set(pos(word, s.m, s.k))
        return [w.decode() for w in s.words if ps & set(pos(w, s.m, s.k))]

    def cleared_breaks(word, s):
        ps = set(pos(word, s.m, s.k))
        return [w.decode() for w in s.words if w != word and ps & set(pos(w, s.m, s.k))]

    def fp(s, k=None):
        k = k or s.k
        return measured_rates(s, [k])[k]

    def at(m, k):
        return Setup({"preset": "passwords", "m": str(m), "k": str(k)}, passwords)

    def cuckoo_tiny(buckets):
        f = cuckoo_reference.Cuckoo(8, 2, buckets)
        f.contains = lambda w: any(cuckoo_reference.place(w, 8, buckets)[0] in f.table[i]
                                   for i in cuckoo_reference.place(w, 8, buckets)[1:])
        return f, [f.insert(w) for w in TINY_WORDS][-1]

    def placed(word):
        fp, i1, i2 = cuckoo_reference.place(word, 8, 8)
        return f"{fp:x} [{i1}, {i2}]"

    def held(f, bucket):
        return " ".join(f"{x:x}" for x in f.table[bucket] if x)

    def holder(f, bucket):
        return " ".join(w.decode() for w in TINY_WORDS if f"{cuckoo_reference.place(w, 8, 8)[0]:x}" == held(f, bucket))

    tiny8, _ = cuckoo_tiny(8)
    tiny2, tiny2_last = cuckoo_tiny(2)
    rates10 = measured_rates(pw, range(1, 25))
    counting10k = Counting(10000, 7, passwords).counters
    bits = bytearray(100000)
    for w in passwords:
        for p in blocked_positions(w, 100000, 7):
            bits[p] = 1
    blocked_fp = sum(all(bits[p] for p in blocked_positions(b"probe-%d" % i, 100000, 7))
                     for i in range(100000))
    return [
        ("basics: dragon's bits", "30, 1, 36", listed(b"dragon")),
        ("basics: 12345's bits", "56, 1, 10", listed(b"12345")),
        ("basics: sunshine's bits, any set", "32, 39, 46 False",
         listed(b"sunshine") + f" {any(lit(tf, p) for p in pos(b'sunshine', 64, 3))}"),
        ("basics: Qwerty's bits", "25, 52, 15", listed(b"Qwerty")),
        ("basics: who set Qwerty's bits", "letmein", ", ".join(setters(b"Qwerty", tiny))),
        ("basics: bits set", "14", str(tf.bits_set())),
        ("basics: iloveyou's bits and setters", "7, 10, 13 by password, 12345, qwerty",
         listed(b"iloveyou") + " by " + ", ".join(setters(b"iloveyou", tiny))),
        ("basics: more false positives", "tennis boston forest seven",
         " ".join(w for w in ["tennis", "boston", "forest", "seven"] if tf.contains(w.encode()))),
        ("no-false-negatives: clearing dragon breaks", "12345", ", ".join(cleared_breaks(b"dragon", tiny))),
        ("no-false-negatives: clearing letmein breaks", "", ", ".join(cleared_breaks(b"letmein", tiny))),
        ("memory: list bytes", "73017", str(sum(len(w) + 1 for w in passwords))),
        ("memory: characters", "63017", str(sum(len(w) for w in passwords))),
        ("error-rate: bits set at m = 100,000, k = 7", "50367", str(pw.bloom().bits_set())),
        ("error-rate: measured", "783", str(round(fp(pw) * 100000))),
        ("error-rate: theory", "0.819%", f"{theory(10000, 100000, 7):.3%}"),
        ("error-rate: from the fill", "0.822%", f"{(pw.bloom().bits_set() / 100000) ** 7:.3%}"),
        # (The error at m = 50,000 is not stated here: it is the overfill lesson's question.)
        ("error-rate: m = 50,000 fill", "75%", f"{1 - math.exp(-1.4):.0%}"),
        ("error-rate: m = 200,000 fill, FP", "30% 0.02%",
         f"{1 - math.exp(-0.35):.0%} {theory(10000, 200000, 7):.2%}"),
        ("best-k: k = 1 measured", "9.56%", f"{rates10[1]:.2%}"),
        ("best-k: k = 6, 7, 8 measured", "0.827% 0.783% 0.853%",
         f"{rates10[6]:.3%} {rates10[7]:.3%} {rates10[8]:.3%}"),
        ("best-k: k = 20 measured", "5.61%", f"{rates10[20]:.2%}"),
        ("best-k: k = 6, 8 theory", "0.844% 0.846%",
         f"{theory(10000, 100000, 6):.3%} {theory(10000, 100000, 8):.3%}"),
        ("sizing: 1%, 0.1%, 0.01%", "95851/7 143776/10 191702/13",
         " ".join("%d/%d" % design(10000, p) for p in (0.01, 0.001, 0.0001))),
        ("sizing: measured at m = 143,776, k = 10", "109", str(round(fp(at(143776, 10)) * 100000))),
        ("false-or-real: rocket7 is a false positive", "True False",
         f"{pw.bloom().contains(b'rocket7')} {b'rocket7' in members}"),
        ("false-or-real: rocket7's setters (sorted)",
         ", ".join(sorted("paradox, bingo1, shepherd, hammond, seagull, ivan, 0101, peepers".split(", "))),
         ", ".join(sorted(setters(b"rocket7", pw)))),
        ("overfill: bits set, measured at m = 50,000", "37714 13807",
         f"{at(50000, 7).bloom().bits_set()} {round(fp(at(50000, 7)) * 100000)}"),
        ("deleting: clearing password breaks", "9 with robert, natalie1",
         f"{len(cleared_breaks(b'password', pw))} with "
         + ", ".join(w for w in cleared_breaks(b"password", pw) if w in ("robert", "natalie1"))),
        ("deleting: largest counter at m = 100,000", "6", str(max(Counting(100000, 7, passwords).counters))),
        ("deleting: counters at 15 with m = 10,000", "56", str(sum(c == COUNTER_MAX for c in counting10k))),
        ("blocked: dragon's bits", "66724 … 67062, block 130",
         f"{min(blocked_positions(b'dragon', 100000, 7))} … {max(blocked_positions(b'dragon', 100000, 7))}"
         f", block {blocked_positions(b'dragon', 100000, 7)[0] // 512}"),
        ("blocked: measured", "974", str(blocked_fp)),
        ("beyond: tiny words in f = 8, b = 2, B = 8", "dragon ac [6, 2], iloveyou e7 [7, 4] (bucket 7: 6a of "
         "letmein, bucket 4 empty), Qwerty 4d [1, 0] (not there)",
         f"dragon {placed(b'dragon')}, iloveyou {placed(b'iloveyou')} (bucket 7: {held(tiny8, 7)} of "
         f"{holder(tiny8, 7)}, bucket 4 {held(tiny8, 4) or 'empty'}), Qwerty {placed(b'Qwerty')} "
         f"({'there' if tiny8.contains(b'Qwerty') else 'not there'})"),
        ("beyond: B = 2: all held, the victim", "placed_full on the fifth word, victim ac of dragon",
         f"{tiny2_last} on the fifth word, victim {tiny2.victim[0]:x} of "
         f"{next(w.decode() for w in TINY_WORDS if cuckoo_reference.place(w, 8, 2)[0] == tiny2.victim[0])}"),
        ("beyond: 10k at B = 4096, b = 4: load, theory", "0.61 1.90%",
         f"{10000 / 16384:.2f} {cuckoo_theory(10000, 8, 4, 4096):.2%}"),
    ]


def read_passwords(path):
    digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
    if digest != PASSWORDS_SHA256:
        sys.exit(f"{path}: sha256 {digest}, expected {PASSWORDS_SHA256} (common-password@0.1.2)")
    return reference.read_words(path)


def compute(lessons_dir, passwords):
    out = {}
    files = sorted(f for f in os.listdir(lessons_dir) if f.endswith(".lesson"))
    for name in files:
        lesson = parse_lesson(os.path.join(lessons_dir, name))
        expected = re.sub(r"^\d+-", "", name[: -len(".lesson")])
        if lesson["id"] != expected:
            raise LessonError(f"{name}: lesson id {lesson['id']!r}, the file name says {expected!r}")
        tasks = {}
        for number, step in enumerate(lesson["steps"], 1):
            task = step["task"]
            if task is None:
                continue
            try:
                setup = Setup(step["state"], passwords)
                right, wrong = ANSWERS[task["kind"]](task, setup, passwords)
            except LessonError as e:
                raise LessonError(f"{name}: step {number}: {e}") from None
            tasks[str(number)] = {"kind": task["kind"], "right": right, "wrong": wrong}
        out[lesson["id"]] = tasks
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--words", default=DEFAULT_WORDS, help="the 10k password list")
    ap.add_argument("--lessons", default=os.path.join(ROOT, "assets", "lessons"))
    ap.add_argument("--out", default=os.path.join(HERE, "answers.json"))
    ap.add_argument("--check", action="store_true", help="recompute and compare with --out")
    ap.add_argument("--figures", action="store_true",
                    help="also recompute the literal figures the lesson texts quote")
    args = ap.parse_args()
    passwords = read_passwords(args.words)
    if args.figures:
        wrong = 0
        for what, text, computed in figures(passwords):
            ok = text == computed
            wrong += not ok
            print(f"{'ok ' if ok else 'BAD'} {what}: {text!r}" + ("" if ok else f", computed {computed!r}"),
                  flush=True)
        if wrong:
            sys.exit(f"{wrong} figure(s) in the lesson texts disagree with the computation")
    try:
        answers = compute(args.lessons, passwords)
    except LessonError as e:
        sys.exit(f"lesson error: {e}")
    text = json.dumps(answers, indent=2, ensure_ascii=False) + "\n"
    if args.check:
        saved = json.load(open(args.out, encoding="utf-8"))
        if saved != answers:
            for lesson in sorted(set(saved) | set(answers)):
                a, b = saved.get(lesson), answers.get(lesson)
                if a != b:
                    print(f"{lesson}: saved {a}\n{' ' * len(lesson)}  now   {b}", file=sys.stderr)
            sys.exit(f"{args.out} is out of date: run {os.path.relpath(__file__, ROOT)}")
        print(f"{args.out}: {sum(len(t) for t in answers.values())} tasks agree")
        return
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {args.out}: {sum(len(t) for t in answers.values())} tasks")


if __name__ == "__main__":
    main()
