#!/usr/bin/env python3
"""A monkey plays the real game: random clicks, keys, window resizes and menu use under Xvfb.

    python3 scripts/monkey.py [--binary target/release/tengen] [--seconds 60] [--seed 1]

The game starts at its menu with an empty home folder. The monkey clicks anywhere (mostly over the
board), presses the game's keys (new game, undo, redo, hint, pause, menu, the arrow keys, Enter, yes and
no in questions, Ctrl+O and Ctrl+S for the file dialog), resizes the window between the minimum size and
larger, for the given time. If the game quits by itself (a click on Quit), it is started again with
`--continue`. It fails (exit status 1) on:
  - a panic, an ERROR log line, or the game dying by a signal or a non-zero exit;
  - a lost autosave: at the end, with the monkey stopped and the game settled, the autosave must hold
    as many moves as the game last reported saving, the game is killed (SIGKILL), and a start with
    `--continue` must bring back exactly that many moves.
Needs xvfb and xdotool (scripts/setup-debian.sh).
"""

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xharness import Game, game_env, game_window, start_xvfb, xdotool  # noqa: E402

MIN_SIZE = (800, 560)
MAX_SIZE = (1500, 950)
# How each run begins: at the menu, or in a game started by flags (then the menu comes by Escape).
STARTS = [
    [],
    ["--mode", "hvh", "--rule", "freestyle"],
    ["--mode", "hvh", "--rule", "renju"],
    ["--mode", "hvc", "--level", "low", "--rule", "tictactoe"],
    ["--mode", "hvc", "--level", "medium", "--rule", "standard"],
    ["--mode", "hvc", "--level", "expert", "--think-time", "0.2", "--rule", "freestyle20"],
]
KEYS = [
    "n", "u", "r", "h", "p", "s", "y", "Escape", "Return", "space", "Left", "Right", "Up",
    "Down", "Home", "End", "ctrl+z", "ctrl+y", "ctrl+shift+z", "ctrl+o", "ctrl+s", "Tab", "1", "2",
]


