#!/usr/bin/env bash
# Renju through c-gomoku-cli, the real Gomocup match runner: pbrain-tengen (Expert unless
# TENGEN_ARGS says otherwise) against Rapfi, GAMES games at TIME_MS a move, CONCURRENCY at a
# time, each opening twice with colours swapped. Prints the score, every game that did not end
# by a five or a full board (forbidden move, illegal move, time forfeit, crash) with the loser's
# name, c-gomoku-cli's own error lines, and a count by kind. Exits 1 if pbrain-tengen lost a game
# that way, 0 if not.
#
#   scripts/renju-forfeit-match.sh CGC PBRAIN_TENGEN RAPFI RAPFI_CONFIG [GAMES=200] [TIME_MS=100] [CONCURRENCY=1]
#
# CGC            the c-gomoku-cli binary (nkg114mc/c-gomoku-cli, built with `make` in its src/).
# PBRAIN_TENGEN  target/release/pbrain-tengen (cargo build --release -p tengen-tools).
# RAPFI          Rapfi's pbrain binary.
# RAPFI_CONFIG   Rapfi's config.toml, or "-" to let Rapfi find its own (the config.toml in its
#                folder, else its built-in one). Rapfi reads config.toml from its working folder
#                first, so the script runs it from a scratch folder holding a copy of the file;
#                model files named in the config with relative paths are still found next to the
#                binary.
#
# Environment:
#   TENGEN_ARGS   extra arguments for pbrain-tengen (e.g. "--level medium", "--threads 2").
#   TENGEN_MATCH  tengen-match, which writes the openings (crates/tools/openings/renju15.txt) in
#                 c-gomoku-cli's offset notation; default: the one next to PBRAIN_TENGEN.
#   OUT           folder for the games (games.sgf), c-gomoku-cli's output (cgc.log) and the
#                 openings; default: a new folder under /tmp.
#   TOLERANCE     c-gomoku-cli's tolerance in seconds (default 3, its own default).
#
# c-gomoku-cli's rules (src/game.cpp, src/engine.cpp): black loses at once by a forbidden point
# ("Black play forbidden move - overline / double four / double three", checked before the
# five, so a five made together with an overline is an overline); either side loses by a taken
# or off-board point ("illegal move"), by no move within the time per move plus the tolerance or
# a non-move line after the time plus min(tolerance/2, 1 s) ("time forfeit"), or by exiting
# ("crash"). tengen-match judges the same way. A game can reach black's last move (15x15 has an
# odd number of points) with only a forbidden point left: pbrain-tengen then answers ERROR rather
# than play it, which c-gomoku-cli scores as a time forfeit (docs/strength.md, "No illegal move").
# An engine that fails START (ERROR, no OK in time, exit) loses the game before any move, which
# c-gomoku-cli records as a forfeit of the side to move (white after a three-stone opening),
# whoever failed; the loser printed here is the engine its error line names (scripts/cgc-forfeits.sh).
set -euo pipefail

if [ $# -lt 4 ]; then
    sed -n '2,9p' "$0" >&2
    exit 2
fi
cgc=$1
tengen=$2
rapfi=$3
rapfi_config=$4
games=${5:-200}
time_ms=${6:-100}
concurrency=${7:-1}
tolerance=${TOLERANCE:-3}
tengen_match=${TENGEN_MATCH:-$(dirname "$tengen")/tengen-match}

absolute() { (cd "$(dirname "$1")" && echo "$(pwd)/$(basename "$1")"); }
for file in "$cgc" "$tengen" "$rapfi" "$tengen_match"; do
    [ -x "$file" ] || { echo "renju-forfeit-match: $file is not an executable file" >&2; exit 2; }
done
if [ "$rapfi_config" != "-" ] && [ ! -f "$rapfi_config" ]; then
    echo "renju-forfeit-match: $rapfi_config is not a file (give \"-\" for Rapfi's own config)" >&2
    exit 2
fi
case "$games$time_ms$concurrency" in
    *[!0-9]*) echo "renju-forfeit-match: GAMES, TIME_MS and CONCURRENCY are whole numbers" >&2; exit 2 ;;
esac

