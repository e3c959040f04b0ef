#!/usr/bin/env bash
# The learned evaluation's data and fit as one prepared recipe (issue 37, item 3), for any machine
# and ready for a lent one with many cores: builds the tools, plays Expert against itself on every
# core for a set time from openings judged balanced (`--balanced`, strength log change 90;
# node-limited and seeded: the data is the recipe, not a file to keep), then fits the net again
# on the ends of the search's lines, as the embedded tables were made.
# Interrupted or run again with the same settings, it goes on after the last whole game.
#
#   scripts/make-data.sh OUT_DIR
#
# Settings (environment): RULE freestyle|renju (freestyle), NODES mean nodes a move (6000), SEED (41),
# GAMES most games (1000000), MINUTES start no game after this long (6), JOBS (every core),
# FIT_SEED the fit's seed (1), FIT_LR its step size (0.5: steadier than tengen-train's default 1
# on a round from the embedded net, strength log changes 92 and 93), FIT_ARGS more arguments for
# tengen-train (e.g. "--windows" to fit line windows into the net, "--windows --freeze-net" to
# fit them alone on the embedded net),
# BIN_DIR tools already built (else a release build of them into CARGO_TARGET_DIR, by default
# target/data-tools).
#
# Writes OUT_DIR/RULE-seedSEED-nodesNODES.games (samples file version 3) and OUT_DIR/RULE-net.bin
# (a weights file), and prints the commands that measure the new table against the embedded one.
# The fit runs on the CPU: the present net is small enough that a GPU would not pay for itself.
set -euo pipefail

out=${1:?usage: scripts/make-data.sh OUT_DIR}
rule=${RULE:-freestyle}
nodes=${NODES:-6000}
seed=${SEED:-41}
games=${GAMES:-1000000}
minutes=${MINUTES:-6}
jobs=${JOBS:-$(nproc)}
root=$(cd "$(dirname "$0")/.." && pwd)
case $rule in
freestyle) start=$root/crates/engine/weights/eval-v9.bin ;;
renju) start=$root/crates/engine/weights/eval-renju-v5.bin ;;
*)
    echo "make-data: RULE is freestyle or renju, not $rule" >&2
    exit 2
    ;;
esac

if [ -z "${BIN_DIR:-}" ]; then
    export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target/data-tools}
    (cd "$root" && cargo build --release --locked -p tengen-tools \
        --bin tengen-selfplay --bin tengen-train --bin tengen-match --bin pbrain-tengen)
    BIN_DIR=$CARGO_TARGET_DIR/release
fi

mkdir -p "$out"
data=$out/$rule-seed$seed-nodes$nodes.games
net=$out/$rule-net.bin
echo "make-data: $jobs games at a time for $minutes minutes at most, into $data"
start_time=$(date +%s)
"$BIN_DIR/tengen-selfplay" --rule "$rule" --learned --nodes "$nodes" --seed "$seed" \
    --games "$games" --minutes "$minutes" --jobs "$jobs" --balanced --out "$data"
played=$(date +%s)
# shellcheck disable=SC2086 # FIT_ARGS is a list of arguments
"$BIN_DIR/tengen-train" "$data" --leaf --hidden --seed "${FIT_SEED:-1}" --lr "${FIT_LR:-0.5}" --start "$start" --out "$net" ${FIT_ARGS:-}
fitted=$(date +%s)
echo "make-data: self-play $((played - start_time)) s, fit $((fitted - played)) s"
echo "make-data: measure it against the embedded table (node-limited SPRT, then on time):"
weights=--weights
[ "$rule" = renju ] && weights=--renju-weights
P=$BIN_DIR/pbrain-tengen
echo "  $BIN_DIR/tengen-match \"cmd:$P --nodes 20000 $weights $net\" \"cmd:$P --nodes 20000\" \\"
echo "      --rule $rule --time-ms 5000 --games 300 --sprt 0,40 --concurrency $jobs"
