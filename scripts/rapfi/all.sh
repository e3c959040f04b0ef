#!/usr/bin/env bash
# Both standard runs, one after the other, concurrency 14 (16-core machine):
#   freestyle, 100 ms a move, 200 games  -> OUTDIR/freestyle-100ms/  (~0.5-1 min, at most ~3)
#   renju,     100 ms a move, 200 games  -> OUTDIR/renju-100ms/      (~0.5-1 min, at most ~3)
# and each one's summary again at the end.
#
#   bash .rapfi/all.sh OUTDIR
#
# (ALL_GAMES, ALL_CONCURRENCY and ALL_TIME_MS override 200, 14 and 100, for a quick check.)
set -uo pipefail
if [ $# -ne 1 ]; then
    sed -n '2,9p' "$0" >&2
    exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=$1
mkdir -p "$out"
games=${ALL_GAMES:-200}
concurrency=${ALL_CONCURRENCY:-14}
time_ms=${ALL_TIME_MS:-100}
rc=0
started=$(date +%s)
for rule in freestyle renju; do
    bash "$here/run-matches.sh" "$out/$rule-${time_ms}ms" "$concurrency" "$rule" "$time_ms" "$games" || rc=1
    echo
done
echo "################ all.sh: both summaries ($(( $(date +%s) - started )) s in all) ################"
for rule in freestyle renju; do
    cat "$out/$rule-${time_ms}ms/summary.txt" 2>/dev/null || echo "($rule: no summary)"
    echo
done
exit $rc
