#!/usr/bin/env python3
"""Screenshots of every window and card at the smallest window size (800x560) in one language, to check
that nothing runs off the window or is clipped in the longer Russian and Polish words or in Chinese.

    python3 docs/screenshots/small-window.py --binary target/release/tengen --lang ru [--out DIR] [SCREEN...]

Screens: settings-page, statistics, network, editor, settings-window, history, save-open,
new-game-question, game-over (all when none is named). Writes small-SCREEN-LANG.png to --out (this
folder by default). The buttons are found by where they sit at 800x560; the records bar's buttons
differ in width per language (BAR). Needs xvfb, xdotool and imagemagick (scripts/setup-debian.sh).
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

# At 800x560: the main menu's buttons, the side panel's New game and Settings, and the records bar's
# Save/Open, History and Statistics per language.
MENU = {"editor": (400, 245), "network": (400, 325), "settings": (400, 365), "statistics": (400, 405)}
HUD_NEW_GAME, HUD_SETTINGS = (545, 352), (736, 352)
BAR = {"en": (70, 185, 280), "ru": (110, 275, 388), "pl": (90, 224, 327), "zh-CN": (65, 176, 248)}
TWO_PLAYERS = ["--mode", "hvh", "--rule", "freestyle"]


class Window:
    """The game at 800x560 under Xvfb, with clicks and stones."""

    def __init__(self, binary, lang, args):
        self.xvfb, self.display = start_xvfb()
        self.home = tempfile.mkdtemp(prefix="tengen-small-")
        self.game = Game([binary, "--print-moves", "--lang", lang, *args],
                         game_env(self.display, self.home), os.path.join(self.home, "stderr"))
        self.game.wait_line("startup: frame 3")
        self.window = game_window(self.display)
        xdotool(self.display, "windowsize", self.window, "800", "560")
        xdotool(self.display, "windowmove", self.window, "0", "0")
        time.sleep(1.5)

    def click(self, at):
        xdotool(self.display, "mousemove", "--window", self.window, str(at[0]), str(at[1]),
                "click", "1")
        time.sleep(1.0)

    def stone(self, dx, dy, n):
        """Stone `n` at (dx, dy) from the centre, clicked until the game reports it."""
        ready = self.game.latest("ready") or self.game.wait_line("ready")
        centre, spacing = field(ready, "centre"), field(ready, "spacing")[0]
        x, y = round(centre[0] + dx * spacing), round(centre[1] - dy * spacing)
        for _ in range(4):
            xdotool(self.display, "mousemove", "--window", self.window, str(x - round(spacing)), str(y))
            time.sleep(0.1)
            xdotool(self.display, "mousemove", "--window", self.window, str(x), str(y), "click", "1")
            if self.game.next_line(f"placed {n} ", 10):
                return
        sys.exit(f"stone {n} was not placed")

    def shot(self, path):
        # The pointer off every button, so no hover colour.
        xdotool(self.display, "mousemove", "--window", self.window, "790", "5")
        time.sleep(1.5)
        subprocess.run(["import", "-window", self.window, "-strip", path],
                       env={**os.environ, "DISPLAY": self.display}, check=True)
        subprocess.run(["convert", path, "+dither", "-colors", "96", path], check=True)
        print("wrote", os.path.relpath(path), flush=True)

    def close(self):
        self.game.kill()
        self.xvfb.kill()
        self.xvfb.wait()
        shutil.rmtree(self.home, ignore_errors=True)


def five_in_a_row(w):
    """Black's five along the middle row, white answering three rows up."""
    n = 1
    for i in range(5):
        w.stone(i, 0, n)
        n += 1
        if i < 4:
            w.stone(i, 3, n)
            n += 1


def screens(lang):
    bar = BAR.get(lang, BAR["en"])
    return {
        "settings-page": ([], lambda w: w.click(MENU["settings"])),
        "statistics": ([], lambda w: w.click(MENU["statistics"])),
        "network": ([], lambda w: w.click(MENU["network"])),
        "editor": ([], lambda w: w.click(MENU["editor"])),
        "settings-window": (TWO_PLAYERS, lambda w: w.click(HUD_SETTINGS)),
        "history": (TWO_PLAYERS, lambda w: w.click((bar[1], 537))),
        "save-open": (TWO_PLAYERS, lambda w: w.click((bar[0], 537))),
        "new-game-question": (TWO_PLAYERS, lambda w: (w.stone(0, 0, 1), w.click(HUD_NEW_GAME))),
        "game-over": (TWO_PLAYERS, five_in_a_row),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    parser.add_argument("--lang", default="ru")
    parser.add_argument("--out", default=HERE)
    parser.add_argument("screen", nargs="*")
    args = parser.parse_args()
    all_screens = screens(args.lang)
    unknown = [s for s in args.screen if s not in all_screens]
    if unknown:
        sys.exit(f"no screen {', '.join(unknown)}; there are: {', '.join(all_screens)}")
    os.makedirs(args.out, exist_ok=True)
    for name in args.screen or all_screens:
        flags, steps = all_screens[name]
        window = Window(args.binary, args.lang, flags)
        try:
            steps(window)
            window.shot(os.path.join(args.out, f"small-{name}-{args.lang}.png"))
        finally:
            window.close()


if __name__ == "__main__":
    main()
