#!/usr/bin/env python3
"""The result of a finished two-player game and then History, at 800x560, in English and Russian.

    python3 docs/screenshots/result-and-history.py [--binary target/release/tengen]

Writes game-over-{en,ru}-800x560.png and history-ru-800x560.png beside this script: black plays five
across the middle, white answers above; History is opened from the records bar under the board.
Needs xvfb, xdotool and imagemagick (scripts/setup-debian.sh).
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from languages import shot  # noqa: E402
from xharness import xdotool  # noqa: E402

FIVE = [(0, 0), (0, 3), (1, 0), (1, 3), (2, 0), (2, 3), (3, 0), (3, 3), (4, 0)]
# The records bar's History button at 800x560 in Russian ("История").
HISTORY_BUTTON = (262, 537)


def open_history(display, window):
    x, y = HISTORY_BUTTON
    xdotool(display, "mousemove", "--window", window, str(x), str(y))
    time.sleep(0.3)
    xdotool(display, "click", "1")


def game(lang):
    return ["--lang", lang, "--mode", "hvh", "--rule", "freestyle"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    args = parser.parse_args()
    shot(args.binary, "game-over-en-800x560.png", game("en"), "800x560", FIVE)
    shot(args.binary, "game-over-ru-800x560.png", game("ru"), "800x560", FIVE)
    shot(args.binary, "history-ru-800x560.png", game("ru"), "800x560", FIVE, open_history)


if __name__ == "__main__":
    main()
