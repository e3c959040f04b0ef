#!/usr/bin/env bash
# The games of a c-gomoku-cli match that did not end by a five or a full board, each with the
# engine that really lost it, from the match's games.sgf and c-gomoku-cli's output (cgc.log).
#
#   scripts/cgc-forfeits.sh SGF CGC_LOG
#
# Prints one line per such game:
#   game N (black B, white W): REASON -> loser L
# REASON is the SGF's (TE[...]) except for a game lost at START (below), and L is the loser's
# name ("-" for a draw, "?" where the log cannot tell).
#
# Why not just the SGF's result: when an engine fails to answer START with OK (it answers ERROR,
# or nothing within the tolerance, or it exits), c-gomoku-cli ends the game before any move as a
# time forfeit (a crash if it exited) of the side to move in the opening position, whichever
# engine failed (Game::play and Game::decode_state: state and ply 0, not the engine). With the
# usual three-stone openings white is to move, so the SGF says "Black win by time forfeit" and
# the white engine is charged, even when the black one failed. Only c-gomoku-cli's error line
# names the engine that failed:
#   [W] engine NAME output error: ...             (ERROR to START)
#   [W] engine NAME timeout before answering START
#   [W] engine NAME crashed before answering START
# It prints these on stderr, unbuffered, while its other lines go to stdout, buffered when it
# writes to a file: in a `> cgc.log 2>&1` log such a line often lands in the middle of another
# line ("Score of Tengen vs Ra[3] engine Rapfi output error: Unknown command: 15"). So the lines
# are first taken apart again, and each worker W's START failures are paired in order with W's
# games that were lost before any move was played (a game's worker comes from its "[W] Finished
# game N" line). If a worker's counts do not match, or it also has a forfeit of the first move
# ("[W] engine NAME timeout at 0 moves after opening"), those games keep the SGF's reason with
# the loser "?" and the error lines quoted.
#
# A renju game that black loses on time with at most three points left is marked: black may have
# had only forbidden points (a draw by the rules, not known to c-gomoku-cli, which has no pass;
# pbrain-tengen answers ERROR there, docs/strength.md "Black left with only forbidden points").
#
# Rapfi 0.43 fails START this way now and then: it drops any command that comes while it still
# counts itself as thinking, and it prints its move before it stops counting; a START sent right
# after its winning move is dropped, and "15" is then read as a command ("ERROR Unknown command:
# 15"). Used by scripts/renju-forfeit-match.sh; needs only bash and awk.
set -euo pipefail

