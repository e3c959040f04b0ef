#!/usr/bin/env python3
"""Where Tengen's lost games turned: replays every lost game of a c-gomoku-cli match with a judge.

For each game Tengen lost on the board (a five, not a forfeit), a judge brain (Rapfi, or any
`pbrain-` brain that reports `Eval`/`ev`) searches every position from the end of the opening at
`--judge-ms` a move. The first of Tengen's moves that the judge disowns is the turning point:
Tengen's evaluation by the judge falls by `--drop` or more across it, or turns into a proven loss,
or a proven win of Tengen's is let go. That position is then searched by Tengen itself at
`--long-ms` (ten times a 1 s game's time by default), which tells a move its own longer search
disowns (depth, time) from one it keeps (evaluation). The rest of the game says how it was lost:
by fours alone (VCF), by threes and fours (VCT), or slowly; and whether black was left with a
four it could not block because the block was forbidden (renju).

    python3 scripts/renju-losses.py --sgf OUT/games.sgf --rule 4 \\
        --judge .rapfi/rapfi/pbrain-rapfi --tengen .rapfi/pbrain-tengen --jobs 2 > losses.txt

Prints one line a lost game and a table of causes by colour. Coordinates as c-gomoku-cli writes
them: an SGF point `gf` is x = 6, y = 5, sent to brains as `6,5`.
"""

import argparse
import concurrent.futures
import re
import sys

from pbrain_session import RAPFI, TENGEN, ask, parse_games

# A proven result, in a common unit: Rapfi's +M/-M and Tengen's scores past WIN_MIN.
MATE = 100_000
TENGEN_WIN_MIN = 19_000
SIZE = 15


def value(text):
    """An evaluation in the side to move's view; proven results as +-MATE less their distance."""
    if text.startswith("+M"):
        return MATE - int(text[2:] or 0) if text[2:].isdigit() else MATE
    if text.startswith("-M"):
        return -MATE + int(text[2:] or 0) if text[2:].isdigit() else -MATE
    v = int(float(text))
    if abs(v) >= TENGEN_WIN_MIN:
        return MATE if v > 0 else -MATE
    return v


def think(command, stones, ms, rule):
    """One brain on one position: its move and its last report's evaluation and depth."""
    info = ["timeout_match 0", f"timeout_turn {ms}", f"rule {rule}", "max_memory 268435456",
            "thread_num 1"]
    move, messages = ask(command, stones, info)
    ev, depth = None, None
    for line in messages:
        if m := RAPFI.match(line):
            ev, depth = value(m[3]), int(m[1])
        elif m := TENGEN.match(line):
            ev, depth = value(m[2]), int(m[1])
    return move, ev, depth


def windows(color_of, x, y, dx, dy, who):
    """For each five-cell window through (x, y) along (dx, dy) that holds no opponent stone of
    `who`: how many stones of `who` it holds, and its empty cells."""
    for start in range(-4, 1):
        cells = [(x + (start + k) * dx, y + (start + k) * dy) for k in range(5)]
        if not all(0 <= cx < SIZE and 0 <= cy < SIZE for cx, cy in cells):
            continue
        owners = [color_of.get(c) for c in cells]
        if any(o is not None and o != who for o in owners):
            continue
        yield sum(o == who for o in owners), [c for c, o in zip(cells, owners) if o is None]


def five_points(color_of, who):
    """Empty cells where `who` would complete five in a row (at least)."""
    points = set()
    for (x, y), owner in color_of.items():
        if owner != who:
            continue
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            for n, empty in windows(color_of, x, y, dx, dy, who):
                if n == 4 and len(empty) == 1:
                    points.add(empty[0])
    return points


def how_lost(moves, turn, loser_color, renju):
    """How the game went from Tengen's disowned move at index `turn` to its end: the winner's
    moves that made a four, the ones that did not, and whether black (the loser) let a single
    five point stand (under renju, `renju`: a block black may not play)."""
    color_of = {}
    for i, m in enumerate(moves[:turn + 1]):
        color_of[m] = i % 2
    winner = 1 - loser_color
    fours, others, unblocked = 0, 0, False
    for i in range(turn + 1, len(moves)):
        m = moves[i]
        side = i % 2
        if side == winner:
            before = five_points(color_of, winner)
            color_of[m] = side
            after = five_points(color_of, winner)
            if m in before:
                continue  # the five itself
            if after - before:
                fours += 1
            else:
                others += 1
        else:
            threats = five_points(color_of, winner)
            color_of[m] = side
            if renju and len(threats) == 1 and m not in threats and loser_color == 0:
                unblocked = True
    return fours, others, unblocked


