#!/usr/bin/env python3
"""Screenshots of live analysis and of a game review, and frame times with live analysis running.

    python3 docs/screenshots/analysis.py [--binary target/release/tengen] [--size 1120x780]
    python3 docs/screenshots/analysis.py --measure 40 [--binary ...]

Shots (beside this script): analysis.png (a middle game with analysis on: the chances bar, the heat map
and the best line) and review.png (a game where White missed a block, reviewed, at the blunder with
the better move marked). With --size the window is resized first and the names get the size appended.

--measure SECONDS runs the game with `--measure-frames SECONDS`: two players, a few moves, then live
analysis on; it prints the frame-time lines (idle, and while live analysis runs).
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
from xharness import Game, click_moves, field, game_env, game_window, start_xvfb, xdotool  # noqa: E402

# A quiet middle game: offsets from the centre point, black first.
MIDDLE_GAME = [(0, 0), (1, -1), (1, 1), (-1, -1), (2, 0), (0, 2), (-1, 1), (2, 2), (0, -1)]
# Black builds a four along a row; White plays elsewhere instead of blocking, and Black wins.
MISSED_BLOCK = [(-4, 0), (-5, 0), (-3, 0), (3, 3), (-2, 0), (3, 4), (-1, 0), (3, 5), (0, 0)]


def key(display, window, name):
    # To the focused window, as typed: events sent to a window directly may be ignored.
    xdotool(display, "windowfocus", "--sync", window)
    xdotool(display, "key", name)


def start(binary, args, size):
    xvfb, display = start_xvfb()
    home = tempfile.mkdtemp(prefix="tengen-analysis-")
    game = Game([binary, "--print-moves", "--mode", "hvh", "--rule", "freestyle", *args],
                game_env(display, home), os.path.join(home, "stderr"))
    try:
        game.wait_line("startup: frame 3")
        window = game_window(display)
        if size:
            xdotool(display, "windowsize", window, *size.split("x"))
        xdotool(display, "windowmove", window, "0", "0")
        # The board may be laid out again after the resize: click_moves reads the latest layout.
        time.sleep(1.5)
        game.latest("ready") or game.wait_line("ready")
        # The pointer off the board, so no hover mark shows in the pictures.
        xdotool(display, "mousemove", "--window", window, "5", "5")
    except BaseException:
        # A game that never got going is not left running.
        stop(xvfb, home, game)
        raise
    return xvfb, display, home, game, window


def save(display, window, name):
    path = os.path.join(HERE, name)
    subprocess.run(["import", "-window", window, "-strip", path],
                   env={**os.environ, "DISPLAY": display}, check=True)
    subprocess.run(["convert", path, "+dither", "-colors", "128", path], check=True)
    print("wrote", os.path.relpath(path))


def stop(xvfb, home, game):
    game.kill()
    xvfb.kill()
    for error in game.errors():
        print("game error:", error)
    shutil.rmtree(home, ignore_errors=True)


def analysis_shot(binary, size, suffix):
    xvfb, display, home, game, window = start(binary, [], size)
    try:
        click_moves(game, display, window, MIDDLE_GAME)
        xdotool(display, "mousemove", "--window", window, "5", "5")
        key(display, window, "a")
        # Rounds go deeper: wait for a look of some depth (about 4 s of thinking).
        while True:
            line = game.wait_line("analysed", 120)
            if int(field(line, "depth")[0]) >= 8:
                break
        time.sleep(1.0)
        save(display, window, f"analysis{suffix}.png")
    finally:
        stop(xvfb, home, game)


def review_shot(binary, size, suffix):
    xvfb, display, home, game, window = start(binary, [], size)
    try:
        click_moves(game, display, window, MISSED_BLOCK)
        xdotool(display, "mousemove", "--window", window, "5", "5")
        time.sleep(1.0)
        key(display, window, "r")
        game.wait_line("reviewed", 300)
        # One step back: the blunder, with the block it missed marked.
        key(display, window, "Left")
        time.sleep(1.5)
        save(display, window, f"review{suffix}.png")
    finally:
        stop(xvfb, home, game)


def measure(binary, seconds):
    xvfb, display, home, game, window = start(binary, ["--measure-frames", str(seconds)], None)
    try:
        click_moves(game, display, window, MIDDLE_GAME)
        key(display, window, "a")
        game.wait_line("analysed", 60)
        for line in [game.wait_line("frames", seconds + 60) for _ in range(3)]:
            print(line)
    finally:
        stop(xvfb, home, game)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(HERE, "..", "..", "target", "release", "tengen"))
    parser.add_argument("--size", help="window size, e.g. 800x560")
    parser.add_argument("--measure", type=int, metavar="SECONDS")
    parser.add_argument("--only", choices=["analysis", "review"], help="take one of the two shots")
    args = parser.parse_args()
    suffix = f"-{args.size}" if args.size else ""
    if args.measure:
        measure(args.binary, args.measure)
        return
    if args.only != "review":
        analysis_shot(args.binary, args.size, suffix)
    if args.only != "analysis":
        review_shot(args.binary, args.size, suffix)


if __name__ == "__main__":
    main()
