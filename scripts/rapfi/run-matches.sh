#!/usr/bin/env bash
# Tengen (pbrain-tengen, Expert, 1 thread) against Rapfi 0.43 (classical evaluation:
# gomocalc-classical220723 config + model220723.bin) through c-gomoku-cli, 15x15.
#
#   bash .rapfi/run-matches.sh OUTDIR CONCURRENCY RULE TIME_MS GAMES
#
#   OUTDIR       folder for the results (created; existing result files in it are replaced)
#   CONCURRENCY  games at a time (14 on a 16-core machine)
#   RULE         freestyle (c-gomoku-cli -rule 0) or renju (-rule 4)
#   TIME_MS      time per move in milliseconds (tc=0/TIME: no match clock, only a turn limit)
#   GAMES        number of games; each opening is played twice with colours swapped
#                (-repeat), so GAMES/2 openings of .rapfi/openings-RULE.txt are used in order
#
# Both engines get INFO max_memory 67108864 (64 MiB) and INFO thread_num 1. c-gomoku-cli's
# tolerance (time over the turn limit before a move counts as a time forfeit) is its default
# 3 s unless TOLERANCE=seconds is set. CGC_LOG=1 also writes c-gomoku-cli's full engine I/O
# logs (c-gomoku-cli.N.log, large) to OUTDIR. TENGEN_ARGS adds arguments to pbrain-tengen.
# TENGEN_TIME_MS gives Tengen its own time per move (time odds; Rapfi keeps TIME_MS).
# SUMMARY_ONLY=1 plays nothing and prints the summary of the games already in OUTDIR.
# TC=MATCH/TURN+INC (c-gomoku-cli's tc, seconds, e.g. TC=120/10+1) plays both engines on a game
# clock instead; TIME_MS must then be the TURN limit in milliseconds (the over-limit count).
#
# Writes OUTDIR/games.sgf, games.pgn, messages.txt (engine MESSAGE lines), cgc.log
# (c-gomoku-cli's output), forfeits.txt and summary.txt; prints the summary at the end.
# Needs only bash, awk, grep, sed, sort (no network); runs from any working directory.
set -euo pipefail

if [ $# -ne 5 ]; then
    sed -n '2,24p' "$0" >&2
    exit 2
fi
outdir=$1
concurrency=$2
rule_name=$3
time_ms=$4
games=$5

bundle=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
case "$rule_name" in
    freestyle) rule=0 ;;
    renju) rule=4 ;;
    *) echo "run-matches: RULE must be freestyle or renju, not '$rule_name'" >&2; exit 2 ;;
esac
tengen_time_ms=${TENGEN_TIME_MS:-$time_ms}
case "$concurrency$time_ms$games$tengen_time_ms" in
    *[!0-9]*|'') echo "run-matches: CONCURRENCY, TIME_MS, GAMES and TENGEN_TIME_MS must be whole numbers" >&2; exit 2 ;;
esac
case "$bundle" in
    *[[:space:]]*) echo "run-matches: the bundle path '$bundle' has a space; c-gomoku-cli splits cmd= on spaces" >&2; exit 2 ;;
esac

cgc=$bundle/c-gomoku-cli
tengen=$bundle/pbrain-tengen
rapfi=$bundle/rapfi/pbrain-rapfi
openings=$bundle/openings-$rule_name.txt
for f in "$cgc" "$tengen" "$rapfi"; do
    [ -x "$f" ] || { echo "run-matches: $f is missing or not executable" >&2; exit 2; }
done
for f in "$openings" "$bundle/rapfi/config.toml" "$bundle/rapfi/model220723.bin"; do
    [ -f "$f" ] || { echo "run-matches: $f is missing" >&2; exit 2; }
done

mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
if [ "${SUMMARY_ONLY:-0}" = 1 ]; then
    # Re-summarise the games already in OUTDIR (games.sgf, cgc.log) without playing.
    skip_play=1
