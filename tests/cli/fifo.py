#!/usr/bin/python3
"""`--words` on a FIFO with no writer (issue 37, item 11): bloomlab waited without a word. Now,
as cat users expect, it says on stderr that it waits for input on the file, and reads the list
once a writer comes.

  fifo.py BLOOMLAB

The test waits on the message itself (a blocking read of stderr), then writes the list.
"""
import os
import subprocess
import sys
import tempfile

EXE = sys.argv[1]
with tempfile.TemporaryDirectory() as tmp:
    fifo = os.path.join(tmp, "words.fifo")
    os.mkfifo(fifo)
    proc = subprocess.Popen([EXE, "measure", "--words", fifo, "--m", "64", "--k", "3", "--probes", "10"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = proc.stderr.readline().decode()  # blocks until bloomlab says something (or exits)
    failures = []
    if line != f"bloomlab: waiting for input on {fifo}\n":
        failures.append(f"the first stderr line is {line!r}, not the waiting message")
    with open(fifo, "wb") as writer:
        writer.write(b"apple\npear\n")
    out, err = proc.communicate()
    if proc.returncode != 0:
        failures.append(f"exit {proc.returncode}: {err.decode()}")
    if "2 words from 2 lines" not in out.decode():
        failures.append(f"the list was not read: {out.decode()[:300]}")
    if err:
        failures.append(f"more on stderr after the wait: {err.decode()!r}")
    print("\n".join(failures) or "waits with a message, then reads the list from the FIFO")
    sys.exit(1 if failures else 0)
