#!/usr/bin/env python3
"""Depth, nodes and time each engine reports on the same positions at a fixed time a move.

Gives each engine (a Gomocup `pbrain-` brain) the first N openings of an opening file (c-gomoku-cli
offset notation, `scripts/rapfi/openings-*.txt`) one at a time, with `INFO timeout_turn`, and prints
one row per position from the last MESSAGE line each engine wrote before its move: Tengen's
(`depth D ev E nodes N ... time T ms`) and Rapfi's (`Speed S | Depth D-SEL | ... | Node N | Time T`).

    python3 scripts/depth-at-time.py --openings scripts/rapfi/openings-freestyle.txt --count 10 \\
        --ms 1000 before=/tmp/speed-before/pbrain-tengen after=target/release/pbrain-tengen \\
        rapfi=/tmp/lead/rapfi-run/pbrain-rapfi

An engine runs with its own folder as the working directory (Rapfi finds its config there).
"""

import argparse
import sys

from pbrain_session import RAPFI, TENGEN, ask, read_openings


def count(text):
    """Rapfi writes 145K, 1.2M; Tengen plain numbers."""
    scale = {"K": 1e3, "M": 1e6, "G": 1e9}.get(text[-1:], 1)
    return int(float(text.rstrip("KMG")) * scale)


def think(command, stones, ms, rule):
    """Runs one brain on one position; returns (depth, seldepth, nodes, ms) from its last report."""
    info = ["timeout_match 100000000", "time_left 100000000", f"timeout_turn {ms}", f"rule {rule}"]
    _, messages = ask(command, stones, info, nice=10)
    last = None
    for line in messages:
        if m := TENGEN.match(line):
            last = (int(m[1]), None, int(m[3]), int(m[4]))
        elif m := RAPFI.match(line):
            last = (int(m[1]), int(m[2]), count(m[4]), int(m[5]))
    return last


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--openings", default="scripts/rapfi/openings-freestyle.txt")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--ms", type=int, default=1000)
    ap.add_argument("--rule", type=int, default=0, help="Gomocup rule: 0 freestyle, 4 renju")
    ap.add_argument("engines", nargs="+", help="NAME=PATH of a pbrain- brain")
    args = ap.parse_args()
    engines = [e.split("=", 1) for e in args.engines]
    openings = read_openings(args.openings)[: args.count]
    print("position | " + " | ".join(f"{name}: depth(-sel) nodes ms" for name, _ in engines))
    totals = {name: [0, 0, 0, 0] for name, _ in engines}
    for i, stones in enumerate(openings):
        cells = []
        for name, path in engines:
            r = think(path, stones, args.ms, args.rule)
            if r is None:
                cells.append("no report")
                continue
            depth, sel, nodes, ms = r
            t = totals[name]
            t[0] += depth; t[1] += nodes; t[2] += ms; t[3] += 1
            cells.append(f"{depth}{'' if sel is None else '-' + str(sel)} {nodes} {ms}")
        print(f"{i + 1} | " + " | ".join(cells))
        sys.stdout.flush()
    print("mean | " + " | ".join(
        f"{t[0] / max(t[3], 1):.1f} {t[1] // max(t[3], 1)} {t[2] // max(t[3], 1)} "
        f"({t[1] * 1000 // max(t[2], 1)} nodes/s)" for t in totals.values()))


if __name__ == "__main__":
    main()