out=${OUT:-$(mktemp -d /tmp/renju-forfeit-match.XXXXXX)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
tengen=$(absolute "$tengen")
rapfi=$(absolute "$rapfi")

# Each engine runs through a small wrapper in the output folder: c-gomoku-cli starts a command
# with a "/" in its folder, so Rapfi's wrapper sits in a folder of its own with the config copy.
mkdir -p "$out/tengen" "$out/rapfi"
printf '#!/bin/sh\nexec "%s" %s "$@"\n' "$tengen" "${TENGEN_ARGS:-}" > "$out/tengen/pbrain-tengen.sh"
if [ "$rapfi_config" = "-" ]; then
    printf '#!/bin/sh\ncd "%s" && exec "%s" "$@"\n' "$(dirname "$rapfi")" "$rapfi" > "$out/rapfi/pbrain-rapfi.sh"
else
    cp "$rapfi_config" "$out/rapfi/config.toml"
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$rapfi" > "$out/rapfi/pbrain-rapfi.sh"
fi
chmod +x "$out/tengen/pbrain-tengen.sh" "$out/rapfi/pbrain-rapfi.sh"

"$tengen_match" low low --rule renju --export-offset > "$out/openings.txt"
turn=$(awk -v ms="$time_ms" 'BEGIN { printf "%g", ms / 1000 }')

echo "renju-forfeit-match: Tengen vs Rapfi, renju 15x15, $games games at $time_ms ms a move, concurrency $concurrency, tolerance ${tolerance} s; output in $out"
started=$(date +%s)
"$cgc" -each tc="0/$turn" tolerance="$tolerance" \
    -engine name=Tengen cmd="$out/tengen/pbrain-tengen.sh" \
    -engine name=Rapfi cmd="$out/rapfi/pbrain-rapfi.sh" \
    -rule 4 -boardsize 15 -games "$games" -repeat -concurrency "$concurrency" \
    -openings file="$out/openings.txt" type=offset order=sequential \
    -sgf "$out/games.sgf" > "$out/cgc.log" 2>&1 || {
    echo "renju-forfeit-match: c-gomoku-cli failed; the end of its output:" >&2
    tail -20 "$out/cgc.log" >&2
    exit 2
}
echo "renju-forfeit-match: done in $(( $(date +%s) - started )) s"

echo
grep '^Score of' "$out/cgc.log" | tail -1 || echo "no score line"
echo
echo "Games that did not end by a five or a full board:"
# From the SGF, whose game headers name black (PB) and white (PW) and give the result (RE) and
# its reason (TE); c-gomoku-cli's "Finished game" lines name the side to move first, not black.
# A game lost at START is charged to the engine that failed it (c-gomoku-cli's error line), not to
# the side to move the SGF names: scripts/cgc-forfeits.sh.
bash "$(dirname "${BASH_SOURCE[0]}")/cgc-forfeits.sh" "$out/games.sgf" "$out/cgc.log" | sed -E \
    -e 's/^game ([0-9]+) (\([^)]*\)): (.*) -> loser -$/  draw in game \1 \2: \3/' \
    -e 's/^game ([0-9]+) (\([^)]*\)): (.*) -> loser (.*)$/  \4 lost game \1 \2: \3/' |
    tee "$out/forfeits.txt"
[ -s "$out/forfeits.txt" ] || echo "  none"
echo
echo "c-gomoku-cli's error lines:"
# -o: c-gomoku-cli writes some of them on stderr, unbuffered, into the middle of a stdout line.
{ grep -oE '\[[0-9]+\] engine .*' "$out/cgc.log" || true; } |
    grep -E '(timeout|crashed) |output illegal move|output error|unresponsive' | sed 's/^/  /' ||
    echo "  none"
echo
echo "Forfeits by kind (loser: reason):"
sed -E 's/^  ([^ ]+) lost game [0-9]+ \([^)]*\): (.*)$/\1: \2/' "$out/forfeits.txt" | sort | uniq -c | sed 's/^/  /'
[ -s "$out/forfeits.txt" ] || echo "  none"

if grep -q '^  Tengen lost' "$out/forfeits.txt"; then
    echo "renju-forfeit-match: FAILED: Tengen forfeited a game (above)" >&2
    exit 1
fi
if grep -q '^  ? lost' "$out/forfeits.txt"; then
    echo "renju-forfeit-match: FAILED: a game was lost at START or on the first move by an engine" \
        "the log does not name (above)" >&2
    exit 1
fi
echo "renju-forfeit-match: Tengen forfeited no game"
