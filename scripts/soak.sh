#!/usr/bin/env bash
# Engine soak: pbrain-tengen plays itself, both sides through the Gomocup protocol as separate
# processes, for many games at a short time control, and the run fails on any forfeit as
# c-gomoku-cli judges them (a crash, a move too late for its time rules, an illegal move, or a
# forbidden move of renju black).
#
#   scripts/soak.sh [GAMES=1000] [TIME_MS=20] [RULE=freestyle]
#
# Uses the release builds in target/release (cargo build --release -p tengen-tools), or BIN_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
time_ms=${2:-20}
rule=${3:-freestyle}
bin=${BIN_DIR:-target/release}
for tool in tengen-match pbrain-tengen; do
    [ -x "$bin/$tool" ] || { echo "soak: $bin/$tool is missing: cargo build --release -p tengen-tools" >&2; exit 2; }
done
out=$(mktemp)
trap 'rm -f "$out"' EXIT
started=$(date +%s)
"$bin/tengen-match" "cmd:$bin/pbrain-tengen" "cmd:$bin/pbrain-tengen" \
    --rule "$rule" --games "$games" --time-ms "$time_ms" --concurrency 2 | tee "$out"
echo "soak: $games games of $rule at $time_ms ms a move in $(( $(date +%s) - started )) s"
if grep -q "forfeited" "$out"; then
    echo "soak: FAILED: forfeits above" >&2
    exit 1
fi
echo "soak: passed: no forfeits"
