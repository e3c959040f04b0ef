#!/usr/bin/env python3
"""A monkey plays the real game over every screen: random clicks, keys, window resizes and menu use
under Xvfb, in runs that each start a mode on purpose.

    python3 scripts/monkey.py [--binary target/release/tengen] [--seconds 60] [--seed 1]

Each run starts the game in one scenario, drawn by weight (see SCENARIOS): the menu; a game against the
computer at each level and rule; two players; computer against computer; swap and swap2 openings; the
position editor; a ladder step and "Match my strength"; the puzzles; a record opened in the viewer and its review (from a folder of real SGF files, which
the file dialog also shows); and a network game with a second window on loopback that also plays at
random and now and then drops its connection (killed, then joining again). Each run speaks a random
language. Within a run the monkey clicks anywhere (mostly over the board), presses the game's keys,
resizes the window, for a random while; then the run ends with a check, and the next scenario starts.

The game prints what the player is doing (`mode vs-computer window=file-dialog` with --print-moves);
the monkey counts its actions per mode and window and prints the table at the end.

It fails (exit status 1) on:
  - a panic, an ERROR log line, or a game dying by a signal or a non-zero exit;
  - a lost autosave: at the end of every run, with the monkey stopped and the game settled, the
    autosave must hold as many moves as the game last reported saving, the game is killed (SIGKILL),
    and a start with `--continue` must bring back exactly that many moves.
Needs xvfb and xdotool (scripts/setup-debian.sh).
"""

import argparse
import collections
import json
import os
import random
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xharness import Game, game_env, game_window, start_xvfb, word, xdotool  # noqa: E402

MIN_SIZE = (800, 560)
MAX_SIZE = (1500, 950)
LANGUAGES = ["en", "ru", "zh-CN", "pl"]
RULES = ["freestyle", "standard", "renju", "tictactoe", "freestyle19", "freestyle20"]
KEYS = [
    "n", "u", "r", "h", "p", "s", "y", "a", "e", "b", "w", "x", "Escape", "Return", "space", "Left",
    "Right", "Up", "Down", "Home", "End", "ctrl+z", "ctrl+y", "ctrl+shift+z", "ctrl+o", "ctrl+s",
    "Tab", "1", "2", "3",
]


def scenario(weight, name, flags, keys=(), network=False):
    return {"weight": weight, "name": name, "flags": flags, "keys": list(keys), "network": network}


# How a run begins: flags for the game, then keys pressed once it is up (the editor, a review).
# `{rule}` is drawn from RULES, `{step}` from the ladder's 14 steps, `{record}` from the folder of
# SGF files.
SCENARIOS = [
    scenario(2, "menu", []),
    scenario(2, "vs-low", ["--mode", "hvc", "--level", "low", "--rule", "{rule}"]),
    scenario(2, "vs-medium", ["--mode", "hvc", "--level", "medium", "--rule", "{rule}"]),
    scenario(1, "vs-expert", ["--mode", "hvc", "--level", "expert", "--think-time", "0.2",
                              "--rule", "{rule}"]),
    scenario(2, "two-players", ["--mode", "hvh", "--rule", "{rule}"]),
    scenario(1, "computer-vs-computer", ["--mode", "cvc", "--level", "low", "--rule", "{rule}"]),
    scenario(2, "swap", ["--mode", "hvc", "--level", "medium", "--opening", "swap"]),
    scenario(2, "swap2", ["--mode", "hvh", "--opening", "swap2"]),
    scenario(2, "swap2-vs-computer", ["--mode", "hvc", "--level", "low", "--opening", "swap2"]),
    scenario(2, "editor", ["--mode", "hvh", "--rule", "{rule}"], keys=["e"]),
    scenario(2, "record", ["{record}"]),
    scenario(2, "review", ["{record}"], keys=["End", "r"]),
    scenario(1, "file-dialog", ["--mode", "hvh"], keys=["ctrl+o"]),
    scenario(2, "step", ["--mode", "hvc", "--step", "{step}", "--rule", "{rule}"]),
    scenario(1, "match-my-strength", ["--mode", "hvc", "--step", "match", "--rule", "{rule}"]),
    scenario(2, "puzzles", ["--puzzles"]),
    scenario(3, "network", ["--host", "0", "--rule", "freestyle"], network=True),
]


