#!/usr/bin/env python3
"""The puzzles in the real window: one missed (the wrong stone and the computer's refutation on the
board) and one solved (played to its five with the game's own hints), at the smallest window.

    python3 docs/screenshots/puzzles.py [--binary target/release/tengen] [--lang en]

Writes puzzle-missed-LANG.png and puzzle-solved-LANG.png beside this script. Each case starts the game
with `--puzzles` in a fresh home folder, so both open on the same first puzzle (the one that suits a new
player). Needs xvfb, xdotool and imagemagick (scripts/setup-debian.sh).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
from xharness import Game, field, game_env, game_window, start_xvfb, word, xdotool  # noqa: E402


def cell_offset(cell, size):
    """`h8` as points from the centre (right and up), as `click_moves` counts them."""
    column = ord(cell[0]) - ord("a")
    row = int(cell[1:]) - 1
    middle = size // 2
    return column - middle, row - middle


def click_cell(game, display, window, cell):
    ready = game.latest("ready")
    size = int(word(ready, "size"))
    centre, spacing = field(ready, "centre"), field(ready, "spacing")[0]
    dx, dy = cell_offset(cell, size)
    x, y = round(centre[0] + dx * spacing), round(centre[1] - dy * spacing)
    # As a person does: beside the point, a pause, then onto it and click once the game sees it there.
    xdotool(display, "mousemove", "--window", window, str(x - round(spacing)), str(y))
    time.sleep(0.1)
    xdotool(display, "mousemove", "--window", window, str(x), str(y))
    game.wait_line(f"pointer over {cell}", 10)
    xdotool(display, "click", "1")


def shot(display, path):
    subprocess.run(["import", "-window", "root", "-crop", "800x560+0+0", path], check=True,
                   env={**os.environ, "DISPLAY": display})
    print(f"wrote {path}")


def start(binary, display, lang, log):
    home = tempfile.mkdtemp(prefix="tengen-puzzles-")
    game = Game([binary, "--print-moves", "--puzzles", "--lang", lang], game_env(display, home), log)
    game.wait_line("ready")
    window = game_window(display)
    xdotool(display, "windowsize", window, "800", "560")
    # The board is laid out again for the small window before anything is clicked.
    while "centre=" in (game.latest("ready") or "") and game.next_line("ready", 3):
        pass
    puzzle = game.latest("puzzle") or game.wait_line("puzzle")
    return game, window, puzzle


def missed(binary, display, lang):
    game, window, puzzle = start(binary, display, lang, os.path.join(tempfile.gettempdir(), "pm.log"))
    try:
        click_cell(game, display, window, word(puzzle, "wrong"))
        game.wait_line("puzzle number=", 10)
        if "state=missed" not in game.latest("puzzle"):
            sys.exit(f"the wrong move was not a miss: {game.latest('puzzle')}")
        time.sleep(1.0)
        shot(display, os.path.join(HERE, f"puzzle-missed-{lang}.png"))
    finally:
        game.kill()


def solved(binary, display, lang):
    game, window, puzzle = start(binary, display, lang, os.path.join(tempfile.gettempdir(), "ps.log"))
    try:
        target = word(puzzle, "solution")
        for _ in range(12):
            click_cell(game, display, window, target)
            line = game.wait_line("puzzle number=", 10)
            if "state=solved" in line:
                break
            if "state=missed" in line:
                sys.exit(f"a hinted move missed: {line}")
            # The computer has answered; the game's hint shows the next winning move.
            # Focused first: the game reads keys that come through XTEST, as a keyboard's do.
            xdotool(display, "windowfocus", window)
            xdotool(display, "key", "h")
            target = game.wait_line("hint ", 10).split()[1]
        else:
            sys.exit("not solved in 12 moves")
        time.sleep(1.5)
        shot(display, os.path.join(HERE, f"puzzle-solved-{lang}.png"))
    finally:
        game.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    xvfb, display = start_xvfb("1280x800x24")
    try:
        missed(args.binary, display, args.lang)
        solved(args.binary, display, args.lang)
    finally:
        xvfb.kill()


if __name__ == "__main__":
    main()
