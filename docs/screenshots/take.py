#!/usr/bin/env python3
"""Takes the README's screenshots: runs the game under Xvfb (software Vulkan), plays moves with
xdotool at the cells the game reports (`--print-moves`), and saves the screen with ImageMagick.

    python3 docs/screenshots/take.py [--binary target/debug/tengen] [--only NAME]

Needs the packages xvfb, xdotool, imagemagick and mesa-vulkan-drivers (the README's setup).
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "docs", "screenshots")


def cell_xy(name, size, centre, spacing):
    """Window position of a cell name such as h8 (columns from a, rows from the bottom)."""
    col = ord(name[0]) - ord("a")
    row = int(name[1:])
    mid = (size - 1) / 2
    cx, cy = centre
    return (cx + (col - mid) * spacing, cy + (row - 1 - mid) * -spacing)


class Game:
    def __init__(self, display, binary, args):
        env = dict(os.environ, DISPLAY=display, BEVY_ASSET_ROOT=ROOT, WINIT_UNIX_BACKEND="x11")
        env.pop("WAYLAND_DISPLAY", None)
        self.display = display
        self.proc = subprocess.Popen(
            [binary, "--print-moves", *args],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.env = env
        self.ready = None

    def xdo(self, *args):
        subprocess.run(["xdotool", *args], env=self.env, check=True)

    def wait_ready(self, timeout=60):
        start = time.time()
        while time.time() - start < timeout:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("the game exited before it was ready")
            m = re.match(r"ready size=(\d+) centre=(\d+),(\d+) spacing=([\d.]+)", line)
            if m:
                self.ready = (int(m[1]), (int(m[2]), int(m[3])), float(m[4]))
                return
        raise SystemExit("the game never reported its board")

    def window_origin(self):
        wid = subprocess.run(
            ["xdotool", "search", "--sync", "--name", "Tengen"],
            env=self.env, capture_output=True, text=True, check=True,
        ).stdout.split()[0]
        geo = subprocess.run(
            ["xdotool", "getwindowgeometry", wid], env=self.env, capture_output=True, text=True,
            check=True,
        ).stdout
        m = re.search(r"Position: (\d+),(\d+)", geo)
        return (int(m[1]), int(m[2]))

    def click(self, x, y):
        self.xdo("mousemove", str(int(x)), str(int(y)))
        # Picking needs a frame or two (slow on a software renderer) to see the pointer over the cell.
        time.sleep(0.5)
        self.xdo("click", "1")
        time.sleep(0.4)

    def play(self, *cells):
        size, centre, spacing = self.ready
        ox, oy = self.window_origin()
        for name in cells:
            x, y = cell_xy(name, size, centre, spacing)
            self.click(ox + x, oy + y)

    def hover(self, name):
        size, centre, spacing = self.ready
        ox, oy = self.window_origin()
        x, y = cell_xy(name, size, centre, spacing)
        self.xdo("mousemove", str(int(ox + x)), str(int(oy + y)))

    def park(self):
        """Moves the mouse off the board (over the side panel's empty bottom)."""
        ox, oy = self.window_origin()
        self.xdo("mousemove", str(ox + 1060), str(oy + 770))

    def key(self, *keys):
        wid = subprocess.run(
            ["xdotool", "search", "--name", "Tengen"], env=self.env, capture_output=True, text=True,
            check=True,
        ).stdout.split()[0]
        self.xdo("windowfocus", "--sync", wid)
        for k in keys:
            self.xdo("key", "--window", wid, k)
            time.sleep(0.2)

    def shot(self, name):
        path = os.path.join(OUT, name)
        subprocess.run(["import", "-window", "root", path], env=self.env, check=True)
        print("wrote", os.path.relpath(path, ROOT))

    def close(self):
        self.proc.kill()
        self.proc.wait()


def scenes(theme):
    t = ["--theme", theme]
    return {
        f"menu-{theme}.png": (t, None),
        f"game-{theme}.png": (t + ["--mode", "hvh", "--rule", "freestyle"], "game"),
        f"renju-{theme}.png": (t + ["--mode", "hvh", "--rule", "renju"], "renju"),
        f"game-over-{theme}.png": (t + ["--mode", "hvh", "--rule", "standard"], "over"),
        # The position editor is one picture, in the classic theme.
        **({"editor.png": (t + ["--mode", "hvh", "--rule", "renju"], "editor")}
           if theme == "classic" else {}),
    }


def act(game, what):
    if what is None:
        time.sleep(3)
        return
    game.wait_ready()
    time.sleep(1.5)
    if what == "game":
        game.play("h8", "i9", "i7", "g9", "j8", "h9", "j6")
        game.key("h")
        time.sleep(2.5)
        game.hover("k5")
    elif what == "renju":
        # Black to move with double-three and double-four points (forbidden for black in renju).
        # g8 h8 on a row and i9 i10 on a column: i8 would make two open threes.
        game.play("g8", "a1", "h8", "a3", "i10", "a5", "i9", "o1")
        # Pointing at it: no ghost stone, and the side panel says why.
        game.hover("i8")
    elif what == "editor":
        # E opens the editor on the same rule; B and W pick the stone. Black h8, white h9, black i9
        # first: the board names the opening (kagetsu). Then a black shape with a forbidden point.
        game.key("e")
        time.sleep(1.5)
        game.play("h8")
        game.key("w")
        game.play("h9")
        game.key("b")
        game.play("i9", "f9", "f10", "j7", "g11")
        game.key("w")
        game.play("g7", "k11", "e8")
        game.park()
    elif what == "over":
        game.play("h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "g8")
        game.park()
    time.sleep(2.0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, "target", "debug", "tengen"))
    parser.add_argument("--only", default=None)
    parser.add_argument("--display", default=":71")
    args = parser.parse_args()
    xvfb = subprocess.Popen(
        ["Xvfb", args.display, "-screen", "0", "1120x780x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1.5)
        for theme in ["classic", "contrast"]:
            for name, (flags, what) in scenes(theme).items():
                if args.only and args.only not in name:
                    continue
                game = Game(args.display, args.binary, flags)
                try:
                    act(game, what)
                    game.shot(name)
                finally:
                    game.close()
    finally:
        xvfb.kill()
        xvfb.wait()


if __name__ == "__main__":
    sys.exit(main())
