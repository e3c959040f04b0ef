#!/usr/bin/env python3
"""A join that fails, at 800x560, in Russian and Polish.

    python3 docs/screenshots/failed-join.py [--binary target/release/tengen]

Writes failed-join-{ru,pl}-800x560.png beside this script: the game is started with
`--join nowhere:99999`, an address whose port cannot be, and opens the network forms with the address
filled in and why it failed under them. Needs xvfb, xdotool and imagemagick (scripts/setup-debian.sh).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from languages import shot  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    args = parser.parse_args()
    for lang in ["ru", "pl"]:
        shot(args.binary, f"failed-join-{lang}-800x560.png",
             ["--lang", lang, "--join", "nowhere:99999"], "800x560", [])


if __name__ == "__main__":
    main()