else
    skip_play=0
    rm -f "$outdir"/games.sgf "$outdir"/games.pgn "$outdir"/messages.txt "$outdir"/cgc.log \
      "$outdir"/forfeits.txt "$outdir"/summary.txt "$outdir"/c-gomoku-cli.*.log \
          "$outdir"/games.tsv
fi

turn=$(awk -v ms="$time_ms" 'BEGIN { printf "%g", ms / 1000 }')
tengen_turn=$(awk -v ms="$tengen_time_ms" 'BEGIN { printf "%g", ms / 1000 }')
odds=""
[ "$tengen_time_ms" != "$time_ms" ] && odds=" (Tengen $tengen_time_ms ms)"
tengen_tc="0/$tengen_turn"
rapfi_tc="0/$turn"
if [ -n "${TC:-}" ]; then
    case "$TC" in
        *[!0-9./+]*) echo "run-matches: TC must be MATCH/TURN+INC in seconds, not '$TC'" >&2; exit 2 ;;
    esac
    # One clock for both: time odds would be silently dropped.
    [ -z "$odds" ] || { echo "run-matches: TC and TENGEN_TIME_MS cannot be used together" >&2; exit 2; }
    tengen_tc=$TC
    rapfi_tc=$TC
    odds=" (game clock tc=$TC)"
fi
tolerance=${TOLERANCE:-3}
log_opt=()
[ "${CGC_LOG:-0}" = 1 ] && log_opt=(-log)
# c-gomoku-cli runs a cmd containing "/" from that cmd's folder: Rapfi thus starts in
# .rapfi/rapfi/, where it reads config.toml, which names model220723.bin next to it.
tengen_cmd=$tengen
[ -n "${TENGEN_ARGS:-}" ] && tengen_cmd="$tengen $TENGEN_ARGS"

# Rapfi reads config.toml from its working folder (.rapfi/rapfi/, as c-gomoku-cli starts it):
# check that it does, so a match never silently runs on Rapfi's built-in config.
rapfi_startup=$(cd "$bundle/rapfi" && echo END | timeout 20 ./pbrain-rapfi 2>&1 | head -3 || true)
if grep -q '^MESSAGE Load config from config.toml' <<< "$rapfi_startup"; then
    rapfi_config_check="loads .rapfi/rapfi/config.toml (gomocalc-classical220723, model220723.bin)"
else
    echo "run-matches: Rapfi did not load .rapfi/rapfi/config.toml; its startup output:" >&2
    printf '%s\n' "$rapfi_startup" >&2
    exit 2
fi

n_openings=$(grep -c . "$openings")
echo "run-matches: Tengen vs Rapfi, $rule_name 15x15, $games games at $time_ms ms a move$odds" \
     "(tolerance $tolerance s), concurrency $concurrency, $n_openings openings in" \
     "$(basename "$openings") (each played with both colours); output in $outdir"
started=$(date +%s)
cgc_rc=0
[ $skip_play = 1 ] || {
set +e
(
    cd "$outdir" &&
    # Each engine has its own tc (time odds): a tc in -each would override both.
    "$cgc" -each maxmemory=67108864 thread=1 tolerance="$tolerance" \
        -engine name=Tengen cmd="$tengen_cmd" tc="$tengen_tc" \
        -engine name=Rapfi cmd="$rapfi" tc="$rapfi_tc" \
        -rule "$rule" -boardsize 15 -games "$games" -repeat -concurrency "$concurrency" \
        -openings file="$openings" type=offset order=sequential \
        -sgf "$outdir/games.sgf" -pgn "$outdir/games.pgn" -msg "$outdir/messages.txt" \
        ${log_opt[@]+"${log_opt[@]}"}
) > "$outdir/cgc.log" 2>&1
cgc_rc=$?
set -e
}
elapsed=$(( $(date +%s) - started ))
if [ $cgc_rc -ne 0 ]; then
    echo "run-matches: c-gomoku-cli exited with $cgc_rc; the end of its output:" >&2
    tail -20 "$outdir/cgc.log" >&2
fi

