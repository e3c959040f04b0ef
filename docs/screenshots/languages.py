#!/usr/bin/env python3
"""Screenshots of the menu and of a game with its side panel in each language (`--lang`).

    python3 docs/screenshots/languages.py [--binary target/release/tengen] [--size 1120x780]

Writes menu-LANG.png and game-LANG.png beside this script (en, ru, zh-CN, pl); with --size, the window
is resized first (800x560 checks the smallest layout) and the names get the size appended.
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

LANGUAGES = ["en", "ru", "zh-CN", "pl"]
# A few stones on the board and a stone of the side to move in the move list.
MOVES = [(0, 0), (1, 1), (1, 0), (2, 0), (-1, 1)]


def shot(binary, name, args, size, moves, after=None):
    """Starts the game with `args`, plays `moves`, calls `after(display, window)` if given (a click
    that opens a window) and writes the window's picture as `name` beside this script."""
    xvfb, display = start_xvfb()
    home = tempfile.mkdtemp(prefix="tengen-lang-")
    game = Game([binary, "--print-moves", *args], game_env(display, home),
                os.path.join(home, "stderr"))
    try:
        game.wait_line("startup: frame 3")
        window = game_window(display)
        if size:
            xdotool(display, "windowsize", window, *size.split("x"))
        xdotool(display, "windowmove", window, "0", "0")
        time.sleep(1.5)
        click_moves(game, display, window, moves, name)
        if after:
            after(display, window)
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
    parser.add_argument("--size", help="resize the window first, e.g. 800x560")
    parser.add_argument("--only", help="one language")
    args = parser.parse_args()
    suffix = f"-{args.size}" if args.size else ""
    for lang in [args.only] if args.only else LANGUAGES:
        shot(args.binary, f"menu-{lang}{suffix}.png", ["--lang", lang], args.size, [])
        game = ["--lang", lang, "--mode", "hvh", "--rule", "freestyle"]
        shot(args.binary, f"game-{lang}{suffix}.png", game, args.size, MOVES)


if __name__ == "__main__":
    main()
