#!/usr/bin/env python3
"""Make balanced three-stone 15x15 openings for c-gomoku-cli, judged by Rapfi (classical eval).

Candidates: every shape of black, white, black stones (no two on one point) that fits in a
7x7 square (--radius 3), once per shape up to the board's 8 symmetries and translation,
placed with its bounding box centred on h8, so every stone is within 3 points of h8.  Each candidate is searched by Rapfi (rapfi/pbrain-rapfi
with rapfi/config.toml = gomocalc-classical220723 + model220723.bin) for a fixed number of
nodes (deterministic), one thread, and the last reported Eval (white to move) is read from
its MESSAGE lines.  The openings with the smallest |eval| (at most --max-eval) are kept, up to
--count of them, separately for freestyle (rule 0) and renju (rule 4).  In renju black's two
stones can never be forbidden, but legality is checked anyway (no overlap, on the board).

Output (in this script's folder unless --out-dir):
  openings-freestyle.txt, openings-renju.txt   c-gomoku-cli "offset" notation, one opening a
      line: "x,y, x,y, x,y" (black, white, black), offsets from the centre (h8 = 0,0; x to
      the right = column a..o, y down = row number from the top), used with
      -openings file=... type=offset
  openings-freestyle.eval.csv, openings-renju.eval.csv   every candidate with its eval

Usage: python3 .rapfi/make-openings.py [--nodes 300000] [--count 100] [--max-eval 100] [--jobs 2]
       python3 .rapfi/make-openings.py --reuse --max-eval 60   # re-select from the .eval.csv
(about 8 minutes with --jobs 2 for both rules; made with the defaults)
"""
import argparse
import concurrent.futures as cf
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
RAPFI_DIR = os.path.join(HERE, "rapfi")
SIZE = 15
HALF = SIZE // 2
RULES = {"freestyle": 0, "renju": 4}

SYMS = [
    lambda x, y: (x, y), lambda x, y: (-y, x), lambda x, y: (-x, -y), lambda x, y: (y, -x),
    lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (y, x), lambda x, y: (-y, -x),
]


def normalise(blacks, white):
    """The shape up to the 8 symmetries and translation: min over symmetries of the stones
    moved so that their bounding box starts at (0, 0)."""
    best = None
    for s in SYMS:
        b = [s(*p) for p in blacks]
        w = s(*white)
        mx = min(p[0] for p in b + [w])
        my = min(p[1] for p in b + [w])
        key = (tuple(sorted((x - mx, y - my) for x, y in b)), (w[0] - mx, w[1] - my))
        if best is None or key < best:
            best = key
    return best


