#!/usr/bin/env python3
"""What the player sees when the disk fills up mid-game, and when space returns: the game's files on a
small tmpfs that this script mounts (run as root), filled after two moves.

    sudo python3 docs/screenshots/disk.py [--binary target/release/tengen] [--lang en] [--case full]

Writes disk-full-LANG.png (a move played on the full disk: the side panel says what cannot be saved
and why) and disk-saving-again-LANG.png (space freed: the game saved by itself) beside this script,
at the smallest window (800x560). With `--case read-only` the game's data folder becomes read-only
instead (a read-only bind mount over it): disk-read-only-LANG.png. Needs xvfb, xdotool and imagemagick (scripts/setup-debian.sh).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
from xharness import Game, click_moves, field, game_env, game_window, start_xvfb, xdotool  # noqa: E402


def fill(folder):
    """Writes a file until the disk has no room left."""
    block = b"\0" * 4096
    # Unbuffered: a buffered file would fail once more when closed.
    with open(os.path.join(folder, "filler"), "wb", buffering=0) as f:
        try:
            while True:
                f.write(block)
                os.fsync(f.fileno())
        except OSError:
            pass


def click_third_move(game, display, window, dx, dy):
    """Plays move 3 at (dx, dy) points from the centre, as `click_moves` plays the first ones."""
    ready = game.latest("ready")
    centre, spacing = field(ready, "centre"), field(ready, "spacing")[0]
    x, y = round(centre[0] + dx * spacing), round(centre[1] - dy * spacing)
    xdotool(display, "mousemove", "--window", window, str(x - round(spacing)), str(y))
    time.sleep(0.1)
    xdotool(display, "mousemove", "--window", window, str(x), str(y), "click", "1")
    game.wait_line("placed 3 ", 10)


def shot(display, path):
    subprocess.run(["import", "-window", "root", "-crop", "800x560+0+0", path], check=True,
                   env={**os.environ, "DISPLAY": display})
    print(f"wrote {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--case", choices=["full", "read-only"], default="full")
    args = parser.parse_args()
    disk = tempfile.mkdtemp(prefix="tengen-small-disk-")
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", disk], check=True)
    xvfb, display = start_xvfb("1280x800x24")
    game = None
    try:
        env = game_env(display, disk)
        # Mesa's shader cache is no game file: it stays off the small disk.
        env["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="tengen-cache-")
        game = Game([args.binary, "--print-moves", "--mode", "hvh", "--rule", "freestyle",
                     "--lang", args.lang], env, os.path.join(tempfile.gettempdir(), "disk-shot.log"))
        game.wait_line("ready")
        window = game_window(display)
        xdotool(display, "windowsize", window, "800", "560")
        time.sleep(1.0)
        click_moves(game, display, window, [(0, 0), (1, 1)], "the first moves")
        game.wait_line("autosaved moves=2")
        data = os.path.join(disk, "data", "tengen")
        if args.case == "full":
            fill(disk)
        else:
            subprocess.run(["mount", "--bind", data, data], check=True)
            subprocess.run(["mount", "-o", "remount,bind,ro", data], check=True)
        click_third_move(game, display, window, 1, 0)
        time.sleep(1.5)
        xdotool(display, "mousemove", "--window", window, "790", "550")
        time.sleep(1.0)
        shot(display, os.path.join(HERE, f"disk-{args.case}-{args.lang}.png"))
        if args.case == "full":
            os.remove(os.path.join(disk, "filler"))
        else:
            subprocess.run(["umount", data], check=True)
        game.wait_line("autosaved moves=3", 30)
        time.sleep(1.0)
        if args.case == "full":
            shot(display, os.path.join(HERE, f"disk-saving-again-{args.lang}.png"))
    finally:
        if game is not None:
            game.kill()
        xvfb.kill()
        xvfb.wait()
        subprocess.run(["umount", "-R", "-l", disk])


if __name__ == "__main__":
    main()
