#!/usr/bin/env python3
"""The game's memory (resident set, now and peak) on an idle board and while Expert thinks.

    python3 scripts/memory.py [--binary target/release/tengen] [--seconds 20]

Runs the game under Xvfb twice: two players doing nothing, then computer against computer at
Expert (two searches, each with its tables); after --seconds, prints VmRSS and VmHWM from
/proc/PID/status. A measurement that prints, not a check.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xharness import Game, game_env, start_xvfb  # noqa: E402

CASES = [
    (["--mode", "hvh"], "idle board, two players"),
    (["--mode", "cvc", "--level", "expert"], "computer against computer at Expert"),
]


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, value = line.split(":", 1)
            fields[key] = value.strip()
    return fields["VmRSS"], fields["VmHWM"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--binary", default=os.path.join(here, "..", "target", "release", "tengen"))
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    xvfb, display = start_xvfb()
    home = tempfile.mkdtemp(prefix="tengen-memory-")
    try:
        for extra, label in CASES:
            game = Game([args.binary, "--print-moves", "--rule", "freestyle", *extra],
                        game_env(display, home), os.path.join(home, "stderr"))
            try:
                game.wait_line("startup: frame 3")
                time.sleep(args.seconds)
                now, peak = memory(game.pid)
                print(f"{label}: resident {now}, peak {peak}")
            finally:
                game.kill()
    finally:
        xvfb.kill()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
