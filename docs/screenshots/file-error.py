#!/usr/bin/env python3
"""A file that cannot be opened, at 800x560, in English and Russian.

    python3 docs/screenshots/file-error.py [--binary target/release/tengen]

Writes file-error-{en,ru}-800x560.png beside this script: the game is started on a record that is
not one (a few words of text saved as `game from Hana.sgf`), as a player double-clicking a broken
file would start it. Needs xvfb, xdotool and imagemagick (scripts/setup-debian.sh).
"""

import argparse
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from languages import shot  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="tengen-broken-")
    try:
        broken = os.path.join(folder, "game from Hana.sgf")
        with open(broken, "w") as f:
            f.write("(;GM[4]FF[4]SZ[15];B[hh];W[ih];B[zz]\n")
        for lang in ["en", "ru"]:
            shot(args.binary, f"file-error-{lang}-800x560.png", ["--lang", lang, broken],
                 "800x560", [])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