# One line per game from the SGF headers: black, white, result, reason.
[ -f "$outdir/games.sgf" ] || : > "$outdir/games.sgf"
[ -f "$outdir/cgc.log" ] || : > "$outdir/cgc.log"
{ grep '^(;FF' "$outdir/games.sgf" || true; } | awk '
    function field(key,    start, rest) {
        start = index($0, key "[");
        if (start == 0) return "";
        rest = substr($0, start + length(key) + 1);
        return substr(rest, 1, index(rest, "]") - 1);
    }
    { print field("GN") "\t" field("PB") "\t" field("PW") "\t" field("RE") "\t" field("TE") }
' > "$outdir/games.tsv"

# Games not ended by a five or a full board, with the engine that lost them. Not simply the side
# the SGF's result names: c-gomoku-cli scores a game an engine loses at START (ERROR, no OK within
# the tolerance, exit) as a time forfeit (crash) of the side to move in the opening, white after
# these three-stone openings, whichever engine failed; cgc-forfeits.sh charges the engine that
# c-gomoku-cli's error line names ("[W] engine NAME output error: ..." etc.).
bash "$bundle/cgc-forfeits.sh" "$outdir/games.sgf" "$outdir/cgc.log" > "$outdir/forfeits.txt"

# Per-move think times from the SGF comments (C[NNms]), per engine.
times=$(awk '
    /^\(;FF/ {
        pb = $0; sub(/.*PB\[/, "", pb); sub(/\].*/, "", pb);
        pw = $0; sub(/.*PW\[/, "", pw); sub(/\].*/, "", pw);
        next
    }
    {
        line = $0
        while (match(line, /;[BW]\[[a-z]+\]C\[[0-9]+ms\]/)) {
            tok = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH);
            who = (substr(tok, 2, 1) == "B") ? pb : pw;
            ms = tok; sub(/.*C\[/, "", ms); sub(/ms\]/, "", ms); ms += 0;
            n[who]++; sum[who] += ms; if (ms > mx[who]) mx[who] = ms;
            if (ms > (who == "Tengen" ? tlimit : limit)) over[who]++;
        }
    }
    END {
        for (e in n) printf "  %s: %d moves, mean %.0f ms, max %d ms, %d over %d ms\n", e, n[e], sum[e] / n[e], mx[e], over[e] + 0, (e == "Tengen" ? tlimit : limit)
    }' limit="$time_ms" tlimit="$tengen_time_ms" "$outdir/games.sgf" | sort)

{
    echo "===== Tengen vs Rapfi (classical), $rule_name 15x15, $time_ms ms/move$odds, $games games, concurrency $concurrency ====="
    echo "wall time: ${elapsed} s; c-gomoku-cli exit code: $cgc_rc; games in SGF: $(wc -l < "$outdir/games.tsv")"
    score_line=$(grep '^Score of' "$outdir/cgc.log" | tail -1 || true)
    echo "c-gomoku-cli: ${score_line:-no score line}"
    # A game lost at START counts for the engine that did not fail it (forfeits.txt), whatever
    # the SGF says; c-gomoku-cli's own score line above does not know that.
    awk -F'\t' -v forfeits="$outdir/forfeits.txt" '
        BEGIN {
            while ((getline line < forfeits) > 0) {
                if (line !~ /failed START/) continue;
                g = line; sub(/^game /, "", g); sub(/ .*/, "", g);
                who = line; sub(/.* -> loser /, "", who); start_loser[g] = who;
            }
        }
        {
            tb = ($2 == "Tengen");
            if ($1 in start_loser) {
                won = (start_loser[$1] != "Tengen");
                $4 = (won == tb) ? "B+1" : "W+1";
                ns++; if (won) nsw++;
            }
            if ($4 == "0") { d++; if (tb) db++; else dw++ }
            else if (($4 == "B+1") == tb) { w++; if (tb) wb++; else ww++ }
            else { l++; if (tb) lb++; else lw++ }
        }
        END {
            n = w + l + d;
            if (n == 0) { print "Tengen: no games"; exit }
            s = (w + d / 2) / n;
            printf "Tengen W-L-D: %d-%d-%d of %d, score %.1f%%", w, l, d, n, 100 * s;
            if (s > 0 && s < 1) {
                elo = -400 * log(1 / s - 1) / log(10);
                if (elo > -0.5 && elo < 0.5) elo = 0;
                var = (w * (1 - s) ^ 2 + l * s ^ 2 + d * (0.5 - s) ^ 2) / n;
                se = sqrt(var / n);
                lo = s - 1.96 * se; hi = s + 1.96 * se;
                if (lo < 0.0001) lo = 0.0001; if (hi > 0.9999) hi = 0.9999;
                printf ", Elo %+.0f [%+.0f, %+.0f] (95%%)", elo, -400 * log(1 / lo - 1) / log(10), -400 * log(1 / hi - 1) / log(10);
            }
            printf "\n";
            printf "  Tengen as black: W-L-D %d-%d-%d; as white: %d-%d-%d\n", wb, lb, db, ww, lw, dw;
            if (ns > 0 && n > ns)
                printf "  %d of these games were lost at START, before any move (Tengen won %d); without them: W-L-D %d-%d-%d, score %.1f%%\n", \
                    ns, nsw, w - nsw, l - (ns - nsw), d, 100 * (w - nsw + d / 2) / (n - ns);
        }' "$outdir/games.tsv"
    echo "Game endings (reason: count):"
    cut -f5 "$outdir/games.tsv" | sort | uniq -c | sort -rn | sed 's/^ */  /'
    echo "Forfeits (not five / full board) by loser and kind:"
    if [ -s "$outdir/forfeits.txt" ]; then
        sed -E 's/^game [0-9]+ \(black [^,]*, white [^)]*\): (.*) -> loser (.*)$/\2: \1/' "$outdir/forfeits.txt" |
            sed -E 's/^(.*): (Black|White) (win by |play )?(opponent )?/\1: /' | sort | uniq -c | sed 's/^ */  /'
    else
        echo "  none"
    fi
    # "failed START": lost before any move by not answering START with OK (c-gomoku-cli's
    # result says time forfeit or crash, of the side to move); "?": an engine the log cannot name.
    for who in Tengen Rapfi '?'; do
        [ "$who" != '?' ] || grep -q -- 'loser ?$' "$outdir/forfeits.txt" || continue
        printf '  %s forfeits: forbidden %d, illegal %d, time %d, crash %d, failed START %d\n' "$who" \
            "$(grep -c -- "loser $who\$" <(grep 'forbidden move' "$outdir/forfeits.txt") || true)" \
            "$(grep -c -- "loser $who\$" <(grep 'illegal move' "$outdir/forfeits.txt") || true)" \
            "$(grep -c -- "loser $who\$" <(grep -v 'failed START' "$outdir/forfeits.txt" | grep 'time forfeit') || true)" \
            "$(grep -c -- "loser $who\$" <(grep -v 'failed START' "$outdir/forfeits.txt" | grep 'crash') || true)" \
            "$(grep -c -- "loser $who\$" <(grep 'failed START' "$outdir/forfeits.txt") || true)"
    done
    # c-gomoku-cli's own error lines ("[N] engine X timeout/crashed ...", "output illegal move",
    # "output error", "exited before ..."), not the game-result lines counted above. -o: those it
    # writes on stderr (unbuffered) often land in the middle of a buffered stdout line.
    errs=$(grep -oE '\[[0-9]+\] engine .*' "$outdir/cgc.log" |
        grep -iE 'timeout|crash|illegal|forbidden|error|unresponsive|exited|forfeit' || true)
    echo "c-gomoku-cli error lines in cgc.log: $(printf '%s' "$errs" | grep -c . || true)"
    [ -z "$errs" ] || printf '%s\n' "$errs" | head -10 | sed 's/^/  /'
    echo "Rapfi config: $rapfi_config_check"
    echo "Think time per move (SGF comments):"
    echo "${times:-  none}"
    echo "Files: $outdir/{games.sgf,games.pgn,messages.txt,cgc.log,forfeits.txt,summary.txt}"
} > "$outdir/summary.txt"
echo
cat "$outdir/summary.txt"
exit $cgc_rc
