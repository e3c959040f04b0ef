#!/usr/bin/env python3
"""Measures the CPU the game uses while nobody touches it, under Xvfb with Mesa's software Vulkan.

    python3 scripts/idle-cpu.py [--binary target/release/tengen] [--seconds 30] [--case idle|animating]

`idle`: a two-player 15x15 game on screen, nobody moving (the clock of the side to move runs).
`animating`: a won 3x3 game, whose winning line glows and breathes for as long as it is shown.
`--continuous` draws every frame as the game did before it learned to sleep (Bevy's default game
mode, what `--measure-frames` still uses): the "before" of the idle measurement.
Prints the game's CPU time (all its threads, the software renderer included) and the X server's, as
a percentage of one core over the measured seconds. Needs xvfb and xdotool (scripts/setup-debian.sh).
"""

import argparse
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User + system CPU seconds of a process, all threads."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def start_xvfb():
    """Xvfb on a display it picks itself (-displayfd), returned once it accepts clients."""
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    number = xvfb.stdout.readline().strip()
    if not number.isdigit():
        xvfb.kill()
        sys.exit("Xvfb did not start")
    return xvfb, f":{number}"


def wait_line(lines, game, prefix, limit=180):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if game.poll() is not None:
            sys.exit(f"the game exited ({game.returncode}) before `{prefix}`")
        try:
            line = lines.get(timeout=0.2)
        except queue.Empty:
            continue
        if line.startswith(prefix):
            return line
    sys.exit(f"no `{prefix}` line after {limit} s")


def field(line, key):
    value = next(w for w in line.split() if w.startswith(key + "="))[len(key) + 1:]
    parts = value.split(",")
    return tuple(float(p) for p in parts)


def xdotool(display, *args):
    return subprocess.run(
        ["xdotool", *args], env={**os.environ, "DISPLAY": display},
        check=True, capture_output=True, text=True, timeout=60,
    ).stdout.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--case", choices=["idle", "animating"], default="idle")
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
        env = {
            "DISPLAY": display,
            "HOME": home,
            "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_DATA_HOME": os.path.join(home, "data"),
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        }
        if args.asset_root:
            env["BEVY_ASSET_ROOT"] = args.asset_root
        command = [args.binary, "--mode", "hvh", "--rule", rule, "--print-moves"]
        if args.continuous:
            # Long enough to outlast the measurement; the frame summary it prints is not read.
            command += ["--measure-frames", str(args.seconds + 60)]
        game = subprocess.Popen(
            command,
            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        lines = queue.Queue()
        threading.Thread(
            target=lambda: [lines.put(line.strip()) for line in game.stdout], daemon=True
        ).start()
        ready = wait_line(lines, game, "ready")
        cx, cy = field(ready, "centre")
        spacing = field(ready, "spacing")[0]
        window = xdotool(display, "search", "--sync", "--name", "Tengen").splitlines()[0]
        if args.case == "animating":
            # X wins on the diagonal: X 1,1  O 2,1  X 2,2  O 3,1  X 3,3 (columns, rows from the top).
            for n, (dx, dy) in enumerate([(-1, -1), (0, -1), (0, 0), (1, -1), (1, 1)], start=1):
                x, y = str(round(cx + dx * spacing)), str(round(cy + dy * spacing))
                xdotool(display, "mousemove", "--window", window, x, y)
                time.sleep(0.3)
                xdotool(display, "mousemove", "--window", window, x, y, "click", "1")
                wait_line(lines, game, f"placed {n}", 30)
        # Leave the pointer still over the board and let start-up work and animations finish.
        time.sleep(5)
        start_game, start_x = cpu_seconds(game.pid), cpu_seconds(xvfb.pid)
        started = time.monotonic()
        time.sleep(args.seconds)
        elapsed = time.monotonic() - started
        used_game = cpu_seconds(game.pid) - start_game
        used_x = cpu_seconds(xvfb.pid) - start_x
        drawing = "continuous" if args.continuous else "reactive"
        print(
            f"{args.case} ({drawing}): game {100 * used_game / elapsed:.2f}% of one core "
            f"({used_game:.2f} s CPU in {elapsed:.1f} s), Xvfb {100 * used_x / elapsed:.2f}%"
        )
    finally:
        if game is not None:
            game.kill()
            game.wait()
        xvfb.kill()
        xvfb.wait()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