def judge_game(game, args):
    """The judge's move and evaluation (side to move's view) of every position from the opening's
    end."""
    moves = game["moves"]
    judged = {}
    for k in range(max(game["opening"], 1), len(moves)):
        move, ev, _ = think(args.judge, moves[:k], args.judge_ms, args.rule)
        judged[k] = (move, ev)
    return judged


def turning_point(game, tengen_color, judged, drop):
    """Index of Tengen's first move the judge disowns (it would not play it, and Tengen's eval
    falls across it), with Tengen's eval before and after."""
    moves = game["moves"]
    for k in range(max(game["opening"], 1), len(moves) - 1):
        if k % 2 != tengen_color or k not in judged or k + 1 not in judged:
            continue
        (judge_move, before), (_, after) = judged[k], judged[k + 1]
        if before is None or after is None or judge_move == moves[k]:
            continue
        after = -after
        if before >= MATE - 1000 and after < MATE - 1000:
            return k, before, after, "let a proven win go"
        if after <= -MATE + 1000 and before > -MATE + 1000:
            return k, before, after, "walked into a proven loss"
        if before > -MATE + 1000 and before - after >= drop:
            return k, before, after, "lost ground"
    return None


def fmt(v):
    if v is None:
        return "?"
    if v >= MATE - 1000:
        return f"+M{MATE - v}"
    if v <= -MATE + 1000:
        return f"-M{MATE + v}"
    return str(v)


def name(cell):
    return f"{chr(97 + cell[0])}{cell[1] + 1}"


def analyse(game, args):
    tengen_color = 0 if game["black"] == args.name else 1
    judged = judge_game(game, args)
    point = turning_point(game, tengen_color, judged, args.drop)
    row = {"game": game["number"], "color": "black" if tengen_color == 0 else "white",
           "length": len(game["moves"])}
    if point is None:
        row["cause"] = "no single turning point"
        return row
    k, before, after, kind = point
    played = game["moves"][k]
    judge_move = judged[k][0]
    long_move, long_ev, long_depth = think(args.tengen, game["moves"][:k], args.long_ms, args.rule)
    fours, others, unblocked = how_lost(game["moves"], k, tengen_color, args.rule == 4)
    if kind == "let a proven win go":
        cause = "missed a forced win"
    elif unblocked:
        cause = "forbidden block (renju)"
    elif kind == "walked into a proven loss" and others == 0:
        cause = "VCF against"
    elif kind == "walked into a proven loss":
        cause = "VCT against"
    else:
        cause = "evaluation (slow loss)" if others > 2 else "threats after a quiet slip"
    own_long = "disowns it" if long_move != played else "keeps it"
    row.update({"ply": k + 1, "played": name(played), "judge_move": name(judge_move) if judge_move else "?",
                "before": fmt(before), "after": fmt(after), "kind": kind, "cause": cause,
                "long_move": name(long_move) if long_move else "?", "long_ev": fmt(long_ev),
                "long_depth": long_depth, "own_long": own_long, "fours": fours, "others": others})
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sgf", required=True)
    ap.add_argument("--rule", type=int, default=4, help="Gomocup rule: 0 freestyle, 4 renju")
    ap.add_argument("--name", default="Tengen", help="the engine's name in PB/PW")
    ap.add_argument("--judge", required=True, help="a pbrain- brain (Rapfi) that judges")
    ap.add_argument("--judge-ms", type=int, default=1000)
    ap.add_argument("--tengen", required=True, help="pbrain-tengen for the long search")
    ap.add_argument("--long-ms", type=int, default=10000)
    ap.add_argument("--drop", type=int, default=150, help="the judge's fall that disowns a move")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-games", type=int, default=1000)
    ap.add_argument("--games", help="only these game numbers (GN), comma-separated")
    args = ap.parse_args()
    with open(args.sgf) as f:
        games = parse_games(f.read())
    lost = [g for g in games if "five" in g["ending"] and (
        (g["black"] == args.name and g["result"].startswith("W")) or
        (g["white"] == args.name and g["result"].startswith("B")))]
    if args.games:
        wanted = set(args.games.split(","))
        lost = [g for g in lost if g["number"] in wanted]
    lost = lost[: args.max_games]
    print(f"{len(lost)} games lost on the board of {len(games)}", flush=True)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(lambda g: analyse(g, args), lost))
    causes = {}
    for r in rows:
        print(" ".join(f"{k}={v}" for k, v in r.items()), flush=True)
        key = (r["color"], r["cause"], r.get("own_long", "-"))
        causes[key] = causes.get(key, 0) + 1
    print("\ncolour | cause | Tengen at --long-ms | games")
    for (color, cause, own), n in sorted(causes.items()):
        print(f"{color} | {cause} | {own} | {n}")


if __name__ == "__main__":
    sys.exit(main())
