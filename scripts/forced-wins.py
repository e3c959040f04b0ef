#!/usr/bin/env python3
"""When Tengen's lost games were decided: the first forced win Rapfi announces, and a replay of the
move that let it.

Reads the output folders of `.rapfi/run-matches.sh` (games.sgf, games.tsv, messages.txt: each
engine's search report a move). Three commands:

    python3 scripts/forced-wins.py report OUT [OUT...]
        For each game Rapfi won by a five: the move at which Rapfi's evaluation first reached +300,
        the move at which it first announced a forced win (`Eval +M..`), and the moves at which
        Tengen's own evaluation first fell to -300 and to a proven loss. Then how many plies Tengen
        saw its loss after Rapfi saw the win, and how many moves after the opening Rapfi's forced
        win came.

    python3 scripts/forced-wins.py replay OUT [OUT...] --engine BRAIN [--ms 1000] [--rule 0]
        The positions just before Tengen's move after which Rapfi first announced a forced win
        (Rapfi's evaluation the move before had no forced win in it). BRAIN, any pbrain- brain
        (a wrapper script can add `--tune`), chooses a move in each at --ms; the judge (Rapfi,
        `--judge-ms`) then searches the position after that move. Prints how many of BRAIN's moves
        the judge refutes with a forced win, and how many are the move Tengen played. A screen for
        search changes aimed at the losses' own cause: cheap (two searches a position) but noisy
        (the same build four times: 52 to 56 of 92) and judged by an engine.

    python3 scripts/forced-wins.py after OUT [OUT...] --engine BRAIN [--ms 1000]
        The same positions one move on, just after Tengen's move: Tengen (or Rapfi, afresh),
        playing Rapfi's side, searches each at --ms. How often its own search finds the forced win
        Rapfi announced there: whether a move could have been refused by searching the position
        after it. A measure, not a screen for search changes: change 147 of docs/strength.md
        raised it from 12 to 21 of 66 and lost nine points in games, where `replay` warned.

Coordinates as c-gomoku-cli writes them (an SGF point `gf` is x = 6, y = 5, sent as `6,5`).
"""

import argparse
import concurrent.futures
import os
import re
import sys

from pbrain_session import FORCED, RAPFI, TENGEN, ask, parse_games, rapfi_value

HERE = os.path.dirname(os.path.abspath(__file__))

# Tengen's scores past this are proven results (WIN_MIN less a margin).
TENGEN_PROVEN = 18_000
SEPARATOR = "------------------------------"


def evaluations(messages_path):
    """Per game number: {move number: (engine, value)}, each engine's last reported evaluation
    for the move it played; Rapfi's by `rapfi_value`."""
    games = {}
    with open(messages_path, encoding="utf-8", errors="replace") as f:
        blocks = f.read().split(SEPARATOR)
    for block in blocks:
        found = re.search(r"Game ID: (\d+)", block)
        if not found:
            continue
        evs = {}
        for line in block.splitlines():
            m = re.match(r"(\d+)\) (\w+): (.*)", line)
            if not m:
                continue
            number, who, rest = int(m[1]), m[2], m[3]
            if who == "Rapfi":
                e = re.search(r"Eval ([-+]?M?\d+)", rest)
                if e:
                    evs[number] = (who, rapfi_value(e[1]))
            else:
                e = re.search(r" ev (-?\d+)", rest)
                if e:
                    evs[number] = (who, int(e[1]))
        games[int(found[1])] = evs
    return games


