#!/usr/bin/env python3
"""Writes a libFuzzer dictionary for each fuzz target of the store and the net crate.

    python3 scripts/fuzz-dicts.py          # writes crates/<crate>/fuzz/dicts/<target>.dict
    python3 scripts/fuzz-dicts.py --check  # exits 1 if a committed dictionary is out of date

The store's files and the network's frames are JSON (and SGF, `.psq` and pasted text for
`records`), read through serde: a field is only reached when its whole name appears as a key, and a
message only when its whole `"type"` tag does, which a byte-by-byte mutation finds slowly (the
eighth and ninth sessions' runs still found struct fields after 15 to 20 minutes).
A dictionary gives libFuzzer those words to insert whole. The words come from the source files a
target's loader reads through: every field name (a line `name: Type` or `pub name: Type`) and
every short string literal (serde renames, level and rule names, SGF properties) and, for an enum
serde names in snake_case, its variants' names so written (the network's message tags), so the
dictionaries follow the code without being written by hand. `scripts/fuzz-plateau.py` passes a
target's dictionary to libFuzzer (`-dict=`) when it exists; by hand:
`cargo +nightly fuzz run stats corpus/stats seeds/stats -- -dict=dicts/stats.dict`.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# What each target's loader reads through, besides its crate's shared sources.
COMMON = {
    "store": ["crates/store/src/model.rs", "crates/store/src/file.rs", "crates/engine/src/swap.rs",
              "crates/engine/src/core.rs", "crates/engine/src/game.rs"],
    # A frame's body is a message of wire.rs; its preset and colour names are the engine's.
    "net": ["crates/net/src/wire.rs", "crates/engine/src/core.rs"],
}
SOURCES = {
    ("store", "settings"): ["crates/store/src/settings.rs"],
    ("store", "autosave"): ["crates/store/src/autosave.rs", "crates/store/src/clock.rs"],
    ("store", "stats"): ["crates/store/src/stats.rs", "crates/store/src/rating.rs",
                         "crates/store/src/puzzles.rs"],
    ("store", "records"): ["crates/store/src/records.rs", "crates/store/src/history.rs",
                           "crates/engine/src/notation/sgf.rs", "crates/engine/src/notation/psq.rs",
                           "crates/engine/src/notation/cell.rs"],
    ("net", "frames"): [],
    ("net", "session"): ["crates/net/src/session.rs"],
}

FIELD = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?([a-z_][a-z0-9_]*)\s*:\s*[A-Za-z&(\[]", re.M)
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.){1,32})"')
# An enum that serde names in snake_case, up to its closing brace at the start of a line.
SNAKE_ENUM = re.compile(r'rename_all\s*=\s*"snake_case"[^\n]*\)\]\s*(?:#\[[^\n]*\]\s*)*'
                        r'pub\s+enum\s+\w+\s*\{(.*?)^\}', re.S | re.M)
VARIANT = re.compile(r"^    ([A-Z][A-Za-z0-9]*)\b", re.M)


def words(path):
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    # Tests are not what a loader reads.
    text = text.split("#[cfg(test)]")[0]
    found = set(FIELD.findall(text))
    for literal in LITERAL.findall(text):
        if "{" in literal or literal.count(" ") > 2:
            continue  # format strings and sentences are messages, not input words
        if "\\" in literal:
            literal = literal.encode("latin-1", "backslashreplace").decode("unicode_escape")
        found.add(literal)
    for body in SNAKE_ENUM.findall(text):
        found |= {re.sub(r"(?<!^)([A-Z])", r"_\1", v).lower() for v in VARIANT.findall(body)}
    return found


def entry(word):
    escaped = "".join(c if 32 <= ord(c) < 127 and c not in '"\\' else
                      "".join(f"\\x{b:02X}" for b in c.encode()) for c in word)
    return f'"{escaped}"'


def dictionary(crate, target):
    found = set()
    for path in COMMON[crate] + SOURCES[(crate, target)]:
        found |= words(path)
    lines = [f"# libFuzzer dictionary of the {crate} crate's `{target}` target, written by "
             "scripts/fuzz-dicts.py from the sources its loader reads; do not edit."]
    lines += sorted(entry(w) for w in found if w.strip())
    return "\n".join(lines) + "\n"


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for crate, target in SOURCES:
        folder = os.path.join(ROOT, "crates", crate, "fuzz", "dicts")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, f"{target}.dict")
        text = dictionary(crate, target)
        if check:
            old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if old != text:
                stale.append(path)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print(f"{os.path.relpath(path, ROOT)}: {text.count(chr(10)) - 1} words")
    if stale:
        print("out of date (run scripts/fuzz-dicts.py):", *stale, sep="\n  ")
        sys.exit(1)


if __name__ == "__main__":
    main()