def sgf_games(folder, rng, count=6):
    """Writes `count` records into `folder`: finished games (five in a row) and unfinished ones."""
    os.makedirs(folder, exist_ok=True)
    letters = "abcdefghijklmno"
    for n in range(count):
        taken, moves = set(), []
        row = rng.randint(2, 12)
        five = [(c, row) for c in range(3, 8)]
        finished = n % 2 == 0
        for i in range(9 if finished else rng.randint(3, 20)):
            if finished and i % 2 == 0:
                point = five[i // 2]
            else:
                point = (rng.randint(0, 14), rng.randint(0, 14))
                while point in taken or point in five:
                    point = (rng.randint(0, 14), rng.randint(0, 14))
            taken.add(point)
            colour = "B" if i % 2 == 0 else "W"
            moves.append(f";{colour}[{letters[point[0]]}{letters[point[1]]}]")
        result = "RE[B+]" if finished else ""
        text = f"(;FF[4]GM[4]SZ[15]RU[freestyle]PB[Ada]PW[Bob]{result}{''.join(moves)})\n"
        with open(os.path.join(folder, f"game-{n}.sgf"), "w") as f:
            f.write(text)
    return sorted(os.path.join(folder, name) for name in os.listdir(folder))


class Window:
    """One game process, its window and what it last said."""

    def __init__(self, monkey, name, home, command, wait_for):
        self.name = name
        self.home = home
        self.game = Game(command, game_env(monkey.display, home), os.path.join(home, "stderr.log"))
        self.game.wait_line(wait_for, 180)
        self.window = game_window_of(monkey.display, self.game.pid)
        # The first `mode` line may have gone by while waiting for the start.
        latest = self.game.latest("mode ")
        self.mode = latest[len("mode "):] if latest else "starting"
        self.autosaved = None  # (moves, redo) of the last `autosaved` line
        self.hosting = None

    def read_lines(self, monkey):
        for line in self.game.drain():
            if line.startswith("autosaved "):
                words = dict(w.split("=", 1) for w in line.split()[1:])
                self.autosaved = (int(words["moves"]), int(words["redo"]))
            elif line.startswith("placed "):
                monkey.moves_seen += 1
            elif line.startswith("mode "):
                self.mode = line[len("mode "):]
                monkey.modes_reached[self.mode] += 1
            elif line.startswith("hosting port="):
                self.hosting = int(line.split("=")[1])


def game_window_of(display, pid):
    """The window of the game process `pid` (two games share the display in a network run)."""
    for _ in range(100):
        found = xdotool(display, "search", "--sync", "--class", "tengen").splitlines()
        for window in found:
            try:
                if xdotool(display, "getwindowpid", window) == str(pid):
                    return window
            except Exception:
                pass
        time.sleep(0.2)
    return game_window(display)


class Monkey:
    def __init__(self, args, display, home):
        self.args = args
        self.display = display
        self.home = home
        self.rng = random.Random(args.seed)
        self.records = sgf_games(os.path.join(home, "Documents", "games"), self.rng)
        self.main = None
        self.peer = None
        self.actions = 0
        self.runs = 0
        self.restarts = 0
        self.drops = 0
        self.moves_seen = 0
        self.actions_per_mode = collections.Counter()
        self.modes_reached = collections.Counter()
        self.scenarios_run = collections.Counter()

    # -- starting and stopping ----------------------------------------------------------------

    def flags(self, chosen):
        out = []
        for flag in chosen["flags"]:
            if flag == "{rule}":
                out.append(self.rng.choice(RULES))
            elif flag == "{step}":
                out.append(str(self.rng.randint(1, 14)))
            elif flag == "{record}":
                out.append(self.rng.choice(self.records))
            else:
                out.append(flag)
        return out + ["--lang", self.rng.choice(LANGUAGES)]

    def start_run(self):
        weights = [s["weight"] for s in SCENARIOS]
        chosen = self.rng.choices(SCENARIOS, weights=weights)[0]
        self.runs += 1
        self.scenarios_run[chosen["name"]] += 1
        flags = self.flags(chosen)
        print(f"monkey: run {self.runs}: {chosen['name']}: tengen {' '.join(flags)}")
        self.main = Window(self, "main", self.home,
                           [self.args.binary, "--print-moves"] + flags, "startup: frame 3")
        if chosen["network"]:
            # The line may have come before the start line the window waited for.
            line = self.main.game.latest("hosting port=") or self.main.game.wait_line(
                "hosting port=", 60)
            self.main.hosting = int(line.split("=")[1])
            self.start_peer()
        for key in chosen["keys"]:
            time.sleep(0.5)
            self.key(self.main, key)

    def start_peer(self):
        home = os.path.join(self.home, "peer")
        os.makedirs(home, exist_ok=True)
        command = [self.args.binary, "--print-moves", "--join",
                   f"127.0.0.1:{self.main.hosting}", "--rule", "freestyle",
                   "--lang", self.rng.choice(LANGUAGES)]
        self.peer = Window(self, "peer", home, command, "startup: frame 3")
        # Side by side: with no window manager both open at the origin.
        xdotool(self.display, "windowmove", self.peer.window, "820", "0")

    def drop_peer(self):
        """The other player's connection drops (the process is killed), and it joins again."""
        self.drops += 1
        self.peer.game.kill()
        self.check_errors(self.peer)
        self.start_peer()

    def end_run(self):
        """Kill at rest, then `--continue` must bring back what was saved."""
        if self.peer is not None:
            self.peer.game.kill()
            self.check_errors(self.peer)
            self.peer = None
        self.settle(self.main)
        self.check_health(self.main)
        held = self.check_autosave_file(self.main)
        self.main.game.kill()
        if held is not None:
            self.check_continue(held)
        self.main = None

    def check_continue(self, held):
        resumed = Window(self, "main", self.home,
                         [self.args.binary, "--print-moves", "--continue"], "startup: frame 3")
        line = resumed.game.printed("saved game")
        if line is None:
            self.fail(f"--continue brought back no game; the autosave held {held[0]} moves",
                      resumed)
        count = len([m for m in word(line, "moves").split(",") if m])
        if count != held[0]:
            self.fail(f"--continue brought back {count} moves, the autosave held {held[0]}",
                      resumed)
        self.check_health(resumed)
        resumed.game.kill()

    # -- checks -------------------------------------------------------------------------------

    def fail(self, why, window=None):
        print(f"monkey: FAILED after {self.actions} actions: {why}")
        for w in [window, self.main, self.peer]:
            if w is not None:
                for line in w.game.errors()[:20]:
                    print(f"  {w.name}: {line}")
        shot = os.path.join(self.args.shots or tempfile.gettempdir(), "monkey-failure.png")
        os.system(f"DISPLAY={self.display} import -window root {shot} 2>/dev/null")
        print(f"  screen: {shot}")
        sys.exit(1)

    def check_errors(self, window):
        errors = window.game.errors()
        if errors:
            self.fail(f"{window.name} logged an error: {errors[0]}", window)
        code = window.game.process.poll()
        if code not in (None, 0, -9):
            self.fail(f"{window.name} died (exit status {code})", window)

    def check_health(self, window):
        self.check_errors(window)
        if not window.game.alive():
            # It quit by itself (the menu's Quit): allowed; come back to the saved game.
            window.read_lines(self)
            self.check_autosave_file(window)
            window.game.kill()
            self.restarts += 1
            if window is self.main:
                self.main = Window(self, "main", self.home,
                                   [self.args.binary, "--print-moves", "--continue"], "startup: frame 3")
            else:
                self.start_peer()

    def check_autosave_file(self, window):
        """The autosave, if any, parses and holds the moves last reported saved."""
        path = os.path.join(window.home, "data", "tengen", "autosave.json")
        if not os.path.exists(path):
            return None
        try:
            with open(path) as f:
                saved = json.load(f)
        except ValueError as error:
            self.fail(f"the autosave does not parse: {error}", window)
        # Version 3 keeps the position in the match's saved form; older files at the top.
        position = saved.get("match", saved)
        held = (len(position.get("moves", [])), len(position.get("redo", [])))
        if window.autosaved is not None and held != window.autosaved:
            self.fail(f"the autosave holds {held} (moves, redo), the game last saved "
                      f"{window.autosaved}", window)
        return held

    def settle(self, window):
        """Waits until the game prints nothing for two seconds (its last autosave is written)."""
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < 2.0:
            time.sleep(0.2)
            before = window.autosaved
            count = self.moves_seen
            window.read_lines(self)
            if window.autosaved != before or self.moves_seen != count:
                quiet_since = time.monotonic()

    # -- actions ------------------------------------------------------------------------------

    def key(self, window, key):
        # A key sent to a window by XSendEvent (`key --window`) is ignored by the game's windowing
        # library: the window gets the focus and the key goes through XTEST, as a keyboard's does.
        xdotool(self.display, "windowfocus", window.window)
        xdotool(self.display, "key", key)

    def size(self, window):
        geometry = xdotool(self.display, "getwindowgeometry", window.window)
        w, h = geometry.split("Geometry: ")[1].split()[0].split("x")
        return int(w), int(h)

    def act(self):
        window = self.main
        if self.peer is not None and self.rng.random() < 0.4:
            window = self.peer
            if self.rng.random() < 0.01:
                self.drop_peer()
                return
        self.actions += 1
        self.actions_per_mode[window.mode] += 1
        choice = self.rng.random()
        try:
            if choice < 0.55:
                self.click(window)
            elif choice < 0.95:
                self.key(window, self.rng.choice(KEYS))
            else:
                w = self.rng.randint(MIN_SIZE[0], MAX_SIZE[0])
                h = self.rng.randint(MIN_SIZE[1], MAX_SIZE[1])
                xdotool(self.display, "windowsize", window.window, str(w), str(h))
        except Exception as error:  # the window may be gone for a moment (a restart)
            if window.game.alive():
                raise
            print(f"monkey: action {self.actions} found no window ({error})")

    def click(self, window):
        w, h = self.size(window)
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
        xdotool(self.display, "mousemove", "--window", window.window, str(max(0, x - 7)), str(y))
        time.sleep(0.03)
        xdotool(self.display, "mousemove", "--window", window.window, str(x), str(y), "click", "1")

    def step(self):
        self.act()
        time.sleep(self.rng.uniform(0.05, 0.35))
        for window in [self.main, self.peer]:
            if window is not None:
                window.read_lines(self)
                self.check_health(window)


def report(monkey, seconds):
    print("monkey: actions per mode (window):")
    for mode, count in sorted(monkey.actions_per_mode.items(), key=lambda kv: -kv[1]):
        print(f"  {count:6d}  {mode}")
    print("monkey: runs per scenario: " + ", ".join(
        f"{name} {count}" for name, count in sorted(monkey.scenarios_run.items())))
    reached = sorted({mode.split()[0] for mode in monkey.modes_reached})
    print(f"monkey: modes reached: {', '.join(reached)}")
    print(
        f"monkey: passed: {monkey.actions} actions in {seconds:.0f} s, {monkey.runs} runs, "
        f"{monkey.moves_seen} stones placed, {monkey.drops} network drops, "
        f"{monkey.restarts} restarts after Quit, seed {monkey.args.seed}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--run-seconds", type=float, nargs=2, default=(15.0, 60.0),
                        help="how long each run lasts, drawn between these")
    parser.add_argument("--shots", help="folder for the failure screenshot (default: the system temp folder)")
    args = parser.parse_args()
    for tool in ["Xvfb", "xdotool"]:
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is missing: run scripts/setup-debian.sh")

    xvfb, display = start_xvfb("1700x1000x24")
    home = tempfile.mkdtemp(prefix="tengen-monkey-")
    monkey = Monkey(args, display, home)
    passed = False
    try:
        end = time.monotonic() + args.seconds
        while time.monotonic() < end:
            monkey.start_run()
            run_end = min(end, time.monotonic() + monkey.rng.uniform(*args.run_seconds))
            while time.monotonic() < run_end:
                monkey.step()
            monkey.end_run()
        report(monkey, args.seconds)
        passed = True
    finally:
        for window in [monkey.main, monkey.peer]:
            if window is not None:
                window.game.kill()
        xvfb.kill()
        xvfb.wait()
        # A failed run keeps the players' files (settings, saves, stderr.log) to look at.
        if passed:
            shutil.rmtree(home, ignore_errors=True)
        else:
            print(f"monkey: the players' files are kept in {home}")


if __name__ == "__main__":
    main()
