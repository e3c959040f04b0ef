#!/usr/bin/env python3
"""Measures the CPU the game uses while nobody touches it, under Xvfb with Mesa's software Vulkan.

    python3 scripts/idle-cpu.py [--binary target/release/tengen] [--seconds 30] [--case idle|animating]

`idle`: a two-player 15x15 game on screen, nobody moving (the clock of the side to move runs).
`animating`: a won 3x3 game, whose winning line breathes for six seconds and then rests lit (measure
  `--seconds 4` for the breathing alone).
`menu`: the main menu, where no clock runs.
`--continuous` draws every frame as the game did before it learned to sleep (Bevy's default game
mode, what `--measure-frames` still uses): the "before" of the idle measurement.
Prints the game's CPU time (all its threads, the software renderer included) and the X server's, as
a percentage of one core over the measured seconds. Needs xvfb and xdotool (scripts/setup-debian.sh).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xharness import Game, cpu_seconds, cpu_seconds_outside, field, game_env, game_window, start_xvfb, xdotool  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--case", choices=["idle", "animating", "menu"], default="idle")
    parser.add_argument(
        "--continuous", action="store_true", help="draw every frame (the game before it slept)"
    )
    parser.add_argument(
        "--asset-root", help="BEVY_ASSET_ROOT, for a build that reads assets/ from the disk"
    )
    args = parser.parse_args()
    for tool in ["Xvfb", "xdotool"]:
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is missing: run scripts/setup-debian.sh")

    xvfb, display = start_xvfb()
    home = tempfile.mkdtemp(prefix="tengen-idle-")
    game = None
    try:
        rule = "tictactoe" if args.case == "animating" else "freestyle"
        command = [args.binary, "--print-moves"]
        if args.case != "menu":
            command += ["--mode", "hvh", "--rule", rule]
        if args.continuous:
            # Long enough to outlast the measurement; the frame summary it prints is not read.
            command += ["--measure-frames", str(args.seconds + 60)]
        game = Game(command, game_env(display, home, args.asset_root), os.path.join(home, "stderr"))
        if args.case == "menu":
            game.wait_line("startup: frame 3")
        else:
            ready = game.wait_line("ready")
            cx, cy = field(ready, "centre")
            spacing = field(ready, "spacing")[0]
        window = game_window(display)
        if args.case == "animating":
            # X wins on the diagonal: X 1,1  O 2,1  X 2,2  O 3,1  X 3,3 (columns, rows from the top).
            for n, (dx, dy) in enumerate([(-1, -1), (0, -1), (0, 0), (1, -1), (1, 1)], start=1):
                x, y = str(round(cx + dx * spacing)), str(round(cy + dy * spacing))
                xdotool(display, "mousemove", "--window", window, x, y)
                time.sleep(0.3)
                xdotool(display, "mousemove", "--window", window, x, y, "click", "1")
                game.wait_line(f"placed {n}", 30)
        # Leave the pointer still over the board and let start-up work finish; a won game is measured
        # from a second after the win, while its line still glows.
        time.sleep(1 if args.case == "animating" else 5)
        start_game, start_x = cpu_seconds(game.pid), cpu_seconds(xvfb.pid)
        start_own = cpu_seconds_outside(game.pid, "llvmpipe")
        started = time.monotonic()
        time.sleep(args.seconds)
        elapsed = time.monotonic() - started
        used_game = cpu_seconds(game.pid) - start_game
        used_x = cpu_seconds(xvfb.pid) - start_x
        used_own = cpu_seconds_outside(game.pid, "llvmpipe") - start_own
        drawing = "continuous" if args.continuous else "reactive"
        print(
            f"{args.case} ({drawing}): game {100 * used_game / elapsed:.2f}% of one core "
            f"({used_game:.2f} s CPU in {elapsed:.1f} s), of which outside the software rasteriser "
            f"{100 * used_own / elapsed:.2f}%; Xvfb {100 * used_x / elapsed:.2f}%"
        )
    finally:
        if game is not None:
            game.kill()
        xvfb.kill()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
