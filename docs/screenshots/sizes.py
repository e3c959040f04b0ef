#!/usr/bin/env python3
"""Screenshots at the edges of the layout: the minimum window size (800x560) and a display scale of
2.0 (winit's X11 scale factor), each with a game in progress and a game won with its result card.

    python3 docs/screenshots/sizes.py [--binary target/release/tengen]

Writes min-size-game.png, min-size-won.png, scale2-game.png and scale2-won.png beside this script.
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
from xharness import Game, field, game_env, game_window, start_xvfb, xdotool  # noqa: E402

# Black builds h8..l8 while white answers a row above: black's fifth stone wins.
MOVES = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)]


def take(binary, name, scale, size, moves):
    screen = "2600x1700x24" if scale > 1 else "1280x800x24"
    xvfb, display = start_xvfb(screen)
    home = tempfile.mkdtemp(prefix="tengen-shot-")
    env = game_env(display, home)
    env["WINIT_X11_SCALE_FACTOR"] = str(scale)
    game = Game([binary, "--print-moves", "--mode", "hvh", "--rule", "freestyle"], env,
                os.path.join(home, "stderr"))
    try:
        game.wait_line("ready")
        window = game_window(display)
        if size:
            w, h = (round(v * scale) for v in size)
            xdotool(display, "windowsize", window, str(w), str(h))
            time.sleep(1.0)
        xdotool(display, "windowmove", window, "0", "0")
        time.sleep(1.0)
        for n, (dx, dy) in enumerate(moves, start=1):
            placed = None
            for _ in range(4):
                centre, spacing = board(display, game, window)
                # The game prints logical pixels; xdotool moves in the screen's.
                x = round((centre[0] + dx * spacing) * scale)
                y = round((centre[1] - dy * spacing) * scale)
                spacing *= scale
                xdotool(display, "mousemove", "--window", window, str(x - round(spacing)), str(y))
                time.sleep(0.1)
                xdotool(display, "mousemove", "--window", window, str(x), str(y), "click", "1")
                placed = game.next_line(f"placed {n} ", 10)
                if placed:
                    break
            if placed is None:
                sys.exit(f"{name}: move {n} was not played")
        # The pointer rests off the board, over the side panel's foot.
        geometry = xdotool(display, "getwindowgeometry", window)
        w, h = (int(v) for v in geometry.split("Geometry: ")[1].split()[0].split("x"))
        xdotool(display, "mousemove", "--window", window, str(w - 20), str(h // 2))
        time.sleep(3.0)
        path = os.path.join(HERE, name)
        subprocess.run(
            ["import", "-window", window, "-strip", path],
            env={**os.environ, "DISPLAY": display}, check=True,
        )
        # 96 colours without dithering keep the wood and the text and a fifth of the bytes.
        subprocess.run(["convert", path, "+dither", "-colors", "96", path], check=True)
        print("wrote", os.path.relpath(path))
    finally:
        game.kill()
        xvfb.kill()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)


def board(display, game, window):
    """The board's centre and spacing in window pixels, from the game's latest `ready` line (printed
    again whenever the board moves)."""
    ready = [line for line in game.history if line.startswith("ready")][-1]
    return field(ready, "centre"), field(ready, "spacing")[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    args = parser.parse_args()
    take(args.binary, "min-size-game.png", 1, (800, 560), MOVES[:6])
    take(args.binary, "min-size-won.png", 1, (800, 560), MOVES)
    take(args.binary, "scale2-game.png", 2, None, MOVES[:6])
    take(args.binary, "scale2-won.png", 2, (800, 560), MOVES)


if __name__ == "__main__":
    main()
