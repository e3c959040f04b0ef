#!/usr/bin/env python3
"""How good a brain's first move after each balanced opening is, as Rapfi judges it.

Nearly half of the freestyle games Expert loses to Rapfi at 1 s are decided within ten moves of the
three-stone opening (`forced-wins.py report`: Rapfi's evaluation passes +300 a few moves in). This
screen asks a brain (any `pbrain-` brain, or a wrapper that adds `--tune`) for its move in each
position of an opening file (the side to move is the one whose turn the stone count gives), then
lets the judge (Rapfi, classical config, one thread) search the position after that move, and
prints the judge's evaluation from the other side's point of view: lower is better for the brain.
A forced win counts as +3000.

    python3 scripts/opening-moves.py run --engine BRAIN [--count 100] [--ms 1000] > A.txt
    python3 scripts/opening-moves.py compare A.txt B.txt
    python3 scripts/opening-moves.py positions OUT/games.sgf [--from 3] [--to 8] > early.txt

`run` prints one line of evaluations (one per opening, in order), then a summary: the mean, the
mean with each evaluation clamped to +-500 (one forced win moves the plain mean by 30), the median,
and how many reach +150 and +300. `compare` pairs two runs' evaluations by opening and prints the
mean difference of the clamped values with its standard error. About two minutes a run with
`--jobs 2`. Weak (strength log, change 164): the same build twice differed by +7 (standard error
9), and three times the time gained only 12 and 19 (standard error about 17), so only a large
difference means anything.

`positions` writes, in the same offset notation, every distinct position of a match's games
(`.rapfi/run-matches.sh`'s games.sgf) with --from to --to stones, the first moves after the
opening, leaving out those two plies or less from the game's end; `run --openings early.txt
--count 1000` then screens a brain on them (270 positions from 50 games: about five minutes;
the same build twice differed by 2, standard error 3; three times the time gained 7 and 9,
standard error 5; strength log, change 165).
"""

import argparse
import concurrent.futures
import os
import statistics
import sys

from pbrain_session import RAPFI, ask, parse_games, rapfi_value, read_openings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# A forced result counts as this much, so that one moves the mean by 30 and not by 10,000.
FORCED = 3000
CLAMP = 500


def info(ms, rule):
    return ["max_memory 67108864", "thread_num 1", "timeout_match 100000000",
            "time_left 100000000", f"timeout_turn {ms}", f"rule {rule}"]


def value(text):
    """Rapfi's `Eval` text as a number, forced results as +-FORCED."""
    return max(-FORCED, min(FORCED, rapfi_value(text)))


def run(args):
    def one(stones):
        move, _ = ask(args.engine, stones, info(args.ms, args.rule))
        if move is None:
            return None
        _, messages = ask(args.judge, stones + [move], info(args.judge_ms, args.rule))
        ev = None
        for line in messages:
            if m := RAPFI.match(line):
                ev = value(m[3])
        return ev

    positions = read_openings(args.openings)[args.first:args.first + args.count]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        evs = list(pool.map(one, positions))
    judged = [e for e in evs if e is not None]
    if not judged:
        sys.exit("opening-moves: no position was judged (does the judge run?)")
    print(" ".join("-" if e is None else str(e) for e in evs))
    clamped = [max(-CLAMP, min(CLAMP, e)) for e in judged]
    print(f"positions {len(evs)} judged {len(judged)} mean {statistics.mean(judged):.1f} "
          f"clamped mean {statistics.mean(clamped):.1f} median {statistics.median(judged)} "
          f">=150 {sum(e >= 150 for e in judged)} >=300 {sum(e >= 300 for e in judged)}")


def compare(args):
    def load(path):
        with open(path) as f:
            return [None if t == "-" else int(t) for t in f.readline().split()]

    a, b = load(args.a), load(args.b)
    clamp = lambda v: max(-CLAMP, min(CLAMP, v))
    diffs = [clamp(y) - clamp(x) for x, y in zip(a, b) if x is not None and y is not None]
    if len(diffs) < 2:
        sys.exit("opening-moves: fewer than two openings judged in both runs")
    err = statistics.stdev(diffs) / len(diffs) ** 0.5
    print(f"openings {len(diffs)}  B - A, clamped to +-{CLAMP}: {statistics.mean(diffs):+.1f} "
          f"(standard error {err:.1f}; negative: B's moves are better)")


def positions(args):
    seen = set()
    for path in args.sgf:
        try:
            with open(path, encoding="utf-8") as f:
                games = parse_games(f.read())
        except OSError as e:
            sys.exit(f"opening-moves: cannot read {path}: {e.strerror}")
        for game in games:
            moves = game["moves"]
            for k in range(args.first_stones, args.last_stones + 1):
                if k >= len(moves) - 2:
                    break
                line = ", ".join(f"{x - 7},{y - 7}" for x, y in moves[:k])
                if line not in seen:
                    seen.add(line)
                    print(line)
    if not seen:
        sys.exit("opening-moves: no position with that many stones in those games")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--engine", required=True, help="a pbrain- brain (or a wrapper script)")
    r.add_argument("--judge", default=os.path.join(ROOT, ".rapfi", "rapfi", "pbrain-rapfi"))
    r.add_argument("--openings",
                   default=os.path.join(HERE, "rapfi", "openings-freestyle.txt"))
    r.add_argument("--first", type=int, default=0, help="openings to skip")
    r.add_argument("--count", type=int, default=100)
    r.add_argument("--ms", type=int, default=1000, help="the brain's time a move")
    r.add_argument("--judge-ms", type=int, default=1000)
    r.add_argument("--rule", type=int, default=0, help="0 freestyle, 4 renju")
    r.add_argument("--jobs", type=int, default=2)
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    p = sub.add_parser("positions")
    p.add_argument("sgf", nargs="+", help="games.sgf of .rapfi/run-matches.sh")
    p.add_argument("--from", dest="first_stones", type=int, default=3, help="fewest stones")
    p.add_argument("--to", dest="last_stones", type=int, default=8, help="most stones")
    args = ap.parse_args()
    {"run": run, "compare": compare, "positions": positions}[args.command](args)


if __name__ == "__main__":
    main()