if [ $# -ne 2 ]; then
    sed -n '2,9p' "$0" >&2
    exit 2
fi
sgf=$1
log=$2
for f in "$sgf" "$log"; do
    [ -f "$f" ] || { echo "cgc-forfeits: $f is not a file" >&2; exit 2; }
done

# Pass 1, the log: "S W NAME<TAB>TEXT" for a START failure, "F W NAME<TAB>TEXT" for a forfeit of
# the first move, "G W N" for a finished game, in the order of each stream.
events=$(awk '
    function take(msg,    w, rest, name, what) {
        w = substr(msg, 2, index(msg, "]") - 2);
        rest = substr(msg, index(msg, "] engine ") + 9);
        if (match(rest, / output error:/)) {
            name = substr(rest, 1, RSTART - 1); what = "S";
        } else if (match(rest, / (timeout|crashed) before answering START/)) {
            name = substr(rest, 1, RSTART - 1); what = "S";
        } else if (match(rest, / (timeout|crashed) at 0 moves after opening/)) {
            name = substr(rest, 1, RSTART - 1); what = "F";
        } else {
            return;
        }
        print what " " w " " name "\t" rest;
    }
    {
        line = pending $0;
        pending = "";
        if (match(line, /\[[0-9]+\] engine /)) {
            # A message from its start to the end of the line; what came before it is the start
            # of a stdout line whose rest is the next line.
            if (RSTART > 1) pending = substr(line, 1, RSTART - 1);
            take(substr(line, RSTART));
            next;
        }
        if (match(line, /^\[[0-9]+\] Finished game [0-9]+ /)) {
            w = substr(line, 2, index(line, "]") - 2);
            g = substr(line, index(line, " Finished game ") + 15);
            print "G " w " " substr(g, 1, index(g, " ") - 1);
        }
    }' "$log")

# Pass 2, the SGF: one line per game "N<TAB>PB<TAB>PW<TAB>RE<TAB>TE<TAB>moves<TAB>free<TAB>RU",
# where moves counts the moves the engines played (comments C[123ms]; the opening's say
# C[opening move]) and free the points left empty.
games=$(awk '
    function field(text, key,    start, rest) {
        start = index(text, key "[");
        if (start == 0) return "";
        rest = substr(text, start + length(key) + 1);
        return substr(rest, 1, index(rest, "]") - 1);
    }
    function flush() {
        if (head != "")
            print field(head, "GN") "\t" field(head, "PB") "\t" field(head, "PW") "\t" \
                field(head, "RE") "\t" field(head, "TE") "\t" moves "\t" \
                field(head, "SZ") * field(head, "SZ") - stones "\t" field(head, "RU");
    }
    /^\(;FF/ { flush(); head = $0; moves = 0; stones = 0; }
    {
        line = $0;
        while (match(line, /C\[[0-9]+ms\]/)) { moves++; line = substr(line, RSTART + RLENGTH); }
        line = $0;
        while (match(line, /;[BW]\[/)) { stones++; line = substr(line, RSTART + RLENGTH); }
    }
    END { flush() }' "$sgf")

EVENTS=$events awk -F'\t' '
    BEGIN {
        n = split(ENVIRON["EVENTS"], ev, "\n");
        for (i = 1; i <= n; i++) {
            if (ev[i] == "") continue;
            split(ev[i], tab, "\t");
            split(tab[1], head, " ");
            w = head[2];
            if (head[1] == "G") { worker[head[3]] = w; order[w] = order[w] " " head[3]; continue; }
            name = substr(tab[1], length(head[1]) + length(w) + 3);
            if (head[1] == "S") { ns[w]++; sname[w, ns[w]] = name; stext[w, ns[w]] = tab[2]; }
            else { nf[w]++; ftext[w] = ftext[w] "; " tab[2]; }
        }
    }
    {
        gn[NR] = $1; pb[$1] = $2; pw[$1] = $3; re[$1] = $4; te[$1] = $5; mv[$1] = $6;
        free[$1] = $7; ru[$1] = $8;
    }
    function early(g) {
        return mv[g] == 0 && (te[g] ~ /time forfeit/ || te[g] ~ /opponent crash/);
    }
    END {
        # Pair the START failures of each worker with its games lost before any move, in order.
        for (w in order) {
            k = split(substr(order[w], 2), list, " ");
            m = 0;
            for (i = 1; i <= k; i++) if (early(list[i])) early_of[w, ++m] = list[i];
            for (i = 1; i <= m; i++) {
                g = early_of[w, i];
                if (ns[w] == m && nf[w] == 0) {
                    failed[g] = sname[w, i];
                    why[g] = "failed START: " stext[w, i] " (the SGF says: " te[g] ")";
                } else if (ns[w] > 0) {
                    failed[g] = "?";
                    texts = "";
                    for (j = 1; j <= ns[w]; j++) texts = texts "; " stext[w, j];
                    why[g] = te[g] " (before any move; the START failures and first-move" \
                        " forfeits of worker " w " do not pair with its games: " substr(texts, 3) \
                        ftext[w] ")";
                }
            }
        }
        for (i = 1; i <= NR; i++) {
            g = gn[i];
            if (te[g] ~ /five connection/ || te[g] ~ /fullfilled board/) continue;
            loser = (re[g] == "B+1") ? pw[g] : (re[g] == "W+1") ? pb[g] : "-";
            reason = te[g];
            if (g in failed) { loser = failed[g]; reason = why[g]; }
            # Renju black to move on a nearly full board: if every free point is forbidden (a
            # draw by the rules, which c-gomoku-cli does not know), pbrain-tengen answers ERROR
            # and c-gomoku-cli waits out the tolerance: a time forfeit, but not a slow search.
            else if (ru[g] == 4 && te[g] ~ /White win by time forfeit/ && free[g] <= 3)
                reason = reason " (black to move with " free[g] " free point" \
                    (free[g] == 1 ? "" : "s") ": if all are forbidden, a draw by the rules)";
            print "game " g " (black " pb[g] ", white " pw[g] "): " reason " -> loser " loser;
        }
    }' <<< "$games"
