#!/usr/bin/env python3
"""Measures the game's cold start under Xvfb: from starting the process to its board in the window.

    python3 scripts/cold-start.py [--binary target/release/tengen] [--runs 5]

Each run starts the binary with an empty home folder (no settings, no saved game) and times, by the
wall clock, the process start to its `ready` line (the board laid out in the window), and prints
the median.
Needs xvfb (scripts/setup-debian.sh).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xharness import start_xvfb  # noqa: E402


def one_run(binary, display):
    home = tempfile.mkdtemp(prefix="tengen-start-")
    env = {
        "DISPLAY": display,
        "HOME": home,
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    }
    started = time.monotonic()
    game = subprocess.Popen(
        [binary, "--mode", "hvh", "--print-moves"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        for line in game.stdout:
            if line.startswith("ready "):
                return time.monotonic() - started
        sys.exit(f"the game exited ({game.wait()}) before its board was ready")
    finally:
        game.kill()
        game.wait()
        shutil.rmtree(home, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/tengen")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    xvfb, display = start_xvfb()
    try:
        runs = [one_run(args.binary, display) for _ in range(args.runs)]
    finally:
        xvfb.kill()
        xvfb.wait()
    ready = [r * 1000 for r in runs]
    print(
        f"cold start: board ready median {statistics.median(ready):.0f} ms "
        f"(min {min(ready):.0f}, max {max(ready):.0f}, {len(ready)} runs)"
    )


if __name__ == "__main__":
    main()