def candidates(radius):
    """Every shape of two black and one white stone that fits in a (2*radius+1)^2 square,
    once per shape, placed with its bounding box centred on h8 (offset 0,0)."""
    pts = [(x, y) for y in range(-radius, radius + 1) for x in range(-radius, radius + 1)]
    shapes = set()
    for i, b1 in enumerate(pts):
        for b2 in pts[i + 1:]:
            for w in pts:
                if w not in (b1, b2):
                    shapes.add(normalise((b1, b2), w))
    out = []
    for (c1, c2), cw in sorted(shapes):
        xs = [c1[0], c2[0], cw[0]]
        ys = [c1[1], c2[1], cw[1]]
        dx = -((min(xs) + max(xs)) // 2)
        dy = -((min(ys) + max(ys)) // 2)
        mv = lambda p: (p[0] + dx, p[1] + dy)
        c1, c2, cw = mv(c1), mv(c2), mv(cw)
        # First black stone: the one nearer the centre.
        d = lambda p: (max(abs(p[0]), abs(p[1])), abs(p[0]) + abs(p[1]), p[1], p[0])
        first, second = sorted((c1, c2), key=d)
        out.append((first, cw, second))
    return out


def evaluate(opening, rule, nodes):
    b1, w, b2 = opening
    for (x, y) in opening:
        assert 0 <= x + HALF < SIZE and 0 <= y + HALF < SIZE
    assert len(set(opening)) == 3
    cmds = [
        "START %d" % SIZE,
        "INFO rule %d" % rule,
        "INFO thread_num 1",
        "INFO max_memory 16777216",
        "INFO timeout_match 0",
        "INFO timeout_turn 60000",
        "INFO max_node %d" % nodes,
        "BOARD",
        "%d,%d,2" % (b1[0] + HALF, b1[1] + HALF),  # black (opponent of the side to move)
        "%d,%d,1" % (w[0] + HALF, w[1] + HALF),    # white (side to move)
        "%d,%d,2" % (b2[0] + HALF, b2[1] + HALF),
        "DONE",
    ]
    p = subprocess.Popen([os.path.join(RAPFI_DIR, "pbrain-rapfi")], cwd=RAPFI_DIR,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write("\n".join(cmds) + "\n")
    p.stdin.flush()
    ev = None
    move = None
    config_loaded = False
    for line in p.stdout:
        line = line.strip()
        if line.startswith("MESSAGE Load config from"):
            config_loaded = True
        m = re.search(r"Eval (-?\d+)", line)
        if m:
            ev = int(m.group(1))
        if re.fullmatch(r"\d+,\d+", line):
            move = line
            break
    p.stdin.write("END\n")
    p.stdin.close()
    p.wait(timeout=10)
    if not config_loaded:
        raise RuntimeError("Rapfi did not load rapfi/config.toml")
    if ev is None or move is None:
        raise RuntimeError("no eval/move for %s" % (opening,))
    return ev, move


def fmt(opening):
    return ", ".join("%d,%d" % p for p in opening)


def pos_name(p):
    return "%s%d" % (chr(ord("a") + p[0] + HALF), p[1] + HALF + 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, default=300000)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--max-eval", type=int, default=100)
    ap.add_argument("--radius", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out-dir", default=HERE)
    ap.add_argument("--rules", default="freestyle,renju")
    ap.add_argument("--reuse", action="store_true",
                    help="take the evals from an existing openings-RULE.eval.csv (no search)")
    a = ap.parse_args()

    cands = candidates(a.radius)
    print("%d candidate openings (radius %d, distinct shapes)" % (len(cands), a.radius))
    for rname in a.rules.split(","):
        rule = RULES[rname]
        csv_path = os.path.join(a.out_dir, "openings-%s.eval.csv" % rname)
        if a.reuse and os.path.exists(csv_path):
            known = {}
            with open(csv_path) as f:
                next(f)
                for line in f:
                    m = re.fullmatch(r'"([^"]*)",[a-o0-9]+,(-?\d+),"(\d+,\d+)"', line.strip())
                    known[m.group(1)] = (int(m.group(2)), m.group(3))
            res = [known[fmt(o)] for o in cands]
        else:
            with cf.ThreadPoolExecutor(a.jobs) as ex:
                res = list(ex.map(lambda o: evaluate(o, rule, a.nodes), cands))
        rows = sorted(zip(cands, res), key=lambda r: (abs(r[1][0]), fmt(r[0])))
        with open(csv_path, "w") as f:
            f.write("opening_offset,pos,eval_white_to_move,rapfi_move\n")
            for o, (ev, mv) in rows:
                f.write('"%s",%s,%d,"%s"\n' % (fmt(o), "".join(map(pos_name, o)), ev, mv))
        kept = [o for o, (ev, _) in rows if abs(ev) <= a.max_eval][: a.count]
        with open(os.path.join(a.out_dir, "openings-%s.txt" % rname), "w") as f:
            for o in kept:
                f.write(fmt(o) + "\n")
        evs = [ev for _, (ev, _) in rows]
        kept_evs = [ev for o, (ev, _) in rows][: len(kept)]
        print("%s: %d candidates, eval min %d max %d; kept %d with |eval| <= %d "
              "(kept evals from %d to %d, mean %.1f)"
              % (rname, len(rows), min(evs), max(evs), len(kept), a.max_eval,
                 min(kept_evs) if kept_evs else 0, max(kept_evs) if kept_evs else 0,
                 sum(kept_evs) / max(1, len(kept_evs))))


if __name__ == "__main__":
    main()
