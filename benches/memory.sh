#!/usr/bin/env bash
# Resident memory, idle CPU and start-up of one-keyboard games, several binaries side by side:
# `examples/measure.rs` on each in turn, ROUNDS times (interleaved, so the machine's load
# falls on all of them alike). Each run is a 5+3 game at 110x34 with the clock running, idle
# for IDLE seconds (CPU from the threads' schedstat, in nanoseconds).
#
# With MOVES="e4 e5 Nf3 Nc6" those moves are played first (a game in progress).
#
#   bash benches/memory.sh [BINARY...]     (default target/release/hotseat; ROUNDS=3, IDLE=60)
set -euo pipefail
ROUNDS="${ROUNDS:-3}"
IDLE="${IDLE:-60}"
[ $# -gt 0 ] || set -- "${CARGO_TARGET_DIR:-target}/release/hotseat"
cargo build --quiet --example measure
measure="${CARGO_TARGET_DIR:-target}/debug/examples/measure"
for round in $(seq "$ROUNDS"); do
    for bin in "$@"; do
        echo "== round $round: $bin"
        "$measure" "$bin" "$IDLE" 110x34 5+3
    done
done