class Monkey:
    def __init__(self, args, display, home):
        self.args = args
        self.display = display
        self.home = home
        self.rng = random.Random(args.seed)
        self.game = None
        self.window = None
        self.autosaved = None  # (moves, redo) of the last `autosaved` line
        self.actions = 0
        self.restarts = 0
        self.moves_seen = 0

    def start(self, resume):
        start = ["--continue"] if resume else self.rng.choice(STARTS)
        command = [self.args.binary, "--print-moves"] + start
        print(f"monkey: starts tengen {' '.join(start)}")
        self.game = Game(
            command, game_env(self.display, self.home), os.path.join(self.home, "stderr.log")
        )
        self.game.wait_line("ready" if resume else "startup: frame 3", 180)
        self.window = game_window(self.display)

    def fail(self, why):
        print(f"monkey: FAILED after {self.actions} actions: {why}")
        errors = self.game.errors() if self.game else []
        for line in errors[:20]:
            print("  " + line)
        shot = os.path.join(self.args.shots or tempfile.gettempdir(), "monkey-failure.png")
        os.system(f"DISPLAY={self.display} import -window root {shot} 2>/dev/null")
        print(f"  screen: {shot}")
        sys.exit(1)

    def read_lines(self):
        for line in self.game.drain():
            if line.startswith("autosaved "):
                words = dict(w.split("=", 1) for w in line.split()[1:])
                self.autosaved = (int(words["moves"]), int(words["redo"]))
            elif line.startswith("placed "):
                self.moves_seen += 1

    def check_health(self):
        errors = self.game.errors()
        if errors:
            self.fail(f"the game logged an error: {errors[0]}")
        if not self.game.alive():
            code = self.game.process.returncode
            if code != 0:
                self.fail(f"the game died (exit status {code})")
            # It quit by itself (the menu's Quit): that is allowed; come back to the saved game.
            self.read_lines()
            self.check_autosave_file()
            self.game.kill()
            self.restarts += 1
            self.start(resume=True)

    def size(self):
        geometry = xdotool(self.display, "getwindowgeometry", self.window)
        w, h = geometry.split("Geometry: ")[1].split()[0].split("x")
        return int(w), int(h)

    def act(self):
        self.actions += 1
        choice = self.rng.random()
        try:
            if choice < 0.55:
                self.click()
            elif choice < 0.93:
                xdotool(self.display, "key", "--window", self.window, self.rng.choice(KEYS))
            else:
                w = self.rng.randint(MIN_SIZE[0], MAX_SIZE[0])
                h = self.rng.randint(MIN_SIZE[1], MAX_SIZE[1])
                xdotool(self.display, "windowsize", self.window, str(w), str(h))
        except Exception as error:  # the window may be gone for a moment (a restart)
            if self.game.alive():
                raise
            print(f"monkey: action {self.actions} found no window ({error})")

    def click(self):
        w, h = self.size()
        # Mostly the board (the left part); the menus' and dialogs' buttons sit in the middle column;
        # and anywhere at all (the side panel, the records bar).
        where = self.rng.random()
        if where < 0.5:
            x, y = self.rng.randint(10, int(w * 0.7)), self.rng.randint(10, h - 10)
        elif where < 0.75:
            x = self.rng.randint(w // 2 - 120, w // 2 + 120)
            y = self.rng.randint(int(h * 0.15), int(h * 0.85))
        else:
            x, y = self.rng.randint(0, w - 1), self.rng.randint(0, h - 1)
        # The pointer must move before a click so the game knows where it is.
        xdotool(self.display, "mousemove", "--window", self.window, str(max(0, x - 7)), str(y))
        time.sleep(0.03)
        xdotool(self.display, "mousemove", "--window", self.window, str(x), str(y), "click", "1")

    def check_autosave_file(self):
        """The autosave, if any, parses and holds the moves last reported saved."""
        path = os.path.join(self.home, "data", "tengen", "autosave.json")
        if not os.path.exists(path):
            return None
        try:
            with open(path) as f:
                saved = json.load(f)
        except ValueError as error:
            self.fail(f"the autosave does not parse: {error}")
        held = (len(saved.get("moves", [])), len(saved.get("redo", [])))
        if self.autosaved is not None and held != self.autosaved:
            self.fail(f"the autosave holds {held} (moves, redo), the game last saved {self.autosaved}")
        return held

    def settle(self):
        """Waits until the game prints nothing for two seconds (its last autosave is written)."""
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < 2.0:
            time.sleep(0.2)
            before = self.autosaved
            count = self.moves_seen
            self.read_lines()
            if self.autosaved != before or self.moves_seen != count:
                quiet_since = time.monotonic()

    def finish(self):
        """Kill at rest, then `--continue` must bring back what was saved."""
        # Out of any question or dialog, back to the game if one is on (Escape twice reaches the menu).
        self.settle()
        self.check_health()
        held = self.check_autosave_file()
        self.game.kill()
        if held is None:
            print("monkey: no game in progress at the end (nothing to resume)")
            return
        self.start(resume=True)
        line = self.game.printed("saved game")
        if line is None:
            self.fail(f"--continue brought back no game; the autosave held {held[0]} moves")
        moves = line.split("moves=")[1].split()[0]
        count = len([m for m in moves.split(",") if m])
        if count != held[0]:
            self.fail(f"--continue brought back {count} moves, the autosave held {held[0]}")
        self.check_health()
        self.game.kill()
        print(f"monkey: --continue brought back the saved game ({count} moves)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shots", help="folder for the failure screenshot (default: the temp home)")
    args = parser.parse_args()
    for tool in ["Xvfb", "xdotool"]:
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is missing: run scripts/setup-debian.sh")

    xvfb, display = start_xvfb("1600x1000x24")
    home = tempfile.mkdtemp(prefix="tengen-monkey-")
    monkey = Monkey(args, display, home)
    try:
        monkey.start(resume=False)
        end = time.monotonic() + args.seconds
        while time.monotonic() < end:
            monkey.act()
            time.sleep(monkey.rng.uniform(0.05, 0.35))
            monkey.read_lines()
            monkey.check_health()
        monkey.finish()
        print(
            f"monkey: passed: {monkey.actions} actions in {args.seconds:.0f} s, "
            f"{monkey.moves_seen} stones placed, {monkey.restarts} restarts after Quit, "
            f"seed {args.seed}"
        )
    finally:
        if monkey.game is not None:
            monkey.game.kill()
        xvfb.kill()
        xvfb.wait()
        if not args.shots:
            shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
