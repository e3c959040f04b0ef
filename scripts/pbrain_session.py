"""One Gomocup brain (`pbrain-`) asked for one move: the session the measuring scripts share.

`ask` starts the brain in its own folder (Rapfi finds its config there), sends `START 15`, the
given `INFO` lines and the position as `BOARD` (black first; the side to move is the one whose turn
alternate play gives), and returns its move with the `MESSAGE` lines it wrote before it. `RAPFI`
and `TENGEN` read the two engines' search reports, `rapfi_value` Rapfi's evaluation,
`read_openings` an opening file of `scripts/rapfi/`, and `parse_games` a match's games.sgf.
"""

import os
import re
import subprocess

RAPFI = re.compile(r"MESSAGE Speed \S+ \| Depth (\d+)-(\d+) \| Eval (\S+) \| Node (\S+) \| Time (\d+)ms")
TENGEN = re.compile(r"MESSAGE depth (\d+) ev (-?\d+) nodes (\d+) .*time (\d+) ms, (.*)")
MOVE = re.compile(r"^(\d+),(\d+)$")
# Rapfi's forced win (`Eval +M..`) as a number, above every evaluation of either engine.
FORCED = 10**6


def rapfi_value(text):
    """Rapfi's `Eval` text as a number: a forced win as FORCED, a forced loss as -FORCED.
    (`renju-losses.py`'s `value` also folds large scores into proven ones; here they stay.)"""
    if text.lstrip("+").startswith("M"):
        return FORCED
    if text.startswith("-M"):
        return -FORCED
    return int(float(text))


def read_openings(path):
    """Each opening of a c-gomoku-cli offset file (`x,y, x,y, ...` around h8, `#` comments) as its
    stones, (x, y) in the order played."""
    openings = []
    with open(path) as f:
        for raw in f:
            body = raw.split("#")[0].strip()
            if body:
                n = [int(v) for v in body.replace(" ", "").split(",")]
                openings.append([(7 + n[i], 7 + n[i + 1]) for i in range(0, len(n), 2)])
    return openings


def parse_games(text):
    """c-gomoku-cli's SGF: one `(;...)` a game; returns dicts with black, white, result, ending, moves."""
    games = []
    for body in re.findall(r"\(;(.*?)\)\s*(?=\(;|\Z)", text, re.S):
        def head(key, body=body):
            found = re.search(key + r"\[([^\]]*)\]", body)
            return found[1] if found else ""
        moves = [(ord(m[1][0]) - 97, ord(m[1][1]) - 97) for m in re.finditer(r";[BW]\[([a-z]{2})\]", body)]
        opening = len(re.findall(r"C\[opening move\]", body))
        games.append({"black": head("PB"), "white": head("PW"), "result": head("RE"),
                      "ending": head("TE"), "moves": moves, "opening": opening,
                      "number": head("GN")})
    return games


def ask(command, stones, info, nice=0):
    """The brain's move ((x, y), or None if it gave none) and its MESSAGE lines, for `stones`
    ((x, y) in the order played) under the `INFO` lines `info` (without the `INFO ` prefix)."""
    folder = os.path.dirname(os.path.abspath(command))
    argv = [os.path.abspath(command)]
    if nice:
        argv = ["nice", "-n", str(nice)] + argv
    proc = subprocess.Popen(argv, cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    to_move = len(stones) % 2  # 0: black to move
    lines = ["START 15"] + [f"INFO {line}" for line in info] + ["BOARD"]
    for i, (x, y) in enumerate(stones):
        lines.append(f"{x},{y},{1 if i % 2 == to_move else 2}")
    lines.append("DONE")
    proc.stdin.write("\n".join(lines) + "\n")
    proc.stdin.flush()
    messages, move = [], None
    for line in proc.stdout:
        line = line.strip()
        if m := MOVE.match(line):
            move = (int(m[1]), int(m[2]))
            break
        if line.startswith("MESSAGE"):
            messages.append(line)
    try:
        proc.stdin.write("END\n")
        proc.stdin.close()
        proc.wait(timeout=10)
    except (BrokenPipeError, subprocess.TimeoutExpired):
        proc.kill()
    return move, messages
