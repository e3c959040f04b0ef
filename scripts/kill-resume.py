#!/usr/bin/env python3
"""Kills the real game at random moments and checks `--continue` brings back every saved move.

    python3 scripts/kill-resume.py [--binary target/release/tengen] [--rounds 100] [--seed 1]

A two-player 20x20 game runs under Xvfb with its own home folder. Each round starts the game (with
`--continue` after the first), checks the position it comes back with, clicks one to three stones
onto empty points, and kills it with SIGKILL at a random moment up to 0.4 s after the last click:
before, during or after the autosave. The game that comes back must be a prefix of the stones
placed, holding at least every stone the game reported saved (`autosaved moves=N`): a stone not yet
reported may or may not have reached the disk, a reported one must never be lost, and nothing may
appear that was not played. After a five, or every 40 stones, a new game begins.
Fails (exit status 1) on a lost or invented stone, a panic or an ERROR log line.
Needs xvfb and xdotool (scripts/setup-debian.sh).
"""

import argparse
import os
import random
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xharness import Game, field, game_env, game_window, start_xvfb, word, xdotool  # noqa: E402

SIZE = 20
NEW_GAME = ["--mode", "hvh", "--rule", "freestyle20"]
FRESH_EVERY = 40


def point_of(cell):
    """`k10` as (column, row) counted from a1."""
    return (ord(cell[0]) - ord("a"), int(cell[1:]) - 1)


def has_five(points):
    """Whether the stones of one colour, as (column, row) pairs, hold five in a row."""
    stones = set(points)
    for (x, y) in stones:
        for dx, dy in [(1, 0), (0, 1), (1, 1), (1, -1)]:
            if all((x + k * dx, y + k * dy) in stones for k in range(5)):
                return True
    return False


class Rounds:
    def __init__(self, args, display, home):
        self.args = args
        self.display = display
        self.home = home
        self.rng = random.Random(args.seed)
        self.placed = []  # cell names in order, as printed
        self.points = []  # (column, row) offsets from the centre, in the same order
        self.saved = 0  # stones the game last reported saved
        self.seen = 0  # lines of this run of the game already read
        self.fresh = True

    def fail(self, why, game):
        print(f"kill-resume: FAILED: {why}")
        for line in game.errors()[:20]:
            print("  " + line)
        sys.exit(1)

    def one(self, number):
        start = NEW_GAME if self.fresh else ["--continue"]
        game = Game(
            [self.args.binary, "--print-moves"] + start,
            game_env(self.display, self.home),
            os.path.join(self.home, "stderr.log"),
        )
        self.seen = 0
        try:
            game.wait_line("startup: frame 3", 180)
            back = game.printed("saved game")
            if back is None and not self.fresh:
                # Nothing to continue: only right if the last game was over (a five, filed), or if
                # it was killed before any of its stones was reported saved.
                if not self.five_on_board() and self.saved > 0:
                    self.fail(f"--continue found no game; {self.saved} stones were reported saved", game)
                game.kill()
                self.fresh = True
                return
            # The board may have been laid out before the third frame: look back first.
            ready = game.latest("ready") or game.wait_line("ready", 180)
            if not self.fresh:
                self.check_resumed(back, game)
            else:
                self.placed, self.points, self.saved = [], [], 0
            self.fresh = False
            # What the start-up printed (the position it came back with) is already taken in.
            self.seen = len(game.history)
            centre = field(ready, "centre")
            spacing = field(ready, "spacing")[0]
            window = game_window(self.display)
            for _ in range(self.rng.randint(1, 3)):
                self.place_one(game, window, centre, spacing)
            time.sleep(self.rng.uniform(0.0, 0.4))
            self.read(game)
            if game.errors():
                self.fail(f"round {number}: {game.errors()[0]}", game)
        finally:
            game.kill()
        self.read(game)
        if len(self.placed) >= FRESH_EVERY or self.five_on_board():
            self.fresh = True

    def check_resumed(self, line, game):
        back = []
        if line is not None:
            back = [m for m in word(line, "moves").split(",") if m]
        if back != self.placed[: len(back)] or len(back) < self.saved:
            self.fail(
                f"--continue brought back {back}; placed {self.placed}, reported saved {self.saved}",
                game,
            )
        if self.args.verbose:
            print(f"round: back {len(back)} stones, {len(self.placed)} placed, {self.saved} reported saved")
        # What did not reach the disk is simply not played: go on from what came back.
        self.placed = back
        self.points = self.points[: len(back)]
        self.saved = len(back)

    def read(self, game):
        """Takes in the lines this run of the game printed since the last look."""
        lines = game.history[self.seen:]
        self.seen += len(lines)
        for line in lines:
            if line.startswith("placed "):
                self.placed.append(line.split()[3])
            elif line.startswith("autosaved "):
                self.saved = int(line.split("moves=")[1].split()[0])

    def place_one(self, game, window, centre, spacing):
        half = SIZE // 2 - 1
        for _ in range(50):
            point = (self.rng.randint(-half, half), self.rng.randint(-half, half))
            if point not in self.points:
                break
        x = round(centre[0] + point[0] * spacing)
        y = round(centre[1] - point[1] * spacing)
        for _ in range(4):
            # The pointer comes from beside the point: the game needs motion to know where it is.
            xdotool(self.display, "mousemove", "--window", window, str(x - round(spacing)), str(y))
            time.sleep(0.05)
            xdotool(self.display, "mousemove", "--window", window, str(x), str(y), "click", "1")
            if game.next_line("placed ", 10) is not None:
                self.read(game)
                self.points.append(point)
                return
        self.fail(f"no stone after four clicks at {point}", game)

    def five_on_board(self):
        """From the stones as the game named them (exact, however the clicks went)."""
        points = [point_of(cell) for cell in self.placed]
        return has_five(points[0::2]) or has_five(points[1::2])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="print every round")
    args = parser.parse_args()
    for tool in ["Xvfb", "xdotool"]:
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is missing: run scripts/setup-debian.sh")
    xvfb, display = start_xvfb()
    home = tempfile.mkdtemp(prefix="tengen-kill-")
    rounds = Rounds(args, display, home)
    games = 1
    try:
        for number in range(1, args.rounds + 1):
            if rounds.fresh and number > 1:
                games += 1
            rounds.one(number)
        print(
            f"kill-resume: passed: {args.rounds} rounds killed with SIGKILL, {games} games, "
            f"every reported move came back, seed {args.seed}"
        )
    finally:
        xvfb.kill()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