def rapfi_wins(folder):
    """The games of one match folder Rapfi won by a five, each with its moves and evaluations."""
    with open(os.path.join(folder, "games.sgf"), encoding="utf-8") as f:
        sgf = {int(g["number"]): g for g in parse_games(f.read()) if g["number"]}
    evs = evaluations(os.path.join(folder, "messages.txt"))
    out = []
    with open(os.path.join(folder, "games.tsv"), encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 5 or "five" not in fields[4]:
                continue
            number, black, white, result = int(fields[0]), fields[1], fields[2], fields[3]
            winner = black if result.startswith("B") else white
            if winner == "Rapfi" and number in sgf and evs.get(number):
                out.append((number, black == "Tengen", sgf[number], evs[number]))
    return out


def first(evs, who, test):
    return min((n for n, (w, v) in evs.items() if w == who and test(v)), default=None)


def report(folders):
    gaps, after_opening, before = [], [], []
    print("match game tengen moves rapfi>=300 rapfi_mate tengen<=-300 tengen_lost"
          " rapfi_ev_before tengen_ev_on_the_move")
    for folder in folders:
        for number, tengen_black, game, evs in rapfi_wins(folder):
            r300 = first(evs, "Rapfi", lambda v: v >= 300)
            rmate = first(evs, "Rapfi", lambda v: v >= FORCED)
            tneg = first(evs, "Tengen", lambda v: v <= -300)
            tlost = first(evs, "Tengen", lambda v: v <= -TENGEN_PROVEN)
            colour = "black" if tengen_black else "white"
            # Rapfi's evaluation on its move before the win was announced, and Tengen's on the
            # move between them (the one that let the win).
            r_before = evs.get(rmate - 2, (None, None))[1] if rmate else None
            t_move = evs.get(rmate - 1, (None, None))[1] if rmate else None
            print(os.path.basename(folder.rstrip("/")), number, colour, len(game["moves"]),
                  r300, rmate, tneg, tlost, r_before, t_move)
            if r_before is not None and t_move is not None and abs(r_before) < FORCED:
                before.append((r_before, t_move))
            if rmate and tlost:
                gaps.append(tlost - rmate)
            if rmate:
                after_opening.append(rmate - game["opening"])
    gaps.sort()
    after_opening.sort()
    n = len(gaps)
    print(f"\ngames with both announcements: {n}")
    if n:
        for k in sorted(set(gaps)):
            print(f"  Tengen saw its loss {k} plies after Rapfi saw the win: {gaps.count(k)}")
    if before:
        rs = sorted(r for r, _ in before)
        ts = sorted(t for _, t in before)
        print(f"just before the win was announced (median of {len(before)}): Rapfi's evaluation "
              f"{rs[len(rs) // 2]}, Tengen's {ts[len(ts) // 2]}")
    if after_opening:
        early = sum(1 for a in after_opening if a <= 10)
        print(f"Rapfi's first forced win within 10 moves of the opening: {early} of "
              f"{len(after_opening)}; median {after_opening[len(after_opening) // 2]} moves after it")


def blunders(folders):
    """(game label, stones before Tengen's move, Tengen's move) where that move let Rapfi announce
    its first forced win of the game."""
    out = []
    for folder in folders:
        for number, tengen_black, game, evs in rapfi_wins(folder):
            rmate = first(evs, "Rapfi", lambda v: v >= FORCED)
            if rmate is None:
                continue
            move = rmate - 1  # Tengen's move, numbered from 1
            if (move % 2 == 1) != tengen_black or move <= game["opening"]:
                continue
            label = f"{os.path.basename(folder.rstrip('/'))}:{number}"
            out.append((label, game["moves"][: move - 1], tuple(game["moves"][move - 1])))
    return out


def info(ms, rule):
    return ["timeout_match 0", f"timeout_turn {ms}", f"rule {rule}", "max_memory 67108864",
            "thread_num 1"]


def replay(args):
    positions = blunders(args.folders)

    def one(p):
        label, stones, played = p
        move, _ = ask(args.engine, stones, info(args.ms, args.rule))
        if move is None:
            return label, played, None, None
        _, messages = ask(args.judge, stones + [move], info(args.judge_ms, args.rule))
        ev = None
        for line in messages:
            if m := RAPFI.match(line):
                ev = m[3]
        return label, played, move, ev

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, positions))
    refuted = same = none = 0
    for label, played, move, ev in results:
        if move is None:
            none += 1
        refuted += ev is not None and ev.startswith("+M")
        same += move is not None and tuple(move) == played
        print(label, "played", played, "now", move, "judge", ev)
    print(f"positions {len(results)}  refuted by a forced win {refuted}  "
          f"the move played in the game {same}  no move {none}")


def after(args):
    """BRAIN, playing Rapfi's side, searches the position just after the move that let Rapfi's
    first forced win: whether its own search finds that win in the time."""
    positions = blunders(args.folders)

    def one(p):
        label, stones, played = p
        _, messages = ask(args.engine, stones + [played], info(args.ms, args.rule))
        ev = None
        for line in messages:
            if m := TENGEN.match(line):
                ev = int(m[2])
            elif m := RAPFI.match(line):
                ev = rapfi_value(m[3])
        return label, ev

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, positions))
    found = 0
    for label, ev in results:
        found += ev is not None and ev >= TENGEN_PROVEN
        print(label, "evaluation", ev)
    print(f"positions {len(results)}  the forced win found (evaluation >= {TENGEN_PROVEN}) {found}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("report")
    r.add_argument("folders", nargs="+")
    p = sub.add_parser("replay")
    p.add_argument("folders", nargs="+")
    p.add_argument("--engine", required=True, help="a pbrain- brain (or a wrapper script)")
    p.add_argument("--ms", type=int, default=1000)
    p.add_argument("--judge", default=os.path.join(HERE, "..", ".rapfi", "rapfi", "pbrain-rapfi"))
    p.add_argument("--judge-ms", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--rule", type=int, default=0, help="Gomocup rule: 0 freestyle, 4 renju")
    a = sub.add_parser("after")
    a.add_argument("folders", nargs="+")
    a.add_argument("--engine", required=True, help="pbrain-tengen or Rapfi (their reports are read)")
    a.add_argument("--ms", type=int, default=1000)
    a.add_argument("--jobs", type=int, default=1)
    a.add_argument("--rule", type=int, default=0)
    args = ap.parse_args()
    if args.command == "report":
        report(args.folders)
    elif args.command == "replay":
        replay(args)
    else:
        after(args)


if __name__ == "__main__":
    sys.exit(main())
