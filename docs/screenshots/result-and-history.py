#!/usr/bin/env python3
"""The result of a finished two-player game and then History, at 800x560, in English and Russian.

    python3 docs/screenshots/result-and-history.py [--binary target/release/tengen]

Writes game-over-{en,ru}-800x560.png and history-ru-800x560.png beside this script: black plays five
across the middle, white answers above; History is opened from the records bar under the board.
Needs xvfb, xdotool and imagemagick (scripts/setup-debian.sh).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
from xharness import Game, click_moves, game_env, game_window, start_xvfb, xdotool  # noqa: E402

FIVE = [(0, 0), (0, 3), (1, 0), (1, 3), (2, 0), (2, 3), (3, 0), (3, 3), (4, 0)]
# The records bar's History button at 800x560 in Russian ("История").
HISTORY_BUTTON = (262, 537)


def shot(binary, name, lang, history):
    xvfb, display = start_xvfb()
    home = tempfile.mkdtemp(prefix="tengen-result-")
    args = [binary, "--print-moves", "--lang", lang, "--mode", "hvh", "--rule", "freestyle"]
    game = Game(args, game_env(display, home), os.path.join(home, "stderr"))
    try:
        game.wait_line("startup: frame 3")
        window = game_window(display)
        xdotool(display, "windowsize", window, "800", "560")
        xdotool(display, "windowmove", window, "0", "0")
        time.sleep(1.5)
        click_moves(game, display, window, FIVE, name)
        if history:
            x, y = HISTORY_BUTTON
            xdotool(display, "mousemove", "--window", window, str(x), str(y))
            time.sleep(0.3)
            xdotool(display, "click", "1")
        time.sleep(2.0)
        path = os.path.join(HERE, name)
        subprocess.run(["import", "-window", window, "-strip", path],
                       env={**os.environ, "DISPLAY": display}, check=True)
        subprocess.run(["convert", path, "+dither", "-colors", "96", path], check=True)
        print("wrote", os.path.relpath(path))
    finally:
        game.kill()
        xvfb.kill()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    args = parser.parse_args()
    shot(args.binary, "game-over-en-800x560.png", "en", False)
    shot(args.binary, "game-over-ru-800x560.png", "ru", False)
    shot(args.binary, "history-ru-800x560.png", "ru", True)


if __name__ == "__main__":
    main()
